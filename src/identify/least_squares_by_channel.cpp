#include "identify/least_squares_by_channel.hpp"

#include <algorithm>
#include <vector>

namespace mechid {

std::vector<std::vector<Eigen::Index>> columns_by_channel(const Matrix& A, Eigen::Index n) {
  if (n < 1) return {};
  std::vector<std::vector<Eigen::Index>> columns(static_cast<std::size_t>(n));
  std::vector<char> used(static_cast<std::size_t>(n));
  for (Eigen::Index p = 0; p < A.cols(); ++p) {
    std::fill(used.begin(), used.end(), 0);
    for (Eigen::Index row = 0; row < A.rows(); ++row)
      if (A(row, p) != 0) used[static_cast<std::size_t>(row % n)] = 1;
    for (Eigen::Index i = 0; i < n; ++i)
      if (used[static_cast<std::size_t>(i)]) columns[static_cast<std::size_t>(i)].push_back(p);
  }
  return columns;
}

ChannelStack stack_by_channel(const Matrix& A, const Vector& b, Eigen::Index n) {
  if (n < 1) return {Matrix(0, A.cols()), Vector(0)};
  const std::vector<std::vector<Eigen::Index>> columns = columns_by_channel(A, n);
  // A channel of N_i rows and s columns leaves min(N_i, s) rows: [A_i b_i] = Q [R r; 0 ρ; 0 0],
  // ‖A_i x − b_i‖² = ‖R x − r‖² + ρ².
  const auto rows_of = [&](Eigen::Index i) { return i < A.rows() ? (A.rows() - 1 - i) / n + 1 : 0; };
  Eigen::Index stacked = 0;
  for (Eigen::Index i = 0; i < n; ++i)
    stacked += std::min<Eigen::Index>(rows_of(i), static_cast<Eigen::Index>(columns[static_cast<std::size_t>(i)].size()));
  ChannelStack out{Matrix::Zero(stacked, A.cols()), Vector::Zero(stacked)};
  Eigen::Index top = 0;
  for (Eigen::Index i = 0; i < n; ++i) {
    const std::vector<Eigen::Index>& S = columns[static_cast<std::size_t>(i)];
    const Eigen::Index s = static_cast<Eigen::Index>(S.size()), N = rows_of(i), k = std::min(N, s);
    if (k == 0) continue;
    Matrix G(N, s + 1);
    for (Eigen::Index row = 0; row < N; ++row) {
      for (Eigen::Index c = 0; c < s; ++c) G(row, c) = A(row * n + i, S[static_cast<std::size_t>(c)]);
      G(row, s) = b(row * n + i);
    }
    const Eigen::HouseholderQR<Eigen::Ref<Matrix>> qr(G);  // in place: G holds R above its diagonal
    for (Eigen::Index c = 0; c < s; ++c)
      for (Eigen::Index r = 0; r <= std::min(c, k - 1); ++r) out.T(top + r, S[static_cast<std::size_t>(c)]) = G(r, c);
    out.t.segment(top, k) = G.col(s).head(k);
    top += k;
  }
  return out;
}

}  // namespace mechid
