#include "discretize/sampling_sensitivity.hpp"

#include <unsupported/Eigen/MatrixFunctions>

namespace mechid {

Eigen::Index hold_columns(InputSampling sampling) { return sampling == InputSampling::hold ? 1 : 2; }

Matrix sampling_generator(const Matrix& A, const Matrix& B, double h, InputSampling sampling) {
  const Eigen::Index n = A.rows(), k = B.cols(), m = n + hold_columns(sampling) * k;
  Matrix X = Matrix::Zero(m, m);
  X.topLeftCorner(n, n) = A * h;
  X.block(0, n, n, k) = B * h;
  if (sampling == InputSampling::point) X.block(n, n + k, k, k).setIdentity();  // u(t) = u_k + (t/h) Δu
  return X;
}

Matrix sampled_model(const Matrix& A, const Matrix& B, double h, InputSampling sampling) {
  return sampling_generator(A, B, h, sampling).exp().topRows(A.rows());
}

ExponentialDerivatives exponential_derivatives(const Matrix& X, const std::vector<Matrix>& directions) {
  const Eigen::Index m = X.rows();
  ExponentialDerivatives out;
  out.exponential = X.exp();
  Matrix block = Matrix::Zero(2 * m, 2 * m);
  block.topLeftCorner(m, m) = X;
  block.bottomRightCorner(m, m) = X;
  out.derivatives.reserve(directions.size());
  for (const Matrix& E : directions) {
    block.topRightCorner(m, m) = E;
    out.derivatives.push_back(block.exp().topRightCorner(m, m));
  }
  return out;
}

}  // namespace mechid
