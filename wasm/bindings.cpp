// embind declarations only: each function parses its arguments (convert/inputs.hpp), calls the
// core and serialises the result (convert/results.hpp). Every number is computed in src/.
// Errors are caught by result_or_error and *returned* as JS Error objects with a `code`
// ('bad-input' for InputError, 'internal' otherwise); wasm/api.js throws them as MechidError
// (docs/toolchain.md §3).
#include <emscripten/bind.h>

#include <algorithm>

#include "convert/frequency_domain.hpp"
#include "convert/hammer.hpp"
#include "convert/inputs.hpp"
#include "convert/method_info.hpp"
#include "convert/option_reader.hpp"
#include "convert/output_only.hpp"
#include "convert/result_or_error.hpp"
#include "convert/results.hpp"
#include "convert/setup_merging.hpp"
#include "convert/study_aggregate.hpp"
#include "core/linear_resample.hpp"
#include "core/rng.hpp"
#include "mechid.hpp"
#include "estimators/nonlinear/presets.hpp"
#include "identify/amplitude_scaling.hpp"
#include "estimators/svf/pole_search.hpp"
#include "identify/work_estimate.hpp"
#include "analysis/command_cost.hpp"
#include "analysis/estimator_cost.hpp"
#include "analysis/frequency_cost.hpp"
#include "analysis/oma/oma_cost.hpp"
#include "convert/work_limit.hpp"
#include "model/force_matrix.hpp"
#include "analysis/input_period.hpp"

