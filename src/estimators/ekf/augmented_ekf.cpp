#include "estimators/ekf/augmented_ekf.hpp"

#include <chrono>
#include <cmath>

#include "core/input_error.hpp"

namespace mechid {
namespace {

void require_size(const Matrix& X, Eigen::Index rows, Eigen::Index cols, const std::string& name) {
  require(X.rows() == rows && X.cols() == cols, name + " must be " + std::to_string(rows) + "x" + std::to_string(cols) +
                                                    ", got " + std::to_string(X.rows()) + "x" + std::to_string(X.cols()));
  require(X.allFinite(), name + " has a non-finite entry");
}

void require_covariance(const Matrix& X, Eigen::Index size, const std::string& name, bool definite) {
  require_size(X, size, size, name);
  if (size == 0) return;
  require((X - X.transpose()).cwiseAbs().maxCoeff() <= 1e-12 * X.cwiseAbs().maxCoeff(), name + " must be symmetric");
  const double smallest = Eigen::SelfAdjointEigenSolver<Matrix>(X, Eigen::EigenvaluesOnly).eigenvalues()(0);
  require(definite ? smallest > 0 : smallest >= 0, name + " must be positive " + (definite ? "definite" : "semidefinite") +
                                                       " (smallest eigenvalue " + format_number(smallest) + ")");
}

void check(const SecondOrderModel& model, const Matrix& u, const Matrix& y, const EkfOptions& o, const Matrix& truth) {
  const Eigen::Index n2 = 2 * model.dof(), p = model.parameters(), m = y.cols(), N = u.rows();
  require(std::isfinite(o.T) && o.T > 0, "the sampling time T must be a positive number of seconds, got " + format_number(o.T));
  require(N >= 2, "the EKF needs at least 2 samples, got " + std::to_string(N));
  require(u.cols() == model.inputs(), "the model has " + std::to_string(model.inputs()) + " inputs but the data " +
                                          std::to_string(u.cols()) + " input columns");
  require(y.rows() == N, "inputs have " + std::to_string(N) + " samples but measurements " + std::to_string(y.rows()));
  require(m > 0, "the data have no measurement column");
  require(u.allFinite(), "the input data have a non-finite sample");
  require(y.allFinite(), "the measurements have a non-finite sample");
  require_size(o.C, m, n2, "the measurement matrix C");
  require(o.x_init.size() == n2 && o.x_init.allFinite(), "x_init must have " + std::to_string(n2) + " finite entries, got " +
                                                             std::to_string(o.x_init.size()));
  require(o.theta_init.size() == p && o.theta_init.allFinite(), "theta_init must have " + std::to_string(p) +
                                                                    " finite entries, got " + std::to_string(o.theta_init.size()));
  require_covariance(o.P_init, n2, "P_init", false);
  require_covariance(o.Theta_init, p, "Theta_init", false);
  require_covariance(o.Q_x, n2, "Q_x", false);
  require_covariance(o.Q_theta, p, "Q_theta", false);
  require_covariance(o.R, m, "R", true);
  require(truth.size() == 0 || (truth.rows() == N && truth.cols() == n2 + p),
          "the true states must be " + std::to_string(N) + "x" + std::to_string(n2 + p) + ", got " +
              std::to_string(truth.rows()) + "x" + std::to_string(truth.cols()));
}

}  // namespace

EkfResult run_augmented_ekf(const SecondOrderModel& model, const Matrix& u, const Matrix& y, const EkfOptions& o,
                            const Matrix& truth) {
  check(model, u, y, o, truth);
  const auto start = std::chrono::steady_clock::now();
  const Eigen::Index n2 = 2 * model.dof(), p = model.parameters(), na = n2 + p, m = y.cols(), N = u.rows();
  EkfResult r;
  r.states = Matrix::Constant(N, n2, NAN);
  r.parameters = Matrix::Constant(N, p, NAN);
  r.parameter_std = Matrix::Constant(N, p, NAN);
  r.state_std = Matrix::Constant(N, n2, NAN);
  r.innovations = Matrix::Zero(N, m);
  if (truth.size()) r.nees = Vector::Constant(N, NAN);

  // Initialisation (eqs. 3, 13) and the augmented noise covariance (eq. 14).
  Vector xa(na);
  xa << o.x_init, o.theta_init;
  Matrix P = Matrix::Zero(na, na), Q = Matrix::Zero(na, na);
  P.topLeftCorner(n2, n2) = o.P_init;
  P.bottomRightCorner(p, p) = o.Theta_init;
  Q.topLeftCorner(n2, n2) = o.Q_x;
  Q.bottomRightCorner(p, p) = o.Q_theta;
  Matrix H = Matrix::Zero(m, na);  // eq. 10 for y = C x
  H.leftCols(n2) = o.C;
  const Matrix I = Matrix::Identity(na, na);
  Matrix A = Matrix::Identity(na, na);

  auto record = [&](Eigen::Index k) {
    r.states.row(k) = xa.head(n2).transpose();
    const Vector sd = P.diagonal().cwiseMax(0.0).cwiseSqrt();
    r.state_std.row(k) = sd.head(n2).transpose();
    if (p > 0) {  // no row of an N x 0 matrix: its data pointer is null (UBSan: offset to a null pointer)
      r.parameters.row(k) = xa.tail(p).transpose();
      r.parameter_std.row(k) = sd.tail(p).transpose();
    }
    if (truth.size()) {
      const Vector e = truth.row(k).transpose() - xa;
      r.nees(k) = e.dot(P.ldlt().solve(e));
    }
  };
  record(0);
  for (Eigen::Index k = 1; k < N; ++k) {
    // Time update (eqs. 4-6, 11): the discretization and its exact Jacobian at the previous estimate.
    StepInputs in;
    in.start = u.row(k - 1).transpose();
    if (o.input_sampling == InputSampling::hold) {
      in.mid = in.end = in.start;
    } else {
      in.end = u.row(k).transpose();
      in.mid = 0.5 * (in.start + in.end);
    }
    const DiscreteStep step = discrete_step(model, o.method, xa.head(n2), xa.tail(p), in, o.T, true);
    A.topLeftCorner(n2, n2) = step.dx;
    A.topRightCorner(n2, p) = step.dtheta;
    xa.head(n2) = step.x;
    P = A * P * A.transpose() + Q;
    // Correction (eqs. 7-9).
    const Vector innovation = y.row(k).transpose() - o.C * xa.head(n2);
    const Matrix S = H * P * H.transpose() + o.R;
    const Matrix K = P * H.transpose() * S.ldlt().solve(Matrix::Identity(m, m));
    xa += K * innovation;
    const Matrix IKH = I - K * H;
    P = IKH * P * IKH.transpose() + K * o.R * K.transpose();
    P = 0.5 * (P + P.transpose());
    r.innovations.row(k) = innovation.transpose();
    if (!xa.allFinite() || !P.allFinite()) {
      r.status = Status::failed;
      r.message = "the filter diverged at sample " + std::to_string(k) + " (t = " + format_number(k * o.T) + " s)";
      break;
    }
    record(k);
    r.steps = k;
  }
  r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return r;
}

}  // namespace mechid
