// The numbers of the SVF report and Beckmann et al. 2016 for docs/results.md (bench/estimators.mjs), as one JSON object:
//  svf_msd      the SVF report sec. 2.3: u = 5 sin(2t) + 10.5, h = 0.1, 10 s, pole grid 0.1..4.9 step 0.2,
//               linear and cubic realisations, chosen by parameter error (the report's criterion)
//               and by output error (data only)
//  svf_rlc      the SVF report sec. 3.2: h = 1e-5, 0.5 s, pole grid 200..700 step 20 by output error, and
//               the report's poles (370, 380)
//  outliers     the SVF report sec. 3.3: three samples of V_C + 20 V (seed 8), least squares vs robust
//  orders       observed convergence orders of the six discretizations (undamped and damped)
//  belt         Beckmann et al. 2016: the experiment, Table 2 rows and Table 3 rows per eq. 32 reading
//  oscillator   the augmented EKF on s'' + b s' + ω² s = u with the belt mode's ω T and damping:
//               the bias of b per discretization (why SE's damping estimate is off, docs/results.md)
#include <cmath>
#include <cstdio>
#include <string>

#include "core/input_error.hpp"
#include "core/rng.hpp"
#include "estimators/ekf/belt_drive_experiment.hpp"
#include "estimators/ekf/convergence.hpp"
#include "estimators/ekf/linear_oscillator.hpp"
#include "estimators/scenarios.hpp"
#include "model/presets.hpp"
#include "simulate/sinusoid_response.hpp"
#include "estimators/svf/identify_svf.hpp"
#include "estimators/svf/rlc.hpp"

using namespace mechid;

