#include "identify/n4sid.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <vector>

#include "core/clamped_count.hpp"
#include "core/input_error.hpp"
#include "core/gram_svd.hpp"
#include "core/parallel_for.hpp"
#include "identify/lagged_sums.hpp"
#include "identify/modal_input_fit.hpp"
#include "identify/scaled_data.hpp"

namespace mechid {
namespace {

// The RMS value of each channel, the scale of ScaledData (scaled_data.hpp); a channel that is
// identically zero keeps scale 1 (nothing to compare).
Vector rms_scales(const Matrix& x) {
  Vector s(x.cols());
  for (Eigen::Index c = 0; c < x.cols(); ++c) {
    const double rms = x.col(c).norm() / std::sqrt(static_cast<double>(x.rows()));
    s(c) = rms > 0 && std::isfinite(rms) ? rms : 1.0;
  }
  return s;
}

// The Gram matrix H H' of the block-Hankel matrix H = [U_f; U_p; Y_p; Y_f] (one column per time
// t = 0..j-1; p past and f future block rows, j = N − p − f + 1) without forming H. With
// z(t) = [u(t); y(t)], the product of the rows at time shifts a and a + τ is
// Σ_{s=a}^{a+j-1} z(s) z(s+τ)': the full lagged sum over the record minus short head and tail sums,
// so the cost is O(N · (p + f) · (k+ny)²) and the memory O(rows²).
// `record`: the lagged sums over the whole record, at least p + f lags.
Matrix hankel_gram(const ScaledData& d, const RecordLaggedSums& record, Eigen::Index p, Eigen::Index f) {
  const Eigen::Index k = d.inputs(), ny = d.outputs(), m = k + ny, N = d.samples();
  const Eigen::Index j = N - p - f + 1, shifts = p + f;
  // The full lagged sums Σ_{s<j} z(s) z(s+τ)' (lagged_sums.hpp).
  const std::vector<Matrix> lagged = lagged_sums(record, d, shifts, j);
  // z(s) = [u(s); y(s)] on unit-RMS channels for the first and the last p + f − 1 samples,
  // s < p + f − 1 and j <= s < N (j + p + f − 2 = N − 1), read once for the head and tail terms below.
  const Matrix head = d.z_columns(0, shifts - 1), tail = d.z_columns(j, shifts - 1);
  // block(a, τ) = Σ_{s=a}^{a+j-1} z(s) z(s+τ)' for 0 <= a, 0 <= τ, a + τ < 2i: the m x m blocks side
  // by side in one matrix, τ by τ (2i − τ of them each), instead of one allocation per block.
  Matrix blocks(m, m * (shifts * (shifts + 1) / 2));
  const auto at = [&](Eigen::Index a, Eigen::Index tau) {
    return blocks.middleCols((tau * shifts - tau * (tau - 1) / 2 + a) * m, m);
  };
  Matrix sum(m, m);
  for (Eigen::Index tau = 0; tau < shifts; ++tau) {
    sum = lagged[static_cast<std::size_t>(tau)];  // a = 0
    at(0, tau) = sum;
    for (Eigen::Index a = 1; a + tau < shifts; ++a) {
      sum.noalias() -= head.col(a - 1) * head.col(a - 1 + tau).transpose();
      sum.noalias() += tail.col(a - 1) * tail.col(a - 1 + tau).transpose();
      at(a, tau) = sum;
    }
  }
  // Row layout of H: U_f (time p+b, b < f), U_p (time b, b < p), Y_p (time b, b < p), Y_f (time p+b, b < f).
  struct Rows { Eigen::Index offset, time, start, size; };  // start/size: the part of z (u or y)
  std::vector<Rows> rows;
  for (Eigen::Index b = 0; b < f; ++b) rows.push_back({b * k, p + b, 0, k});
  for (Eigen::Index b = 0; b < p; ++b) rows.push_back({f * k + b * k, b, 0, k});
  for (Eigen::Index b = 0; b < p; ++b) rows.push_back({(f + p) * k + b * ny, b, k, ny});
  for (Eigen::Index b = 0; b < f; ++b) rows.push_back({(f + p) * k + p * ny + b * ny, p + b, k, ny});
  Matrix G(shifts * m, shifts * m);
  for (const Rows& r : rows)
    for (const Rows& c : rows) {
      if (r.time <= c.time)
        G.block(r.offset, c.offset, r.size, c.size) = at(r.time, c.time - r.time).block(r.start, c.start, r.size, c.size);
      else
        G.block(r.offset, c.offset, r.size, c.size) =
            at(c.time, r.time - c.time).block(c.start, r.start, c.size, r.size).transpose();
    }
  return G;
}

// O = Σ_yw W with W W' = Σ_ww^+: W = L^{-T} from the Cholesky factor Σ_ww = L L' when Σ_ww is
// well conditioned (noisy data; n³/3 flops), else the pseudo-inverse square root from the
// eigen-decomposition (noise-free data make Σ_ww singular). Both give the same O O'.
Matrix weighted_projection(const Matrix& sigma_ww, const Matrix& sigma_yw) {
  const Eigen::LLT<Matrix> cholesky(sigma_ww);
  if (cholesky.info() == Eigen::Success && cholesky.rcond() > 1e-10) {
    Matrix O = sigma_yw;  // O L' = Σ_yw, solved from the right (no transposed copies of O), by blocks of rows on the core's threads
    parallel_for_blocks(O.rows(), 64, [&](Eigen::Index r0, Eigen::Index w) {
      auto rows = O.middleRows(r0, w);
      cholesky.matrixU().solveInPlace<Eigen::OnTheRight>(rows);
    });
    return O;
  }
  const Eigen::SelfAdjointEigenSolver<Matrix> past(0.5 * (sigma_ww + sigma_ww.transpose()));
  const Vector lambda = past.eigenvalues();
  const double floor = 1e-13 * lambda.cwiseAbs().maxCoeff();
  Vector weight(lambda.size());
  for (Eigen::Index e = 0; e < lambda.size(); ++e) weight(e) = lambda(e) > floor ? 1.0 / std::sqrt(lambda(e)) : 0.0;
  return sigma_yw * past.eigenvectors() * weight.asDiagonal();
}

// The Schur complements of the future inputs' block G_uu in the Gram matrix of [U_f; W_p; Y_f]:
// Σ_ww = G_ww − G_wu G_uu⁺ G_uw and Σ_yw = G_yw − G_yu G_uu⁺ G_uw (the projections of the past and
// the future outputs onto the orthogonal complement of the future inputs' rows). With a factor
// G_uu⁺ = R R' and X = R' G_uw, Y = R' G_uy: Σ_ww = G_ww − X'X (a symmetric rank update) and
// Σ_yw = G_yw − Y'X, about half the flops of solving with G_uu and forming both products in full
// (8 DOF at 64 block rows: 1.5 against 2.2 GFlop). R = L^{-T} from the Cholesky factor G_uu = L L'
// when G_uu is well conditioned; otherwise (inputs that do not excite every future block row: a
// sine, a smooth multisine with fewer lines than rows) R = V Λ^{-1/2} over the eigenvalues above
// 1e-12 λ_max (the Cholesky path's bound on 1/rcond), the pseudo-inverse of the rows the inputs
// span. The pivoted LDLT used there before divided rounding errors by rounding-sized pivots, so
// the projection of a rank-deficient U_f changed with the last bits of the Gram matrix: with the
// lagged sums computed in longer FFT blocks, the subspace model of offset_test.cpp's chain (forced
// by 5 sines below 0.05 cycles a sample) explained 0.12 % of an output's variance, as noise would.
void remove_future_inputs(const Matrix& G, Eigen::Index uf, Eigen::Index wp, Eigen::Index yf, Matrix& sigma_ww,
                          Matrix& sigma_yw) {
  const auto Guu = G.topLeftCorner(uf, uf);
  const Eigen::LLT<Matrix> cholesky(Guu);
  Matrix XY;  // [X Y] = R' [G_uw G_uy]
  if (cholesky.info() == Eigen::Success && cholesky.rcond() > 1e-12) {
    // L⁻¹ [G_uw G_uy] by blocks of columns on the core's threads.
    XY = G.block(0, uf, uf, wp + yf);
    parallel_for_blocks(wp + yf, 64, [&](Eigen::Index c0, Eigen::Index w) {
      auto columns = XY.middleCols(c0, w);
      cholesky.matrixL().solveInPlace(columns);
    });
  } else {
    const Eigen::SelfAdjointEigenSolver<Matrix> inputs(Guu);  // reads the lower triangle, as the LLT
    const Vector lambda = inputs.eigenvalues();                // increasing
    const double floor = 1e-12 * lambda.cwiseAbs().maxCoeff();
    Eigen::Index dropped = 0;
    while (dropped < uf && !(lambda(dropped) > floor)) ++dropped;
    const Eigen::Index kept = uf - dropped;
    const Matrix R = inputs.eigenvectors().rightCols(kept) * lambda.tail(kept).cwiseSqrt().cwiseInverse().asDiagonal();
    XY = R.transpose() * G.block(0, uf, uf, wp + yf);
  }
  const auto X = XY.leftCols(wp), Y = XY.rightCols(yf);
  sigma_ww = G.block(uf, uf, wp, wp);
  add_lower_outer_product(sigma_ww, X.transpose(), -1.0);
  sigma_ww.triangularView<Eigen::StrictlyUpper>() = sigma_ww.transpose();
  sigma_yw = G.block(uf + wp, uf, yf, wp);
  parallel_for_blocks(wp, 64, [&](Eigen::Index c0, Eigen::Index w) {
    sigma_yw.middleCols(c0, w).noalias() -= Y.transpose() * X.middleCols(c0, w);
  });
}

SubspaceModel subspace_identify_scaled(const ScaledData& d, const SubspaceOptions& o, Eigen::Index i);
void fit_input_scaled(const ScaledData& d, SubspaceModel& model);

}  // namespace

Eigen::Index subspace_min_samples(Eigen::Index block_rows, Eigen::Index inputs, Eigen::Index outputs) {
  return 2 * block_rows * (1 + inputs + outputs);
}

Eigen::Index min_block_rows(Eigen::Index order, Eigen::Index outputs) {
  constexpr Eigen::Index kFloorOutputs = 8;  // up to this many outputs, 2 x order block rows
  const Eigen::Index future_rows = 2 * order * std::min(outputs, kFloorOutputs);
  return std::max((future_rows + outputs - 1) / outputs, (order + outputs) / outputs);
}

Eigen::Index choose_block_rows(Eigen::Index order, Eigen::Index inputs, Eigen::Index outputs, Eigen::Index samples, double h,
                               double slowest_period, double horizon_fraction, Eigen::Index max_block_rows) {
  Eigen::Index i = min_block_rows(order, outputs);
  if (slowest_period > 0 && std::isfinite(slowest_period))
    i = std::max(i, clamped_count(std::ceil(horizon_fraction * slowest_period / h)));
  return std::min(i, max_rule_block_rows(inputs, outputs, samples, max_block_rows));
}

Eigen::Index max_rule_block_rows(Eigen::Index inputs, Eigen::Index outputs, Eigen::Index samples, Eigen::Index max_block_rows) {
  // The largest i that subspace_identify accepts for these samples (B4 of the numerics review:
  // a cap looser than that check made the rule pick block rows the data were then refused for).
  const Eigen::Index by_samples = samples / subspace_min_samples(1, inputs, outputs);
  return std::max<Eigen::Index>(1, std::min(max_block_rows, by_samples));
}

Eigen::Index choose_past_rows(Eigen::Index block_rows, Eigen::Index order, Eigen::Index inputs, Eigen::Index outputs, double h,
                              double slowest_period, PeriodKnown known) {
  const bool period = slowest_period > 0 && std::isfinite(slowest_period);
  const Eigen::Index eighth = period ? clamped_count(std::ceil(slowest_period / (8 * h))) : known == PeriodKnown::no ? 0 : block_rows;
  // The projection O (i·ny x past·(k + ny)) stays wide, as gram_svd needs: past (k + ny) >= i ny.
  const Eigen::Index wide = (block_rows * outputs + inputs + outputs - 1) / (inputs + outputs);
  return std::min(block_rows, std::max<Eigen::Index>({(block_rows + 1) / 2, (order + outputs) / outputs, eighth, wide}));
}

SubspaceModel subspace_identify(const Dataset& data, const SubspaceOptions& o) {
  const Eigen::Index k = data.u.cols(), ny = data.y.cols(), N = data.u.rows(), nx = o.order;
  require(nx >= 1, "the model order must be at least 1");
  const Eigen::Index i = o.block_rows > 0 ? o.block_rows : choose_block_rows(nx, k, ny, N, data.h, 0.0);
  // Sizes compared in double before any product of them is formed in Index, which is 32-bit in
  // WebAssembly: block rows 1e9 made i * outputs wrap there (issue 20, item 6). Given block rows
  // beyond what the samples allow are named as such (the rule never picks them).
  const double per_block_row = static_cast<double>(subspace_min_samples(1, k, ny));
  if (o.block_rows > 0 && static_cast<double>(i) * per_block_row > static_cast<double>(N))
    throw InputError("block rows i = " + std::to_string(i) + " need at least " +
                     format_number(static_cast<double>(i) * per_block_row) + " samples (2 i (1 + inputs + outputs)), the data have " +
                     std::to_string(N) + ": give at most " + std::to_string(N / subspace_min_samples(1, k, ny)) +
                     " block rows, or 0 for the rule");
  require(static_cast<double>(i) * static_cast<double>(ny) > static_cast<double>(nx),
          "block rows i = " + std::to_string(i) + " too few for order " + std::to_string(nx) + ": need i * outputs > order");
  validate(data, subspace_min_samples(i, k, ny));
  // Identify on unit-RMS channels, then undo the scaling on G, H: with u = S_u u_s, y = S_y y_s,
  // the model (F, G_s, H_s, x0) of the scaled data is (F, G_s S_u^-1, S_y H_s, x0) in the units
  // of the data (the state is the same).
  const ChannelScales scale{rms_scales(data.u), rms_scales(data.y)};
  SubspaceModel model = subspace_identify_scaled(ScaledData(data, scale), o, i);
  if (model.status == Status::failed) return model;
  model.H = scale.y.asDiagonal() * model.H;
  if (o.estimate_input) model.G = model.G * scale.u.cwiseInverse().asDiagonal();
  return model;
}

SubspaceModel subspace_fit_input(const Dataset& data, SubspaceModel model) {
  if (model.status == Status::failed) return model;
  const ChannelScales scale{rms_scales(data.u), rms_scales(data.y)};
  model.H = scale.y.cwiseInverse().asDiagonal() * model.H;
  fit_input_scaled(ScaledData(data, scale), model);
  model.H = scale.y.asDiagonal() * model.H;
  model.G = model.G * scale.u.cwiseInverse().asDiagonal();
  return model;
}

namespace {

// G and x0 of y_t = H F^t x0 + sum_{s<t} H F^{t-1-s} G u_s by least squares, F and H given.
// The regressors of y_t in (vec G, x0) are H W_t with W_t = [S_1(t) … S_k(t), F^t] (nx x P),
// S_j(t) = sum_{s<t} F^{t-1-s} u_j(s), simulated alongside: W_{t+1} = F W_t plus u_j(t) on the
// diagonal of block j. The W of a block of samples lie side by side, so that one product gives their
// regressors and one rank update adds them to the normal equations: laid out as W' H'
// ((P block) x ny, column-major), the same memory read as P x (ny block) has one column per
// (output, sample), which is the regressor matrix itself (no transposing copy per sample).
void fit_input_and_initial_state(const ScaledData& d, const Matrix& F, const Matrix& H, Matrix& G_out, Vector& x0_out) {
  const Eigen::Index k = d.inputs(), ny = d.outputs(), N = d.samples(), nx = F.rows();
  const Eigen::Index P = nx * k + nx;
  // 64 samples a block, fewer when their W would pass 32 MB (48-DOF chains: nx P = 451 584).
  const Eigen::Index block = std::clamp<Eigen::Index>((Eigen::Index{1} << 22) / (nx * P), 1, 64);
  Matrix W(nx, P * block), next(nx, P);
  W.leftCols(P).setZero();
  W.block(0, nx * k, nx, nx).setIdentity();
  // W_{t+1} from W_t (the block's columns `from`) into `to`.
  const auto advance = [&](const auto& from, auto&& to, Eigen::Index t) {
    to.noalias() = F * from;
    for (Eigen::Index j = 0; j < k; ++j) to.block(0, j * nx, nx, nx).diagonal().array() += d.u(t, j);
    auto z = to.rightCols(nx);
    if (!z.allFinite() || z.cwiseAbs().maxCoeff() > 1e150) z.setZero();  // unstable F: drop x0 terms
  };
  Vector regressors(P * block * ny), outputs(block * ny);
  Matrix normal = Matrix::Zero(P, P);
  Vector rhs = Vector::Zero(P);
  for (Eigen::Index t0 = 0; t0 < N; t0 += block) {
    const Eigen::Index b = std::min(block, N - t0);
    for (Eigen::Index s = 1; s < b; ++s) advance(W.middleCols((s - 1) * P, P), W.middleCols(s * P, P), t0 + s - 1);
    Eigen::Map<Matrix> wh(regressors.data(), P * b, ny);
    wh.noalias() = W.leftCols(P * b).transpose() * H.transpose();
    const Eigen::Map<const Matrix> psi(regressors.data(), P, ny * b);  // column r b + s: output r at t0 + s
    Eigen::Map<Matrix>(outputs.data(), b, ny) = d.y_rows(t0, b);
    add_lower_outer_product(normal, psi);
    rhs.noalias() += psi * outputs.head(ny * b);
    if (t0 + b < N) {
      advance(W.middleCols((b - 1) * P, P), next, t0 + b - 1);
      W.leftCols(P) = next;
    }
  }
  const Vector theta = normal.selfadjointView<Eigen::Lower>().ldlt().solve(rhs);
  G_out = Eigen::Map<const Matrix>(theta.data(), nx, k);
  x0_out = theta.tail(nx);
}

// H of y_t = H x_t by least squares, x_t simulated from x0 with F, G (the output matrix given
// the state sequence of the deterministic part).
// The states of 64 samples side by side, added to the sums by one rank update and one product.
Matrix fit_output_matrix(const ScaledData& d, const Matrix& F, const Matrix& G, const Vector& x0) {
  const Eigen::Index nx = F.rows(), ny = d.outputs(), N = d.samples();
  constexpr Eigen::Index kBlock = 64;
  Matrix xx = Matrix::Zero(nx, nx), xy = Matrix::Zero(nx, ny), X(nx, kBlock);
  Vector x = x0;
  for (Eigen::Index t0 = 0; t0 < N; t0 += kBlock) {
    const Eigen::Index b = std::min(kBlock, N - t0);
    const Matrix Gu = G * d.u_rows(t0, b).transpose();  // nx x b
    for (Eigen::Index s = 0; s < b; ++s) {
      X.col(s) = x;
      x = F * x + Gu.col(s);
    }
    xx.selfadjointView<Eigen::Lower>().rankUpdate(X.leftCols(b));
    xy.noalias() += X.leftCols(b) * d.y_rows(t0, b);
  }
  return xx.selfadjointView<Eigen::Lower>().ldlt().solve(xy).transpose();
}

SubspaceModel subspace_identify_scaled(const ScaledData& d, const SubspaceOptions& o, Eigen::Index i) {
  const Eigen::Index k = d.inputs(), ny = d.outputs(), nx = o.order;
  SubspaceModel model;
  model.block_rows = i;

  // Step 1: Gram matrix of [U_f; W_p; Y_f], W_p = [U_p; Y_p].
  const Eigen::Index f = i, past = o.past_rows > 0 ? std::min(o.past_rows, i) : i;
  model.past_rows = past;
  if (!o.sums || !o.sums->of(d) || o.sums->lags() < past + f)
    model.sums = std::make_shared<const RecordLaggedSums>(record_lagged_sums(d, std::max(past + f, o.sum_lags)));
  else
    model.sums = o.sums;
  const Matrix G = hankel_gram(d, *model.sums, past, f);
  const Eigen::Index uf = f * k, wp = past * (k + ny), yf = f * ny;
  // Step 2: remove U_f (Schur complements), weight the past: O = Σ_yw W with W W' = Σ_ww^+
  // has the singular values and left singular vectors of L32 in the LQ factor of PO-MOESP (for
  // L22 L22' = Σ_ww, L32 L22' = Σ_yw, O = L32 times an orthogonal matrix).
  Matrix sigma_ww, sigma_yw;
  remove_future_inputs(G, uf, wp, yf, sigma_ww, sigma_yw);
  const Matrix O = weighted_projection(sigma_ww, sigma_yw);
  // gram_svd: O is wide (yf < wp); not BDCSVD, which trapped in WebAssembly on such a projection.
  const RobustSvd svd = gram_svd(O, nx);
  if (!svd.ok) {
    model.fail("the subspace projection has non-finite entries: the data are too badly scaled or too collinear "
               "for the subspace step (order " + std::to_string(nx) + ")");
    return model;
  }
  // Reported with a floor at the rounding level of the largest (1e3 eps s_1, B7 of the numerics
  // review): below it they carry no information, and noise-free data leave exact zeros whose
  // ratios would look like the clearest order gap.
  model.singular_values = svd.singular_values.cwiseMax(1e3 * std::numeric_limits<double>::epsilon() * svd.singular_values(0));
  const Vector s = svd.singular_values.head(nx);
  if (!(s(nx - 1) > 1e-12 * s(0))) {
    model.fail("the data do not determine a model of order " + std::to_string(nx) +
               " (singular value " + std::to_string(nx) + " of the projection is zero): input not rich enough");
    return model;
  }
  const Matrix gamma = svd.U.leftCols(nx) * s.cwiseSqrt().asDiagonal();

  // Step 3: H and F.
  model.H = gamma.topRows(ny);
  model.F = gamma.topRows(yf - ny).colPivHouseholderQr().solve(gamma.bottomRows(yf - ny));

  if (o.estimate_input) fit_input_scaled(d, model);
  return model;
}

// Step 4: G and x0 by least squares (D = 0 known), then H refitted to the simulated state
// sequence of that model, and G and x0 once more for the new H: one step of alternating least
// squares on the output error with F fixed (y is linear in H for given G, x0 and linear in G, x0
// for given H). H from the first block row of Γ_i carries the noise of one block row only; the
// refit uses every sample (measured on the 3-DOF study, docs/results.md: M and D errors 5-10 %
// lower at h = 0.02-0.1, not worse elsewhere; more alternations changed them by < 2 %).
// Both fits in F's modal coordinates when F allows (modal_input_fit.hpp: one pass over the record
// for both, and P²/2 rather than nx² P + nx P ny + ny P²/2 multiply-adds a sample), else directly.
void fit_input_scaled(const ScaledData& d, SubspaceModel& model) {
  const std::optional<ModalInputFit> modal = ModalInputFit::of(d, model.F);
  const auto fit = [&]() {
    if (modal)
      modal->fit(model.H, model.G, model.x0);
    else
      fit_input_and_initial_state(d, model.F, model.H, model.G, model.x0);
  };
  fit();
  model.H = fit_output_matrix(d, model.F, model.G, model.x0);
  fit();
  const double radius = Eigen::EigenSolver<Matrix>(model.F, false).eigenvalues().cwiseAbs().maxCoeff();
  if (!model.G.allFinite() || !(radius < 1.0)) {
    model.add_warning("identified F is not stable (spectral radius " + format_number(radius) + ")");
  }
}

}  // namespace

}  // namespace mechid
