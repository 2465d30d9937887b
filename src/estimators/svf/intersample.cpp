#include "estimators/svf/intersample.hpp"

#include <cmath>

#include <unsupported/Eigen/MatrixFunctions>

#include "core/enum_names.hpp"
#include "core/input_error.hpp"
#include "core/sampling_period.hpp"

namespace mechid {
namespace {

const EnumNames<Intersample, 3> kRuleNames{"intersample rule", {"hold", "linear", "cubic"}};

// Derivatives at τ = 0 of the cubic through the samples at τ = (first + j) h, j = 0..3, as
// weights on those samples (row m: d_m h^m; the h scaling is applied by the caller).
Eigen::Matrix4d cubic_derivative_weights(int first) {
  // Vandermonde V(j, m) = (first + j)^m / m!: samples = V [d_0, d_1 h, d_2 h², d_3 h³]ᵀ.
  Eigen::Matrix4d V;
  const double factorial[4] = {1.0, 1.0, 2.0, 6.0};
  for (int j = 0; j < 4; ++j)
    for (int m = 0; m < 4; ++m) V(j, m) = std::pow(static_cast<double>(first + j), m) / factorial[m];
  return V.inverse();
}

}  // namespace

Intersample parse_intersample(const std::string& text) { return kRuleNames.parse(text); }

std::string to_string(Intersample rule) { return kRuleNames.name(rule); }

Matrix sampled_states(const Matrix& A, const Matrix& B, const Matrix& u, double h, Intersample rule) {
  check_sampling_period(h);
  const Eigen::Index n = A.rows(), k = B.cols(), N = u.rows();
  require(u.cols() == k, "the signal has " + std::to_string(u.cols()) + " channels, the system " + std::to_string(k) +
                             " inputs");
  if (rule == Intersample::cubic && N < 4) rule = Intersample::linear;
  const int order = rule == Intersample::hold ? 0 : rule == Intersample::linear ? 1 : 3;
  // One exponential: [A B 0..; chain of integrators] h.
  const Eigen::Index size = n + (order + 1) * k;
  Matrix augmented = Matrix::Zero(size, size);
  augmented.topLeftCorner(n, n) = A * h;
  augmented.block(0, n, n, k) = B * h;
  for (int m = 0; m < order; ++m) augmented.block(n + m * k, n + (m + 1) * k, k, k) = Matrix::Identity(k, k) * h;
  const Matrix E = augmented.exp();
  const Matrix F = E.topLeftCorner(n, n);
  const Matrix Gamma = E.block(0, n, n, (order + 1) * k);  // [Γ_0 .. Γ_order], each n x k

  const Eigen::Matrix4d interior = cubic_derivative_weights(-1), start = cubic_derivative_weights(0),
                        end = cubic_derivative_weights(-2);
  Matrix x(N, n);
  Vector state = Vector::Zero(n), d((order + 1) * k);
  for (Eigen::Index i = 0; i < N; ++i) {
    x.row(i) = state.transpose();
    if (i + 1 == N) break;
    if (order == 0) {
      d = u.row(i).transpose();
    } else if (order == 1) {
      d.head(k) = u.row(i).transpose();
      d.tail(k) = (u.row(i + 1) - u.row(i)).transpose() / h;
    } else {
      // Nodes t_{i-1}..t_{i+2}, shifted inwards at the ends.
      const int first = i == 0 ? 0 : (i + 2 >= N ? -2 : -1);
      const Eigen::Matrix4d& W = first == 0 ? start : (first == -2 ? end : interior);
      const Matrix samples = u.middleRows(i + first, 4);  // 4 x k
      double scale = 1.0;
      for (int m = 0; m < 4; ++m, scale /= h) d.segment(m * k, k) = (W.row(m) * samples).transpose() * scale;
    }
    state = F * state + Gamma * d;
  }
  return x;
}

}  // namespace mechid
