// embind declarations of the estimators of seeds 003 and 004 (src/svf/, src/ekf/): convert, call
// the core, convert back. Errors are returned as JS Error objects with a `code`, as in
// bindings.cpp; wasm/estimators.js throws them as MechidError. Matrices are {rows, cols, data}
// with row-major Float64Array data (marshal.hpp).
#include <emscripten/bind.h>

#include "js_convert.hpp"
#include "ekf/augmented_ekf.hpp"
#include "ekf/belt_drive_experiment.hpp"
#include "ekf/scaled_model.hpp"
#include "marshal.hpp"
#include "simulate/noise.hpp"
#include "simulate/sinusoid_response.hpp"
#include "svf/identify_svf.hpp"
#include "svf/rlc.hpp"

namespace mechid::wasm {
namespace {

val pole_search_to_js(const PoleSearch& s) {
  val out = val::object();
  out.set("grid", numbers_to_js(s.grid));
  out.set("surface", matrix_to_js(s.surface));
  out.set("p1", s.p1);
  out.set("p2", s.p2);
  out.set("best", s.best);
  out.set("evaluated", s.evaluated);
  return out;
}

Vector optional_vector(const val& v) { return v.isUndefined() || v.isNull() ? Vector() : vector_from_js(v); }

// data: {h, u, y, inputSampling}; options: {p1, p2, grid?, form, robust, intersample, L?};
// truth: {M, D, K, L} or null. The identify result of INTERFACES.md plus theta, search, weights.
val svf_identify_js(val data, val o, val truth) {
  return result_or_error([&] {
    Dataset d;
    d.h = data["h"].as<double>();
    d.u = matrix_from_js(data["u"], "input data u");
    d.y = matrix_from_js(data["y"], "output data q");
    d.input_sampling = data["inputSampling"].as<std::string>() == "hold" ? InputSampling::hold : InputSampling::point;
    SvfIdentifyOptions options;
    options.p1 = o["p1"].as<double>();
    options.p2 = o["p2"].as<double>();
    options.grid = optional_vector(o["grid"]);
    options.form = o["form"].as<std::string>();
    options.robust = o["robust"].as<bool>();
    options.smooth = parse_intersample(o["intersample"].as<std::string>());
    if (!o["L"].isUndefined() && !o["L"].isNull()) options.L = matrix_from_js(o["L"], "matrix L");
    const SvfIdentification s = identify_svf(d, options);
    const Identification& r = s.result;
    val out = val::object();
    out.set("method", r.method);
    out.set("h", r.h);
    out.set("n", static_cast<double>(d.y.cols()));
    out.set("form", s.form);
    if (r.status != Status::failed) {
      out.set("M", matrix_to_js(r.system.M));
      out.set("D", matrix_to_js(r.system.D));
      out.set("K", matrix_to_js(r.system.K));
      out.set("L", matrix_to_js(r.system.L));
      val fit = val::object();
      fit.set("fit_percent", numbers_to_js(r.validation.fit_percent));
      fit.set("nrmse", numbers_to_js(r.validation.nrmse));
      out.set("fit", fit);
    }
    out.set("status", to_string(r.status));
    out.set("message", r.message);
    out.set("warnings", strings_to_js(r.warnings));
    val checks = val::object();
    checks.set("M_pd", r.M_pd);
    checks.set("K_pd", r.K_pd);
    checks.set("D_psd", r.D_psd);
    out.set("checks", checks);
    val diagnostics = val::object();
    r.diagnostics.for_each([&](const std::string& key, const auto& value) { diagnostics.set(key, value); });
    out.set("diagnostics", diagnostics);
    if (s.theta.size()) {
      out.set("theta", numbers_to_js(s.theta));
      out.set("thetaNames", strings_to_js(s.theta_names));
    }
    out.set("search", s.searched ? pole_search_to_js(s.search) : val::null());
    if (s.weights.size()) out.set("weights", matrix_to_js(s.weights));
    if (!truth.isNull() && !truth.isUndefined() && r.status != Status::failed) {
      MechanicalSystem t;
      t.M = matrix_from_js(truth["M"], "matrix M of the truth");
      t.D = matrix_from_js(truth["D"], "matrix D of the truth");
      t.K = matrix_from_js(truth["K"], "matrix K of the truth");
      const RelativeErrors e = relative_errors(r.system, t);
      val errors = val::object();
      errors.set("M", e.M);
      errors.set("D", e.D);
      errors.set("K", e.K);
      errors.set("A", e.A);
      out.set("errors", errors);
    }
    out.set("timing_ms", r.timing_ms);
    return out;
  });
}

// data: {h, u (N x 2), y (N x 1)}; options: {p1, p2, grid?, robust, intersample}.
// The RLC circuit of seed 003 sec. 3: 1/RC, 1/LC and the six θ_λ of eq. 11.
val svf_rlc_js(val data, val o) {
  return result_or_error([&] {
    const double h = data["h"].as<double>();
    const Matrix u = matrix_from_js(data["u"], "input data u");
    const Matrix y = matrix_from_js(data["y"], "output data V_C");
    require(u.cols() == 2, "the RLC circuit has 2 inputs (u1, u2), the data have " + std::to_string(u.cols()));
    require(y.cols() == 1, "the RLC circuit has 1 output (V_C), the data have " + std::to_string(y.cols()));
    SvfOptions options = rlc_svf_options(o["p1"].as<double>(), o["p2"].as<double>());
    options.robust.robust = o["robust"].as<bool>();
    options.input_rule = options.output_rule = parse_intersample(o["intersample"].as<std::string>());
    require(options.output_rule != Intersample::hold, "the intersample rule of V_C must be cubic or linear");
    const SvfSisoSearch s = svf_siso_search(u, y.col(0), h, options, optional_vector(o["grid"]));
    val out = val::object();
    out.set("method", std::string("svf"));
    out.set("model", std::string("rlc"));
    out.set("h", h);
    out.set("status", to_string(s.fit.status));
    out.set("message", s.fit.message);
    if (s.fit.status != Status::failed) {
      const RlcCircuit c = rlc_from_fit(s.fit);
      out.set("inv_RC", c.inv_rc);
      out.set("inv_LC", c.inv_lc);
      out.set("theta", numbers_to_js(s.fit.theta));
      out.set("thetaNames", strings_to_js(s.fit.theta_names));
      out.set("output_error", s.output_error);
      out.set("iterations", s.fit.solution.iterations);
      out.set("condition", s.fit.solution.condition);
    }
    out.set("p1", s.fit.p1);
    out.set("p2", s.fit.p2);
    out.set("search", s.searched ? pole_search_to_js(s.search) : val::null());
    return out;
  });
}

// data: {h, u (N x 1 torque), y (N x 2: φ, φ')}; options: {method, scale, thetaInit?, thetaVar?,
// inputSampling}; trueTheta: [c_spec, d] or null. The augmented EKF of seed 004 on the belt
// drive with the settings of eq. 32 (θ_init, Θ_init overridable), parameters scaled by `scale`.
val ekf_belt_drive_js(val data, val o, val true_theta) {
  return result_or_error([&] {
    const double h = data["h"].as<double>();
    const Matrix u = matrix_from_js(data["u"], "input data u");
    const Matrix y = matrix_from_js(data["y"], "measurements y");
    const BeltDrive model;
    const Discretization method = parse_discretization(o["method"].as<std::string>());
    const double scale = o["scale"].as<double>();
    require(std::isfinite(scale) && scale > 0, "the parameter scale must be positive, got " + format_number(scale));
    EkfOptions options = belt_drive_ekf_options(model, method, h);
    const Vector theta_init = optional_vector(o["thetaInit"]), theta_var = optional_vector(o["thetaVar"]);
    if (theta_init.size()) options.theta_init = theta_init;
    require(options.theta_init.size() == 2, "theta0 needs 2 values (c_spec, d), got " + std::to_string(options.theta_init.size()));
    options.theta_init /= scale;
    if (theta_var.size()) {
      require(theta_var.size() == 2, "the parameter variances need 2 values (c_spec, d), got " + std::to_string(theta_var.size()));
      options.Theta_init = theta_var.asDiagonal();
    }
    options.input_sampling = o["inputSampling"].as<std::string>() == "point" ? InputSampling::point : InputSampling::hold;
    const ScaledModel scaled(model, Vector::Constant(2, scale));
    EkfResult r = run_augmented_ekf(scaled, u, y, options);
    r.parameters *= scale;
    r.parameter_std *= scale;
    const Eigen::Index last = r.steps;
    val out = val::object();
    out.set("method", std::string("ekf"));
    out.set("model", std::string("belt-drive"));
    out.set("discretization", to_string(method));
    out.set("h", h);
    out.set("status", to_string(r.status));
    out.set("message", r.message);
    out.set("parameterNames", strings_to_js(model.parameter_names()));
    out.set("theta", numbers_to_js(r.parameters.row(last).transpose()));
    out.set("thetaStd", numbers_to_js(r.parameter_std.row(last).transpose()));
    out.set("parameters", matrix_to_js(r.parameters));
    out.set("parameterStd", matrix_to_js(r.parameter_std));
    out.set("steps", static_cast<double>(r.steps));
    if (!true_theta.isNull() && !true_theta.isUndefined()) {
      const Vector t = vector_from_js(true_theta);
      require(t.size() == 2, "the true parameters need 2 values, got " + std::to_string(t.size()));
      out.set("errors", numbers_to_js((r.parameters.row(last).transpose() - t).cwiseQuotient(t).cwiseAbs()));
    }
    out.set("timing_ms", r.ms);
    return out;
  });
}

// name: 'rlc' | 'belt-drive' | 'msd-sine'; options: {h, n, seed, snr}.
//  rlc:        seed 003 sec. 3, u1 = 2 sin t, u2 = 1 from rest, exact; q = V_C (noise at `snr` dB)
//  msd-sine:   seed 003 sec. 2.3, u = 5 sin(2t) + 10.5 on msd from rest, exact (noise at `snr` dB)
//  belt-drive: seed 004 sec. 4, the closed-loop experiment at T = h (ekf/belt_drive_experiment.hpp);
//              q = [φ, z], v = [φ', z'] true; y = measured [φ, φ'] with the noise of eq. 32
//              (none when snr is +inf)
val simulate_estimator_system_js(std::string name, val o) {
  return result_or_error([&] {
    const double h = o["h"].as<double>();
    const double n = o["n"].as<double>();
    require(std::isfinite(h) && h > 0, "h must be a positive number of seconds, got " + format_number(h));
    require(n >= 3 && n <= static_cast<double>(kMaxSamples) && n == std::floor(n),
            "n must be a whole number of samples between 3 and " + std::to_string(kMaxSamples) + ", got " + format_number(n));
    const auto N = static_cast<Eigen::Index>(n);
    const auto seed = static_cast<std::uint64_t>(o["seed"].as<double>());
    const double snr = o["snr"].as<double>();
    require(!std::isnan(snr) && snr != -INFINITY, "snr must be a number of dB or inf, got " + format_number(snr));
    val out = val::object();
    out.set("h", h);
    out.set("system", name);
    if (name == "rlc" || name == "msd-sine") {
      SampledResponse r;
      if (name == "rlc") {
        r = sinusoid_response(rlc_state_space({}), rlc_seed_input(), Vector::Zero(2), h, N);
      } else {
        r = sinusoid_response(to_state_space(preset("msd")), msd_seed_input(), Vector::Zero(2), h, N);
      }
      out.set("noiseStd", numbers_to_js(Eigen::Map<const Vector>(add_noise(r.y, snr, seed, 1ULL << 32).data(), 1)));
      out.set("t", float64_array(r.t.data(), static_cast<std::size_t>(N)));
      out.set("u", matrix_to_js(r.u));
      out.set("q", matrix_to_js(r.y));
      return out;
    }
    require(name == "belt-drive", "unknown system '" + name + "' (expected rlc, msd-sine or belt-drive)");
    BeltExperimentOptions options;
    options.T = h;
    options.duration = (n - 1) * h;
    options.seed = seed;
    if (snr == INFINITY) options.noise_var_phi = options.noise_var_speed = 0.0;
    const BeltDrive model;
    const BeltExperimentData d = simulate_belt_drive(model, options);
    out.set("t", float64_array(d.t.data(), static_cast<std::size_t>(d.t.size())));
    out.set("u", matrix_to_js(d.u));
    out.set("q", matrix_to_js(d.x.leftCols(2)));
    out.set("v", matrix_to_js(d.x.rightCols(2)));
    out.set("y", matrix_to_js(d.y));
    out.set("setpoint", matrix_to_js(d.setpoint));
    out.set("trueTheta", numbers_to_js(model.true_theta()));
    return out;
  });
}

// Table 1 of seed 004 (SI units) and θ = [c_spec, d].
val belt_drive_parameters_js() {
  const BeltDrive model;
  const BeltDriveParameters& p = model.parameters_table();
  val out = val::object();
  out.set("inertia", p.inertia);
  out.set("mass", p.mass);
  out.set("c_spec", p.c_spec);
  out.set("d", p.d);
  out.set("mu_v", p.mu_v);
  out.set("mu_c", p.mu_c);
  out.set("k", p.k);
  out.set("z0", p.z0);
  out.set("r1", p.r1);
  out.set("theta", numbers_to_js(model.true_theta()));
  return out;
}

}  // namespace
}  // namespace mechid::wasm

EMSCRIPTEN_BINDINGS(mechid_estimators) {
  using namespace mechid::wasm;
  emscripten::function("svfIdentify", &svf_identify_js);
  emscripten::function("svfRlc", &svf_rlc_js);
  emscripten::function("ekfBeltDrive", &ekf_belt_drive_js);
  emscripten::function("simulateEstimatorSystem", &simulate_estimator_system_js);
  emscripten::function("beltDriveParameters", &belt_drive_parameters_js);
}
