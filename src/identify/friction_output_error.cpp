#include "identify/friction_output_error.hpp"

#include <algorithm>
#include <cmath>

#include "core/input_error.hpp"
#include "identify/coulomb_response.hpp"
#include "identify/method_cost.hpp"

namespace mechid {
namespace {

// The output error of the model with friction over the runs as a predictor model: θ = [free M, D, K;
// F_c (n, with friction); f_0 (n per run, with offset); [q0; v0] per run], r = w ⊙ (y − q̂(θ)), one
// sample's n outputs per block. The Jacobian by central differences with steps `step`.
class FrictionOutputError : public PredictorModel {
 public:
  FrictionOutputError(const std::vector<Dataset>& runs, const Matrix& L, const StructureMap& map, bool friction, bool offset)
      : runs_(runs), L_(L), map_(map), friction_(friction), offset_(offset), n_(map.dof()) {
    for (const Dataset& d : runs)
      inputs_.push_back(coulomb_input(d.u, L, d.h, choose_intersample_model(d.u, d.h, d.input_sampling)));
    weights_ = Vector::Ones(n_);
    rows_ = 0;
    for (const Dataset& d : runs) rows_ += d.y.rows() * n_;
  }
  Eigen::Index parameter_count() const override { return states_at() + n_ * static_cast<Eigen::Index>(runs_.size()); }
  // The initial velocities, fixed (see refine_by_output_error).
  void set_initial_velocities(std::vector<Vector> v0) { v0_ = std::move(v0); }
  Eigen::Index rows_per_sample() const override { return n_; }
  Eigen::Index states_at() const {
    return map_.free_count() + (friction_ ? n_ : 0) + (offset_ ? n_ * static_cast<Eigen::Index>(runs_.size()) : 0);
  }
  void set_weights(const Vector& w) { weights_ = w; }
  void set_steps(const Vector& s) { steps_ = s; }

  // The free runs q̂ stacked as the residuals are (false when a run cannot be simulated).
  bool simulate(const Vector& theta, Vector& yhat) const {
    CoulombModel m;
    map_.unpack(theta.head(map_.free_count()), m.M, m.D, m.K);
    m.L = L_;
    m.coulomb = friction_ ? Vector(theta.segment(map_.free_count(), n_)) : Vector::Zero(n_);
    yhat.resize(rows_);
    Eigen::Index row = 0;
    Matrix q;
    for (std::size_t run = 0; run < runs_.size(); ++run) {
      const Eigen::Index R = static_cast<Eigen::Index>(run);
      m.offset = offset_ ? Vector(theta.segment(map_.free_count() + (friction_ ? n_ : 0) + R * n_, n_)) : Vector::Zero(n_);
      Vector x0(2 * n_);
      x0 << theta.segment(states_at() + n_ * R, n_), v0_[run];
      if (!coulomb_response(m, inputs_[run], x0, q)) return false;
      const Matrix qt = q.transpose();
      yhat.segment(row, qt.size()) = Eigen::Map<const Vector>(qt.data(), qt.size());
      row += qt.size();
    }
    return yhat.allFinite();
  }

  // y stacked sample by sample.
  Vector measured() const {
    Vector y(rows_);
    Eigen::Index row = 0;
    for (const Dataset& d : runs_) {
      const Matrix yt = d.y.transpose();
      y.segment(row, yt.size()) = Eigen::Map<const Vector>(yt.data(), yt.size());
      row += yt.size();
    }
    return y;
  }

