#include "convert/inputs.hpp"
#include "convert/option_reader.hpp"
#include "identify/identification.hpp"

#include "estimators/ekf/discretization.hpp"
#include "simulate/signals.hpp"
#include "estimators/svf/intersample.hpp"

namespace mechid::wasm {
namespace {

using namespace mechid::nonlinear;

// {kind: 'thresholds', x0} | {kind: 'sign'} | {kind: 'breakpoints', breakpoints: [..]}
Regions regions_from_js(const val& r) {
  require(!is_absent(r), "the regions are missing");
  const std::string kind = r["kind"].as<std::string>();
  if (kind == "thresholds") return threshold_regions(r["x0"].as<double>());
  if (kind == "sign") return sign_regions();
  if (kind == "breakpoints") {
    const Vector b = vector_from_js(r["breakpoints"]);
    return breakpoint_regions(std::vector<double>(b.data(), b.data() + b.size()));
  }
  throw InputError("unknown kind of regions '" + kind + "' (expected thresholds, sign or breakpoints)");
}

void read_matrix(const val& o, const char* key, const std::string& what, Matrix& target) {
  if (has_option(o, key)) target = matrix_from_js(o[key], what);
}

}  // namespace

MechanicalSystem system_from_js(const val& s) {
  MechanicalSystem system;
  if (s["name"].isString()) system.name = s["name"].as<std::string>();
  system.M = matrix_from_js(s["M"], "matrix M");
  system.D = matrix_from_js(s["D"], "matrix D");
  system.K = matrix_from_js(s["K"], "matrix K");
  system.L = has_option(s, "L") ? matrix_from_js(s["L"], "matrix L") : Matrix::Identity(system.M.rows(), system.M.rows());
  return system;
}

std::optional<MechanicalSystem> optional_system_from_js(const val& s) {
  if (is_absent(s)) return std::nullopt;
  return system_from_js(s);
}

std::optional<MechanicalSystem> optional_truth_from_js(const val& s) {
  std::optional<MechanicalSystem> truth = optional_system_from_js(s);
  if (truth) validate_truth(*truth);
  return truth;
}

Dataset dataset_from_js(const val& data, const std::string& output_name) {
  Dataset d;
  read_option(data, "h", d.h);
  d.u = matrix_from_js(data["u"], "input data u");
  d.y = matrix_from_js(data["y"], output_name);
  read_described(data, d);  // inputSampling, outputs, cutoffHz (identify/dataset.hpp)
  d.input_scale = vector_from_js(data["inputScale"]);
  d.output_scale = vector_from_js(data["outputScale"]);
  if (data["name"].isString()) d.name = data["name"].as<std::string>();
  if (d.input_sampling.from_data && reads_as_held(d)) d.input_sampling.value = InputSampling::hold;
  return d;
}

SimulationOptions simulation_options_from_js(const val& o) {
  SimulationOptions options;
  read_options(o, "h", options.h, "n", options.n, "q0", options.q0, "v0", options.v0);
  read_described(o, options);  // input, amplitude, hold, freqHz, freqHz2, snr, seed (simulate/simulation.hpp)
  if (options.input.kind == InputKind::samples) options.input.samples = matrix_from_js(o["samples"], "input samples");
  return options;
}

NamedDiscreteModel discrete_model_from_js(const val& model, double h, const std::string& method) {
  NamedDiscreteModel d;
  d.method = parse_conversion_method(method);
  if (d.method == ConversionMethod::variational) {
    d.variational = {matrix_from_js(model["Md"], "matrix Md"), matrix_from_js(model["Dd"], "matrix Dd"),
                     matrix_from_js(model["Kd"], "matrix Kd"), matrix_from_js(model["L"], "matrix L"), h};
  } else {
    d.state_space = {matrix_from_js(model["F"], "matrix F"), matrix_from_js(model["G"], "matrix G"),
                     matrix_from_js(model["H"], "matrix H"), matrix_from_js(model["J"], "matrix J"), h};
  }
  return d;
}

std::vector<double> steps_from_js(const val& hs) {
  const Vector steps = vector_from_js(hs);
  return std::vector<double>(steps.data(), steps.data() + steps.size());
}

PerturbationOptions perturbation_options_from_js(const val& o) {
  PerturbationOptions options;
  read_described(o, options);  // multiples, samples, relative, seed (analysis/perturbation_study.hpp)
  return options;
}

StudyRunOptions study_run_options_from_js(const val& o) {
  StudyRunOptions options;
  read_options(o, "h", options.h, "snr", options.snr_db, "samples", options.samples, "method", options.method, "seed",
               options.seed, "hIndex", options.h_index, "run", options.run);
  return options;
}

// {M?, D?, K?, known?: {M?, D?, K?}}: a pattern name or a 0/1 mask matrix per matrix; known
// values as matrices with NaN for unknown entries (api.js turns the JSON's nested arrays and nulls into them).
SystemStructure structure_from_js(const val& st) {
  SystemStructure s;
  MatrixStructure* parts[3] = {&s.M, &s.D, &s.K};
  const char* names[3] = {"M", "D", "K"};
  for (int g = 0; g < 3; ++g) {
    if (has_option(st, names[g])) {
      const val p = st[names[g]];
      if (p.isString()) {
        parts[g]->pattern = parse_matrix_pattern(p.as<std::string>(), names[g]);
      } else {
        parts[g]->pattern = MatrixPattern::mask;
        parts[g]->mask = matrix_from_js(p, std::string("structure ") + names[g]);
      }
    }
    if (has_option(st, "known") && has_option(st["known"], names[g]))
      parts[g]->known = matrix_from_js(st["known"][names[g]], std::string("structure known.") + names[g]);
  }
  return s;
}

IdentifyOptions identify_options_from_js(const val& o) {
  IdentifyOptions options;
  read_matrix(o, "L", "matrix L", options.L);
  read_option(o, "forceDofs", options.force_dofs);
  read_described(o, options);  // init, blockRows, …, maxWork (identify/identification.hpp)
  if (has_option(o, "structure")) options.structure = structure_from_js(o["structure"]);
  return options;
}

std::vector<Dataset> runs_from_js(const val& data) {
  std::vector<Dataset> runs;
  if (!val::global("Array").call<bool>("isArray", data)) {
    runs.push_back(dataset_from_js(data));
    return runs;
  }
  const auto count = data["length"].as<unsigned>();
  require(count > 0, "no runs given");
  for (unsigned i = 0; i < count; ++i) runs.push_back(dataset_from_js(data[i], "output data q of run " + std::to_string(i + 1)));
  resolve_input_sampling(runs);
  return runs;
}

std::vector<Dataset> held_out_runs_from_js(const val& o) {
  std::vector<Dataset> runs;
  if (!has_option(o, "validation")) return runs;
  const val list = o["validation"];
  require(val::global("Array").call<bool>("isArray", list), "validation must be a list of records {h, u, y, ...}",
          "validation");
  const auto count = list["length"].as<unsigned>();
  for (unsigned i = 0; i < count; ++i)
    runs.push_back(dataset_from_js(list[i], "output data q of validation run " + std::to_string(i + 1)));
  return runs;
}

StatedForceTerms force_terms_from_js(const val& forces) {
  StatedForceTerms stated;
  if (is_absent(forces)) return stated;
  stated.terms.coulomb = vector_from_js(forces["coulomb"]);
  if (has_option(forces, "offset")) stated.terms.offset = vector_from_js(forces["offset"]).transpose();
  read_option(forces, "lowpassHz", stated.lowpass_hz);
  return stated;
}

SvfIdentifyOptions svf_options_from_js(const val& o) {
  SvfIdentifyOptions options;
  read_described(o, options);  // p1, p2, grid, form, robust, intersample (estimators/svf/identify_svf.hpp)
  read_matrix(o, "L", "matrix L", options.L);
  return options;
}

RlcIdentifyOptions rlc_options_from_js(const val& o) {
  // The svf group's options (one description, estimators/svf/identify_svf.hpp; form and L do not apply).
  SvfIdentifyOptions svf;
  read_described(o, svf);
  RlcIdentifyOptions options;
  options.p1 = svf.p1;
  options.p2 = svf.p2;
  options.grid = svf.grid;
  options.robust = svf.robust;
  options.intersample = svf.smooth;
  return options;
}

BeltDriveEkfOptions ekf_options_from_js(const val& o) {
  BeltDriveEkfOptions options;
  read_described(o, options);  // method, reading, scale, thetaInit, thetaVar, inputSampling (estimators/ekf/belt_drive_ekf.hpp)
  return options;
}

ScenarioOptions scenario_options_from_js(const std::string& name, const val& o) {
  ScenarioOptions options = scenario_defaults(name);
  read_options(o, "h", options.h, "n", options.n, "seed", options.seed, "snr", options.snr_db, "duration", options.duration);
  return options;
}

ExperimentOptions experiment_options_from_js(const val& o) {
  ExperimentOptions options;
  read_described(o, options);  // h, n, substeps, sigma, a0, seed (estimators/nonlinear/experiment.hpp)
  return options;
}

AccelerationData acceleration_data_from_js(const val& data) {
  AccelerationData d;
  read_options(data, "h", d.h, "f", d.f);
  d.a = required_vector_from_js(data["a"], "the acceleration");
  return d;
}

PiecewiseOptions piecewise_options_from_js(const val& o) {
  PiecewiseOptions options;
  options.regions = regions_from_js(o["regions"]);
  read_described(o, options);  // method, mass, damping, segments, …, swapTolerance (estimators/nonlinear/identify.hpp)
  return options;
}

}  // namespace mechid::wasm
