#include "analysis/oma/output_correlations.hpp"

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

}  // namespace mechid
