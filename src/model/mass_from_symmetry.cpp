#include "model/mass_from_symmetry.hpp"

#include <algorithm>

namespace mechid {

// One column per entry of M's upper triangle (direction E = e_i e_j' + e_j e_i'), one row per
// equation.
Matrix mass_from_symmetry(const Matrix& P, const Matrix& Q, const Matrix& R, const Matrix& L) {
  const Eigen::Index n = L.rows(), k = L.cols(), triangle = n * (n + 1) / 2, pairs = n * (n - 1) / 2;
  const double mass_scale = L.norm() / std::max(R.norm(), 1e-300);
  const double l_scale = std::max(L.norm(), 1e-300), p_scale = std::max(mass_scale * P.norm(), 1e-300),
               q_scale = std::max(mass_scale * Q.norm(), 1e-300);
  Matrix design = Matrix::Zero(n * k + 2 * pairs, triangle);
  Vector rhs = Vector::Zero(design.rows());
  for (Eigen::Index c = 0; c < k; ++c)
    for (Eigen::Index i = 0; i < n; ++i) rhs(c * n + i) = L(i, c) / l_scale;
  Eigen::Index column = 0;
  for (Eigen::Index j = 0; j < n; ++j)
    for (Eigen::Index i = 0; i <= j; ++i, ++column) {
      Matrix E = Matrix::Zero(n, n);
      E(i, j) = E(j, i) = 1.0;
      const Matrix ER = E * R, EP = E * P, EQ = E * Q;
      for (Eigen::Index c = 0; c < k; ++c) design.block(c * n, column, n, 1) = ER.col(c) / l_scale;
      Eigen::Index row = n * k;
      for (Eigen::Index b = 0; b < n; ++b)
        for (Eigen::Index a = 0; a < b; ++a, ++row) {
          design(row, column) = (EP(a, b) - EP(b, a)) / p_scale;
          design(row + pairs, column) = (EQ(a, b) - EQ(b, a)) / q_scale;
        }
    }
  const Eigen::CompleteOrthogonalDecomposition<Matrix> solver(design);
  if (solver.rank() < triangle) return Matrix();
  const Vector m = solver.solve(rhs);
  Matrix M(n, n);
  column = 0;
  for (Eigen::Index j = 0; j < n; ++j)
    for (Eigen::Index i = 0; i <= j; ++i, ++column) M(i, j) = M(j, i) = m(column);
  return M;
}


}  // namespace mechid
