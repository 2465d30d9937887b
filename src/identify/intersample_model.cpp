#include "identify/intersample_model.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "core/dft.hpp"
#include "core/input_error.hpp"
#include "discretize/cubic_hold.hpp"
#include "discretize/sampling_sensitivity.hpp"
#include "identify/guardrails.hpp"

namespace mechid {
namespace {

// u minus, per column, the line through its first and last samples.
Matrix without_end_line(const Matrix& u) {
  const Eigen::Index N = u.rows();
  Matrix r = u;
  for (Eigen::Index t = 0; t < N; ++t) {
    const double s = N > 1 ? static_cast<double>(t) / static_cast<double>(N - 1) : 0.0;
    r.row(t) -= (1 - s) * u.row(0) + s * u.row(N - 1);
  }
  return r;
}

// Every channel's mean periodogram over the bins strictly above fraction × Nyquist (a line exactly
// at the limit is still resolved) below 1e-3 of its average.
bool negligible_above(const std::vector<InputSpectrum>& channels, double fraction, double h) {
  const double nyquist = M_PI / h;
  return std::all_of(channels.begin(), channels.end(), [&](const InputSpectrum& s) {
    return s.relative_power(fraction * nyquist + 0.5 * s.resolution(), nyquist) < 1e-3;
  });
}

}  // namespace

std::string to_string(const IntersampleModel& model) {
  switch (model.kind) {
    case IntersampleKind::hold: return "zoh";
    case IntersampleKind::linear: return "foh";
    case IntersampleKind::band_limited: return "band-limited";
  }
  return "zoh";
}

std::string band_limited_error_words(const IntersampleModel& model) {
  // choose_intersample_model keeps ωh/r <= π/32 wherever the input has power; the cubic's error
  // there is at most (3/128)(ωh/r)⁴ of the line's amplitude (cubic_hold.hpp).
  const double worst = 3.0 / 128.0 * std::pow(M_PI / 32, 4);
  return "the band-limited model (the samples' band-limited interpolant, integrated exactly as a cubic between its " +
         std::to_string(model.substeps) + " points per period) errs by at most " + format_digits(worst) +
         " of a force line's amplitude at any h";
}

IntersampleModel choose_intersample_model(const Matrix& u, double h, InputSampling sampling) {
  if (sampling == InputSampling::hold) return {};
  if (u.rows() < 8) return {IntersampleKind::linear};
  for (const bool detrended : {false, true}) {
    // One channel at a time (10⁶ samples: one column's copy, not the whole record's).
    std::vector<InputSpectrum> channels;
    for (Eigen::Index c = 0; c < u.cols(); ++c) channels.emplace_back(detrended ? without_end_line(u.col(c)) : Matrix(u.col(c)), h);
    if (!negligible_above(channels, 0.8, h)) continue;
    for (const int r : {8, 16})
      if (negligible_above(channels, r / 32.0, h)) return {IntersampleKind::band_limited, r, detrended};
    return {IntersampleKind::band_limited, 32, detrended};
  }
  return {IntersampleKind::linear};
}

Eigen::Index columns_per_input(const IntersampleModel& model) {
  switch (model.kind) {
    case IntersampleKind::hold: return 1;
    case IntersampleKind::linear: return 2;
    case IntersampleKind::band_limited: return model.substeps + 3;
  }
  return 1;
}

Matrix band_limited_interpolation(const Matrix& u, int substeps, bool detrended) {
  const Eigen::Index N = u.rows(), k = u.cols(), r = substeps;
  const Matrix line_removed = detrended ? without_end_line(u) : Matrix();
  const Matrix& v = detrended ? line_removed : u;
  const Dft dft(static_cast<std::size_t>(N));
  Matrix fine(N * r, k);
  ComplexVector column(static_cast<std::size_t>(N)), shifted(static_cast<std::size_t>(N));
  for (Eigen::Index c = 0; c < k; ++c) {
    for (Eigen::Index t = 0; t < N; ++t) column[static_cast<std::size_t>(t)] = v(t, c);
    const ComplexVector V = dft.forward(column);
    for (Eigen::Index j = 0; j < r; ++j) {
      // Delay by τ = j/r samples: bin b at frequency b (b <= N/2) or b − N cycles per record; the
      // Nyquist bin of an even N split between ±N/2 (its real cosine), so the interpolant is real.
      const double tau = static_cast<double>(j) / static_cast<double>(r);
      for (Eigen::Index b = 0; b < N; ++b) {
        const auto bin = static_cast<std::size_t>(b);
        if (2 * b == N) {
          shifted[bin] = V[bin] * std::cos(M_PI * tau);  // (−1)^t cos(πτ) = cos(π(t + τ))
          continue;
        }
        const double frequency = static_cast<double>(2 * b < N ? b : b - N);
        shifted[bin] = V[bin] * std::polar(1.0, 2 * M_PI * frequency * tau / static_cast<double>(N));
      }
      const ComplexVector x = dft.inverse(shifted);
      for (Eigen::Index t = 0; t < N; ++t) fine(t * r + j, c) = x[static_cast<std::size_t>(t)].real();
    }
  }
  if (detrended)
    for (Eigen::Index t = 0; t < N * r; ++t) {
      const double s = N > 1 ? static_cast<double>(t) / static_cast<double>((N - 1) * r) : 0.0;
      fine.row(t) += (1 - s) * u.row(0) + s * u.row(N - 1);
    }
  return fine;
}

Matrix intersample_input_rows(const Matrix& u, const IntersampleModel& model, Eigen::Index t0, Eigen::Index b) {
  const Eigen::Index N = u.rows(), k = u.cols();
  if (model.kind == IntersampleKind::hold) return u.middleRows(t0, b);
  if (model.kind != IntersampleKind::linear) throw std::logic_error("intersample_input_rows: the band-limited inputs are not local");
  // [u_k; u_{k+1} − u_k]; the last Δu is unused (zero).
  Matrix w = Matrix::Zero(b, 2 * k);
  w.leftCols(k) = u.middleRows(t0, b);
  const Eigen::Index steps = std::min(b, N - 1 - t0);
  if (steps > 0) w.block(0, k, steps, k) = u.middleRows(t0 + 1, steps) - u.middleRows(t0, steps);
  return w;
}

Matrix intersample_inputs(const Matrix& u, const IntersampleModel& model) {
  const Eigen::Index N = u.rows(), k = u.cols();
  switch (model.kind) {
    case IntersampleKind::hold: return u;
    case IntersampleKind::linear: return intersample_input_rows(u, model, 0, N);
    case IntersampleKind::band_limited: {
      // Slot s (s = 0 … r + 2) of w_k: the interpolant at t_k + (s − 1) h/r, the points that the
      // cubics of the sub-steps of [t_k, t_{k+1}] pass through (discretize/cubic_hold.hpp).
      // Beyond the record the interpolant continues: its periodic part wraps around, its line goes
      // on (detrended: the line rises by N/(N−1) (u_{N−1} − u_0) per period N h).
      const Eigen::Index r = model.substeps, period = N * r;
      const Matrix fine = band_limited_interpolation(u, model.substeps, model.detrended);
      const Matrix rise = model.detrended && N > 1
                              ? Matrix((u.row(N - 1) - u.row(0)) * (static_cast<double>(N) / static_cast<double>(N - 1)))
                              : Matrix::Zero(1, k);
      Matrix w(N, (r + 3) * k);
      for (Eigen::Index t = 0; t < N; ++t)
        for (Eigen::Index s = 0; s < r + 3; ++s) {
          const Eigen::Index i = t * r + s - 1, wrapped = ((i % period) + period) % period;
          w.block(t, s * k, 1, k) = fine.row(wrapped) + static_cast<double>((i - wrapped) / period) * rise;
        }
      return w;
    }
  }
  return u;
}

SampledModelDerivatives sampled_model(const Matrix& A, const Matrix& B, double h, const IntersampleModel& model,
                                      const std::vector<LowRankMatrix>& directions, bool factored) {
  const Eigen::Index n = A.rows(), k = B.cols();
  const bool fine = model.kind == IntersampleKind::band_limited;
  const InputSampling sampling = model.kind == IntersampleKind::hold ? InputSampling::hold : InputSampling::point;
  const double step = fine ? h / model.substeps : h;
  const Matrix X = fine ? cubic_hold_generator(A, B, step) : sampling_generator(A, B, step, sampling);
  const Eigen::Index m = X.rows();
  // Directions of the generator: step [∂A ∂B] in its first n rows (and n + k columns).
  std::vector<LowRankMatrix> generator_directions;
  generator_directions.reserve(directions.size());
  for (const LowRankMatrix& d : directions) {
    LowRankMatrix E{Matrix::Zero(m, d.left.cols()), Matrix::Zero(m, d.right.cols())};
    E.left.topRows(n) = step * d.left;
    E.right.topRows(n + k) = d.right;
    generator_directions.push_back(std::move(E));
  }
  const ExponentialDerivatives e = exponential_derivatives(X, generator_directions, factored && !fine);
  SampledModelDerivatives out;
  if (!fine) {
    out.Phi = e.exponential.topRows(n);
    for (const LowRankMatrix& L : e.factors) out.factors.push_back({L.left.topRows(n), L.right});
    for (const Matrix& d : e.derivatives) out.derivatives.push_back(d.topRows(n));
    return out;
  }
  // Sub-step j of the period takes the slots j … j + 3 of w_k (the interpolant at t_k + (j−1)δ …
  // t_k + (j+2)δ): T_{j+1} = F_δ T_j + [G₋₁ G₀ G₁ G₂] E_{j … j+3} (cubic_hold.hpp), T_0 = [I 0],
  // Φ = T_r; its derivatives by the product rule, with ∂G from ∂e^X through the same linear map.
  const Eigen::Index r = model.substeps, columns = n + (r + 3) * k;
  const Matrix F = e.exponential.topLeftCorner(n, n), G = cubic_hold_weights(e.exponential.topRows(n), k);
  const std::size_t P = directions.size();
  std::vector<Matrix> dF(P), dG(P);
  for (std::size_t p = 0; p < P; ++p) {
    dF[p] = e.derivatives[p].topLeftCorner(n, n);
    dG[p] = cubic_hold_weights(e.derivatives[p].topRows(n), k);
  }
  Matrix T = Matrix::Zero(n, columns);
  T.leftCols(n).setIdentity();
  std::vector<Matrix> dT(P, Matrix::Zero(n, columns));
  Matrix next(n, columns);
  for (Eigen::Index j = 0; j < r; ++j) {
    for (std::size_t p = 0; p < P; ++p) {
      next.noalias() = dF[p] * T;
      next.noalias() += F * dT[p];
      next.middleCols(n + j * k, 4 * k) += dG[p];
      dT[p].swap(next);
    }
    next.noalias() = F * T;
    next.middleCols(n + j * k, 4 * k) += G;
    T.swap(next);
  }
  out.Phi = std::move(T);
  out.derivatives = std::move(dT);
  return out;
}

}  // namespace mechid
