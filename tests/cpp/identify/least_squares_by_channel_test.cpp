#include <catch2/catch.hpp>

#include "core/rng.hpp"
#include "identify/least_squares_by_channel.hpp"

using namespace mechid;

namespace {

// N·n rows (the last sample cut short when `extra` < n) of P columns, each column nonzero in the
// channels its mask names: as the inverse dynamic regression, where an entry M_ij enters the rows
// of DOFs i and j only.
Matrix channel_sparse(Random& random, Eigen::Index rows, Eigen::Index n, const std::vector<std::vector<Eigen::Index>>& channels) {
  Matrix A = Matrix::Zero(rows, static_cast<Eigen::Index>(channels.size()));
  for (std::size_t p = 0; p < channels.size(); ++p)
    for (const Eigen::Index i : channels[p])
      for (Eigen::Index row = i; row < rows; row += n) A(row, static_cast<Eigen::Index>(p)) = random.normal() * (1.0 + static_cast<double>(p));
  return A;
}

}  // namespace

TEST_CASE("the channels' stacked triangles have the normal equations and the least-squares solution of the whole") {
  Random random(21);
  const Eigen::Index n = 4;
  // Channel 3 has 9 columns (more than its rows in the short case), column 8 is in every channel.
  const std::vector<std::vector<Eigen::Index>> channels = {{0}, {0, 1}, {1, 3}, {2}, {3}, {3}, {3}, {3}, {0, 1, 2, 3}, {3}, {3}, {2, 3}};
  for (const Eigen::Index rows : {Eigen::Index(4 * 200), Eigen::Index(4 * 200 + 3), Eigen::Index(4 * 6 + 1)}) {
    INFO(rows << " rows");
    const Matrix A = channel_sparse(random, rows, n, channels);
    Vector b(rows);
    for (Eigen::Index i = 0; i < rows; ++i) b(i) = random.normal();
    const std::vector<std::vector<Eigen::Index>> found = columns_by_channel(A, n);
    CHECK(found[3].size() == 9);  // columns 2, 4–7, 8, 9, 10, 11
    CHECK(found[0] == std::vector<Eigen::Index>{0, 1, 8});
    const ChannelStack stack = stack_by_channel(A, b, n);
    CHECK(stack.T.rows() <= n * A.cols());
    const Matrix gram = A.transpose() * A;
    CHECK((stack.T.transpose() * stack.T - gram).norm() < 1e-12 * gram.norm());
    CHECK((stack.T.transpose() * stack.t - A.transpose() * b).norm() < 1e-12 * (A.transpose() * b).norm());
    if (rows > 100) {
      const Vector whole = A.colPivHouseholderQr().solve(b), stacked = stack.T.colPivHouseholderQr().solve(stack.t);
      CHECK((stacked - whole).norm() < 1e-12 * whole.norm());
      // ‖A x − b‖² = ‖T x − t‖² + ‖b‖² − ‖t‖² at any x
      const Vector x = Vector::LinSpaced(A.cols(), -1.0, 2.0);
      CHECK((A * x - b).squaredNorm() == Approx((stack.T * x - stack.t).squaredNorm() + b.squaredNorm() - stack.t.squaredNorm()).epsilon(1e-12));
    }
  }
}
