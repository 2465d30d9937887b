#include "discretize/sampling.hpp"

#include "discretize/sampling_sensitivity.hpp"

namespace mechid {

// Both through the balanced exponential of the augmented generator (sampling_sensitivity.hpp):
// accurate whatever the units.
ZohSampling sample_zoh(const Matrix& A, const Matrix& B, double h) {
  const Eigen::Index n = A.rows(), k = B.cols();
  const Matrix E = exponential_derivatives(sampling_generator(A, B, h, InputSampling::hold), {}).exponential;
  return {E.topLeftCorner(n, n), E.topRightCorner(n, k)};
}

FohSampling sample_foh(const Matrix& A, const Matrix& B, double h) {
  const Eigen::Index n = A.rows(), k = B.cols();
  const Matrix E = exponential_derivatives(sampling_generator(A, B, h, InputSampling::point), {}).exponential;
  return {E.topLeftCorner(n, n), E.block(0, n, n, k), E.block(0, n + k, n, k)};
}

}  // namespace mechid
