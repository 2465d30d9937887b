#include "identify/output_response.hpp"

#include <algorithm>
#include <cmath>

#include "core/chi_square.hpp"

namespace mechid {

namespace {

// The states x_t of x_{t+1} = F x_t + G u_t from x_0, a block of rows at a time (no N x 2n series
// is kept: 48 MB for 10⁶ samples of 3 DOF). false when they leave double's range.
template <class Visit>
bool simulate_states(const SubspaceModel& model, const Matrix& u, Visit visit) {
  constexpr Eigen::Index kBlock = 4096;
  const Eigen::Index N = u.rows(), p = model.F.rows();
  Vector x = model.x0.size() == p ? model.x0 : Vector::Zero(p);
  Matrix block(kBlock, p);
  for (Eigen::Index t0 = 0; t0 < N; t0 += kBlock) {
    const Eigen::Index rows = std::min(kBlock, N - t0);
    for (Eigen::Index r = 0; r < rows; ++r) {
      block.row(r) = x.transpose();
      x = model.F * x + model.G * u.row(t0 + r).transpose();
    }
    if (!block.topRows(rows).allFinite()) return false;
    visit(t0, block.topRows(rows));
  }
  return true;
}

}  // namespace

std::vector<OutputResponse> output_responses(const Dataset& data, const SubspaceModel& model) {
  const Eigen::Index N = data.y.rows(), ny = data.y.cols(), p = model.F.rows();
  if (model.status == Status::failed || p == 0 || model.G.rows() != p || model.G.cols() != data.u.cols() || N <= p + 2)
    return {};
  // Pass 1: the means; pass 2: the sums about them.
  Vector state_mean = Vector::Zero(p);
  if (!simulate_states(model, data.u, [&](Eigen::Index, const auto& X) { state_mean += X.colwise().sum().transpose(); }))
    return {};
  state_mean /= static_cast<double>(N);
  const Vector output_mean = data.y.colwise().mean().transpose();
  Matrix xx = Matrix::Zero(p, p), xy = Matrix::Zero(p, ny);
  simulate_states(model, data.u, [&](Eigen::Index t0, const auto& X) {
    const Matrix Xc = X.rowwise() - state_mean.transpose();
    xx.noalias() += Xc.transpose() * Xc;
    xy.noalias() += Xc.transpose() * (data.y.middleRows(t0, X.rows()).rowwise() - output_mean.transpose());
  });
  const Vector yy = (data.y.rowwise() - output_mean.transpose()).colwise().squaredNorm().transpose();
  // The states' covariance in correlation form (their scales differ by orders), its pseudo-inverse
  // over the eigenvalues above 1e-10 of the largest: p is its rank.
  const Vector d = xx.diagonal().cwiseMax(1e-300).cwiseSqrt().cwiseInverse();
  const Eigen::SelfAdjointEigenSolver<Matrix> eig(d.asDiagonal() * xx * d.asDiagonal());
  const double floor = 1e-10 * std::max(eig.eigenvalues().maxCoeff(), 0.0);
  const Matrix projected = eig.eigenvectors().transpose() * d.asDiagonal() * xy;  // p x ny
  int rank = 0;
  Vector fitted = Vector::Zero(ny);  // c' C⁺ c per output
  for (Eigen::Index i = 0; i < p; ++i) {
    const double lambda = eig.eigenvalues()(i);
    if (!(lambda > floor)) continue;
    ++rank;
    fitted += projected.row(i).transpose().cwiseAbs2() / lambda;
  }
  if (rank == 0) return {};
  std::vector<OutputResponse> out;
  for (Eigen::Index j = 0; j < ny; ++j) {
    if (!(yy(j) > 0)) continue;  // a constant output: refused before (dataset.cpp)
    OutputResponse r;
    r.output = j;
    r.explained = std::clamp(fitted(j) / yy(j), 0.0, 1.0);
    r.states = rank;
    r.statistic = r.explained >= 1.0 ? INFINITY : static_cast<double>(N - rank - 1) * r.explained / (1.0 - r.explained);
    r.p_value = chi_square_tail(r.statistic, rank);
    out.push_back(r);
  }
  return out;
}

void require_responding_outputs(const Dataset& data, const SubspaceModel& model) {
  for (const OutputResponse& r : output_responses(data, model)) {
    if (r.p_value < kResponseSignificance) continue;
    throw OutputWithoutResponse(
        "output q" + std::to_string(r.output + 1) + " does not respond to the inputs: it looks like noise alone (a dead or " +
        "unconnected sensor, or a channel of another experiment); leave its column out of the outputs or check the sensor. " +
        "The response of the subspace model's " + std::to_string(r.states) + " states to the inputs explains " +
        format_digits(100 * r.explained, 2) + " % of its variance, no more than noise would (Wald test p = " +
        format_digits(r.p_value, 2) + "); if it does respond, that response is below the noise: give a longer record or a " +
        "stronger excitation");
  }
}

}  // namespace mechid
