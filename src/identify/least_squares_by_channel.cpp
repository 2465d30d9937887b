#include "identify/least_squares_by_channel.hpp"

#include <algorithm>

namespace mechid {

Matrix channel_residuals(const ChannelRegression& g, const Matrix& y, const Vector& theta) {
  Matrix e = y;
  for (std::size_t i = 0; i < g.channels.size(); ++i) {
    const ChannelRegressors& c = g.channels[i];
    e.col(static_cast<Eigen::Index>(i)).noalias() -= c.X * theta(c.columns);
  }
  return e;
}

ChannelStack stack_by_channel(const ChannelRegression& g, const Matrix& y) {
  // A channel of N rows and s columns leaves min(N, s) rows: [X_i y_i] = Q [R r; 0 ρ; 0 0],
  // ‖X_i θ − y_i‖² = ‖R θ − r‖² + ρ².
  const Eigen::Index N = y.rows();
  Eigen::Index stacked = 0;
  for (const ChannelRegressors& c : g.channels) stacked += std::min(N, c.X.cols());
  ChannelStack out{Matrix::Zero(stacked, g.parameters), Vector::Zero(stacked)};
  Eigen::Index top = 0;
  for (std::size_t i = 0; i < g.channels.size(); ++i) {
    const ChannelRegressors& c = g.channels[i];
    const Eigen::Index s = c.X.cols(), k = std::min(N, s);
    if (k == 0) continue;
    Matrix G(N, s + 1);
    G << c.X, y.col(static_cast<Eigen::Index>(i));
    const Eigen::HouseholderQR<Eigen::Ref<Matrix>> qr(G);  // in place: G holds R above its diagonal
    for (Eigen::Index col = 0; col < s; ++col)
      for (Eigen::Index r = 0; r <= std::min(col, k - 1); ++r) out.T(top + r, c.columns[static_cast<std::size_t>(col)]) = G(r, col);
    out.t.segment(top, k) = G.col(s).head(k);
    top += k;
  }
  return out;
}

ChannelRegression split_by_channel(const Matrix& A, Eigen::Index n) {
  const Eigen::Index N = A.rows() / n;
  ChannelRegression g;
  g.parameters = A.cols();
  g.channels.resize(static_cast<std::size_t>(n));
  for (Eigen::Index i = 0; i < n; ++i) {
    const auto rows = Eigen::Map<const Matrix, 0, Eigen::Stride<Eigen::Dynamic, Eigen::Dynamic>>(
        A.data() + i, N, A.cols(), Eigen::Stride<Eigen::Dynamic, Eigen::Dynamic>(A.rows(), n));  // rows i, i + n, …
    ChannelRegressors& c = g.channels[static_cast<std::size_t>(i)];
    for (Eigen::Index p = 0; p < A.cols(); ++p)
      if ((rows.col(p).array() != 0).any()) c.columns.push_back(p);
    c.X = rows(Eigen::all, c.columns);
  }
  return g;
}

}  // namespace mechid
