// One parser per input type at the JS boundary: the JS shape of each argument (docs/interfaces.md,
// wasm/*.d.ts) to the core's struct. Absent option fields keep the struct's C++ default
// (read_option); names are parsed into enums here and rejected naming the option when unknown.
#pragma once

#include <optional>
#include <string>

#include "convert/marshal.hpp"
#include "discretize/by_name.hpp"
#include "estimators/ekf/belt_drive_ekf.hpp"
#include "estimators/scenarios.hpp"
#include "identify/identification.hpp"
#include "identify/record_validation.hpp"
#include "estimators/nonlinear/experiment.hpp"
#include "estimators/nonlinear/identify.hpp"
#include "simulate/simulation.hpp"
#include "analysis/perturbation_study.hpp"
#include "analysis/study.hpp"
#include "estimators/svf/identify_rlc.hpp"
#include "estimators/svf/identify_svf.hpp"

namespace mechid::wasm {

// {name?, M, D, K, L?}; L absent: the identity (forces on every coordinate, as api.js's default).
MechanicalSystem system_from_js(const val& s);
// The same, or nothing when s is undefined or null (an optional truth).
std::optional<MechanicalSystem> optional_system_from_js(const val& s);
// The same for a true system to compare an estimate with: validated (identify/identification.hpp).
std::optional<MechanicalSystem> optional_truth_from_js(const val& s);


// {h, u, y, inputSampling?, outputs?, cutoffHz?, inputScale?, outputScale?, name?}; `output_name`
// names y in errors. inputScale, outputScale: a factor per column into SI, applied by the core.
Dataset dataset_from_js(const val& data, const std::string& output_name = "output data q");

// {h, n, input, amplitude, snr, seed, hold, freqHz, freqHz2, samples?, q0?, v0?}.
SimulationOptions simulation_options_from_js(const val& o);

// F, G, H, J (zoh, tustin, euler) or Md, Dd, Kd, L (variational) by `method`, at step h.
NamedDiscreteModel discrete_model_from_js(const val& model, double h, const std::string& method);

// The steps h of a conditioning table (a list of numbers).
std::vector<double> steps_from_js(const val& hs);

// {multiples, samples, relative, seed}.
PerturbationOptions perturbation_options_from_js(const val& o);

// {h, snr, samples, method, seed, hIndex, run}.
StudyRunOptions study_run_options_from_js(const val& o);

// {L?, forceDofs?, init, blockRows, estimateInitial, positive, structure?, friction?, offset?, lowpassHz?}.
IdentifyOptions identify_options_from_js(const val& o);

// One dataset, or an array of them (several runs of one experiment).
std::vector<Dataset> runs_from_js(const val& data);

// identify's options.validation: a list of datasets kept back from identification (none when absent).
std::vector<Dataset> held_out_runs_from_js(const val& o);

// validateRecord's force terms {coulomb?, offset?, lowpassHz?}: F_c per DOF and f_0 per DOF (one
// run), and the low-pass cut-off in Hz into `lowpass_hz` (0 when absent).
StatedForceTerms force_terms_from_js(const val& forces);

// {p1, p2, grid?, form, robust, intersample, L?}.
SvfIdentifyOptions svf_options_from_js(const val& o);

// {p1, p2, grid?, robust, intersample}.
RlcIdentifyOptions rlc_options_from_js(const val& o);

// {method, scale, thetaInit?, thetaVar?, inputSampling?}.
BeltDriveEkfOptions ekf_options_from_js(const val& o);

// {h?, n?, seed?, snr?} over the scenario's defaults.
ScenarioOptions scenario_options_from_js(const std::string& name, const val& o);

// {h, n, substeps, sigma, a0, seed}.
nonlinear::ExperimentOptions experiment_options_from_js(const val& o);

// {h, a, f?}.
nonlinear::AccelerationData acceleration_data_from_js(const val& data);

// {method, regions, mass, damping (null = estimate), segments, highpassHz, detrend, tolerance,
// delta, lambda, maxIterations, swap, swapTolerance}.
nonlinear::PiecewiseOptions piecewise_options_from_js(const val& o);

}  // namespace mechid::wasm
