#include "identify/exact_sampling_predictor.hpp"

#include <algorithm>
#include <limits>
#include <vector>

#include "core/parallel_for.hpp"
#include "identify/noise_free_level.hpp"
#include "identify/symmetric_parameters.hpp"

namespace mechid {
namespace {

// The two columns e_i, e_j of I_n (e_i alone on the diagonal): E_p = e_i e_j' + e_j e_i' = Y Y_swapped'
// is the direction of the symmetric parameter (i, j).
Matrix unit_pair(Eigen::Index n, Eigen::Index i, Eigen::Index j) {
  const Matrix I = Matrix::Identity(n, n);
  if (i == j) return I.col(i);
  Matrix Y(n, 2);
  Y << I.col(i), I.col(j);
  return Y;
}

// Y with its two columns swapped: e_i e_j' + e_j e_i' = Y swapped(Y)'.
Matrix swapped(const Matrix& Y) { return Y.rowwise().reverse(); }

// Per output channel: a predicted q_c beyond 1e6 max|y_c| means the model diverges (a stable
// model's free run stays within the data's range up to its own error), in the channel's own units.
// Only q is tested: the velocities q' ~ ω|q| are not comparable with |y| (review B5: a 1e6 rad/s
// system was declared unstable). A channel of zeros takes the largest channel's limit; with no
// signal at all only non-finite predictions count.
Vector divergence_limit(const Matrix& y) {
  Vector limit = 1e6 * y.cwiseAbs().colwise().maxCoeff().transpose();
  const double largest = limit.size() ? limit.maxCoeff() : 0.0;
  for (Eigen::Index c = 0; c < limit.size(); ++c)
    if (limit(c) == 0) limit(c) = largest > 0 ? largest : std::numeric_limits<double>::infinity();
  return limit;
}

}  // namespace

Vector initial_state_guess(const Dataset& data) {
  const Eigen::Index n = data.y.cols();
  Vector x0(2 * n);
  x0 << data.y.row(0).transpose(), (data.y.row(1) - data.y.row(0)).transpose() / data.h;
  return x0;
}

namespace {

// One intersample model for every run (one sampled model Φ serves them all): the runs' own
// choice when they agree; otherwise FOH for point samples (ZOH stays exact for held inputs).
IntersampleModel common_intersample_model(const std::vector<Dataset>& runs) {
  const IntersampleModel first = choose_intersample_model(runs.front().u, runs.front().h, runs.front().input_sampling);
  for (std::size_t i = 1; i < runs.size(); ++i) {
    const IntersampleModel other = choose_intersample_model(runs[i].u, runs[i].h, runs[i].input_sampling);
    if (other.kind != first.kind || other.substeps != first.substeps || other.detrended != first.detrended)
      return IntersampleModel{first.kind == IntersampleKind::hold ? IntersampleKind::hold : IntersampleKind::linear};
  }
  return first;
}

// Run::w: the inputs intersample_inputs makes where the recursion cannot read them off u.
Matrix held_inputs(const Matrix& u, const IntersampleModel& model, bool offsets) {
  return offsets || model.kind == IntersampleKind::band_limited ? intersample_inputs(u, model) : Matrix();
}

}  // namespace

ExactSamplingPredictor::ExactSamplingPredictor(const Dataset& data, const Matrix& L, Vector weights)
    : ExactSamplingPredictor(std::vector<Dataset>{}, L, full_structure(data.y.cols()), std::move(weights)) {
  const IntersampleModel model = choose_intersample_model(data.u, data.h, data.input_sampling);
  runs_.push_back(Run{&data, model, held_inputs(data.u, model, false), divergence_limit(data.y)});
  n_ = data.y.cols();
  samples_ = data.y.rows();
  if (weights_.size() == 0) weights_ = Vector::Ones(n_);
}

ExactSamplingPredictor::ExactSamplingPredictor(const std::vector<Dataset>& runs, const Matrix& L, StructureMap structure,
                                               Vector weights, bool offsets)
    : L_(L), offsets_(offsets), input_matrix_(L), structure_(std::move(structure)), weights_(std::move(weights)),
      n_(structure_.dof()) {
  if (offsets_) {
    input_matrix_.conservativeResize(Eigen::NoChange, L.cols() + n_);
    input_matrix_.rightCols(n_).setIdentity();
  }
  if (runs.empty()) return;  // the single-run constructor fills runs_
  const IntersampleModel model = common_intersample_model(runs);
  for (const Dataset& d : runs) {
    if (offsets_) {  // the constant's columns: ones (any intersample model represents a constant exactly)
      Matrix u = d.u;
      u.conservativeResize(Eigen::NoChange, d.u.cols() + n_);
      u.rightCols(n_).setOnes();
      runs_.push_back(Run{&d, model, held_inputs(u, model, true), divergence_limit(d.y)});
    } else {
      runs_.push_back(Run{&d, model, held_inputs(d.u, model, false), divergence_limit(d.y)});
    }
    samples_ += d.y.rows();
  }
  if (weights_.size() == 0) weights_ = Vector::Ones(n_);
}

double ExactSamplingPredictor::noise_free_cost() const {
  double cost = 0.0;
  for (const Run& run : runs_) cost += mechid::noise_free_cost(run.data->y, weights_);
  return cost;
}

Eigen::Index ExactSamplingPredictor::parameter_count() const {
  return offset_index() + (offsets_ ? n_ * static_cast<Eigen::Index>(runs_.size()) : 0);
}

Vector ExactSamplingPredictor::pack(const MechanicalSystem& s, const Vector& initial_states) const {
  Vector theta = Vector::Zero(parameter_count());  // offsets start at zero
  theta.head(structure_.free_count()) = structure_.pack(s.M, s.D, s.K);
  theta.segment(structure_.free_count(), initial_states.size()) = initial_states;
  return theta;
}

Matrix ExactSamplingPredictor::offsets(const Vector& theta) const {
  if (!offsets_) return Matrix();
  return Eigen::Map<const Matrix>(theta.data() + offset_index(), n_, static_cast<Eigen::Index>(runs_.size())).transpose();
}

MechanicalSystem ExactSamplingPredictor::unpack(const Vector& theta) const {
  MechanicalSystem s;
  s.L = L_;
  structure_.unpack(theta.head(structure_.free_count()), s.M, s.D, s.K);
  return s;
}

MechanicalSystem ExactSamplingPredictor::spread(const Vector& theta) const {
  MechanicalSystem s;
  s.L = L_;
  structure_.spread(theta.head(structure_.free_count()), s.M, s.D, s.K);
  return s;
}

Vector ExactSamplingPredictor::initial_states_guess() const {
  Vector x0(2 * n_ * static_cast<Eigen::Index>(runs_.size()));
  for (std::size_t i = 0; i < runs_.size(); ++i)
    x0.segment(2 * n_ * static_cast<Eigen::Index>(i), 2 * n_) = initial_state_guess(*runs_[i].data);
  return x0;
}

bool ExactSamplingPredictor::evaluate(const Vector& theta, Vector& r, const JacobianSink* sink) const {
  const bool sensitivities = sink != nullptr;
  const MechanicalSystem s = unpack(theta);
  const Eigen::LLT<Matrix> mass(s.M);
  if (mass.info() != Eigen::Success) return false;  // M must stay positive definite
  const Eigen::Index n = n_, Ps = structure_.free_count(), m = 2 * n + columns_per_input(runs_.front().intersample) * input_matrix_.cols();
  const Matrix Minv = mass.solve(Matrix::Identity(n, n));
  // eq. 1.4: A = [0 I; -M⁻¹K -M⁻¹D], B = [0; M⁻¹L].
  const Matrix& Lx = input_matrix_;
  const Eigen::Index kx = Lx.cols();
  Matrix A = Matrix::Zero(2 * n, 2 * n), B = Matrix::Zero(2 * n, kx);
  A.topRightCorner(n, n).setIdentity();
  A.bottomLeftCorner(n, n) = -Minv * s.K;
  A.bottomRightCorner(n, n) = -Minv * s.D;
  B.bottomRows(n) = Minv * Lx;

  // [∂A ∂B] per free parameter, nonzero in the rows of q'' only, of rank one or two: with
  // E = e_i e_j' + e_j e_i' = Y swapped(Y)', ∂M⁻¹ = −M⁻¹ E M⁻¹ moves [−M⁻¹K, −M⁻¹D, M⁻¹L] by
  // (−M⁻¹Y)(T' M⁻¹ swapped(Y))' with T = [−K, −D, L]; ∂D and ∂K move its block of columns by
  // (−M⁻¹Y) swapped(Y)' (exponential_frechet.hpp: the derivatives are cheaper in factors).
  std::vector<LowRankMatrix> directions;
  if (sensitivities) {
    directions.reserve(Ps);
    Matrix T(n, 2 * n + kx);
    T << -s.K, -s.D, Lx;
    for (const Eigen::Index p : structure_.free_indices()) {
      const PackedEntry e = packed_entry(p, n);
      const Matrix Y = unit_pair(n, e.i, e.j), right = swapped(Y);
      LowRankMatrix d{Matrix::Zero(2 * n, Y.cols()), Matrix::Zero(2 * n + kx, Y.cols())};
      d.left.bottomRows(n) = -Minv * Y;
      if (e.matrix == 0)
        d.right = T.transpose() * (Minv * right);
      else
        d.right.middleRows(e.matrix == 1 ? n : 0, n) = right;  // D: ∂A22; K: ∂A21
      directions.push_back(std::move(d));
    }
  }
  const Run& first = runs_.front();
  // Factors of rank ρ_p ≤ 13 r_p (Padé degree ≤ 13) cost (m + 2n) ρ_p a sample against 2n m for
  // the dense ∂Φ/∂θ_p: asked for where even the largest degree would be cheaper (chains from about
  // 16 DOF; never the small systems, whose numbers stay those of the dense forcings).
  Eigen::Index rank_bound = 0;
  for (const LowRankMatrix& d : directions) rank_bound += 13 * d.left.cols();
  const bool factored = sensitivities && rank_bound * (m + 2 * n) < Ps * 2 * n * m;
  SampledModelDerivatives sampled = sampled_model(A, B, first.data->h, first.intersample, directions, factored);
  const Matrix& Phi = sampled.Phi;
  Forcings forcings;
  if (sensitivities && !sampled.factors.empty()) {
    forcings.offset.assign(1, 0);
    for (const LowRankMatrix& d : sampled.factors) forcings.offset.push_back(forcings.offset.back() + d.right.cols());
    forcings.right.resize(m, forcings.offset.back());
    for (Eigen::Index p = 0; p < Ps; ++p) {
      LowRankMatrix& d = sampled.factors[static_cast<std::size_t>(p)];
      forcings.right.middleCols(forcings.offset[static_cast<std::size_t>(p)], d.right.cols()) = d.right;
      forcings.left.push_back(std::move(d.left));
    }
  } else if (sensitivities) {
    forcings.dense.resize(2 * n * Ps, m);
    for (Eigen::Index p = 0; p < Ps; ++p) forcings.dense.middleRows(2 * n * p, 2 * n) = sampled.derivatives[p];
  }
  r.resize(samples_ * n);
  // With offsets, the entries of w_k that carry the constant (per slot of the intersample model,
  // the last n of each k + n) are scaled by -f_0 of the run; Γ_c (2n x n) is their column sum in
  // Φ, so that ∂x_{k+1}/∂f_0 = F ∂x_k/∂f_0 - Γ_c.
  const Eigen::Index k_in = L_.cols(), slots = (m - 2 * n) / kx;
  Matrix gamma;
  if (offsets_) {
    gamma = Matrix::Zero(2 * n, n);
    const auto unit = runs_.front().w.row(0);
    for (Eigen::Index j = 0; j < slots; ++j)
      for (Eigen::Index i = 0; i < n; ++i)
        gamma.col(i) += Phi.col(2 * n + j * kx + k_in + i) * unit(j * kx + k_in + i);
  }
  // The recursion with the state's size fixed at compile time for the small systems, where the
  // per-sample products are tiny and their call overhead, not their arithmetic, is the cost.
  switch (2 * n) {
    case 2: return recursion<2>(theta, Phi, forcings, gamma, r, sink);
    case 4: return recursion<4>(theta, Phi, forcings, gamma, r, sink);
    case 6: return recursion<6>(theta, Phi, forcings, gamma, r, sink);
    case 8: return recursion<8>(theta, Phi, forcings, gamma, r, sink);
    default: return recursion<Eigen::Dynamic>(theta, Phi, forcings, gamma, r, sink);
  }
}

void ExactSamplingPredictor::Forcings::apply(Eigen::Index first, Eigen::Index count, Eigen::Index states,
                                             const Eigen::Ref<const Matrix>& Z, Matrix& out) const {
  if (left.empty()) {
    out.noalias() = dense.middleRows(states * first, states * count) * Z;
    return;
  }
  const auto at = [&](Eigen::Index p) { return offset[static_cast<std::size_t>(p)]; };
  const Matrix projected = right.middleCols(at(first), at(first + count) - at(first)).transpose() * Z;  // right_pᵀ z_k
  out.resize(states * count, Z.cols());
  for (Eigen::Index p = first; p < first + count; ++p)
    out.middleRows(states * (p - first), states).noalias() =
        left[static_cast<std::size_t>(p)] * projected.middleRows(at(p) - at(first), at(p + 1) - at(p));
}

// The free run x_{k+1} = Φ [x_k; w_k] of every run, its weighted residuals and (with a sink) the
// sensitivities S_{k+1} = F S_k + [(∂Φ/∂θ_p) z_k]_p, z_k = [x_k; w_k], for a state of States = 2n
// entries (Eigen::Dynamic: any n). The state does not depend on S, so the samples go in chunks:
// first the states and residuals of the chunk (its z_k side by side in Z), then, per block of
// columns of S, the forcings of all the chunk's samples as one matrix product (Forcings::apply) and
// the sensitivity recursion over the chunk: one product per chunk instead of a matrix-vector product
// per sample, and blocks that run on the core's threads (parallel_for.hpp), beside them the next
// chunk's states (they do not depend on S). With States fixed, F S
// is Eigen's coefficient-based product unrolled over the depth 2n (no packing, no clearing of
// S_{k+1}); 2n ≤ 8 are instantiated, as one block.
template <int States>
bool ExactSamplingPredictor::recursion(const Vector& theta, const Matrix& Phi, const Forcings& forcings, const Matrix& gamma,
                                       Vector& r, const JacobianSink* sink) const {
  constexpr int Dofs = States == Eigen::Dynamic ? Eigen::Dynamic : States / 2;
  using StateColumns = Eigen::Matrix<double, States, Eigen::Dynamic>;  // 2n rows
  static_assert(!StateColumns::IsRowMajor, "a block's forcings are mapped onto its columns of S_next, which must be contiguous");
  const bool sensitivities = sink != nullptr;
  const Eigen::Index n = n_, P = parameter_count(), Ps = structure_.free_count(), m = Phi.cols();
  const Eigen::Matrix<double, States, States> F = Phi.leftCols(2 * n);
  const StateColumns Phi_fixed = Phi;
  const Eigen::Index kx = input_matrix_.cols(), k_in = L_.cols(), slots = (m - 2 * n) / kx,
                     local = Ps + 2 * n + (offsets_ ? n : 0);
  // Samples per chunk: the forcings (∂Φ/∂θ) Z of a chunk (over its blocks of columns) take about 1 MB
  // (more for the largest systems, whose chunks keep 8 samples: 24 DOF, 2.8 MB).
  const Eigen::Index chunk = std::clamp<Eigen::Index>((1 << 17) / std::max<Eigen::Index>(sensitivities ? 2 * n * Ps : 0, 1), 8, 256);
  Matrix Z[2] = {Matrix(m, chunk), Matrix(m, chunk)};  // a chunk's z_k, and the next chunk's (simulated beside its blocks)
  Eigen::Matrix<double, States, 1> x(2 * n);
  // Per run, S = ∂x_k/∂[free entries, that run's x_0, that run's f_0]; the other runs' do not move it.
  StateColumns S(2 * n, local), S_next(2 * n, local);
  Matrix Jt_sample, Jc;  // Jc: the chunk's -(W ∂q_k/∂θ)', sample by sample
  const bool same_rows = runs_.size() == 1 && !offsets_;  // then P = local: a sample's J' is its columns of Jc
  if (sensitivities) {
    Jt_sample.resize(P, n);
    Jc.resize(local, n * chunk);
  }
  // The column blocks of the recursion: all columns for the small systems (one block, no threads:
  // their products are tiny), else blocks of at most 32, the forced columns (the free entries, each
  // with its forcing) first and split evenly, then those of x_0 and f_0, split evenly: blocks of
  // about equal cost, which two threads share evenly (blocks of 32 from column 0 took 8, 8, 8, 7, 5
  // and 1 units of work at 24 DOF: one thread idled while the other ran the 5).
  std::vector<Eigen::Index> column_blocks{0, local};
  if (States == Eigen::Dynamic) {
    column_blocks.resize(1);
    append_even_blocks(column_blocks, 0, Ps, 32);
    append_even_blocks(column_blocks, Ps, local, 32);
  }
  Eigen::Index row = 0;
  for (std::size_t run = 0; run < runs_.size(); ++run) {
    const Run& R = runs_[run];
    const Matrix& y = R.data->y;
    const Eigen::Index N = y.rows(), x0 = Ps + 2 * n * static_cast<Eigen::Index>(run),
                       f0 = offset_index() + n * static_cast<Eigen::Index>(run);
    x = theta.segment(x0, 2 * n);
    S.setZero();
    S.middleCols(Ps, 2 * n).setIdentity();
    Jt_sample.setZero();
    // The states of the chunk from k0: its residuals into r and its z_k side by side in Zk; false
    // when the run leaves the data's range.
    const auto simulate = [&](Eigen::Index k0, Matrix& Zk) {
      const Eigen::Index samples = std::min(chunk, N - k0);
      for (Eigen::Index j = 0; j < samples; ++j) {
        const Eigen::Index k = k0 + j;
        const auto q = x.template head<Dofs>(n);
        if (!x.allFinite() || (q.cwiseAbs().array() > R.limit.array()).any()) return false;
        r.segment((row + k) * n, n) = weights_.cwiseProduct(y.row(k).transpose() - q);
        if (k + 1 == N) break;
        auto z = Zk.col(j);
        z.head(2 * n) = x;
        if (R.w.size() > 0) {
          z.tail(m - 2 * n) = R.w.row(k).transpose();
        } else {  // read off u as intersample_inputs makes them: u_k (ZOH), then u_{k+1} − u_k (FOH); here k + 1 < N
          const Matrix& u = R.data->u;
          z.segment(2 * n, kx) = u.row(k).transpose();
          if (R.intersample.kind == IntersampleKind::linear) z.segment(2 * n + kx, kx) = (u.row(k + 1) - u.row(k)).transpose();
        }
        if (offsets_)
          for (Eigen::Index i = 0; i < slots; ++i) z.segment(2 * n + i * kx + k_in, n).array() *= -theta.segment(f0, n).array();
        x.noalias() = Phi_fixed * z;
      }
      return true;
    };
    if (!sensitivities) {
      for (Eigen::Index k0 = 0; k0 < N; k0 += chunk)
        if (!simulate(k0, Z[0])) return false;
      row += N;
      continue;
    }
    if (!simulate(0, Z[0])) return false;
    for (Eigen::Index k0 = 0, index = 0; k0 < N; k0 += chunk, ++index) {
      const Eigen::Index samples = std::min(chunk, N - k0);
      const Matrix& Zc = Z[index % 2];
      // S_{k+1} is formed for these samples and forced by their z_k: the run's last sample has neither.
      const Eigen::Index steps = k0 + samples == N ? samples - 1 : samples;
      // The columns of S are independent: S_{k+1}[:, c] = F S_k[:, c] + (∂Φ/∂θ_c) z_k. Each block
      // of columns runs the chunk's recursion on its own (the forcings of its columns times
      // Z), so that parallel_for spreads them over the threads; the blocks do not depend on the
      // thread count, nor do the numbers. Each step reads one of S, S_next and writes the other.
      const auto block = [&](Eigen::Index c0, Eigen::Index w) {
        const Eigen::Index forced_columns = std::clamp<Eigen::Index>(Ps - c0, 0, w);
        Matrix Db;  // column j: the forcings of the block's columns at sample k0 + j, stacked
        if (forced_columns > 0) forcings.apply(c0, forced_columns, 2 * n, Zc.leftCols(steps), Db);
        const Eigen::Index offsets_from = Ps + 2 * n;  // the columns of f_0 (with offsets) start here
        for (Eigen::Index j = 0; j < samples; ++j) {
          StateColumns& current = j % 2 == 0 ? S : S_next;
          Jc.block(c0, j * n, w, n).noalias() = -(weights_.asDiagonal() * current.template topRows<Dofs>(n).middleCols(c0, w)).transpose();
          if (j == steps) break;
          StateColumns& next = j % 2 == 0 ? S_next : S;
          next.middleCols(c0, w).noalias() = F * current.middleCols(c0, w);
          if (forced_columns > 0) Eigen::Map<Vector>(next.col(c0).data(), 2 * n * forced_columns) += Db.col(j);
          if (offsets_)
            for (Eigen::Index c = std::max(c0, offsets_from); c < c0 + w; ++c) next.col(c) -= gamma.col(c - offsets_from);
        }
      };
      // The next chunk's states depend on x only, not on S: with several blocks they are one more
      // task beside them (the first, into the other Z), so that the free run does not wait on one
      // thread between the chunks' blocks; the small systems' one block runs with no threads, and
      // the next chunk's states after it.
      const Eigen::Index blocks = static_cast<Eigen::Index>(column_blocks.size()) - 1,
                         ahead = blocks > 1 && k0 + chunk < N ? 1 : 0;
      bool next_in_range = true;
      parallel_for(ahead + blocks, [&](Eigen::Index t) {
        if (t < ahead) {
          next_in_range = simulate(k0 + chunk, Z[(index + 1) % 2]);
          return;
        }
        const auto b = static_cast<std::size_t>(t - ahead);
        block(column_blocks[b], column_blocks[b + 1] - column_blocks[b]);
      });
      if (ahead == 0 && k0 + chunk < N) next_in_range = simulate(k0 + chunk, Z[(index + 1) % 2]);
      if (steps % 2 == 1) S.swap(S_next);
      for (Eigen::Index j = 0; j < samples; ++j) {
        const auto Jq = Jc.middleCols(j * n, n);
        if (same_rows) {  // handed over in place, not copied
          (*sink)(Jq);
          continue;
        }
        Jt_sample.topRows(Ps) = Jq.topRows(Ps);
        Jt_sample.middleRows(x0, 2 * n) = Jq.middleRows(Ps, 2 * n);
        if (offsets_) Jt_sample.middleRows(f0, n) = Jq.bottomRows(n);
        (*sink)(Jt_sample);
      }
      if (!next_in_range) return false;  // the run leaves the data's range in the next chunk (after this one's hand-over, as before)
    }
    row += N;
  }
  return true;
}

Matrix ExactSamplingPredictor::output_errors(const Vector& theta) const {
  Vector r;
  if (!evaluate(theta, r, nullptr)) return Matrix();
  return output_errors_of(r);
}

Matrix ExactSamplingPredictor::output_errors_of(const Vector& r) const {
  return Eigen::Map<const Matrix>(r.data(), n_, samples_).transpose() * weights_.cwiseInverse().asDiagonal();
}

}  // namespace mechid
