// embind declarations only: convert, call the core, convert back. Every number is computed in
// src/. Errors are caught here and *returned* as JS Error objects with a `code` ('bad-input' for
// InputError, 'internal' otherwise); wasm/api.js throws them as MechidError (TOOLCHAIN.md §3).
#include <emscripten/bind.h>

#include "js_convert.hpp"
#include "marshal.hpp"

namespace mechid::wasm {
namespace {

val modal_to_js(const ModalResult& r);

MechanicalSystem system_from_js(const val& s) {
  MechanicalSystem system;
  if (s["name"].isString()) system.name = s["name"].as<std::string>();
  system.M = matrix_from_js(s["M"], "matrix M");
  system.D = matrix_from_js(s["D"], "matrix D");
  system.K = matrix_from_js(s["K"], "matrix K");
  system.L = matrix_from_js(s["L"], "matrix L");
  return system;
}

val system_to_js(const MechanicalSystem& s) {
  val out = val::object();
  out.set("name", s.name);
  out.set("M", matrix_to_js(s.M));
  out.set("D", matrix_to_js(s.D));
  out.set("K", matrix_to_js(s.K));
  out.set("L", matrix_to_js(s.L));
  return out;
}

val preset_names_js() { return strings_to_js(preset_names()); }
val method_names_js() { return strings_to_js(method_names()); }

val preset_js(std::string name) {
  return result_or_error([&] { return system_to_js(preset(name)); });
}

val check_system_js(val s) {
  return result_or_error([&] {
    const auto errors = check(system_from_js(s));
    val out = val::object();
    out.set("ok", errors.empty());
    out.set("errors", strings_to_js(errors));
    return out;
  });
}

val state_space_to_js(const StateSpaceModel& m) {
  val out = val::object();
  out.set("A", matrix_to_js(m.A));
  out.set("B", matrix_to_js(m.B));
  out.set("C", matrix_to_js(m.C));
  out.set("D", matrix_to_js(m.D));
  return out;
}

val state_space_js(val s) {
  return result_or_error([&] { return state_space_to_js(to_state_space(system_from_js(s))); });
}

// options: {h, n, input, amplitude, snr, seed, hold, freqHz, freqHz2, samples, q0, v0}, every
// field present (api.js fills the defaults).
val simulate_js(val s, val o) {
  return result_or_error([&] {
    const MechanicalSystem system = system_from_js(s);
    SimulationOptions options;
    options.h = o["h"].as<double>();
    options.n = static_cast<Eigen::Index>(o["n"].as<double>());
    options.snr_db = o["snr"].as<double>();
    options.seed = static_cast<std::uint64_t>(o["seed"].as<double>());
    options.input.kind = parse_input_kind(o["input"].as<std::string>());
    options.input.amplitude = o["amplitude"].as<double>();
    options.input.hold = static_cast<int>(o["hold"].as<double>());
    options.input.freq_hz = o["freqHz"].as<double>();
    options.input.freq2_hz = o["freqHz2"].as<double>();
    if (options.input.kind == InputKind::samples) options.input.samples = matrix_from_js(o["samples"], "input samples");
    options.q0 = vector_from_js(o["q0"]);
    options.v0 = vector_from_js(o["v0"]);
    const SimulatedData data = simulate(system, options);
    val out = val::object();
    out.set("h", data.h);
    out.set("t", float64_array(data.t.data(), static_cast<std::size_t>(data.t.size())));
    out.set("u", matrix_to_js(data.u));
    out.set("q", matrix_to_js(data.q));
    out.set("v", matrix_to_js(data.v));
    out.set("a", matrix_to_js(data.a));
    out.set("method", data.method);
    out.set("substeps", data.substeps);
    out.set("noiseStd", float64_array(data.noise_std.data(), data.noise_std.size()));
    return out;
  });
}

// {method, h, F, G, H, J} or, for 'variational', {method, h, Md, Dd, Kd, L}.
val discretize_js(val s, double h, std::string method) {
  return result_or_error([&] {
    const MechanicalSystem system = system_from_js(s);
    val out = val::object();
    out.set("method", method);
    out.set("h", h);
    if (method == "variational") {
      const DiscreteVariationalModel d = to_discrete(system, h);
      out.set("Md", matrix_to_js(d.Md));
      out.set("Dd", matrix_to_js(d.Dd));
      out.set("Kd", matrix_to_js(d.Kd));
      out.set("L", matrix_to_js(d.L));
      return out;
    }
    const StateSpaceModel continuous = to_state_space(system);
    DiscreteModel d;
    if (method == "zoh") d = c2d_zoh(continuous, h);
    else if (method == "tustin") d = c2d_tustin(continuous, h);
    else if (method == "euler") d = c2d_euler(continuous, h);
    else throw InputError("unknown method '" + method + "' (expected zoh, tustin, euler or variational)");
    out.set("F", matrix_to_js(d.F));
    out.set("G", matrix_to_js(d.G));
    out.set("H", matrix_to_js(d.H));
    out.set("J", matrix_to_js(d.J));
    return out;
  });
}

// model: {F, G, H, J} (zoh, tustin, euler) or {Md, Dd, Kd, L} (variational); h > 0.
val to_continuous_js(val model, double h, std::string method) {
  return result_or_error([&] {
    val out = val::object();
    out.set("method", method);
    out.set("h", h);
    if (method == "variational") {
      validate_step(h);
      DiscreteVariationalModel d{matrix_from_js(model["Md"], "matrix Md"), matrix_from_js(model["Dd"], "matrix Dd"),
                                 matrix_from_js(model["Kd"], "matrix Kd"), matrix_from_js(model["L"], "matrix L"), h};
      const Eigen::Index n = d.Md.rows();
      require(n > 0 && d.Md.cols() == n && d.Dd.rows() == n && d.Dd.cols() == n && d.Kd.rows() == n && d.Kd.cols() == n,
              "matrices Md, Dd and Kd must be square and of the same size");
      require(d.L.rows() == n, "matrix L must have as many rows as Md");
      const MechanicalSystem s = to_continuous(d);
      const auto problems = check(s);
      out.set("status", problems.empty() ? "ok" : "warning");
      out.set("message", problems.empty() ? "" : "the continuous model is not physical: " + problems.front());
      out.set("M", matrix_to_js(s.M));
      out.set("D", matrix_to_js(s.D));
      out.set("K", matrix_to_js(s.K));
      out.set("L", matrix_to_js(s.L));
      return out;
    }
    const DiscreteModel d{matrix_from_js(model["F"], "matrix F"), matrix_from_js(model["G"], "matrix G"),
                          matrix_from_js(model["H"], "matrix H"), matrix_from_js(model["J"], "matrix J"), h};
    ConversionResult r;
    if (method == "zoh") r = d2c_zoh(d);
    else if (method == "tustin") r = d2c_tustin(d);
    else if (method == "euler") r = d2c_euler(d);
    else throw InputError("unknown method '" + method + "' (expected zoh, tustin, euler or variational)");
    out.set("status", to_string(r.status));
    out.set("message", r.message);
    val eigenvalues = val::array();
    for (const auto z : r.eigenvalues) eigenvalues.call<void>("push", complex_to_js(z));
    out.set("eigenvalues", eigenvalues);
    if (r.status == Status::failed) return out;
    const val model = state_space_to_js(r.model);
    for (const char* key : {"A", "B", "C", "D"}) out.set(key, model[key]);
    return out;
  });
}

// One row per h: κ and σ of R (eq. 3.33) by SVD, the closed forms, and with a system the
// per-matrix amplification.
val condition_js(val hs, val s) {
  return result_or_error([&] {
    const Vector steps = vector_from_js(hs);
    require(steps.size() > 0 && steps.size() <= 10000, "give between 1 and 10000 sampling periods h");
    const bool with_system = !s.isNull() && !s.isUndefined();
    const MechanicalSystem system = with_system ? system_from_js(s) : MechanicalSystem{};
    if (with_system) validate(system);
    val rows = val::array();
    for (Eigen::Index i = 0; i < steps.size(); ++i) {
      const double h = steps(i);
      const Vector sigma = singular_values_R(h);
      val row = val::object();
      row.set("h", h);
      row.set("kappa", sigma(0) / sigma(2));
      row.set("sigma", numbers_to_js(sigma));
      row.set("kappa_closed_form", kappa_closed_form(h));
      row.set("kappa_eq_3_36", kappa_eq_3_36(h));
      if (with_system) {
        const ParameterAmplification a = parameter_amplification(system, h);
        val amplification = val::object();
        amplification.set("M", a.M);
        amplification.set("K", a.K);
        amplification.set("D", a.D);
        row.set("amplification", amplification);
      }
      rows.call<void>("push", row);
    }
    val out = val::object();
    out.set("rows", rows);
    return out;
  });
}

val modal_js(val s) {
  return result_or_error([&] { return modal_to_js(modal_analysis(system_from_js(s))); });
}

val passivity_js(val s, double h) {
  return result_or_error([&] {
    const PassivityReport r = passivity_report(system_from_js(s), h);
    auto verdict = [](const PassivityCheck& c) {
      val v = val::object();
      v.set("passive", c.passive);
      v.set("largest_eigenvalue", c.largest_eigenvalue);
      v.set("scale", c.scale);
      return v;
    };
    val out = val::object();
    out.set("h", h);
    out.set("continuous", verdict(r.continuous));
    out.set("cayley", verdict(r.cayley));
    out.set("zoh", verdict(r.zoh));
    out.set("euler", verdict(r.euler));
    return out;
  });
}

// options: {multiples, samples, relative, seed}, every field present (api.js fills defaults).
val perturbation_study_js(val s, val o) {
  return result_or_error([&] {
    PerturbationOptions options;
    const Vector multiples = vector_from_js(o["multiples"]);
    options.multiples.assign(multiples.data(), multiples.data() + multiples.size());
    options.samples = static_cast<int>(o["samples"].as<double>());
    options.relative = o["relative"].as<double>();
    options.seed = static_cast<std::uint64_t>(o["seed"].as<double>());
    val rows = val::array();
    for (const PerturbationRow& r : perturbation_study(system_from_js(s), options)) {
      val row = val::object(), errors = val::object();
      row.set("i", r.i);
      row.set("h", r.h);
      row.set("method", r.method);
      if (r.method == "zoh") {
        errors.set("A", r.A);
        errors.set("b", r.b);
      }
      errors.set("m", r.m);
      errors.set("d", r.d);
      errors.set("k", r.k);
      row.set("rel_err", errors);
      row.set("failures", r.failures);
      rows.call<void>("push", row);
    }
    return rows;
  });
}

val errors_to_js(const RelativeErrors& e) {
  val out = val::object();
  out.set("M", e.M);
  out.set("D", e.D);
  out.set("K", e.K);
  out.set("A", e.A);
  return out;
}

val modal_to_js(const ModalResult& r) {
  val modes = val::array();
  for (const Mode& m : r.modes) {
    val mode = val::object();
    mode.set("omega_n", m.omega_n);
    mode.set("freq_hz", m.freq_hz);
    mode.set("zeta", m.zeta);
    mode.set("shape", numbers_to_js(m.shape));
    mode.set("complexity", m.complexity);
    mode.set("eigenvalue", complex_to_js(m.eigenvalue));
    modes.call<void>("push", mode);
  }
  val out = val::object();
  out.set("status", to_string(r.status));
  out.set("message", r.message);
  out.set("modes", modes);
  return out;
}

// data: {h, u, y, inputSampling, outputs, cutoffHz}; options: {L?, init, blockRows, estimateInitial}; truth: system or null.
// The result has the fields of INTERFACES.md's identify result.
val identify_js(std::string method, val data, val o, val truth) {
  return result_or_error([&] {
    Dataset d;
    d.h = data["h"].as<double>();
    d.u = matrix_from_js(data["u"], "input data u");
    d.y = matrix_from_js(data["y"], "output data q");
    const std::string sampling = data["inputSampling"].as<std::string>();
    require(sampling == "point" || sampling == "hold", "input sampling must be 'point' or 'hold', got '" + sampling + "'");
    d.input_sampling = sampling == "hold" ? InputSampling::hold : InputSampling::point;
    d.outputs = data["outputs"].as<std::string>() == "acceleration" ? OutputKind::acceleration : OutputKind::displacement;
    d.acceleration_cutoff_hz = data["cutoffHz"].as<double>();
    IdentifyOptions options;
    if (!o["L"].isUndefined() && !o["L"].isNull()) options.L = matrix_from_js(o["L"], "matrix L");
    options.init = o["init"].as<std::string>();
    require(options.init == "n4sid" || options.init == "equation-error",
            "init must be n4sid or equation-error, got '" + options.init + "'");
    options.block_rows = static_cast<Eigen::Index>(o["blockRows"].as<double>());
    options.estimate_initial = o["estimateInitial"].as<bool>();
    const Identification r = identify(method, d, options);

    val out = val::object();
    out.set("method", r.method);
    out.set("h", r.h);
    out.set("n", static_cast<double>(d.y.cols()));
    if (r.status != Status::failed) {
      out.set("M", matrix_to_js(r.system.M));
      out.set("D", matrix_to_js(r.system.D));
      out.set("K", matrix_to_js(r.system.K));
      out.set("L", matrix_to_js(r.system.L));
    }
    if (r.has_discrete && r.status != Status::failed) {
      out.set("Md", matrix_to_js(r.discrete.Md));
      out.set("Dd", matrix_to_js(r.discrete.Dd));
      out.set("Kd", matrix_to_js(r.discrete.Kd));
    }
    out.set("status", to_string(r.status));
    out.set("message", r.message);
    out.set("warnings", strings_to_js(r.warnings));
    val checks = val::object();
    checks.set("M_pd", r.M_pd);
    checks.set("K_pd", r.K_pd);
    checks.set("D_psd", r.D_psd);
    out.set("checks", checks);
    if (r.status != Status::failed) {
      out.set("modal", modal_to_js(r.modal));
      val fit = val::object();
      fit.set("fit_percent", numbers_to_js(r.validation.fit_percent));
      fit.set("nrmse", numbers_to_js(r.validation.nrmse));
      out.set("fit", fit);
      val validation = val::object();
      validation.set("max_autocorrelation", r.validation.max_autocorrelation);
      validation.set("max_crosscorrelation", r.validation.max_crosscorrelation);
      validation.set("bound_99", r.validation.bound_99);
      if (r.validation.simulated.size()) validation.set("simulated", matrix_to_js(r.validation.simulated));
      out.set("validation", validation);
    }
    if (r.uncertainty.available && r.status != Status::failed) {
      const Uncertainty& u = r.uncertainty;
      val uncertainty = val::object();
      uncertainty.set("M_sd", matrix_to_js(u.M));
      uncertainty.set("D_sd", matrix_to_js(u.D));
      uncertainty.set("K_sd", matrix_to_js(u.K));
      uncertainty.set("omega_n_sd", numbers_to_js(Eigen::Map<const Vector>(u.omega_n.data(), u.omega_n.size())));
      uncertainty.set("zeta_sd", numbers_to_js(Eigen::Map<const Vector>(u.zeta.data(), u.zeta.size())));
      uncertainty.set("z95", 1.959963984540054);
      uncertainty.set("residual_variance", u.residual_variance);
      out.set("uncertainty", uncertainty);
    }
    val diagnostics = val::object();
    r.diagnostics.for_each([&](const std::string& key, const auto& value) { diagnostics.set(key, value); });
    out.set("diagnostics", diagnostics);
    if (!truth.isNull() && !truth.isUndefined() && r.status != Status::failed)
      out.set("errors", errors_to_js(relative_errors(r.system, system_from_js(truth))));
    out.set("timing_ms", r.timing_ms);
    return out;
  });
}

// options: {h, snr, samples, method, seed, hIndex, run}.
val study_run_js(val s, val o) {
  return result_or_error([&] {
    StudyRunOptions options;
    options.h = o["h"].as<double>();
    options.snr_db = o["snr"].as<double>();
    options.samples = static_cast<Eigen::Index>(o["samples"].as<double>());
    options.method = o["method"].as<std::string>();
    options.seed = static_cast<std::uint64_t>(o["seed"].as<double>());
    options.h_index = static_cast<std::uint64_t>(o["hIndex"].as<double>());
    options.run = static_cast<std::uint64_t>(o["run"].as<double>());
    const StudyRunResult r = study_run(system_from_js(s), options);
    val out = val::object();
    out.set("status", to_string(r.status));
    out.set("message", r.message);
    out.set("errors", errors_to_js(r.errors));
    out.set("ms", r.ms);
    return out;
  });
}

// The first `count` outputs of Random(seed) as [hi32, lo32] pairs.
val random_stream_js(double seed, int count) {
  return result_or_error([&] {
    require(count >= 0 && count <= 1'000'000, "count must be between 0 and 1000000");
    Random rng(static_cast<std::uint64_t>(seed));
    std::vector<std::uint32_t> words(2 * static_cast<std::size_t>(count));
    for (std::size_t i = 0; i < words.size(); i += 2) {
      const std::uint64_t x = rng.next_u64();
      words[i] = static_cast<std::uint32_t>(x >> 32);
      words[i + 1] = static_cast<std::uint32_t>(x);
    }
    return val::global("Uint32Array").new_(emscripten::typed_memory_view(words.size(), words.data()));
  });
}

}  // namespace
}  // namespace mechid::wasm

EMSCRIPTEN_BINDINGS(mechid) {
  using namespace mechid::wasm;
  emscripten::function("presetNames", &preset_names_js);
  emscripten::function("preset", &preset_js);
  emscripten::function("checkSystem", &check_system_js);
  emscripten::function("stateSpace", &state_space_js);
  emscripten::function("simulate", &simulate_js);
  emscripten::function("randomStream", &random_stream_js);
  emscripten::function("discretize", &discretize_js);
  emscripten::function("toContinuous", &to_continuous_js);
  emscripten::function("condition", &condition_js);
  emscripten::function("modal", &modal_js);
  emscripten::function("passivity", &passivity_js);
  emscripten::function("perturbationStudy", &perturbation_study_js);
  emscripten::function("identify", &identify_js);
  emscripten::function("studyRun", &study_run_js);
  emscripten::function("methodNames", &method_names_js);
}
