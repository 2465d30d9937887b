// Umbrella header of the nonlinear-stiffness identification of seed 002 (Karimov et al. 2021):
// what wasm/convert/, the bench tool and the tests include.
#pragma once

#include "nonlinear/differentiate.hpp"
#include "nonlinear/filter.hpp"
#include "nonlinear/force_curve.hpp"
#include "nonlinear/identify.hpp"
#include "nonlinear/integrate.hpp"
#include "nonlinear/irls.hpp"
#include "nonlinear/oscillator.hpp"
#include "nonlinear/piecewise_regression.hpp"
#include "nonlinear/presets.hpp"
#include "nonlinear/reconstruct.hpp"
#include "nonlinear/regions.hpp"
#include "nonlinear/swapping.hpp"
