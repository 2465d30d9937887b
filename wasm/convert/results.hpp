// One serialiser per core result type at the JS boundary: the core struct to the JS shape of
// docs/interfaces.md and wasm/*.d.ts (keys and their order as documented). Matrices are
// {rows, cols, data}; signals Float64Arrays; lists for JSON are plain arrays.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analysis/conditioning.hpp"
#include "analysis/passivity.hpp"
#include "analysis/perturbation_study.hpp"
#include "analysis/study.hpp"
#include "model/pole_frequency.hpp"
#include "convert/marshal.hpp"
#include "discretize/by_name.hpp"
#include "estimators/ekf/belt_drive_ekf.hpp"
#include "estimators/scenarios.hpp"
#include "identify/identification.hpp"
#include "identify/work_estimate.hpp"
#include "model/modal.hpp"
#include "model/mode_visibility.hpp"
#include "estimators/nonlinear/experiment.hpp"
#include "estimators/nonlinear/identify.hpp"
#include "simulate/simulation.hpp"
#include "estimators/svf/identify_rlc.hpp"
#include "estimators/svf/identify_svf.hpp"

namespace mechid::wasm {

// Systems, simulation, discretization, analysis (results.cpp).
val system_to_js(const MechanicalSystem& s);
val check_to_js(const std::vector<std::string>& errors);  // {ok, errors}
val state_space_to_js(const StateSpaceModel& m);
val simulation_to_js(const SimulatedData& d);
val discrete_model_to_js(const NamedDiscreteModel& d);   // {method, h, F, G, H, J} | {method, h, Md, Dd, Kd, L}
val conversion_to_js(const NamedConversion& r);
val conditioning_to_js(const std::vector<ConditioningRow>& rows);  // {rows}
// With a test set-up's view of the modes (assess_test_setup), one entry per mode, or none.
val modal_to_js(const ModalResult& r, const std::vector<ModeVisibility>& setup = {});
val passivity_to_js(const PassivityReport& r, double h);
val perturbation_to_js(const std::vector<PerturbationRow>& rows);
val relative_errors_to_js(const RelativeErrors& e);
val study_run_to_js(const StudyRunResult& r);
// {omega_n, freq_hz, zeta} of a pole (model/pole_frequency.hpp)
val pole_frequency_to_js(const PoleFrequency& p);
// {flops, bytes, seconds}: the work guard's estimate (identify/work_estimate.hpp).
val work_estimate_to_js(const WorkEstimate& e);

// The identify result of docs/interfaces.md for data of `dof` outputs; `truth` adds its relative errors (identification.cpp).
// series false: without the N x n series (validation simulated and residual, the held-out runs'
// simulated), which a host that does not plot them need not receive (10⁶ samples of 3 DOF: 48 MB).
val identification_to_js(const Identification& r, Eigen::Index dof, const std::optional<MechanicalSystem>& truth,
                         bool series = true);
// {status, message, fit_percent, nrmse, simulated} of one record (validateRecord).
val validation_record_to_js(const ValidationReport& v);

// The estimators of the SVF report and Beckmann et al. 2016 (results_estimators.cpp).
val svf_identification_to_js(const SvfIdentification& s, const Dataset& data, const std::optional<MechanicalSystem>& truth);
val rlc_identification_to_js(const RlcIdentification& r, double h);
val belt_drive_ekf_to_js(const BeltDriveEkf& r, const BeltDriveEkfOptions& options, double h);
val scenario_to_js(const ScenarioData& d);
val scenario_options_to_js(const std::string& name, const ScenarioOptions& o);  // {name, h, n, seed, snr}
val belt_drive_parameters_to_js(const BeltDrive& model);

// Nonlinear stiffness, Karimov et al. 2021 (results_nonlinear.cpp).
val experiment_to_js(const nonlinear::Experiment& e);
// With the true stiffness per class ({name: k}, as nonlinearSimulate's `k`), each stiffness entry
// adds true_k, error (relative, null when the true k is 0) and abs_error (stiffness_errors.hpp).
val piecewise_identification_to_js(const nonlinear::PiecewiseIdentification& r, const std::map<std::string, double>& truth = {});
// {name: k} (null or undefined: none) as a map.
std::map<std::string, double> stiffness_truth_from_js(const val& truth);

}  // namespace mechid::wasm