namespace {

std::string num(double x) { return std::isfinite(x) ? format_number(x) : "null"; }

double msd_error(const MassSpringDamper& e) {
  return std::abs(e.m - 15.0) / 15.0 + std::abs(e.b - 0.2) / 0.2 + std::abs(e.k - 2.0) / 2.0;
}

std::string msd_row(const char* rule, const char* criterion, const SvfFit& fit, double output_error) {
  const MassSpringDamper e = mass_spring_damper(fit);
  return std::string("{\"rule\":\"") + rule + "\",\"criterion\":\"" + criterion + "\",\"p1\":" + num(fit.p1) +
         ",\"p2\":" + num(fit.p2) + ",\"m\":" + num(e.m) + ",\"b\":" + num(e.b) + ",\"k\":" + num(e.k) +
         ",\"e\":" + num(msd_error(e)) + ",\"output_error\":" + num(output_error) + "}";
}

std::string svf_msd() {
  const ScenarioData d = simulate_scenario("msd-sine", scenario_defaults("msd-sine"));  // 0.1 s over 10 s
  const double h = d.h;
  const Vector grid = pole_grid(0.1, 4.9, 0.2), y = d.q.col(0);
  std::string out = "[";
  for (const Intersample rule : {Intersample::linear, Intersample::cubic}) {
    SvfOptions o;
    o.input_rule = o.output_rule = rule;
    auto output_error = [&](const SvfFit& f) { return (y - simulate_linear_ode(f.ode, d.u, h, rule)).cwiseAbs().mean(); };
    // The seed's criterion: parameter error against the truth.
    const PoleSearch s = search_poles(grid, [&](double p1, double p2) {
      o.p1 = p1;
      o.p2 = p2;
      return msd_error(mass_spring_damper(svf_fit(d.u, y, h, o)));
    });
    o.p1 = s.p1;
    o.p2 = s.p2;
    const SvfFit by_truth = svf_fit(d.u, y, h, o);
    const SvfSisoSearch by_output = svf_siso_search(d.u, y, h, o, grid);
    out += msd_row(to_string(rule).c_str(), "parameter error", by_truth, output_error(by_truth)) + ",";
    out += msd_row(to_string(rule).c_str(), "output error", by_output.fit, by_output.output_error) + ",";
    o.p1 = 0.1;
    o.p2 = 0.5;
    const SvfFit seed_poles = svf_fit(d.u, y, h, o);
    out += msd_row(to_string(rule).c_str(), "report's poles", seed_poles, output_error(seed_poles));
    out += rule == Intersample::linear ? "," : "]";
  }
  return out;
}

std::string rlc_row(const char* label, const SvfFit& fit, double output_error, int iterations = 0, double downweighted = 0) {
  const RlcCircuit c = rlc_from_fit(fit);
  return std::string("{\"case\":\"") + label + "\",\"p1\":" + num(fit.p1) + ",\"p2\":" + num(fit.p2) +
         ",\"inv_rc\":" + num(c.inv_rc) + ",\"inv_lc\":" + num(c.inv_lc) + ",\"output_error\":" + num(output_error) +
         ",\"iterations\":" + std::to_string(iterations) + ",\"downweighted\":" + num(downweighted) + "}";
}

std::string svf_rlc() {
  const ScenarioData d = simulate_scenario("rlc", scenario_defaults("rlc"));  // 1e-5 s over 0.5 s
  const double h = d.h;
  const Vector y = d.q.col(0);
  const SvfOptions base = rlc_svf_options(370, 380);
  auto output_error = [&](const SvfFit& f, const Vector& truth) {
    return (truth - simulate_linear_ode(f.ode, d.u, h, base.input_rule)).cwiseAbs().mean();
  };
  const SvfSisoSearch s = svf_siso_search(d.u, y, h, base, pole_grid(200, 700, 20));
  const SvfFit seed_poles = svf_fit(d.u, y, h, base);
  std::string out = "{\"search\":" + rlc_row("pole search (output error)", s.fit, s.output_error) + ",\"seed_poles\":" +
                    rlc_row("report's poles", seed_poles, output_error(seed_poles, y)) + ",\"evaluated\":" +
                    std::to_string(s.search.evaluated);
  // Outliers: three samples + 20 V at uniform random places (seed 8).
  Vector corrupted = y;
  Random rng(8);
  std::string where;
  for (int j = 0; j < 3; ++j) {
    const Eigen::Index i = 1000 + static_cast<Eigen::Index>(rng.uniform() * 48000);
    corrupted(i) += 20.0;
    where += (j ? "," : "") + std::to_string(i);
  }
  SvfOptions o = base;
  const SvfFit plain = svf_fit(d.u, corrupted, h, o);
  o.robust.robust = true;
  const SvfFit robust = svf_fit(d.u, corrupted, h, o);
  out += ",\"outliers\":{\"samples\":[" + where + "],\"size\":20,\"plain\":" + rlc_row("least squares", plain, output_error(plain, y)) +
         ",\"robust\":" +
         rlc_row("robust (Huber)", robust, output_error(robust, y), robust.solution.iterations,
                 static_cast<double>((robust.solution.weights.array() < 1.0).count())) +
         "}}";
  return out;
}

std::string orders() {
  std::string out = "[";
  bool first = true;
  for (const Discretization d : all_discretizations()) {
    out += (first ? "" : ",") + std::string("{\"method\":\"") + to_string(d) + "\",\"nominal\":" +
           std::to_string(nominal_order(d)) + ",\"undamped\":" + num(observed_order(d, 0.0, 0.02)) +
           ",\"damped\":" + num(observed_order(d, 2.0, d == Discretization::lp ? 0.002 : 0.02)) + "}";
    first = false;
  }
  return out + "]";
}

std::string belt() {
  const BeltDrive model;
  const BeltExperimentOptions o;
  const BeltExperimentData d = simulate_belt_drive(model, o);
  std::string out = "{\"duration\":" + num(o.duration) + ",\"T\":" + num(o.T) + ",\"substeps\":" + std::to_string(o.substeps) +
                    ",\"reference_error\":" + num(d.reference_error) + ",\"z_min\":" + num(d.x.col(1).minCoeff()) +
                    ",\"z_max\":" + num(d.x.col(1).maxCoeff()) + ",\"omega_z0\":" + num(model.belt_frequency(0.0)) +
                    ",\"omega_zmin\":" + num(model.belt_frequency(d.x.col(1).minCoeff())) + ",\"tau_max\":" +
                    num(d.u.cwiseAbs().maxCoeff()) + ",\"windows\":[";
  for (std::size_t i = 0; i < d.windows.size(); ++i)
    out += (i ? "," : "") + std::string("[") + num(d.windows[i].first * o.T) + "," + num(d.windows[i].second * o.T) + "]";
  out += "],\"table2\":[";
  bool first = true;
  for (const DiscretizationRow& r : compare_discretizations(model, d)) {
    out += (first ? "" : ",") + std::string("{\"method\":\"") + r.method + "\",\"nrmse1\":" + num(r.nrmse1) +
           ",\"nrmse2\":" + num(r.nrmse2) + ",\"spectral_radius\":" + num(r.spectral_radius) + ",\"ns\":" +
           num(r.ns_per_step) + ",\"ns_jacobian\":" + num(r.ns_per_step_jacobian) + "}";
    first = false;
  }
  out += "],\"table3\":[";
  first = true;
  for (const Eq32Reading& reading : {Eq32Reading{1.0, 1e-6}, Eq32Reading{1e3, 1e-6}, Eq32Reading{1e3, 1e-3}}) {
    for (const Discretization m : all_discretizations()) {
      const EstimationRow r = estimate_belt_drive(model, d, m, reading);
      out += (first ? "" : ",") + std::string("{\"reading\":\"") + reading.name() + "\",\"method\":\"" + r.method +
             "\",\"status\":\"" + to_string(r.ekf.status) + "\",\"e1\":" + num(r.e1) + ",\"e2\":" + num(r.e2) +
             ",\"c_spec\":" + num(r.mean_last.size() ? r.mean_last(0) : NAN) + ",\"d\":" +
             num(r.mean_last.size() ? r.mean_last(1) : NAN) + ",\"ms\":" + num(r.ekf.ms) + "}";
      first = false;
    }
  }
  return out + "]}";
}

// Square-wave force ±1000 (period 0.6 s), 10 s, reference RK4 with 64 steps per T, φ and φ'
// measured with noise 1e-5 and 1e-2 (seed 7); θ = [b, k] from [2b, k/2] with wide priors.
std::string oscillator() {
  const double w = 290.0, b = 26.8, T = 1e-3;
  const LinearOscillator model(1.0, b, w * w, {"b", "k"});
  const Eigen::Index N = 10000;
  Random rng(7);
  Matrix u(N, 1), y(N, 2);
  Vector x = Vector::Zero(2);
  for (Eigen::Index k = 0; k < N; ++k) {
    u(k, 0) = (k / 300) % 2 ? 1000.0 : -1000.0;
    if (k > 0) {
      const Vector held = u.row(k - 1).transpose();
      for (int i = 0; i < 64; ++i)
        x = discrete_step(model, Discretization::rk4, x, model.true_theta(), {held, held, held}, T / 64, false).x;
    }
    y(k, 0) = x(0) + 1e-5 * rng.normal();
    y(k, 1) = x(1) + 1e-2 * rng.normal();
  }
  std::string out = "{\"omega\":" + num(w) + ",\"b\":" + num(b) + ",\"T\":" + num(T) + ",\"rows\":[";
  bool first = true;
  for (const Discretization m : all_discretizations()) {
    EkfOptions o;
    o.method = m;
    o.T = T;
    o.x_init = Vector::Zero(2);
    o.theta_init = Eigen::Vector2d(2 * b, 0.5 * w * w);
    o.P_init = o.Q_x = 1e-10 * Matrix::Identity(2, 2);
    o.Theta_init = Eigen::Vector2d(b * b, w * w * w * w / 4).asDiagonal();
    o.Q_theta = 1e-12 * Matrix::Identity(2, 2);
    o.R = Eigen::Vector2d(1e-10, 1e-4).asDiagonal();
    o.C = Matrix::Identity(2, 2);
    const EkfResult r = run_augmented_ekf(model, u, y, o);
    out += (first ? "" : ",") + std::string("{\"method\":\"") + to_string(m) + "\",\"b_error\":" +
           num(r.parameters(N - 1, 0) / b - 1) + ",\"k_error\":" + num(r.parameters(N - 1, 1) / (w * w) - 1) + "}";
    first = false;
  }
  return out + "]}";
}

}  // namespace

int main() {
  std::printf("{\"svf_msd\":%s,\n\"svf_rlc\":%s,\n\"orders\":%s,\n\"belt\":%s,\n\"oscillator\":%s}\n", svf_msd().c_str(),
              svf_rlc().c_str(), orders().c_str(), belt().c_str(), oscillator().c_str());
  return 0;
}
