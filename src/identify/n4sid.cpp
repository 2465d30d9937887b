#include "identify/n4sid.hpp"

#include <algorithm>
#include <cmath>

#include "core/input_error.hpp"

namespace mechid {
namespace {

// Upper-triangular R with R'R = H H' for H = [U_f; U_p; Y_p; Y_f] (one column per time t),
// by QR of H' accumulated over blocks of rows: [R; block] -> R.
Matrix hankel_triangular_factor(const Dataset& d, Eigen::Index i) {
  const Eigen::Index k = d.u.cols(), ny = d.y.cols(), N = d.u.rows();
  const Eigen::Index rows = 2 * i * (k + ny), columns = N - 2 * i + 1;
  const Eigen::Index block = std::max<Eigen::Index>(rows, 1024);
  Matrix R = Matrix::Zero(0, rows);
  for (Eigen::Index start = 0; start < columns; start += block) {
    const Eigen::Index count = std::min(block, columns - start);
    Matrix stacked(R.rows() + count, rows);
    stacked.topRows(R.rows()) = R;
    for (Eigen::Index c = 0; c < count; ++c) {
      const Eigen::Index t = start + c;
      auto row = stacked.row(R.rows() + c);
      for (Eigen::Index b = 0; b < i; ++b) {
        row.segment(b * k, k) = d.u.row(t + i + b);                      // U_f
        row.segment(i * k + b * k, k) = d.u.row(t + b);                 // U_p
        row.segment(2 * i * k + b * ny, ny) = d.y.row(t + b);            // Y_p
        row.segment(2 * i * k + i * ny + b * ny, ny) = d.y.row(t + i + b);  // Y_f
      }
    }
    const Eigen::HouseholderQR<Matrix> qr(stacked);
    const Eigen::Index r = std::min(stacked.rows(), rows);
    R = qr.matrixQR().topRows(r).triangularView<Eigen::Upper>();
  }
  return R;
}

}  // namespace

Eigen::Index choose_block_rows(Eigen::Index order, Eigen::Index outputs, Eigen::Index samples, double h,
                               double slowest_period, double horizon_fraction, Eigen::Index max_rows) {
  Eigen::Index i = std::max<Eigen::Index>(4, (order + outputs) / outputs);
  if (slowest_period > 0 && std::isfinite(slowest_period))
    i = std::max(i, static_cast<Eigen::Index>(std::ceil(horizon_fraction * slowest_period / h)));
  const Eigen::Index by_samples = (samples - 3) / 2;
  return std::max<Eigen::Index>(1, std::min({i, max_rows, by_samples}));
}

SubspaceModel subspace_identify(const Dataset& d, const SubspaceOptions& o) {
  const Eigen::Index k = d.u.cols(), ny = d.y.cols(), N = d.u.rows(), nx = o.order;
  require(nx >= 1, "the model order must be at least 1");
  const Eigen::Index i = o.block_rows > 0 ? o.block_rows : choose_block_rows(nx, ny, N, d.h, 0.0);
  require(i * ny > nx, "block rows i = " + std::to_string(i) + " too few for order " + std::to_string(nx) +
                           ": need i * outputs > order");
  validate(d, 2 * i + 2 * i * (k + ny));
  SubspaceModel model;
  model.block_rows = i;

  // Step 1: L = R' of the block-Hankel LQ; row blocks [U_f (ik); W_p (i(k+ny)); Y_f (i ny)].
  const Matrix L = hankel_triangular_factor(d, i).transpose();
  const Eigen::Index uf = i * k, wp = i * (k + ny), yf = i * ny;
  const Matrix L32 = L.block(uf + wp, uf, yf, wp);

  // Step 2: column space of L32 -> extended observability matrix.
  const Eigen::BDCSVD<Matrix> svd(L32, Eigen::ComputeThinU);
  model.singular_values = svd.singularValues();
  const Vector s = svd.singularValues().head(nx);
  if (!(s(nx - 1) > 1e-12 * s(0))) {
    model.status = Status::failed;
    model.message = "the data do not determine a model of order " + std::to_string(nx) +
                    " (singular value " + std::to_string(nx) + " of the projection is zero): input not rich enough";
    return model;
  }
  const Matrix gamma = svd.matrixU().leftCols(nx) * s.cwiseSqrt().asDiagonal();

  // Step 3: H and F.
  model.H = gamma.topRows(ny);
  model.F = gamma.topRows(yf - ny).colPivHouseholderQr().solve(gamma.bottomRows(yf - ny));

  // Step 4: G and x0 by least squares; regressors simulated alongside (normal equations).
  const Eigen::Index P = nx * k + nx;
  Matrix XB = Matrix::Zero(nx, nx * k), Z = Matrix::Identity(nx, nx);
  Matrix normal = Matrix::Zero(P, P);
  Vector rhs = Vector::Zero(P);
  Matrix psi(ny, P);
  for (Eigen::Index t = 0; t < N; ++t) {
    psi.leftCols(nx * k) = model.H * XB;
    psi.rightCols(nx) = model.H * Z;
    normal.selfadjointView<Eigen::Lower>().rankUpdate(psi.transpose());
    rhs += psi.transpose() * d.y.row(t).transpose();
    XB = model.F * XB;
    for (Eigen::Index j = 0; j < k; ++j) XB.block(0, j * nx, nx, nx).diagonal().array() += d.u(t, j);
    Z = model.F * Z;
    if (!Z.allFinite() || Z.cwiseAbs().maxCoeff() > 1e150) Z.setZero();  // unstable F: drop x0 terms
  }
  const Vector theta = normal.selfadjointView<Eigen::Lower>().ldlt().solve(rhs);
  model.G = Eigen::Map<const Matrix>(theta.data(), nx, k);
  model.x0 = theta.tail(nx);
  const double radius = Eigen::EigenSolver<Matrix>(model.F, false).eigenvalues().cwiseAbs().maxCoeff();
  if (!model.G.allFinite() || !(radius < 1.0)) {
    model.status = Status::warning;
    model.message = "identified F is not stable (spectral radius " + format_number(radius) + ")";
  }
  return model;
}

}  // namespace mechid