namespace mechid::wasm {
namespace {

// Systems, simulation, discretization, analysis.

val preset_names_js() { return strings_to_js(preset_names()); }
val method_names_js() { return strings_to_js(method_names()); }

val preset_js(std::string name) {
  return result_or_error([&] { return system_to_js(preset(name)); });
}

val check_system_js(val s) {
  return result_or_error([&] { return check_to_js(check(system_from_js(s))); });
}

val state_space_js(val s) {
  return result_or_error([&] { return state_space_to_js(to_state_space(system_from_js(s))); });
}

val simulate_js(val s, val o) {
  return result_or_error([&] {
    const MechanicalSystem system = system_from_js(s);
    const SimulationOptions options = simulation_options_from_js(o);
    check_simulate_work(system, options, max_work_from_js(o));  // analysis/command_cost.hpp
    return simulation_to_js(simulate(system, options));
  });
}

val discretize_js(val s, double h, std::string method) {
  return result_or_error([&] { return discrete_model_to_js(discretize(system_from_js(s), h, method)); });
}

val to_continuous_js(val model, double h, std::string method) {
  return result_or_error([&] { return conversion_to_js(to_continuous(discrete_model_from_js(model, h, method))); });
}

val condition_js(val hs, val s) {
  return result_or_error([&] {
    const std::optional<MechanicalSystem> system = optional_system_from_js(s);
    return conditioning_to_js(conditioning_table(steps_from_js(hs), system ? &*system : nullptr));
  });
}

// The modes of a system; with o.sensorDofs (1-based DOFs measured) the test set-up's view of them:
// forces through the system's L, or o.forceDofs (one force per listed DOF), responses o.response.
val modal_js(val s, val o) {
  return result_or_error([&] {
    const MechanicalSystem system = system_from_js(s);
    check_modal_work(system, max_work_from_js(o));  // analysis/command_cost.hpp
    ModalResult r = modal_analysis(system);
    std::vector<ModeVisibility> setup;
    if (has_option(o, "sensorDofs") && r.status != Status::failed) {
      std::vector<int> sensor_dofs, force_dofs;
      std::string response = "displacement";
      read_options(o, "sensorDofs", sensor_dofs, "forceDofs", force_dofs, "response", response);
      std::vector<Eigen::Index> sensors;
      for (int d : sensor_dofs) sensors.push_back(d - 1);
      const Matrix L = force_dofs.empty() ? system.L : force_matrix(system.dof(), force_dofs);
      setup = assess_test_setup(r, L, sensors, int(parse_response(response)));
    }
    return modal_to_js(r, setup);
  });
}

// Frequency-domain analysis of measured records (issue 17): data {h, u, y}.
val frf_js(val data, val o) {
  return result_or_error([&] {
    const Dataset d = dataset_from_js(data);
    const FrfOptions options = frf_options_from_js(o);
    check_frf_work(d.u, d.y, d.h, options, max_work_from_js(o));  // analysis/frequency_cost.hpp
    return frf_to_js(estimate_frf(d.u, d.y, d.h, options));
  });
}

val modes_js(val data, val o) {
  return result_or_error([&] {
    const Dataset d = dataset_from_js(data);
    const ModesOptions options = modes_options_from_js(o);
    check_modes_work(d.u, d.y, d.h, options, max_work_from_js(o));  // analysis/frequency_cost.hpp
    return modes_to_js(modes_in_band(d.u, d.y, d.h, options), options);
  });
}

// The period of the inputs u ({rows, cols, data}: samples x inputs) by find_input_period:
// {samples, periods, mismatch}, or null when they do not repeat (the page's summary of a file).
val input_period_js(val u) {
  return result_or_error([&] {
    const std::optional<InputPeriod> p = find_input_period(matrix_from_js(u, "input data u"));
    if (!p) return val::null();
    val out = val::object();
    out.set("samples", static_cast<double>(p->samples));
    out.set("periods", static_cast<double>(p->periods));
    out.set("mismatch", p->mismatch);
    return out;
  });
}

// MAC between two lists of complex shapes ({re, im}: one shape per row), e.g. two runs' modes.
val mac_js(val a, val b) {
  return result_or_error([&] { return mac_to_js(a, b); });
}

val passivity_js(val s, double h) {
  return result_or_error([&] { return passivity_to_js(passivity_report(system_from_js(s), h), h); });
}

val perturbation_study_js(val s, val o) {
  return result_or_error(
      [&] { return perturbation_to_js(perturbation_study(system_from_js(s), perturbation_options_from_js(o))); });
}

// options.validation (a list of records, optional): runs kept back from identification; the
// result's validation_records hold the estimate's free-run fit on each, computed by the core.
// options.series false: the result without its N x n series (identification_to_js).
// copied (a function, or undefined): called once the records are copied in, before the estimate
// (wasm/api.js identify's option release: the caller's channels can then be freed).
val identify_js(std::string method, val data, val o, val truth, val copied) {
  return result_or_error([&] {
    std::vector<Dataset> runs = runs_from_js(data);
    std::vector<Dataset> held_out = held_out_runs_from_js(o);
    const std::optional<MechanicalSystem> true_system = optional_truth_from_js(truth);
    const Eigen::Index dof = runs.front().y.cols();
    const bool series = !has_option(o, "series") || o["series"].as<bool>();
    const IdentifyOptions options = identify_options_from_js(o);
    if (copied.typeOf().as<std::string>() == "function") copied();
    // The records handed over: identify scales them in place instead of copying them.
    return identification_to_js(identify(method, std::move(runs), options, std::move(held_out)), dof, true_system, series);
  });
}

// The work guard's estimate for identify(method, data, options) (identify/work_estimate.hpp):
// {flops, bytes, seconds} (seconds: at the reference machine's WASM rate), without running it.
val estimate_work_js(std::string method, val data, val o) {
  return result_or_error([&] {
    const std::vector<Dataset> runs = runs_from_js(data);
    const WorkEstimate e = estimate_work(method, work_sizes(runs, identify_options_from_js(o)),
                                         runs.front().outputs == OutputKind::acceleration);
    return work_estimate_to_js(e);
  });
}

// The work guard's estimate for the identify methods outside the method table
// (analysis/estimator_cost.hpp): ida and dia on data {h, a, f} with nonlinearIdentify's options,
// ekf on {h, u, y} with ekfBeltDrive's, svf on {h, u, y} with svfIdentify's: {flops, bytes, seconds}.
val estimator_work_js(std::string method, val data, val o) {
  return result_or_error([&] {
    if (method == "ida" || method == "dia") {
      nonlinear::PiecewiseOptions options = piecewise_options_from_js(o);
      options.method = method == "dia" ? nonlinear::Form::dia : nonlinear::Form::ida;
      return work_estimate_to_js(piecewise_work(acceleration_data_from_js(data), options));
    }
    if (method == "ekf") {
      const Dataset d = dataset_from_js(data, "measurements y");
      return work_estimate_to_js(belt_drive_ekf_work(double(d.y.rows()), ekf_options_from_js(o).method));
    }
    if (method == "svf") return work_estimate_to_js(svf_work(dataset_from_js(data), svf_options_from_js(o)));
    throw InputError("no cost model for method '" + method + "' outside the method table (expected ida, dia, ekf or svf)", "method");
  });
}

// The work guard's estimate of frf, modes and oma on a record with their options
// (analysis/frequency_cost.hpp): data {h, u, y} ({h, y} for oma): {flops, bytes, seconds}.
val analysis_work_js(std::string command, val data, val o) {
  return result_or_error([&] {
    if (command == "oma") return work_estimate_to_js(oma_work(matrix_from_js(data["y"], "output data y"), data["h"].as<double>(), oma_options_from_js(o)));
    const Dataset d = dataset_from_js(data);
    if (command == "frf") return work_estimate_to_js(frf_work(d.u, d.y, d.h, frf_options_from_js(o)));
    if (command == "modes") return work_estimate_to_js(modes_work(d.u, d.y, d.h, modes_options_from_js(o)));
    throw InputError("no cost model for command " + command + " (expected frf, modes or oma)", "command");
  });
}

// The free run of a model {M, D, K, L} on a record, with the force terms the caller states
// (forces: {coulomb, offset, lowpassHz}, each optional; friction needs lowpassHz). Identify's own
// held-out runs need none of this: identify computes their validation_records itself.
val validate_record_js(val model, val data, val forces) {
  return result_or_error([&] {
    const StatedForceTerms stated = force_terms_from_js(forces);
    Dataset record = dataset_from_js(data);
    apply_column_scales(record);  // the record's factors into SI, as identify applies them
    return validation_record_to_js(validate_record(system_from_js(model), stated.terms, stated.lowpass_hz, record));
  });
}

// A record {h, u, y, inputScale?, outputScale?} with its columns in SI (apply_column_scales), for
// a host that shows or analyses the samples themselves (the page's overlays, modes of a record).
val scaled_record_js(val data) {
  return result_or_error([&] {
    Dataset d = dataset_from_js(data);
    apply_column_scales(d);
    return object_of("h", d.h, "u", matrix_to_js(d.u), "y", matrix_to_js(d.y));
  });
}

// The work guard of a whole study (analysis/command_cost.hpp): o {n, hValues, runs, methods,
// maxWork}; throws "work" above the limit, else returns the estimate {flops, bytes, seconds}.
val check_study_work_js(val s, val o) {
  return result_or_error([&] {
    const std::vector<std::string> methods = emscripten::vecFromJSArray<std::string>(o["methods"]);
    return work_estimate_to_js(check_study_work(system_from_js(s), o["n"].as<double>(), o["hValues"].as<double>(),
                                                o["runs"].as<double>(), methods, max_work_from_js(o)));
  });
}

// The estimate of a command on its sizes {dof, inputs, samples, gridValues} (bench and tests):
// modal, simulate, svf (gridValues pole values; 0: one fit).
val command_work_js(std::string command, val z) {
  return result_or_error([&] {
    CommandSizes sizes;
    read_options(z, "dof", sizes.dof, "inputs", sizes.inputs, "samples", sizes.samples, "gridValues", sizes.grid_values);
    return work_estimate_to_js(command_work(command, sizes));
  });
}

val study_run_js(val s, val o) {
  return result_or_error([&] { return study_run_to_js(study_run(system_from_js(s), study_run_options_from_js(o))); });
}

// The frequency and damping ratio of the pole re + i im (a universal file's eigenvalue: wasm/uff-convert.js).
val pole_frequency_js(double re, double im) { return pole_frequency_to_js(pole_frequency({re, im})); }

// `values` sampled at `times` put on the times `at` by linear interpolation (wasm/time-grid.js, --resample).
val resample_linear_js(val times, val values, val at) {
  return result_or_error([&] {
    const Vector r = resample_linear(vector_from_js(times), vector_from_js(values), vector_from_js(at));
    return float64_array(r.data(), static_cast<std::size_t>(r.size()));
  });
}

val study_aggregate_js(val runs) {
  return result_or_error([&] { return study_aggregate_to_js(aggregate_study_runs(study_runs_from_js(runs))); });
}

// The first `count` outputs of Random(seed) as [hi32, lo32] pairs (a u64 has no JS number).
val random_stream_js(double seed, int count) {
  return result_or_error([&] {
    const std::vector<std::uint32_t> words =
        random_words(static_cast<std::uint64_t>(whole_number(val(seed), "seed", 0, kMaxSafeInteger)), count);
    return val::global("Uint32Array").new_(emscripten::typed_memory_view(words.size(), words.data()));
  });
}

// Estimators of the SVF report (SVF) and Beckmann et al. 2016 (augmented EKF).

val svf_identify_js(val data, val o, val truth) {
  return result_or_error([&] {
    const Dataset d = dataset_from_js(data);
    const std::optional<MechanicalSystem> true_system = optional_truth_from_js(truth);
    const SvfIdentifyOptions options = svf_options_from_js(o);
    check_svf_work(d, options, max_work_from_js(o));  // analysis/command_cost.hpp
    return svf_identification_to_js(identify_svf(d, options), d, true_system);
  });
}

val svf_rlc_js(val data, val o) {
  return result_or_error([&] {
    const Dataset d = dataset_from_js(data, "output data V_C");
    return rlc_identification_to_js(identify_rlc(d.u, d.y, d.h, rlc_options_from_js(o)), d.h);
  });
}

val ekf_belt_drive_js(val data, val o, val true_theta) {
  return result_or_error([&] {
    const Dataset d = dataset_from_js(data, "measurements y");
    const BeltDriveEkfOptions options = ekf_options_from_js(o);
    check_belt_drive_ekf_work(double(d.y.rows()), options.method, max_work_from_js(o));  // analysis/estimator_cost.hpp
    return belt_drive_ekf_to_js(run_belt_drive_ekf(d.u, d.y, d.h, options, vector_from_js(true_theta)), options, d.h);
  });
}

val simulate_estimator_system_js(std::string name, val o) {
  return result_or_error([&] { return scenario_to_js(simulate_scenario(name, scenario_options_from_js(name, o))); });
}

val estimator_scenario_js(std::string name) {
  return result_or_error([&] { return scenario_options_to_js(name, scenario_defaults(name)); });
}

val estimator_scenario_names_js() { return strings_to_js(scenario_names()); }

val belt_drive_parameters_js() { return belt_drive_parameters_to_js(BeltDrive()); }

// Nonlinear stiffness, Karimov et al. 2021.

val nonlinear_system_names_js() { return strings_to_js(nonlinear::oscillator_names()); }

val nonlinear_simulate_js(std::string name, val o) {
  return result_or_error(
      [&] { return experiment_to_js(nonlinear::simulate_experiment(name, experiment_options_from_js(o))); });
}

// truth: the true stiffness per class ({name: k}, nonlinearSimulate's `k`) or null: adds the errors.
val nonlinear_identify_js(val data, val o, val truth) {
  return result_or_error([&] {
    const nonlinear::AccelerationData d = acceleration_data_from_js(data);
    const nonlinear::PiecewiseOptions options = piecewise_options_from_js(o);
    check_piecewise_work(d, options, max_work_from_js(o));  // analysis/estimator_cost.hpp
    return piecewise_identification_to_js(nonlinear::identify_piecewise(d, options), stiffness_truth_from_js(truth));
  });
}

// The values lo, lo + step, … up to hi of an SVF pole search (estimators/svf/pole_search.hpp).
val pole_grid_js(double lo, double hi, double step) {
  return result_or_error([&] { return numbers_to_js(pole_grid(lo, hi, step)); });
}

// The core's threads for one identification (core/parallel_for.hpp), in the module built with
// WebAssembly threads (web/gen/mechid-threads.mjs, whose pthread pool the worker sizes to match);
// the module without them stays on one thread (a std::thread there cannot start). Returns the
// count now in effect.
int set_thread_count_js(int threads) {
#ifdef __EMSCRIPTEN_PTHREADS__
  set_thread_count(threads);
#else
  (void)threads;
#endif
  return thread_count();
}

}  // namespace
}  // namespace mechid::wasm

