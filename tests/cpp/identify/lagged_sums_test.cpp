#include <catch2/catch.hpp>

#include "core/rng.hpp"
#include "identify/lagged_sums.hpp"

using namespace mechid;

// Against the defining sums, on random channels of unequal scales (the scaling is applied where the
// data are read), for lag counts below, at and above a power of two and records that end inside a block.
TEST_CASE("lagged sums by FFT in blocks equal the direct sums") {
  Random rng(11);
  for (const auto& [N, lags] : {std::pair<Eigen::Index, Eigen::Index>{1000, 7}, {1000, 8}, {1003, 9}, {257, 64}, {130, 65}}) {
    Matrix u(N, 2), y(N, 3);
    for (Eigen::Index t = 0; t < N; ++t) {
      for (Eigen::Index c = 0; c < 2; ++c) u(t, c) = (c + 1) * rng.normal() + 0.5;
      for (Eigen::Index c = 0; c < 3; ++c) y(t, c) = 1e-3 * rng.normal() + (t % 5 == 0 ? 1e-3 : 0.0);
    }
    const Dataset data{0.01, u, y};
    const ChannelScales scales{Vector::Constant(2, 2.0), Vector::Constant(3, 1e-3)};
    const ScaledData d(data, scales);
    const Eigen::Index j = N - lags + 1;
    const std::vector<Matrix> sums = lagged_sums(d, lags, j);
    // The same sums from the record's sums for more lags (a longer block, as the pilot's for the
    // subspace step's final block rows).
    const std::vector<Matrix> from_record = lagged_sums(record_lagged_sums(d, 2 * lags + 3), d, lags, j);
    REQUIRE(static_cast<Eigen::Index>(sums.size()) == lags);
    REQUIRE(static_cast<Eigen::Index>(from_record.size()) == lags);
    const Matrix z = d.z_columns(0, N);
    for (Eigen::Index tau = 0; tau < lags; ++tau) {
      Matrix direct = Matrix::Zero(5, 5);
      for (Eigen::Index s = 0; s < j; ++s) direct += z.col(s) * z.col(s + tau).transpose();
      INFO("N = " << N << ", lags = " << lags << ", tau = " << tau);
      CHECK((sums[static_cast<std::size_t>(tau)] - direct).cwiseAbs().maxCoeff() <= 1e-11 * direct.cwiseAbs().maxCoeff());
      CHECK((from_record[static_cast<std::size_t>(tau)] - direct).cwiseAbs().maxCoeff() <= 1e-11 * direct.cwiseAbs().maxCoeff());
    }
  }
}
