#include "identify/guardrails.hpp"

#include <algorithm>
#include <cmath>
#include <complex>
#include <limits>

#include "core/cholesky_by_blocks.hpp"
#include "core/clamped_count.hpp"
#include "core/dft.hpp"
#include "core/input_error.hpp"
#include "core/normal_quantile.hpp"
#include "core/parallel_for.hpp"

namespace mechid {

// Lag stride for excitation_order: one radian of the RMS frequency ω̄ (1/(ω̄h) samples), from
// ‖Δu‖²/‖u − ū‖² = (2 sin(ω̄h/2))² ≈ (ω̄h)².
static Eigen::Index lag_stride(const Matrix& u, Eigen::Index max_order) {
  const Eigen::Index N = u.rows();
  const double spread = (u.rowwise() - u.colwise().mean()).squaredNorm();
  const double change = (u.bottomRows(N - 1) - u.topRows(N - 1)).squaredNorm();
  if (!(spread > 0) || !(change > 0)) return 1;
  const double stride = 1.0 / std::sqrt(change / spread);
  const Eigen::Index most = std::max<Eigen::Index>(1, N / (4 * std::max<Eigen::Index>(max_order, 1)));
  return clamped_count(std::floor(stride), 1, most);
}

namespace {

// The largest eigenvalue of a symmetric positive semidefinite C, from below: the Rayleigh quotient
// after power iterations (from ones with every other entry halved), or the mean eigenvalue
// trace/dim when that is larger; both are lower bounds. Power iterations approach λ_max within
// 10⁻³ in a few dozen steps unless the start is nearly orthogonal to its eigenvector; at worst the
// threshold 1e-9 λ_max it sets is then lower by a factor below dim, still 4 orders above the
// factorization's rounding.
double largest_eigenvalue(const Matrix& C) {
  Vector x = Vector::Ones(C.rows());
  for (Eigen::Index i = 1; i < x.size(); i += 2) x(i) = 0.5;
  double lambda = 0.0;
  const double mean = C.trace() / static_cast<double>(C.rows());
  for (int iteration = 0; iteration < 40; ++iteration) {
    const double norm = x.norm();
    if (!(norm > 0)) return mean;
    x /= norm;
    Vector y = C.selfadjointView<Eigen::Lower>() * x;
    const double next = x.dot(y);
    x = std::move(y);
    if (iteration > 3 && std::abs(next - lambda) <= 1e-3 * next) return std::max(next, mean);
    lambda = next;
  }
  return std::max(lambda, mean);
}

// Whether C's smallest eigenvalue exceeds `ratio` times its largest: C - ratio λ_max I has a
// Cholesky factor exactly when it is positive definite (one factorization, n³/3, instead of every
// eigenvalue); the rounding of the factorization, about n ε λ_max, is far below 1e-9 λ_max.
bool well_conditioned(const Matrix& C, double ratio) {
  const double top = largest_eigenvalue(C);
  if (!(top > 0) || !std::isfinite(top)) return false;
  Matrix shifted = C;
  shifted.diagonal().array() -= ratio * top;
  return cholesky_by_blocks(shifted);  // on the core's threads (24 inputs, 48 lags: 1152 x 1152)
}

}  // namespace

Eigen::Index excitation_order(const Matrix& input, Eigen::Index max_order) {
  const Eigen::Index N = input.rows(), k = input.cols();
  if (N < 2) return 0;
  // Each channel in units of its own RMS: the eigenvalue ratio below (and the stride) would
  // otherwise compare forces in kN with forces in N, and call the small-unit channel poor.
  // stableNorm: forces in units of 1e-306 or 1e306 square to 0 or inf (order 0 was reported).
  Matrix u = input;
  for (Eigen::Index c = 0; c < k; ++c)
    if (const double rms = input.col(c).stableNorm() / std::sqrt(static_cast<double>(N)); rms > 0) u.col(c) /= rms;
  const Eigen::Index s = lag_stride(u, max_order), L = std::min(max_order, (N - 1) / s);
  if (L < 1) return 0;
  // One covariance for ℓ = L; the one for ℓ < L is its leading kℓ x kℓ block (same rows t). Block
  // (a, b) sums u_{t-as} u_{t-bs}' over the rows, read in place from u: the regressor
  // [u_t', u_{t-s}', …] itself would be L times the input (144 MB of 10⁶ samples of 3 inputs).
  // Only the first block column is summed over every row: block (a, b) is block (a - 1, b - 1)
  // over a window s rows earlier, so it is that block plus the s rows entering and minus the s
  // rows leaving (kL x kL from L full sums instead of L²/2: 24 inputs, L = 48, 6000 samples:
  // 8·10⁹ flops became 0.4·10⁹).
  const Eigen::Index rows = N - (L - 1) * s;
  const auto first = [&](Eigen::Index lag) { return (L - 1 - lag) * s; };  // the first row of lag's window
  // On the core's threads: the first block column by blocks, then each block diagonal a − b = d
  // (a chain from its block in the first column) as one task, the longest first.
  Matrix covariance = Matrix::Zero(k * L, k * L);  // the lower triangle is filled
  parallel_for(L, [&](Eigen::Index a) {
    covariance.block(a * k, 0, k, k).noalias() = u.middleRows(first(a), rows).transpose() * u.middleRows(first(0), rows);
  });
  parallel_for(L - 1, [&](Eigen::Index d) {
    for (Eigen::Index b = 1; b + d < L; ++b) {
      const Eigen::Index a = b + d;
      auto block = covariance.block(a * k, b * k, k, k);
      block = covariance.block((a - 1) * k, (b - 1) * k, k, k);
      block.noalias() += u.middleRows(first(a), s).transpose() * u.middleRows(first(b), s);
      block.noalias() -= u.middleRows(first(a) + rows, s).transpose() * u.middleRows(first(b) + rows, s);
    }
  });
  // The smallest/largest eigenvalue ratio of the leading blocks falls as ℓ grows (Cauchy's
  // interlacing: λ_min does not rise, λ_max does not fall), so the order is found by bisection,
  // the whole matrix first (a rich input: one test).
  const auto exciting = [&](Eigen::Index l) { return well_conditioned(covariance.topLeftCorner(k * l, k * l), 1e-9); };
  if (exciting(L)) return L;
  Eigen::Index low = 0, high = L;  // exciting(low) (0: trivially), not exciting(high)
  while (high - low > 1) {
    const Eigen::Index mid = (low + high) / 2;
    (exciting(mid) ? low : high) = mid;
  }
  return low;
}

InputSpectrum::InputSpectrum(const Matrix& u, double h) : h_(h), N_(u.rows()) {
  if (N_ < 2) return;  // no spectrum: relative_power is 0
  // The data's own bins (a DFT of length N, not a zero-padded grid): a multisine's lines then stay
  // on their bins instead of leaking side lobes into a mode's band (padding gave 1e-2 of the
  // average power 36 bins away from a line, enough to hide an unexcited mode).
  const Dft dft(static_cast<std::size_t>(N_));
  std::vector<double> column(static_cast<std::size_t>(N_));
  for (Eigen::Index c = 0; c < u.cols(); ++c) {
    const double mean = u.col(c).mean();
    for (Eigen::Index t = 0; t < N_; ++t) column[static_cast<std::size_t>(t)] = u(t, c) - mean;
    const ComplexVector U = dft.half_spectrum(column);
    Vector power(N_ / 2 + 1);
    for (Eigen::Index b = 0; b <= N_ / 2; ++b) power(b) = std::norm(U[static_cast<std::size_t>(b)]);
    periodograms_.push_back(power);
  }
}

double InputSpectrum::resolution() const { return 2 * M_PI / (static_cast<double>(N_) * h_); }

double InputSpectrum::relative_power(double low, double high) const {
  double sum = 0.0;
  int channels = 0;
  for (const Vector& power : periodograms_) {
    const Eigen::Index last = power.size() - 1;  // bin b is at ω = 2π b/(N h); the last at (or just below) Nyquist
    const double total = last > 0 ? power.segment(1, last).sum() : 0.0;
    if (!(total > 0)) continue;  // a constant channel carries no power to compare with
    ++channels;
    const double per_bin = resolution();
    const Eigen::Index first = clamped_count(std::ceil(low / per_bin), 1);
    const Eigen::Index end = clamped_count(std::floor(high / per_bin), 0, last);
    if (end < first) continue;  // the band lies beyond the Nyquist frequency: no power there
    // Every bin of the band (review numerics-9fdcf06, B6: a stride missed a multisine's lines).
    const double band = power.segment(first, end - first + 1).sum() / static_cast<double>(end - first + 1);
    sum += band / (total / static_cast<double>(last));
  }
  return channels > 0 ? sum / channels : 0.0;
}

double half_power_half_width(const Mode& mode, double resolution) {
  return std::max(std::abs(mode.zeta) * mode.omega_n, 2 * resolution);
}

double relative_input_power(const Matrix& u, double h, double omega, double half_width) {
  return InputSpectrum(u, h).relative_power(omega - half_width, omega + half_width);
}

std::string excitation_order_warning(const Dataset& data) {
  const Eigen::Index n = data.y.cols(), needed = 2 * n;
  const Eigen::Index order = excitation_order(data.u, needed);
  if (order >= needed) return "";
  return "the input is persistently exciting of order " + std::to_string(order) + " only; " + std::to_string(n) +
         " degrees of freedom need order " + std::to_string(needed) +
         " (a richer input: PRBS, multisine or chirp over the band of the modes)";
}

std::vector<std::string> band_warnings(const Dataset& data, const ModalResult& modal, const std::vector<double>& omega_sd,
                                       const std::vector<double>& zeta_sd) {
  if (modal.modes.empty()) return {};
  return band_warnings(InputSpectrum(data.u, data.h), modal, omega_sd, zeta_sd);
}

std::vector<std::string> band_warnings(const InputSpectrum& spectrum, const ModalResult& modal,
                                       const std::vector<double>& omega_sd, const std::vector<double>& zeta_sd) {
  std::vector<std::string> warnings;
  const bool intervals = omega_sd.size() == modal.modes.size() && zeta_sd.size() == modal.modes.size();
  for (std::size_t i = 0; i < modal.modes.size(); ++i) {
    const Mode& mode = modal.modes[i];
    if (mode.omega_n == 0) continue;  // a rigid-body mode (K singular by the structure): no band to excite
    const double width = half_power_half_width(mode, spectrum.resolution());
    const double power = spectrum.relative_power(mode.omega_n - width, mode.omega_n + width);
    // 1e-3 = 30 dB below the input's average density: the mode's resonant response is then ~30 dB
    // below that of a mode in a band of average power, i.e. under the noise at the SNRs of
    // interest (20–40 dB), so only the model's extrapolation from other frequencies places it.
    if (!(power < 1e-3)) continue;
    // The intervals, when the method gives them, say what the data determine (the information
    // matrix, review D8): a mode whose 95 % interval of ω_n lies within its half-power band and
    // whose ζ is distinguished from 0 is determined, however little input its band has (the
    // review's multisine below both modes: sd(ω) = 8e-6, yet "barely excited").
    if (intervals && kZ95 * omega_sd[i] < width && kZ95 * zeta_sd[i] < std::abs(mode.zeta)) continue;
    const std::string where = "mode " + std::to_string(i + 1) + " (" + format_number(mode.freq_hz) +
                              " Hz) lies where the input has " + format_number(power) +
                              " of its average power (within its half-power band ω_n ± " + format_number(width) +
                              " rad/s): it is barely excited";
    warnings.push_back(intervals ? where + ", and its 95 % intervals do not place it within that band or do not tell "
                                           "its damping from 0: its estimate is unreliable (excite that band)"
                                 : where + ", and this method gives no intervals to show whether the data determine "
                                           "it: its estimate may be unreliable (excite that band, or use auto or "
                                           "variational-zoh, whose intervals tell)");
  }
  return warnings;
}

Eigen::Index suggested_dof(const Vector& singular_values) {
  const Eigen::Index count = singular_values.size();
  if (count == 0 || !(singular_values(0) > 0)) return 0;
  // The numerical floor: a computed SVD is exact for a matrix within a modest multiple of
  // eps·σ₁ (Golub & Van Loan 2013, §8.6), so singular values below it are rounding, not
  // dynamics; the factor 1e3 allows for the dimension of the Hankel products. Values below the
  // floor count as the floor, so noise-free data show one gap (signal → floor) and no spurious
  // ones among rounding-level or exactly zero values (review numerics-9fdcf06, B7).
  const double floor = 1e3 * std::numeric_limits<double>::epsilon() * singular_values(0);
  const auto at = [&](Eigen::Index i) { return std::max(singular_values(i), floor); };
  Eigen::Index best = 0;
  double best_gap = 0.0, second_gap = 0.0;
  for (Eigen::Index order = 2; order < count && at(order - 1) > floor; order += 2) {
    const double gap = at(order - 1) / at(order);
    if (gap > best_gap) {
      second_gap = best_gap;
      best_gap = gap;
      best = order;
    } else {
      second_gap = std::max(second_gap, gap);
    }
  }
  return best_gap >= 10.0 * second_gap ? best / 2 : 0;
}

}  // namespace mechid
