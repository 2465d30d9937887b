#include "core/cholesky_by_blocks.hpp"

#include <algorithm>

#include "core/parallel_for.hpp"

namespace mechid {

bool cholesky_by_blocks(Matrix& A) {
  constexpr Eigen::Index kPanel = 64;
  const Eigen::Index n = A.rows();
  for (Eigen::Index j = 0; j < n; j += kPanel) {
    const Eigen::Index w = std::min(kPanel, n - j), below = n - j - w;
    auto diagonal = A.block(j, j, w, w);
    const Eigen::LLT<Eigen::Ref<Matrix>, Eigen::Lower> factor(diagonal);  // in place: A's block now holds L_jj
    if (factor.info() != Eigen::Success || !diagonal.diagonal().allFinite()) return false;
    if (below == 0) break;
    auto panel = A.block(j + w, j, below, w);
    // L_ij = A_ij L_jj^{-T}: each row of the panel on its own.
    parallel_for_blocks(below, kPanel, [&](Eigen::Index begin, Eigen::Index size) {
      diagonal.triangularView<Eigen::Lower>().transpose().solveInPlace<Eigen::OnTheRight>(panel.middleRows(begin, size));
    });
    add_lower_outer_product(A.block(j + w, j + w, below, below), panel, -1.0);
  }
  return true;
}

}  // namespace mechid
