// Umbrella header: what wasm/ and the tests include.
#pragma once

#include "core/input_error.hpp"
#include "core/rng.hpp"
#include "core/types.hpp"
#include "model/mechanical_system.hpp"
#include "model/presets.hpp"
#include "simulate/noise.hpp"
#include "simulate/sampling.hpp"
#include "simulate/signals.hpp"
#include "simulate/simulation.hpp"
