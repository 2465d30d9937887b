// Umbrella header of the nonlinear-stiffness identification of Karimov et al. 2021:
// what wasm/convert/, the bench tool and the tests include.
#pragma once

#include "estimators/nonlinear/differentiate.hpp"
#include "estimators/nonlinear/filter.hpp"
#include "estimators/nonlinear/force_curve.hpp"
#include "estimators/nonlinear/identify.hpp"
#include "estimators/nonlinear/integrate.hpp"
#include "estimators/nonlinear/irls.hpp"
#include "estimators/nonlinear/oscillator.hpp"
#include "estimators/nonlinear/piecewise_regression.hpp"
#include "estimators/nonlinear/presets.hpp"
#include "estimators/nonlinear/reconstruct.hpp"
#include "estimators/nonlinear/regions.hpp"
#include "estimators/nonlinear/swapping.hpp"
