#include "analysis/oma/ssi_cov.hpp"

#include <cmath>

#include <Eigen/Eigenvalues>
#include <Eigen/SVD>

namespace mechid {

Matrix block_toeplitz(const std::vector<Matrix>& R, Eigen::Index block_rows) {
  const Eigen::Index p = block_rows, m = R.front().rows(), r = R.front().cols();
  Matrix T(p * m, p * r);
  for (Eigen::Index a = 0; a < p; ++a)
    for (Eigen::Index b = 0; b < p; ++b) T.block(a * m, b * r, m, r) = R[std::size_t(p + a - b)];
  return T;
}

SsiCovModels ssi_cov(const std::vector<Matrix>& R, Eigen::Index block_rows, double h, Eigen::Index max_order, Eigen::Index step) {
  return ssi_models_of(block_toeplitz(R, block_rows), R.front().rows(), h, max_order, step);
}

SsiCovModels ssi_models_of(const Matrix& T, Eigen::Index m, double h, Eigen::Index max_order, Eigen::Index step) {
  const Eigen::Index p = T.rows() / m;
  Eigen::BDCSVD<Matrix> svd(T, Eigen::ComputeThinU);
  SsiCovModels out;
  out.singular_values = svd.singularValues();
  const Eigen::Index nmax = std::min(max_order, std::min((p - 1) * m, T.cols()));
  out.U = svd.matrixU();
  const Matrix U = out.U.leftCols(nmax);
  const Eigen::HouseholderQR<Matrix> qr(U.topRows((p - 1) * m));
  const Matrix Q = qr.householderQ() * Matrix::Identity((p - 1) * m, nmax);
  const Matrix Rq = qr.matrixQR().topRows(nmax).triangularView<Eigen::Upper>();
  const Matrix QtUdown = Q.transpose() * U.bottomRows((p - 1) * m);
  for (Eigen::Index n = step; n <= nmax; n += step) {
    const Vector s = out.singular_values.head(n).cwiseSqrt();
    if (!(s(n - 1) > 0.0)) break;  // T's rank is below n: no higher order is determined
    const Matrix An = Rq.topLeftCorner(n, n).triangularView<Eigen::Upper>().solve(QtUdown.topLeftCorner(n, n));
    const Matrix A = s.cwiseInverse().asDiagonal() * An * s.asDiagonal();
    const Matrix C = U.topLeftCorner(m, n) * s.asDiagonal();
    Eigen::EigenSolver<Matrix> eig(A);
    if (eig.info() != Eigen::Success) continue;
    SsiOrder order{n, {}, Eigen::MatrixXcd(m, 0)};
    std::vector<Eigen::Index> kept;
    for (Eigen::Index k = 0; k < n; ++k) {
      const std::complex<double> lambda = std::log(eig.eigenvalues()(k)) / h;
      if (!(lambda.imag() > 0.0) || !std::isfinite(lambda.real())) continue;
      order.poles.push_back(lambda);
      kept.push_back(k);
    }
    order.shapes.resize(m, Eigen::Index(kept.size()));
    for (std::size_t q = 0; q < kept.size(); ++q) order.shapes.col(Eigen::Index(q)) = C * eig.eigenvectors().col(kept[q]);
    out.orders.push_back(std::move(order));
  }
  return out;
}

}  // namespace mechid
