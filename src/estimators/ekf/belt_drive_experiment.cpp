#include "estimators/ekf/belt_drive_experiment.hpp"

#include <chrono>
#include <cmath>

#include "core/input_error.hpp"
#include "core/rng.hpp"
#include "estimators/ekf/scaled_model.hpp"
#include "estimators/ekf/trajectory.hpp"

namespace mechid {
namespace {

// The plant over one controller period with the torque held: RK4 on `substeps` steps.
Vector plant_step(const BeltDrive& model, const Vector& x, const Vector& tau, double T, int substeps) {
  const Vector theta = model.true_theta();
  const StepInputs held{tau, tau, tau};
  Vector state = x;
  for (int i = 0; i < substeps; ++i)
    state = discrete_step(model, Discretization::rk4, state, theta, held, T / substeps, false).x;
  return state;
}

struct ClosedLoop {
  Matrix x, u, setpoint;
};

// Cascade control: ω_cmd = φ'_ref + Kp (φ_ref - φ); τ = Kv (ω_cmd - ω̂) + Ki ∫(ω_cmd - ω̂) + J_tot φ''_ref,
// ω̂ the first-order filtered backward difference of the sampled motor angle.
ClosedLoop run_closed_loop(const BeltDrive& model, const BeltExperimentOptions& o, const MotionProgram& program,
                           Eigen::Index N, int substeps) {
  const BeltDriveParameters& p = model.parameters_table();
  const double J_tot = p.inertia + p.mass * p.r1 * p.r1;
  const double Kv = J_tot * o.speed_bandwidth, Ki = Kv * o.speed_bandwidth / 4, Kp = o.speed_bandwidth / 4;
  const double alpha = o.T / (o.T + o.speed_filter);
  ClosedLoop out{Matrix(N, 4), Matrix(N, 1), Matrix(N, 3)};
  Vector x = Vector::Zero(4);
  double speed = 0.0, integral = 0.0, previous_phi = 0.0;
  for (Eigen::Index k = 0; k < N; ++k) {
    const MotionSample ref = program.at(k * o.T);
    const double phi_ref = ref.p / p.r1, omega_ref = ref.v / p.r1, alpha_ref = ref.a / p.r1;
    const double phi = x(0);
    if (k > 0) speed += alpha * ((phi - previous_phi) / o.T - speed);
    previous_phi = phi;
    const double error = omega_ref + Kp * (phi_ref - phi) - speed;
    integral += Ki * o.T * error;
    const double tau = Kv * error + integral + J_tot * alpha_ref;
    out.x.row(k) = x.transpose();
    out.u(k, 0) = tau;
    out.setpoint.row(k) << phi_ref, omega_ref, alpha_ref;
    x = plant_step(model, x, Vector::Constant(1, tau), o.T, substeps);
    require(x.allFinite(), "the closed-loop belt-drive simulation diverged: check the controller bandwidth");
  }
  return out;
}

double nrmse(const Vector& v, const Vector& reference) {
  return (v - reference).norm() / (reference.array() - reference.mean()).matrix().norm();
}

}  // namespace

BeltExperimentData simulate_belt_drive(const BeltDrive& model, const BeltExperimentOptions& o) {
  require(std::isfinite(o.T) && o.T > 0, "T must be a positive number of seconds, got " + format_number(o.T));
  require(std::isfinite(o.duration) && o.duration >= 10 * o.T && o.duration <= 600,
          "the duration must be between 10 T and 600 s, got " + format_number(o.duration));
  require(o.substeps >= 1 && o.substeps <= 4096, "substeps must be between 1 and 4096, got " + std::to_string(o.substeps));
  require(std::isfinite(o.jerk_time) && o.jerk_time > 0, "the jerk time must be positive, got " + format_number(o.jerk_time));
  require(std::isfinite(o.speed_bandwidth) && o.speed_bandwidth > 0, "the speed bandwidth must be positive, got " +
                                                                         format_number(o.speed_bandwidth));
  require(std::isfinite(o.speed_filter) && o.speed_filter >= 0, "the speed filter time constant must be >= 0, got " +
                                                                    format_number(o.speed_filter));
  require(o.noise_var_phi >= 0 && o.noise_var_speed >= 0, "noise variances must be >= 0");
  for (const double target : o.targets)
    require(std::isfinite(target) && target > -model.parameters_table().z0,
            "every target must lie above -z0 = " + format_number(-model.parameters_table().z0) +
                " m (c_eff has a pole there), got " + format_number(target));
  const Eigen::Index N = static_cast<Eigen::Index>(std::llround(o.duration / o.T)) + 1;
  const MotionProgram program(0.0, o.targets, o.dwell, o.lead, {o.v_max, o.a_max, o.a_max / o.jerk_time}, o.duration);
  const ClosedLoop loop = run_closed_loop(model, o, program, N, o.substeps);

  BeltExperimentData d;
  d.T = o.T;
  d.t = Vector::LinSpaced(N, 0.0, (N - 1) * o.T);
  d.u = loop.u;
  d.x = loop.x;
  d.setpoint = loop.setpoint;
  // Self-check of the reference: the same torque sequence with twice the substeps.
  Vector x = Vector::Zero(4);
  double worst = 0.0;
  for (Eigen::Index k = 0; k + 1 < N; ++k) {
    x = plant_step(model, x, d.u.row(k).transpose(), o.T, 2 * o.substeps);
    worst = std::max(worst, (x - d.x.row(k + 1).transpose()).cwiseAbs().maxCoeff());
  }
  d.reference_error = worst / d.x.cwiseAbs().maxCoeff();
  // Measurements (eq. 31) with the noise of R in eq. 32.
  Random rng(o.seed);
  d.y.resize(N, 2);
  for (Eigen::Index k = 0; k < N; ++k) {
    d.y(k, 0) = d.x(k, 0) + std::sqrt(o.noise_var_phi) * rng.normal();
    d.y(k, 1) = d.x(k, 2) + std::sqrt(o.noise_var_speed) * rng.normal();
  }
  // Detail windows: 0.1 s from the start of the cruise phase of the first move that reaches the
  // highest speed and of the first that reaches the lowest.
  const auto phases = program.cruise_phases();
  Eigen::Index best_high = -1, best_low = -1;
  double high = -INFINITY, low = INFINITY;
  for (const auto& [start, end] : phases) {
    const Eigen::Index k = static_cast<Eigen::Index>(std::llround(start / o.T));
    if (k + 1 >= N) break;
    const double v = d.setpoint(k + 1, 1);
    if (v > high + 1e-9) high = v, best_high = k;
    if (v < low - 1e-9) low = v, best_low = k;
  }
  const Eigen::Index length = static_cast<Eigen::Index>(std::llround(0.1 / o.T));
  for (const Eigen::Index k : {best_high, best_low})
    if (k >= 0 && k + length <= N) d.windows.push_back({k, k + length});
  return d;
}

std::vector<DiscretizationRow> compare_discretizations(const BeltDrive& model, const BeltExperimentData& d) {
  const Eigen::Index N = d.u.rows();
  const Vector theta = model.true_theta();
  const double bound = 1e3 * d.x.cwiseAbs().maxCoeff();
  std::vector<DiscretizationRow> rows;
  for (const Discretization method : all_discretizations()) {
    DiscretizationRow row;
    row.method = to_string(method);
    row.speed = Matrix::Constant(N, 1, NAN);
    Vector x = d.x.row(0).transpose();
    for (Eigen::Index k = 0; k < N; ++k) {
      if (k > 0) {
        const Vector tau = d.u.row(k - 1).transpose();
        x = discrete_step(model, method, x, theta, {tau, tau, tau}, d.T, false).x;
      }
      if (!x.allFinite() || x.cwiseAbs().maxCoeff() > bound) {
        row.stable = false;
        break;
      }
      row.speed(k, 0) = x(2);
    }
    if (row.stable && d.windows.size() == 2) {
      const auto [a0, a1] = d.windows[0];
      const auto [b0, b1] = d.windows[1];
      row.nrmse1 = nrmse(row.speed.col(0).segment(a0, a1 - a0), d.x.col(2).segment(a0, a1 - a0));
      row.nrmse2 = nrmse(row.speed.col(0).segment(b0, b1 - b0), d.x.col(2).segment(b0, b1 - b0));
    }
    for (Eigen::Index k = 1; k < N; ++k) {
      const Vector tau = d.u.row(k - 1).transpose();
      const Matrix A = discrete_step(model, method, d.x.row(k - 1).transpose(), theta, {tau, tau, tau}, d.T, true).dx;
      row.spectral_radius = std::max(row.spectral_radius, Eigen::EigenSolver<Matrix>(A, false).eigenvalues().cwiseAbs().maxCoeff());
    }
    // Time per step: the map alone and with its Jacobian, at the reference states (best of 3 passes).
    for (const bool jacobians : {false, true}) {
      double best = INFINITY;
      double sink = 0.0;
      for (int pass = 0; pass < 3; ++pass) {
        const auto start = std::chrono::steady_clock::now();
        for (Eigen::Index k = 1; k < N; ++k) {
          const Vector tau = d.u.row(k - 1).transpose();
          sink += discrete_step(model, method, d.x.row(k - 1).transpose(), theta, {tau, tau, tau}, d.T, jacobians).x(0);
        }
        best = std::min(best, std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count());
      }
      (jacobians ? row.ns_per_step_jacobian : row.ns_per_step) = best / static_cast<double>(N - 1) + 0.0 * sink;
    }
    rows.push_back(row);
  }
  return rows;
}

EkfOptions belt_drive_ekf_options(const BeltDrive& model, Discretization method, double T) {
  EkfOptions o;
  o.method = method;
  o.T = T;
  // Eq. 32.
  o.Q_x = 1e-10 * Matrix::Identity(4, 4);
  o.P_init = 1e-10 * Matrix::Identity(4, 4);
  o.Q_theta = Eigen::Vector2d(8e-12, 8e-12).asDiagonal();
  o.Theta_init = Eigen::Vector2d(1e-1, 1e-6).asDiagonal();
  o.R = Eigen::Vector2d(1e-9, 1e-2).asDiagonal();
  o.x_init = Vector::Zero(4);
  o.theta_init = Eigen::Vector2d(0.2 * model.parameters_table().c_spec, 2.0 * model.parameters_table().d);
  o.C = Matrix::Zero(2, 4);
  o.C(0, 0) = 1.0;
  o.C(1, 2) = 1.0;
  o.input_sampling = InputSampling::hold;
  return o;
}

std::string Eq32Reading::name() const {
  std::string out = parameter_scale == 1.0 ? "as printed" : parameter_scale == 1e3 ? "kN" : "scale " + format_number(parameter_scale);
  if (theta_init_d != 1e-6) out += ", Θ_init(d) = " + format_number(theta_init_d);
  return out;
}

EstimationRow estimate_belt_drive(const BeltDrive& model, const BeltExperimentData& d, Discretization method,
                                  const Eq32Reading& reading, double window) {
  require(std::isfinite(reading.parameter_scale) && reading.parameter_scale > 0,
          "the parameter scale must be positive, got " + format_number(reading.parameter_scale));
  require(std::isfinite(reading.theta_init_d) && reading.theta_init_d > 0,
          "Θ_init of d must be positive, got " + format_number(reading.theta_init_d));
  EstimationRow row;
  row.method = to_string(method);
  EkfOptions o = belt_drive_ekf_options(model, method, d.T);
  o.Theta_init(1, 1) = reading.theta_init_d;
  row.ekf = run_scaled_ekf(model, d.u, d.y, o, reading.parameter_scale);
  const Eigen::Index N = d.u.rows(), last = std::min<Eigen::Index>(N - 1, static_cast<Eigen::Index>(std::llround(window / d.T)));
  if (row.ekf.status == Status::failed) return row;
  row.mean_last = row.ekf.parameters.bottomRows(last).colwise().mean().transpose();
  const Vector truth = model.true_theta();
  row.e1 = std::abs(row.mean_last(0) - truth(0)) / truth(0);
  row.e2 = std::abs(row.mean_last(1) - truth(1)) / truth(1);
  return row;
}

}  // namespace mechid
