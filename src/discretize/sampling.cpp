#include "discretize/sampling.hpp"

#include "discretize/sampling_sensitivity.hpp"

namespace mechid {

ZohSampling sample_zoh(const Matrix& A, const Matrix& B, double h) {
  const Eigen::Index n = A.rows(), k = B.cols();
  Matrix augmented = Matrix::Zero(n + k, n + k);
  augmented.topLeftCorner(n, n) = A * h;
  augmented.topRightCorner(n, k) = B * h;
  const Matrix E = exponential_derivatives(augmented, {}).exponential;  // balanced: accurate in any units
  return {E.topLeftCorner(n, n), E.topRightCorner(n, k)};
}

FohSampling sample_foh(const Matrix& A, const Matrix& B, double h) {
  const Eigen::Index n = A.rows(), k = B.cols();
  Matrix augmented = Matrix::Zero(n + 2 * k, n + 2 * k);
  augmented.topLeftCorner(n, n) = A * h;
  augmented.block(0, n, n, k) = B * h;
  augmented.block(n, n + k, k, k).setIdentity();
  const Matrix E = exponential_derivatives(augmented, {}).exponential;
  return {E.topLeftCorner(n, n), E.block(0, n, n, k), E.block(0, n + k, n, k)};
}

}  // namespace mechid
