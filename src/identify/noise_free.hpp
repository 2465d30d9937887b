// Noise-free data (numerics review e622506, problem 6): simulated records without noise (the CLI's
// simulate writes them by default) are fitted to rounding or to the simulation's own error. Then
// the residual tests (whiteness, independence of the input) and the convergence test (a
// Gauss-Newton step against the standard deviation, both of rounding size) test a noise model the
// data do not have, and their alarms are false. The result says instead that the data are
// noise-free, with the fit.
#pragma once

#include <vector>

#include "core/advice.hpp"
#include "identify/noise_free_level.hpp"
#include "identify/undetermined_parameters.hpp"
#include "identify/validation.hpp"

namespace mechid {

// kNoiseFreeResidual: noise_free_level.hpp.

// Every channel of a successful free-run validation fits to within kNoiseFreeResidual.
bool noise_free(const ValidationReport& validation);

// The note `noise_free`: the data are noise-free, with the fit; the tests that were skipped.
Advice noise_free_advice(const ValidationReport& validation);

// Drops from an uncertainty's undetermined entries those of the convergence test (a Gauss-Newton
// step of rounding size beyond an sd of rounding size).
void skip_convergence_test(std::vector<UndeterminedEntry>& undetermined);

}  // namespace mechid
