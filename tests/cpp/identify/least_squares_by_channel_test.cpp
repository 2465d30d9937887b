#include <catch2/catch.hpp>

#include "core/rng.hpp"
#include "identify/least_squares_by_channel.hpp"

using namespace mechid;

namespace {

// `rows` rows (rows t·n + i: sample t, channel i) of P columns, each column nonzero in the
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
  // Channel 3 has 9 columns (more than its rows in the short case), column 8 is in every channel,
  // column 12 in none.
  const std::vector<std::vector<Eigen::Index>> channels = {{0}, {0, 1}, {1, 3}, {2}, {3}, {3}, {3}, {3}, {0, 1, 2, 3}, {3}, {3}, {2, 3}, {}};
  for (const Eigen::Index N : {Eigen::Index(200), Eigen::Index(6)}) {
    INFO(N << " samples");
    const Matrix A = channel_sparse(random, N * n, n, channels);
    Matrix y(N, n);  // y(t, i) is row t·n + i of b
    for (Eigen::Index t = 0; t < N; ++t)
      for (Eigen::Index i = 0; i < n; ++i) y(t, i) = random.normal();
    const Vector b = Eigen::Map<const Vector>(Matrix(y.transpose()).data(), N * n);
    const ChannelRegression g = split_by_channel(A, n);
    REQUIRE(g.channels.size() == 4);
    CHECK(g.parameters == 13);
    CHECK(g.channels[3].columns.size() == 9);  // columns 2, 4–7, 8, 9, 10, 11
    CHECK(g.channels[0].columns == std::vector<Eigen::Index>{0, 1, 8});
    const ChannelStack stack = stack_by_channel(g, y);
    CHECK(stack.T.rows() == (N >= 9 ? 3 + 3 + 3 + 9 : 3 + 3 + 3 + 6));
    const Matrix gram = A.transpose() * A;
    CHECK((stack.T.transpose() * stack.T - gram).norm() < 1e-12 * gram.norm());
    CHECK((stack.T.transpose() * stack.t - A.transpose() * b).norm() < 1e-12 * (A.transpose() * b).norm());
    // ‖A x − b‖² = ‖T x − t‖² + ‖b‖² − ‖t‖² at any x, and the residuals channel by channel
    const Vector x = Vector::LinSpaced(A.cols(), -1.0, 2.0);
    CHECK((A * x - b).squaredNorm() == Approx((stack.T * x - stack.t).squaredNorm() + b.squaredNorm() - stack.t.squaredNorm()).epsilon(1e-12));
    const Matrix e = channel_residuals(g, y, x);
    CHECK((Eigen::Map<const Vector>(Matrix(e.transpose()).data(), N * n) - (b - A * x)).norm() < 1e-12 * b.norm());
    if (N > 100) {  // a determined problem: the same solution (column 12 dropped: it is in no channel)
      const Matrix A12 = A.leftCols(12);
      const Vector whole = A12.colPivHouseholderQr().solve(b), stacked = stack.T.leftCols(12).colPivHouseholderQr().solve(stack.t);
      CHECK((stacked - whole).norm() < 1e-12 * whole.norm());
    }
  }
}
