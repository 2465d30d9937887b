#include "discretize/cubic_hold.hpp"

namespace mechid {

Matrix cubic_hold_generator(const Matrix& A, const Matrix& B, double step) {
  const Eigen::Index n = A.rows(), k = B.cols(), m = n + 4 * k;
  Matrix X = Matrix::Zero(m, m);
  X.topLeftCorner(n, n) = A * step;
  X.block(0, n, n, k) = B * step;
  // The integrators: input state i (σ^i / i!) is the integral of input state i + 1.
  for (Eigen::Index i = 0; i < 3; ++i) X.block(n + i * k, n + (i + 1) * k, k, k).setIdentity();
  return X;
}

Matrix cubic_hold_weights(const Matrix& top_rows, Eigen::Index k) {
  const Eigen::Index n = top_rows.rows();
  // ∂c_i/∂u_m, row i = 0 … 3, column m = −1 … 2 (the differences in cubic_hold.hpp).
  static const double kDifferences[4][4] = {
      {0, 1, 0, 0}, {-2.0 / 6, -3.0 / 6, 6.0 / 6, -1.0 / 6}, {1, -2, 1, 0}, {-1, 3, -3, 1}};
  Matrix G = Matrix::Zero(n, 4 * k);
  for (Eigen::Index i = 0; i < 4; ++i) {
    const auto gamma = top_rows.block(0, n + i * k, n, k);
    for (Eigen::Index m = 0; m < 4; ++m)
      if (kDifferences[i][m] != 0) G.middleCols(m * k, k) += kDifferences[i][m] * gamma;
  }
  return G;
}

}  // namespace mechid
