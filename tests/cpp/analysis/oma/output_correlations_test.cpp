#include <catch2/catch.hpp>

#include "analysis/oma/output_correlations.hpp"
#include "core/rng.hpp"

using namespace mechid;

TEST_CASE("output correlations by FFT segments equal the direct sums, and the blocks add up to them", "[oma]") {
  // 3 outputs, references 3 and 1, lags 0 … 40; N not a multiple of the segment (nor of the blocks).
  Random rng(3);
  Matrix y(5003, 3);
  for (Eigen::Index i = 0; i < y.size(); ++i) y.data()[i] = rng.normal();
  y.col(1) += 0.5 * y.col(0);
  const std::vector<Eigen::Index> refs{2, 0};
  const Eigen::Index lags = 40, N = y.rows();
  const std::vector<Matrix> R = output_correlations(y, refs, lags);
  const CorrelationBlocks blocks = block_correlation_sums(y, refs, lags, 7);
  const std::vector<Matrix> from_blocks = blocks.correlations();
  const std::vector<Matrix> decay = output_correlations(y, refs, lags, true);
  for (Eigen::Index i = 0; i <= lags; i += 13) {
    Matrix direct(3, 2);
    for (Eigen::Index c = 0; c < 3; ++c)
      for (Eigen::Index j = 0; j < 2; ++j) direct(c, j) = y.col(c).tail(N - i).dot(y.col(refs[std::size_t(j)]).head(N - i));
    INFO("lag " << i);
    CHECK((R[std::size_t(i)] - direct / double(N - i)).norm() <= 1e-12 * direct.norm() / double(N - i));
    CHECK((from_blocks[std::size_t(i)] - R[std::size_t(i)]).norm() <= 1e-12 * R[std::size_t(i)].norm());
    CHECK((decay[std::size_t(i)] - direct / double(N)).norm() <= 1e-12 * direct.norm() / double(N));
  }
  // Leaving block 0 out: the sums of the other blocks over their products.
  const std::vector<Matrix> without0 = blocks.correlations(0);
  const Eigen::Index start = N / 7, i = 5;
  Matrix direct(3, 2);
  for (Eigen::Index c = 0; c < 3; ++c)
    for (Eigen::Index j = 0; j < 2; ++j) direct(c, j) = y.col(c).segment(start + i, N - i - start).dot(y.col(refs[std::size_t(j)]).segment(start, N - i - start));
  CHECK((without0[std::size_t(i)] - direct / double(N - i - start)).norm() <= 1e-12 * direct.norm() / double(N - i - start));
}