EMSCRIPTEN_BINDINGS(mechid) {
  using namespace mechid::wasm;
  using emscripten::function;
  function("presetNames", &preset_names_js);
  function("preset", &preset_js);
  function("checkSystem", &check_system_js);
  function("stateSpace", &state_space_js);
  function("simulate", &simulate_js);
  function("randomStream", &random_stream_js);
  function("discretize", &discretize_js);
  function("toContinuous", &to_continuous_js);
  function("condition", &condition_js);
  function("modal", &modal_js);
  function("passivity", &passivity_js);
  function("frf", &frf_js);
  function("modes", &modes_js);
  function("oma", &oma_js);
  function("omaSetups", &oma_setups_js);
  function("hammer", &hammer_js);
  function("spectrum", &spectrum_js);
  function("mac", &mac_js);
  function("inputPeriod", &input_period_js);
  function("perturbationStudy", &perturbation_study_js);
  function("identify", &identify_js);
  function("estimateWork", &estimate_work_js);
  function("validateRecord", &validate_record_js);
  function("scaledRecord", &scaled_record_js);
  function("studyRun", &study_run_js);
  function("checkStudyWork", &check_study_work_js);
  function("commandWork", &command_work_js);
  function("estimatorWork", &estimator_work_js);
  function("analysisWork", &analysis_work_js);
  function("studyAggregate", &study_aggregate_js);
  function("poleFrequency", &pole_frequency_js);
  function("resampleLinear", &resample_linear_js);
  function("methodNames", &method_names_js);
  function("methodInfo", &method_info_to_js);
  function("svfIdentify", &svf_identify_js);
  function("svfRlc", &svf_rlc_js);
  function("ekfBeltDrive", &ekf_belt_drive_js);
  function("simulateEstimatorSystem", &simulate_estimator_system_js);
  function("estimatorScenario", &estimator_scenario_js);
  function("estimatorScenarioNames", &estimator_scenario_names_js);
  function("beltDriveParameters", &belt_drive_parameters_js);
  function("nonlinearSystemNames", &nonlinear_system_names_js);
  function("nonlinearSimulate", &nonlinear_simulate_js);
  function("nonlinearIdentify", &nonlinear_identify_js);
  function("optionSchema", &option_schema_to_js);
  function("setThreadCount", &set_thread_count_js);
  function("threadCount", &mechid::thread_count);
  function("poleGrid", &pole_grid_js);
}
