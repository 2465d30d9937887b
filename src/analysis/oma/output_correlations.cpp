#include "analysis/oma/output_correlations.hpp"

#include <algorithm>

namespace mechid {

std::vector<Matrix> output_correlations(const Matrix& y, const std::vector<Eigen::Index>& references, Eigen::Index lags, bool free_decay) {
  const Eigen::Index N = y.rows(), r = Eigen::Index(references.size());
  Matrix yref(N, r);
  for (Eigen::Index j = 0; j < r; ++j) yref.col(j) = y.col(references[std::size_t(j)]);
  std::vector<Matrix> R;
  R.reserve(std::size_t(lags + 1));
  for (Eigen::Index i = 0; i <= lags; ++i) {
    const Eigen::Index products = N - i;
    R.push_back(y.bottomRows(products).transpose() * yref.topRows(products) / double(free_decay ? N : products));
  }
  return R;
}

CorrelationBlocks block_correlation_sums(const Matrix& y, const std::vector<Eigen::Index>& references, Eigen::Index lags, Eigen::Index blocks) {
  const Eigen::Index N = y.rows(), r = Eigen::Index(references.size());
  Matrix yref(N, r);
  for (Eigen::Index j = 0; j < r; ++j) yref.col(j) = y.col(references[std::size_t(j)]);
  CorrelationBlocks out;
  for (Eigen::Index b = 0; b < blocks; ++b) {
    const Eigen::Index start = b * N / blocks, end = (b + 1) * N / blocks;
    std::vector<Matrix> sums;
    std::vector<double> counts;
    for (Eigen::Index i = 0; i <= lags; ++i) {
      const Eigen::Index last = std::min(end, N - i);  // k < last
      const Eigen::Index products = std::max<Eigen::Index>(0, last - start);
      sums.push_back(products > 0 ? Matrix(y.middleRows(start + i, products).transpose() * yref.middleRows(start, products))
                                  : Matrix::Zero(y.cols(), r));
      counts.push_back(double(products));
    }
    out.sums.push_back(std::move(sums));
    out.counts.push_back(std::move(counts));
  }
  return out;
}

std::vector<Matrix> CorrelationBlocks::correlations(Eigen::Index left_out) const {
  std::vector<Matrix> R;
  for (std::size_t i = 0; i < sums.front().size(); ++i) {
    Matrix sum = Matrix::Zero(sums.front()[i].rows(), sums.front()[i].cols());
    double count = 0.0;
    for (std::size_t b = 0; b < sums.size(); ++b) {
      if (Eigen::Index(b) == left_out) continue;
      sum += sums[b][i];
      count += counts[b][i];
    }
    R.push_back(sum / count);
  }
  return R;
}

}  // namespace mechid
