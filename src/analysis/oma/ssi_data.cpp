#include "analysis/oma/ssi_data.hpp"

#include <algorithm>
#include <cstdint>

#include <Eigen/Cholesky>
#include <Eigen/QR>

namespace mechid {
namespace {

// [R11 R12] of [top; rows] (top: the factor of the rows so far, p·r rows): Householder QR of the
// first p·r columns, its Qᵀ applied to the others, the first p·r rows kept (Golub & Van Loan 2013,
// sec. 6.5.1). Rows of zeros in `top` (nothing absorbed yet) do not change the factor.
void absorb_hankel_rows(Matrix& top, const Matrix& rows) {
  const Eigen::Index pr = top.rows(), cols = top.cols();
  Matrix stacked(pr + rows.rows(), cols);
  stacked << top, rows;
  const Eigen::HouseholderQR<Matrix> qr(stacked.leftCols(pr));
  Matrix right = stacked.rightCols(cols - pr);
  right.applyOnTheLeft(qr.householderQ().adjoint());
  top.leftCols(pr) = qr.matrixQR().topRows(pr).triangularView<Eigen::Upper>();
  top.rightCols(cols - pr) = right.topRows(pr);
}

// [R11 R12] of the Hankel columns k = from … to − 1 (Hᵀ's rows; ssi_data.hpp), in chunks of
// 2·p·r rows (the refactored stack is then 3·p·r rows, a third of it the carried factor).
Matrix hankel_factor(const Matrix& y, const std::vector<Eigen::Index>& refs, Eigen::Index p, Eigen::Index from, Eigen::Index to) {
  const Eigen::Index m = y.cols(), r = Eigen::Index(refs.size()), pr = p * r, cols = pr + p * m;
  const Eigen::Index chunk = std::max<Eigen::Index>(64, 2 * pr);
  Matrix top = Matrix::Zero(pr, cols);
  Matrix rows(chunk, cols);
  for (Eigen::Index start = from; start < to; start += chunk) {
    const Eigen::Index count = std::min(chunk, to - start);
    for (Eigen::Index t = 0; t < count; ++t) {
      const Eigen::Index k = start + t;
      for (Eigen::Index b = 0; b < p; ++b)
        for (Eigen::Index j = 0; j < r; ++j) rows(t, b * r + j) = y(k + b, refs[std::size_t(j)]);
      for (Eigen::Index a = 0; a < p; ++a) rows.row(t).segment(pr + a * m, m) = y.row(k + p + a);
    }
    absorb_hankel_rows(top, rows.topRows(count));
  }
  return top;
}

}  // namespace

SsiDataFactors ssi_data_factors(const Matrix& y, const std::vector<Eigen::Index>& references, Eigen::Index p, Eigen::Index blocks) {
  const Eigen::Index columns = y.rows() - 2 * p + 1, pr = p * Eigen::Index(references.size());
  SsiDataFactors out;
  out.outputs = y.cols();
  out.block_rows = p;
  Matrix total = Matrix::Zero(pr, pr + p * y.cols());
  for (Eigen::Index b = 0; b < blocks; ++b) {
    // b·columns in 64 bits: Eigen::Index is 32-bit in WebAssembly
    const auto from = Eigen::Index(std::int64_t(b) * columns / blocks), to = Eigen::Index(std::int64_t(b + 1) * columns / blocks);
    const Matrix factor = hankel_factor(y, references, p, from, to);
    absorb_hankel_rows(total, factor);
    if (blocks < 2) continue;
    const auto R11 = factor.leftCols(pr).triangularView<Eigen::Upper>();
    out.g11.push_back(R11.transpose() * factor.leftCols(pr));
    out.g12.push_back(R11.transpose() * factor.rightCols(factor.cols() - pr));
  }
  out.r12 = total.rightCols(total.cols() - pr);
  return out;
}

SsiCovModels ssi_data(const SsiDataFactors& f, Eigen::Index left_out, double h, Eigen::Index max_order, Eigen::Index step) {
  if (left_out < 0 || f.g11.empty()) return ssi_models_of(f.r12.transpose(), f.outputs, h, max_order, step);
  Matrix G11 = Matrix::Zero(f.g11.front().rows(), f.g11.front().cols()), G12 = Matrix::Zero(f.g12.front().rows(), f.g12.front().cols());
  for (std::size_t b = 0; b < f.g11.size(); ++b) {
    if (Eigen::Index(b) == left_out) continue;
    G11 += f.g11[b];
    G12 += f.g12[b];
  }
  // G11 = R11ᵀ R11 = L Lᵀ (Cholesky): R11 = Lᵀ, R12 = R11⁻ᵀ G12 = L⁻¹ G12.
  const Eigen::LLT<Matrix> llt(G11);
  const Matrix R12 = llt.matrixL().solve(G12);
  return ssi_models_of(R12.transpose(), f.outputs, h, max_order, step);
}

}  // namespace mechid
