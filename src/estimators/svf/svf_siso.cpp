#include "estimators/svf/svf_siso.hpp"

#include <cmath>

#include "core/input_error.hpp"
#include "core/sampling_period.hpp"

namespace mechid {
namespace {

void check_data(const Matrix& u, const Vector& y, double h, const SvfOptions& o) {
  check_sampling_period(h);
  require(u.cols() > 0, "the data have no input column (u1..uk)");
  require(u.rows() == y.size(), "inputs have " + std::to_string(u.rows()) + " samples but the output " +
                                    std::to_string(y.size()));
  require(o.input_derivative.empty() || o.input_derivative.size() == static_cast<std::size_t>(u.cols()),
          "the model structure names " + std::to_string(o.input_derivative.size()) + " inputs but the data have " +
              std::to_string(u.cols()));
  require(u.allFinite(), "the input data have a non-finite sample");
  require(y.allFinite(), "the output data have a non-finite sample");
}

bool has_derivative(const SvfOptions& o, Eigen::Index j) {
  return !o.input_derivative.empty() && o.input_derivative[static_cast<std::size_t>(j)];
}

// θ_λ = [a1 - λ1, a0 - λ2, b…] back to the ODE (eqs. 5, 11).
LinearOde2 ode_of(const Vector& theta, const SvfOptions& o, Eigen::Index inputs) {
  const Eigen::Vector2d lambda = filter_lambda(o.p1, o.p2);
  LinearOde2 ode;
  ode.a1 = theta(0) + lambda(0);
  ode.a0 = theta(1) + lambda(1);
  ode.b = Matrix::Zero(inputs, 2);
  Eigen::Index c = 2;
  for (Eigen::Index j = 0; j < inputs; ++j) {
    if (has_derivative(o, j)) ode.b(j, 0) = theta(c++);
    ode.b(j, 1) = theta(c++);
  }
  return ode;
}

// Steps 1-3 of the robust fit (see svf_fit in the header).
LeastSquaresSolution huber_fit(const Matrix& u, const Vector& y, double h, const SvfOptions& o, const Matrix& zeta) {
  LeastSquaresSolution s = solve_least_squares(zeta, y);
  if (s.status == Status::failed) return s;
  const Vector start = block_start(zeta, y, 1, o.robust.blocks);
  if (start.size()) s.x = start;
  for (s.iterations = 1; s.iterations <= o.robust.max_iterations; ++s.iterations) {
    const Vector predicted = simulate_linear_ode(ode_of(s.x, o, u.cols()), u, h, o.input_rule);
    if (!predicted.allFinite()) {
      s.status = Status::failed;
      s.message = "the robust fit diverged: the model simulated from the current estimate is unstable";
      return s;
    }
    const Cleaning c = huber_clean(y, predicted, o.robust.huber_k);
    const LeastSquaresSolution next = solve_least_squares(svf_regressors(u, c.cleaned.col(0), h, o), c.cleaned.col(0));
    if (next.status == Status::failed) return next;
    const double change = (next.x - s.x).cwiseAbs().maxCoeff();
    s.x = next.x;
    s.condition = next.condition;
    s.residuals = y - predicted;
    s.weights = c.weights;
    if (change <= o.robust.tolerance * s.x.cwiseAbs().maxCoeff()) return s;
  }
  s.iterations = o.robust.max_iterations;
  s.add_warning("the robust (Huber) iteration did not settle in " + std::to_string(o.robust.max_iterations) +
                " iterations");
  return s;
}

}  // namespace

Matrix svf_regressors(const Matrix& u, const Vector& y, double h, const SvfOptions& o) {
  check_data(u, y, h, o);
  const Matrix fy = state_variable_filter(y, h, o.p1, o.p2, o.output_rule);
  const Matrix fu = state_variable_filter(u, h, o.p1, o.p2, o.input_rule);
  Eigen::Index columns = 2;
  for (Eigen::Index j = 0; j < u.cols(); ++j) columns += has_derivative(o, j) ? 2 : 1;
  // ζ = [-s y/Λ, -y/Λ, (s u_j/Λ,) u_j/Λ] (eq. 6; eqs. 9-10 for the two-input circuit).
  Matrix zeta(y.size(), columns);
  zeta.col(0) = -fy.col(1);
  zeta.col(1) = -fy.col(0);
  Eigen::Index c = 2;
  for (Eigen::Index j = 0; j < u.cols(); ++j) {
    if (has_derivative(o, j)) zeta.col(c++) = fu.col(2 * j + 1);
    zeta.col(c++) = fu.col(2 * j);
  }
  return zeta;
}

SvfFit svf_fit(const Matrix& u, const Vector& y, double h, const SvfOptions& o) {
  SvfFit fit;
  fit.p1 = o.p1;
  fit.p2 = o.p2;
  const Matrix zeta = svf_regressors(u, y, h, o);
  require(y.size() >= 2 * zeta.cols(), "too few samples: " + std::to_string(y.size()) + ", need at least " +
                                           std::to_string(2 * zeta.cols()) + " for " + std::to_string(zeta.cols()) +
                                           " parameters");
  fit.theta_names = {"a1-lambda1", "a0-lambda2"};
  for (Eigen::Index j = 0; j < u.cols(); ++j) {
    fit.input_derivative.push_back(has_derivative(o, j));
    if (has_derivative(o, j)) fit.theta_names.push_back("b" + std::to_string(j + 1) + ",1");
    fit.theta_names.push_back("b" + std::to_string(j + 1) + ",0");
  }
  // Least squares of y = θ_λᵀ ζ (eq. 7), or its Huber M-estimate.
  fit.solution = o.robust.robust ? huber_fit(u, y, h, o, zeta) : solve_least_squares(zeta, y);
  static_cast<Outcome&>(fit) = fit.solution;  // status, message and warnings of the solve
  if (fit.status == Status::failed) return fit;
  fit.theta = fit.solution.x;
  fit.ode = ode_of(fit.theta, o, u.cols());
  return fit;
}

MassSpringDamper mass_spring_damper(const SvfFit& fit) {
  require(fit.input_derivative.size() == 1 && !fit.input_derivative[0],
          "m, b, k need a fit of one input without derivative term (eq. 5)");
  MassSpringDamper out;
  out.m = 1.0 / fit.ode.b(0, 1);
  out.b = out.m * fit.ode.a1;
  out.k = out.m * fit.ode.a0;
  return out;
}

SineSum msd_seed_input() {
  // offset 10.5; one term on channel 0: amplitude 5, ω = 2 rad/s, phase 0
  return {Vector::Constant(1, 10.5), {{0, 5.0, 2.0, 0.0}}};
}

}  // namespace mechid