  bool evaluate(const Vector& theta, Vector& r, const JacobianSink* sink) const override {
    Vector yhat;
    if (!simulate(theta, yhat)) return false;
    const Vector y = measured();
    r.resize(rows_);
    for (Eigen::Index k = 0; k < rows_; ++k) r(k) = weights_(k % n_) * (y(k) - yhat(k));
    if (!sink) return true;
    const Eigen::Index P = parameter_count();
    Matrix J(rows_, P);
    Vector plus, minus;
    for (Eigen::Index j = 0; j < P; ++j) {
      Vector t = theta;
      t(j) += steps_(j);
      if (!simulate(t, plus)) return false;
      t(j) = theta(j) - steps_(j);
      if (!simulate(t, minus)) return false;
      J.col(j) = (plus - minus) / (2 * steps_(j));
    }
    for (Eigen::Index k = 0; k < rows_; ++k) J.row(k) *= -weights_(k % n_);
    for (Eigen::Index row = 0; row < rows_; row += n_) (*sink)(J.middleRows(row, n_).transpose());
    return true;
  }

 private:
  const std::vector<Dataset>& runs_;
  Matrix L_;
  const StructureMap& map_;
  bool friction_, offset_;
  Eigen::Index n_, rows_;
  std::vector<CoulombInput> inputs_;
  Vector weights_, steps_;
  std::vector<Vector> v0_;
};

double signal_rms(const Vector& x) { return x.size() ? x.norm() / std::sqrt(static_cast<double>(x.size())) : 0.0; }

}  // namespace

FrictionRefinement refine_by_output_error(const std::vector<Dataset>& runs, const Matrix& L, const StructureMap& map,
                                          const Vector& start, bool friction, bool offset) {
  FrictionRefinement out;
  const Eigen::Index n = map.dof(), Ps = map.free_count(), R = static_cast<Eigen::Index>(runs.size());
  FrictionOutputError model(runs, L, map, friction, offset);
  // The initial state: q0 estimated (from the first sample), v0 = 0: the record starts at rest, as
  // excitation records do (a record that starts in motion leaves a transient that the free-run fit
  // test below reports). v0 is not estimated: a DOF with Coulomb friction at rest sticks, and the
  // response has a kink at v0 = 0 (stuck, or sliding either way) where differences give no
  // derivative and the minimisation stalls (measured on the review's chain: 20-37 iterations and a
  // wrong minimum on one seed of three with v0 free, 3 iterations with v0 = 0; v0 from the low-passed
  // data's first slope left a transient that cost one seed of three a tenfold sd).
  std::vector<Vector> v0(runs.size(), Vector::Zero(n));
  model.set_initial_velocities(v0);
  const Eigen::Index P0 = model.states_at(), P = model.parameter_count();
  // Its cost: 2P + 1 simulations per Jacobian, each ~N (2n)² (2n + k + n) operations; beyond ~5e9 per
  // Jacobian (seconds in WebAssembly, several per minimisation) it is not made, and says so.
  double samples = 0.0;
  for (const Dataset& d : runs) samples += static_cast<double>(d.y.rows());
  // (method_cost.hpp: the work guard counts the same)
  const double per_jacobian = output_error_jacobian_flops(static_cast<double>(P), samples, static_cast<double>(n), static_cast<double>(L.cols()));
  if (per_jacobian > kMaxOutputErrorJacobianFlops) {
    out.reason = "the output-error refinement would take too long for this record (" + std::to_string(P) +
                 " parameters over " + format_number(samples) + " samples)";
    return out;
  }
  // The start: the inverse-dynamic estimate, each run from its first sample at rest.
  Vector theta(P);
  theta.head(P0) = start;
  for (Eigen::Index run = 0; run < R; ++run) theta.segment(P0 + n * run, n) = runs[static_cast<std::size_t>(run)].y.row(0).transpose();
  // Steps of the central differences: 1e-6 of each parameter's scale (M, D, K: √|X_ii X_jj| of the
  // start, at least 1e-6 of the matrix's largest diagonal entry; F_c, f_0: the RMS force; q0: the
  // output's RMS). Their error ~ (1e-6)² relative, the rounding ~ ε/1e-6.
  Matrix M, D, K;
  map.unpack(start.head(Ps), M, D, K);
  const Matrix* matrices[3] = {&M, &D, &K};
  Vector steps(P);
  for (Eigen::Index c = 0; c < Ps; ++c) {
    const PackedEntry e = packed_entry(map.free_indices()[static_cast<std::size_t>(c)], n);
    const Matrix& X = *matrices[e.matrix];
    const double big = X.diagonal().cwiseAbs().maxCoeff();
    steps(c) = std::max(std::sqrt(std::abs(X(e.i, e.i) * X(e.j, e.j))), 1e-6 * big);
  }
  double force = 0.0, output = 0.0;
  for (const Dataset& d : runs) {
    force = std::max(force, signal_rms(Eigen::Map<const Vector>(Matrix(d.u * L.transpose()).data(), d.u.rows() * n)));
    output = std::max(output, signal_rms(Eigen::Map<const Vector>(Matrix(d.y.rowwise() - d.y.colwise().mean()).data(), d.y.size())));
  }
  steps.segment(Ps, P0 - Ps).setConstant(force > 0 ? force : 1.0);
  steps.tail(P - P0).setConstant(output > 0 ? output : 1.0);
  for (Eigen::Index j = 0; j < P; ++j)
    if (!(steps(j) > 0) || !std::isfinite(steps(j))) steps(j) = 1.0;
  model.set_steps(1e-6 * steps);
  // Weights 1/σ_i per output from the start's residuals (the outputs' own scales when it fits exactly).
  Vector yhat;
  if (!model.simulate(theta, yhat)) {
    out.reason = "the inverse-dynamic estimate cannot be simulated with its friction (an unstable or far too fast model)";
    return out;
  }
  const Vector y = model.measured();
  Vector weights(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    double sum = 0.0, sum_y = 0.0;
    for (Eigen::Index k = i; k < y.size(); k += n) {
      sum += (y(k) - yhat(k)) * (y(k) - yhat(k));
      sum_y += y(k) * y(k);
    }
    const double sigma = std::sqrt(sum / static_cast<double>(y.size() / n));
    weights(i) = 1.0 / (sigma > 1e-12 * std::sqrt(sum_y / static_cast<double>(y.size() / n)) ? sigma : std::max(std::sqrt(sum_y), 1e-300));
  }
  model.set_weights(weights);
  PemOptions options;
  options.max_iterations = 50;
  out.report = levenberg_marquardt(model, theta, options);
  if (out.report.failed() || !reached_stationary_point(out.report.termination)) {
    out.reason = "the output-error refinement did not converge (" + to_string(out.report.termination) + ")";
    return out;
  }
  // The free-run fit per output and run.
  if (!model.simulate(theta, yhat)) {
    out.reason = "the refined model cannot be simulated";
    return out;
  }
  out.min_fit_percent = INFINITY;
  Eigen::Index row = 0;
  for (const Dataset& d : runs) {
    for (Eigen::Index i = 0; i < n; ++i) {
      double e2 = 0.0, v2 = 0.0;
      const double mean = d.y.col(i).mean();
      for (Eigen::Index k = 0; k < d.y.rows(); ++k) {
        e2 += std::pow(d.y(k, i) - yhat(row + k * n + i), 2);
        v2 += std::pow(d.y(k, i) - mean, 2);
      }
      out.min_fit_percent = std::min(out.min_fit_percent, 100.0 * (1.0 - std::sqrt(e2 / std::max(v2, 1e-300))));
    }
    row += d.y.size();
  }
  if (out.min_fit_percent < 90.0) {
    out.reason = "the model with friction fits the record by only " + format_number(out.min_fit_percent) +
                 " % in free run (closed-loop data, stiction or dynamics the model lacks)";
    return out;
  }
  ParameterCovariance c = sandwich_covariance(model, theta);
  if (!c.ok || !c.covariance.allFinite()) {
    out.reason = "the output-error covariance is not finite";
    return out;
  }
  c.covariance = Matrix(c.covariance.topLeftCorner(P0, P0));
  c.gauss_newton_step = Vector(c.gauss_newton_step.head(P0));
  out.covariance = std::move(c);
  out.theta = theta.head(P0);
  out.verified = true;
  return out;
}

}  // namespace mechid
