#include "estimators/ekf/convergence.hpp"

#include <cmath>

#include "estimators/ekf/linear_oscillator.hpp"
#include "simulate/sinusoid_response.hpp"

namespace mechid {

double oscillator_global_error(Discretization method, double b, double T, double t_end) {
  const double m = 1.0, k = 4.0;
  const LinearOscillator model(m, b, k);
  SineSum u;
  u.offset = Vector::Constant(1, 0.5);
  u.terms.push_back({0, 1.0, 1.3, 0.0});
  const Eigen::Index N = static_cast<Eigen::Index>(std::llround(t_end / T));
  StateSpaceModel ss;
  ss.A.resize(2, 2);
  ss.A << 0, 1, -k / m, -b / m;
  ss.B = Matrix(2, 1);
  ss.B << 0, 1 / m;
  ss.C = Matrix::Identity(2, 2);
  ss.D = Matrix::Zero(2, 1);
  const SampledResponse exact = sinusoid_response(ss, u, Vector::Zero(2), T, N + 1);
  Vector x = Vector::Zero(2);
  const Vector theta(0);
  for (Eigen::Index i = 0; i < N; ++i) {
    const double t = i * T;
    x = discrete_step(model, method, x, theta, {u.at(t), u.at(t + 0.5 * T), u.at(t + T)}, T, false).x;
  }
  return (x - exact.x.row(N).transpose()).norm();
}

double observed_order(Discretization method, double b, double T0) {
  Eigen::Matrix<double, 4, 2> X;
  Eigen::Vector4d e;
  for (int i = 0; i < 4; ++i) {
    const double T = T0 / (1 << i);
    X(i, 0) = std::log(T);
    X(i, 1) = 1.0;
    e(i) = std::log(oscillator_global_error(method, b, T));
  }
  return X.colPivHouseholderQr().solve(e)(0);
}

}  // namespace mechid
