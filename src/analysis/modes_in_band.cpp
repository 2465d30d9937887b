#include "analysis/modes_in_band.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <tuple>

#include "core/dft.hpp"
#include "core/enum_names.hpp"
#include "core/input_error.hpp"
#include "analysis/input_period.hpp"
#include "analysis/local_polynomial_frf.hpp"
#include "analysis/modal_refinement.hpp"
#include "analysis/output_scales.hpp"
#include "core/math_constants.hpp"

namespace mechid {
namespace {

using Complex = std::complex<double>;

// Sanathanan–Koerner reweightings of every LSCF solve. Measured (20 random 8-DOF records at 30 dB,
// 3 accelerometers): with 3 the 2.73 Hz mode, between two stronger ones, is found in 17 runs (0
// without), and the damping's mean error falls to 0.2 % or less on 7 of the 8 modes; on the F-16
// record 5 modes instead of 4 and the held-out fit 84–86 % instead of 82–83 %.
constexpr int kReweightings = 3;

constexpr double kMaxDiagramWork = 5e10;

// A random record's LPM noise levels are averaged (in power) over this many lines each side: one
// line's σ̂² has 3 degrees of freedom for one input, so weights 1/σ̂ are noisy; averaged over 41
// lines (about 30 degrees of freedom, the neighbours' σ̂ being correlated), they are nearly exact
// for a noise spectrum smooth over 41 lines. Measured on 2 × 100 runs of the 8-DOF bench record
// (3 accelerometers, 30 dB): the modes' rms errors 10–30 % smaller than with each line's own σ̂.
constexpr Eigen::Index kNoiseSmoothingLines = 20;

// Damping ratios above this are not taken for structural modes (lightly damped structures have
// ζ < 0.1; 0.3 leaves room for heavily damped ones).
constexpr double kMaxPlausibleZeta = 0.3;

// The smallest standard deviation an FRF entry is weighted by, relative to its channel's RMS over
// the band: 1e-6 (120 dB), below the noise floor of any acquisition (24-bit converters reach about
// 110-120 dB). A noise-free record (a simulation) has LPM standard deviations of its polynomials'
// misfit and of rounding, down to 1e-10 of the channel's level: weights 1/σ̂ then span ten decades,
// LSCF's and the refinement's normal equations (conditioned as the square of that span) lose every
// digit, and the modes changed with the outputs' units and the compiler's rounding (measured, the
// 8-DOF record with 3 noise-free accelerometers: a mode lost and frequencies moved by 5e-5 when
// one output was given in mm/s² and the others in g). Capped, the weights of such a record are
// uniform where its σ̂ is below the cap; a measured record's are left as they are.
constexpr double kSmallestRelativeSd = 1e-6;

double freq_of(Complex pole) { return std::abs(pole) / kTwoPi; }
double zeta_of(Complex pole) { return -pole.real() / std::abs(pole); }

// Whether every FRF entry has a positive standard deviation (to weight by its inverse); lines
// without an estimate (no input power there: H is NaN) have none and get weight 0 anyway.
bool has_sd_everywhere(const FrfEstimate& frf) {
  for (std::size_t f = 0; f < frf.h1_sd.size(); ++f)
    for (Eigen::Index c = 0; c < frf.h1_sd[f].size(); ++c) {
      const std::complex<double> value = frf.H1[f](c);
      if (std::isfinite(value.real()) && std::isfinite(value.imag()) && !(frf.h1_sd[f](c) > 0.0 && std::isfinite(frf.h1_sd[f](c)))) return false;
    }
  return true;
}

// The FRFs as receptance-like channels (H divided by (iω)^p of its output; channel o + m·j for
// output o and input j), weighted by the inverse of each entry's standard deviation (the
// maximum-likelihood weighting, Pintelon & Schoukens 2012, sec. 9.4) when asked and every entry
// has one, else by the inverse of each channel's RMS over the band so that no channel's units
// dominate. Frequencies without input power get weight 0.
FrfChannels channels(const FrfEstimate& frf, const std::vector<Response>& outputs, bool inverse_sd) {
  const Eigen::Index F = frf.freq_hz.size(), m = frf.H1.front().rows(), k = frf.H1.front().cols();
  FrfChannels c{frf.freq_hz, Eigen::MatrixXcd::Zero(F, m * k), Matrix::Zero(F, m * k)};
  const bool use_sd = inverse_sd && has_sd_everywhere(frf);
  for (Eigen::Index f = 0; f < F; ++f) {
    const Complex s(0.0, kTwoPi * frf.freq_hz(f));
    for (Eigen::Index j = 0; j < k; ++j)
      for (Eigen::Index o = 0; o < m; ++o) {
        const Complex value = frf.H1[std::size_t(f)](o, j);
        if (!std::isfinite(value.real()) || !std::isfinite(value.imag())) continue;
        const int power = outputs.empty() ? 0 : int(outputs[std::size_t(o)]);
        c.H(f, o + m * j) = value / std::pow(s, power);
        const double sd = frf.h1_sd[std::size_t(f)](o, j) / std::pow(std::abs(s), power);
        c.weight(f, o + m * j) = use_sd ? 1.0 / sd : 1.0;
      }
  }
  for (Eigen::Index ch = 0; ch < m * k; ++ch) {
    const auto lines = double((c.weight.col(ch).array() > 0.0).count());
    const double rms = lines > 0 ? std::sqrt(c.H.col(ch).cwiseAbs2().sum() / lines) : 0.0;
    if (!(rms > 0.0)) continue;
    if (use_sd)
      c.weight.col(ch) = c.weight.col(ch).cwiseMin(1.0 / (kSmallestRelativeSd * rms));
    else
      c.weight.col(ch) /= rms;
  }
  return c;
}

struct OrderPoles {
  std::vector<Complex> poles;  // in the band, Im > 0, by frequency
  Eigen::MatrixXcd shapes;     // C × poles: LSFD residues
};

// LSCF's time step for the band's lines, the exponential window's decay rate (added to every
// pole) and the band's edges (Hz).
struct LscfBand {
  double dt = 0.0, decay = 0.0, lo = 0.0, hi = 0.0;
};

OrderPoles poles_at(const FrfChannels& c, Eigen::Index order, const LscfBand& band) {
  OrderPoles out;
  for (Complex pole : lscf_poles(c, order, band.dt, kReweightings)) {
    // The exponential window multiplied the responses by e^{−σt}: every pole moved left by σ.
    pole += band.decay;
    if (pole.imag() <= 0.0 || !std::isfinite(pole.real())) continue;
    const double f = freq_of(pole);
    if (f >= band.lo && f <= band.hi) out.poles.push_back(pole);
  }
  std::sort(out.poles.begin(), out.poles.end(), [](Complex a, Complex b) { return freq_of(a) < freq_of(b); });
  // Shapes from the physically plausible poles only: a spurious pole with negative or very large
  // damping at a mode's frequency (they come and go at high orders) would share its residue and
  // turn a stable shape unstable (measured on the 8-DOF test: the 2.5 Hz mode lost its shape
  // stability from order 32 on, when a pole with ζ = 0.88 appeared beside it).
  std::vector<Complex> plausible;
  std::vector<Eigen::Index> index;
  for (std::size_t r = 0; r < out.poles.size(); ++r)
    if (zeta_of(out.poles[r]) > 0.0 && zeta_of(out.poles[r]) <= kMaxPlausibleZeta) plausible.push_back(out.poles[r]), index.push_back(Eigen::Index(r));
  out.shapes = Eigen::MatrixXcd::Zero(c.H.cols(), Eigen::Index(out.poles.size()));
  if (!plausible.empty()) {
    const Eigen::MatrixXcd residues = fit_residues(c, plausible).residues;
    for (std::size_t q = 0; q < index.size(); ++q) out.shapes.col(index[q]) = residues.col(Eigen::Index(q));
  }
  return out;
}

struct StablePole {
  Eigen::Index order;
  Complex pole;
};

// Groups the poles stable in frequency and damping by frequency (a gap wider than freq_tol
// starts a new group) and keeps the groups stable over at least min_orders consecutive orders;
// each mode is the group's pole of median frequency.
// The picked modes: each one's pole at the median frequency of its group, with the number of
// consecutive orders it was stable over.
using PickedModes = std::vector<std::pair<StablePole, Eigen::Index>>;

PickedModes pick_modes(std::vector<StablePole> stable, const ModesOptions& o) {
  std::sort(stable.begin(), stable.end(), [](const StablePole& a, const StablePole& b) { return freq_of(a.pole) < freq_of(b.pole); });
  PickedModes picked;
  std::size_t start = 0;
  for (std::size_t i = 1; i <= stable.size(); ++i) {
    if (i < stable.size() && freq_of(stable[i].pole) - freq_of(stable[i - 1].pole) <= o.freq_tol * freq_of(stable[i - 1].pole)) continue;
    std::vector<Eigen::Index> orders;
    for (std::size_t j = start; j < i; ++j) orders.push_back(stable[j].order);
    std::sort(orders.begin(), orders.end());
    orders.erase(std::unique(orders.begin(), orders.end()), orders.end());
    Eigen::Index run = orders.empty() ? 0 : 1, best = run;
    for (std::size_t j = 1; j < orders.size(); ++j) {
      run = orders[j] == orders[j - 1] + 2 ? run + 1 : 1;
      best = std::max(best, run);
    }
    if (best >= o.min_stable_orders) picked.emplace_back(stable[start + (i - start) / 2], best);
    start = i;
  }
  return picked;
}

// Whether every refined pole stayed within tol (relative) of its start in frequency.
bool moved_little(const std::vector<Complex>& start, const std::vector<Complex>& refined, double tol) {
  for (std::size_t i = 0; i < start.size(); ++i)
    if (std::abs(freq_of(refined[i]) - freq_of(start[i])) > tol * freq_of(start[i])) return false;
  return true;
}

// Mean and standard deviation of the mean over the values.
std::pair<double, double> scatter(const std::vector<double>& v) {
  double mean = 0.0;
  for (double x : v) mean += x;
  mean /= double(v.size());
  double ss = 0.0;
  for (double x : v) ss += (x - mean) * (x - mean);
  return {mean, std::sqrt(ss / double(v.size() - 1) / double(v.size()))};
}

// The record's independent batches: its periods (periodic records), else 4 blocks of equal length.
std::vector<std::pair<Eigen::Index, Eigen::Index>> batches(Eigen::Index N, const FrfOptions& frf, Eigen::Index used_periods) {
  std::vector<std::pair<Eigen::Index, Eigen::Index>> b;
  if (frf.periods > 0) {
    const Eigen::Index L = N / frf.periods;
    for (Eigen::Index p = frf.skip_periods; p < frf.skip_periods + used_periods; ++p) b.emplace_back(p * L, L);
  } else {
    const Eigen::Index L = N / 4;
    for (Eigen::Index p = 0; p < 4; ++p) b.emplace_back(p * L, L);
  }
  return b;
}

// Fit of the band model on held-out periods: in the periodic steady state the model's output is
// Ŷ(f) = H(f) U(f) bin by bin; Parseval turns the time-domain norms into sums over the bins.
std::vector<BandValidation> validate(const ModalFit& model, const Matrix& u, const Matrix& y, double h, const ModesOptions& o) {
  const Eigen::Index N = u.rows(), m = y.cols(), k = u.cols();
  const Eigen::MatrixXcd U = dft_of_columns(u, N / 2 + 1), Y = dft_of_columns(y, N / 2 + 1);
  std::vector<Eigen::Index> in_band;
  for (Eigen::Index b = 1; b <= N / 2; ++b) {
    const double f = double(b) / (double(N) * h);
    if (f >= o.frf.band_lo_hz && f <= o.frf.band_hi_hz) in_band.push_back(b);
  }
  Vector freq(Eigen::Index(in_band.size()));
  for (std::size_t i = 0; i < in_band.size(); ++i) freq(Eigen::Index(i)) = double(in_band[i]) / (double(N) * h);
  const Eigen::MatrixXcd H = synthesize(model, freq);  // F × (m·k), receptance form
  std::vector<BandValidation> out(static_cast<std::size_t>(m));
  for (Eigen::Index oi = 0; oi < m; ++oi) {
    const int power = o.outputs.empty() ? 0 : int(o.outputs[std::size_t(oi)]);
    double err = 0.0, band = 0.0, total = 0.0;
    for (Eigen::Index b = 1; b <= N / 2; ++b) total += std::norm(Y(b, oi));
    for (std::size_t i = 0; i < in_band.size(); ++i) {
      const Eigen::Index b = in_band[i];
      Complex predicted = 0.0;
      for (Eigen::Index j = 0; j < k; ++j) predicted += H(Eigen::Index(i), oi + m * j) * U(b, j);
      predicted *= std::pow(Complex(0.0, kTwoPi * freq(Eigen::Index(i))), power);
      err += std::norm(Y(b, oi) - predicted);
      band += std::norm(Y(b, oi));
    }
    // Bins above N/2 mirror those below; the error outside the band is the output itself there.
    out[std::size_t(oi)].fit_percent_band = 100.0 * (1.0 - std::sqrt(err / band));
    out[std::size_t(oi)].fit_percent = 100.0 * (1.0 - std::sqrt((err + total - band) / total));
  }
  return out;
}

// The options' checks that depend on the record (`outputs`: its output columns); the rest is
// ModesOptions::validate().
void check_modes_options(const ModesOptions& o, Eigen::Index outputs) {
  require(o.outputs.empty() || Eigen::Index(o.outputs.size()) == outputs, "modes: one response kind per output column", "outputs");
  o.validate();
  require(o.driving_output >= -1 && o.driving_output < outputs, "modes: the driving point is output " + std::to_string(o.driving_output + 1) +
                                                                    " but the record's outputs are 1 … " + std::to_string(outputs), "drivingOutput");
}

// The record's first estimation_samples samples give the FRF (with the FRF options for them: a
// periodic record's held-out periods left out); used_periods of them count as independent batches.
struct RecordSplit {
  Eigen::Index used_periods = 0, estimation_samples = 0;
  FrfOptions frf;
};

RecordSplit split_record(Eigen::Index N, const ModesOptions& o) {
  RecordSplit split{0, N, o.frf};
  if (o.frf.periods > 0) {
    split.used_periods = o.frf.periods - o.frf.skip_periods - o.holdout_periods;
    require(o.frf.periods > 0 && N % o.frf.periods == 0, "modes: " + std::to_string(o.frf.periods) + " periods do not divide the record's " +
                                                              std::to_string(N) + " samples", "periods");
    require(split.used_periods >= 1, "modes: no period is left for the estimate after " + std::to_string(o.frf.skip_periods) + " skipped and " +
                                         std::to_string(o.holdout_periods) + " held out", "holdout");
    split.estimation_samples = (o.frf.periods - o.holdout_periods) * (N / o.frf.periods);
    split.frf.periods = o.frf.periods - o.holdout_periods;
  }
  return split;
}

// The diagram's cost: each order n solves LSCF (kReweightings + 1 times) and LSFD, both about
// F·n² per channel, so the orders up to N cost about 10·C·F·N³ flops (F-16, 40 orders: 5e8, 1 s
// in WASM). Refused beyond kMaxDiagramWork (≈ 10–30 s in a browser) rather than left to hang.
void check_diagram_work(const FrfChannels& c, const ModesOptions& o) {
  const Eigen::Index F = c.freq_hz.size();
  require(F > o.max_order, "modes: max_order = " + std::to_string(o.max_order) + " needs more than " + std::to_string(o.max_order) +
                               " frequencies in the band; it has " + std::to_string(F) + " (widen the band or lengthen the segment)", "max_order");
  const double work = 10.0 * double(c.H.cols()) * double(F) * std::pow(double(o.max_order), 3);
  require(work <= kMaxDiagramWork, "modes: orders up to " + std::to_string(o.max_order) + " on " + std::to_string(F) + " frequencies and " +
                                       std::to_string(c.H.cols()) + " channels take about " + format_digits(work) + " operations (limit " +
                                       format_digits(kMaxDiagramWork) + "): lower max_order, narrow the band or shorten the segment", "max_order");
}

// One order's row of the diagram: each pole against the nearest pole (in frequency) of the order
// below. The poles stable in frequency and damping are added to `stable`.
StabilizationOrder stabilization_row(Eigen::Index n, const OrderPoles& current, const OrderPoles& previous, const ModesOptions& o,
                                     std::vector<StablePole>& stable) {
  StabilizationOrder row{n, {}};
  for (std::size_t r = 0; r < current.poles.size(); ++r) {
    const Complex pole = current.poles[r];
    StabilizationPole p{freq_of(pole), zeta_of(pole)};
    if (!previous.poles.empty()) {
      std::size_t nearest = 0;
      for (std::size_t q = 1; q < previous.poles.size(); ++q)
        if (std::abs(freq_of(previous.poles[q]) - p.freq_hz) < std::abs(freq_of(previous.poles[nearest]) - p.freq_hz)) nearest = q;
      const Complex before = previous.poles[nearest];
      p.stable_freq = std::abs(freq_of(before) - p.freq_hz) <= o.freq_tol * p.freq_hz;
      p.stable_damping = p.zeta > 0.0 && std::abs(zeta_of(before) - p.zeta) <= o.damping_tol * p.zeta;
      p.stable_shape = complex_mac(current.shapes.col(Eigen::Index(r)), previous.shapes.col(Eigen::Index(nearest))) >= o.mac_min;
      p.stable = p.stable_freq && p.stable_damping && p.stable_shape;
    }
    // Picking asks frequency and damping to be stable, not the shape: with 3 sensors a clear mode's
    // shape loses MAC 0.98 at single orders where a spurious pole appears beside it, which broke
    // its runs (measured, 20 random 8-DOF records: the 0.89 Hz mode found in 10 runs with the
    // shape criterion, in 20 without; every other mode in 20; the F-16 picks unchanged).
    if (p.stable_freq && p.stable_damping) stable.push_back({n, pole});
    row.poles.push_back(p);
  }
  return row;
}

// The stabilization diagram: every order's poles against those of the order below (the rows), and
// the poles stable in frequency and damping, which the picking groups.
struct Diagram {
  std::vector<StabilizationOrder> rows;
  std::vector<StablePole> stable;
};

Diagram stabilization_diagram(const FrfChannels& c, const LscfBand& band, const ModesOptions& o) {
  Diagram diagram;
  OrderPoles previous;  // the order below's poles and shapes
  for (Eigen::Index n = 2; n <= o.max_order; n += 2) {
    OrderPoles current = poles_at(c, n, band);
    diagram.rows.push_back(stabilization_row(n, current, previous, o, diagram.stable));
    previous = std::move(current);
  }
  return diagram;
}

// The power p of each channel's (iω)^p (channel o + m·j): its output's response kind.
std::vector<int> channel_powers(const std::vector<Response>& outputs, Eigen::Index m, Eigen::Index k) {
  std::vector<int> power;
  for (Eigen::Index j = 0; j < k; ++j)
    for (Eigen::Index oi = 0; oi < m; ++oi) power.push_back(outputs.empty() ? 0 : int(outputs[std::size_t(oi)]));
  return power;
}

// The band's poles (the window's decay on them) and, when the refinement held, their refined
// values with the covariance.
struct BandPoles {
  std::vector<Complex> poles;
  RefinedPoles refined;
  bool refined_ok = false;
};

// The picked poles refined by maximum likelihood on the FRFs of the outputs' own kinds
// (modal_refinement.hpp), with their covariance; the exponential window's decay is taken off for
// it (it moved every pole of the windowed record). A random record's LPM estimate
// (modal_refinement.hpp, pole_covariance_for_errors; measured in docs/results.md, section modal):
// the refinement weighs the lines by noise levels smoothed over kNoiseSmoothingLines lines around
// each, refits once on the LPM around the refined model (which takes the polynomials' misfit at
// sharp resonances out of H and σ̂), and takes the poles' covariance from the LPM's own error
// covariance.
BandPoles refine_picked(const Matrix& u, const Matrix& y, double h, const ModesOptions& o, const FrfEstimate& frf, const FrfOptions& frf_options,
                        bool inverse_sd, const PickedModes& picked, const std::vector<int>& power, double decay) {
  BandPoles out;
  for (const auto& [p, run] : picked) out.poles.push_back(p.pole - decay);
  const std::vector<Complex>& poles = out.poles;
  const bool sd_weights = inverse_sd && has_sd_everywhere(frf);
  const bool lpm = sd_weights && o.frf.method == FrfMethod::local_polynomial && o.frf.periods == 0;
  FrfEstimate basis = lpm ? with_smoothed_noise(frf, kNoiseSmoothingLines) : frf;
  RefinedPoles& refined = out.refined;
  refined = refine_poles(channels(basis, {}, inverse_sd), power, h, poles, sd_weights && !lpm ? double(frf.averages) : 0.0);
  out.refined_ok = refined.converged && refined.covariance.allFinite() && moved_little(poles, refined.poles, o.freq_tol);
  if (out.refined_ok && lpm) {
    const FrfChannels first = channels(basis, {}, true);
    const FrfReference model = [&](const Vector& f) { return sampled_band_frf(first, power, h, refined.poles, f); };
    FrfEstimate around = with_smoothed_noise(local_polynomial_frf(u, y, h, frf_options, model), kNoiseSmoothingLines);
    RefinedPoles again = refine_poles(channels(around, {}, true), power, h, refined.poles);
    if (again.converged && has_sd_everywhere(around) && moved_little(poles, again.poles, o.freq_tol)) refined = std::move(again), basis = std::move(around);
    refined.covariance = pole_covariance_for_errors(channels(basis, {}, true), power, h, refined.poles, lpm_error_covariance(basis));
    out.refined_ok = refined.covariance.allFinite();
  }
  if (out.refined_ok) out.poles = refined.poles;
  for (Complex& p : out.poles) p += decay;
  return out;
}

// The band model: the poles with their LSFD residues, its FRF at the lines in the outputs' own
// kinds; the reference input is the one whose channels carry the largest residues.
void fit_band_model(ModesInBand& result, const FrfChannels& c, const std::vector<Complex>& poles, const std::vector<int>& power, Eigen::Index m,
                    Eigen::Index k) {
  result.model = fit_residues(c, poles);
  const Eigen::MatrixXcd synthesized = synthesize(result.model, c.freq_hz);
  for (Eigen::Index f = 0; f < c.freq_hz.size(); ++f) {
    Eigen::MatrixXcd H(m, k);
    for (Eigen::Index j = 0; j < k; ++j)
      for (Eigen::Index oi = 0; oi < m; ++oi)
        H(oi, j) = synthesized(f, oi + m * j) * std::pow(Complex(0.0, kTwoPi * c.freq_hz(f)), power[std::size_t(oi)]);
    result.model_H.push_back(H);
  }
  double largest = -1.0;
  for (Eigen::Index j = 0; j < k; ++j) {
    const double norm = result.model.residues.middleRows(m * j, m).squaredNorm();
    if (norm > largest) largest = norm, result.reference_input = j;
  }
}

// Per picked mode, its frequencies and damping ratios found on the record's batches.
struct BatchScatter {
  std::vector<std::vector<double>> freq, zeta;
  Eigen::Index batches = 0;
};

// Without the refinement, standard deviations from the scatter over independent batches: the
// same orders on each batch's FRF; a mode's batch estimate is the batch's pole nearest in
// frequency within 5 × freq_tol.
BatchScatter batch_scatter(const Matrix& u, const Matrix& y, double h, const ModesOptions& o, const RecordSplit& split, bool inverse_sd,
                           const PickedModes& picked, const LscfBand& band) {
  BatchScatter out{std::vector<std::vector<double>>(picked.size()), std::vector<std::vector<double>>(picked.size()), 0};
  const auto blocks = batches(split.estimation_samples, split.frf, split.used_periods);
  out.batches = Eigen::Index(blocks.size());
  for (const auto& [first, length] : blocks) {
    FrfOptions b = split.frf;
    if (b.periods > 0) b.periods = 1, b.skip_periods = 0;
    if (b.segment > length / 2) b.segment = 0;
    const FrfEstimate frf = estimate_frf(u.middleRows(first, length), y.middleRows(first, length), h, b);
    if (frf.failed() || frf.freq_hz.size() <= o.max_order) continue;
    const FrfChannels cb = channels(frf, o.outputs, inverse_sd);
    std::map<Eigen::Index, std::vector<Complex>> cache;
    for (std::size_t i = 0; i < picked.size(); ++i) {
      const Eigen::Index n = picked[i].first.order;
      if (!cache.count(n)) cache[n] = poles_at(cb, n, band).poles;
      const double f0 = freq_of(picked[i].first.pole);
      const Complex* best = nullptr;
      for (const Complex& q : cache[n])
        if (std::abs(freq_of(q) - f0) <= 5.0 * o.freq_tol * f0 && (!best || std::abs(freq_of(q) - f0) < std::abs(freq_of(*best) - f0))) best = &q;
      if (best) out.freq[i].push_back(freq_of(*best)), out.zeta[i].push_back(zeta_of(*best));
    }
  }
  return out;
}

// The modes: each picked pole with its standard deviations (the refinement's covariance, else the
// batches' scatter, else unknown, with a warning), its shape at the outputs for the reference
// input and the shape's MPC.
void add_modes(ModesInBand& result, const PickedModes& picked, const BandPoles& band, const BatchScatter& spread, Eigen::Index m) {
  Eigen::Index unsure = 0;
  for (std::size_t i = 0; i < picked.size(); ++i) {
    BandMode mode;
    mode.pole = band.poles[i];
    mode.freq_hz = freq_of(mode.pole);
    mode.zeta = zeta_of(mode.pole);
    mode.order = picked[i].first.order;
    mode.stable_orders = picked[i].second;
    mode.batches = Eigen::Index(spread.freq[i].size());
    if (band.refined_ok) {
      const auto q = Eigen::Index(i);
      std::tie(mode.freq_hz_sd, mode.zeta_sd) = freq_zeta_sd(band.refined.poles[i], band.refined.covariance.block(2 * q, 2 * q, 2, 2));
    } else if (mode.batches >= 3) {
      mode.freq_hz_sd = scatter(spread.freq[i]).second;
      mode.zeta_sd = scatter(spread.zeta[i]).second;
    } else {
      mode.freq_hz_sd = mode.zeta_sd = NAN;
      ++unsure;
    }
    Eigen::VectorXcd shape = result.model.residues.col(Eigen::Index(i)).segment(m * result.reference_input, m);
    Eigen::Index largest_entry = 0;
    shape.cwiseAbs().maxCoeff(&largest_entry);
    if (std::abs(shape(largest_entry)) > 0.0) shape *= std::abs(shape(largest_entry)) / shape(largest_entry);
    mode.shape = shape;
    mode.mpc = modal_phase_collinearity(shape);
    result.modes.push_back(mode);
  }
  if (unsure > 0)
    result.add_warning("modes: " + std::to_string(unsure) + " of " + std::to_string(picked.size()) +
                       " modes were found in fewer than 3 of the record's " + std::to_string(result.batches) +
                       " batches: their standard deviations are unknown (a longer record, or more periods, gives them)");
}

// The warning when no pole is stable over enough orders. When the force leaves most of the band
// without power (the FRF's warning advice band_not_excited, which then comes first), that is the
// cause, and a higher order or looser tolerances would only fit noise.
std::string no_stable_pole_warning(const ModesOptions& o, bool band_not_excited) {
  return "modes: no pole is stable over " + std::to_string(o.min_stable_orders) + " consecutive orders up to order " +
         std::to_string(o.max_order) + " in " + format_number(o.frf.band_lo_hz) + ":" + format_number(o.frf.band_hi_hz) + " Hz" +
         (band_not_excited ? ", where the force excites too few lines (see above)"
                           : "; raise max_order, narrow the band to where the coherence is high, or relax the tolerances");
}

bool band_poorly_excited(const FrfEstimate& frf) {
  return std::any_of(frf.advice.begin(), frf.advice.end(),
                     [](const Advice& a) { return a.code == AdviceCode::band_not_excited && a.level == AdviceLevel::warning; });
}

// The warning when the refinement did not hold.
std::string unrefined_warning(const RefinedPoles& refined) {
  return "modes: the maximum-likelihood refinement of the poles " +
         std::string(refined.converged ? "moved a pole by more than the frequency tolerance" : "did not converge") +
         ": the modes are LSCF's, their standard deviations from the scatter over the record's batches";
}

// The FRF the modes are estimated from: the record's split, whether LSCF weighs by the inverse
// standard deviations, the channels it reads, the band's LSCF constants, and the outputs' levels
// (output_scales.hpp) that the FRF and everything after it are divided by.
struct BandFrf {
  RecordSplit split;
  bool inverse_sd = false;
  FrfChannels channels;
  LscfBand band;
  Vector levels;
};

// Estimates the FRF into result.frf (its warnings into the result's) and checks the diagram's
// cost; none when the estimate failed (the result then fails with its message).
std::optional<BandFrf> estimate_band_frf(const Matrix& u, const Matrix& y, double h, const ModesOptions& o, ModesInBand& result) {
  BandFrf out{split_record(u.rows(), o), false, {}, {}, {}};
  const Eigen::Index samples = out.split.estimation_samples;
  result.frf = estimate_frf(u.topRows(samples), y.topRows(samples), h, out.split.frf);
  if (result.frf.failed()) {
    result.fail(result.frf.message);
    return std::nullopt;
  }
  for (const auto& w : result.frf.warnings) result.add_warning(w);
  result.advice.insert(result.advice.end(), result.frf.advice.begin(), result.frf.advice.end());
  out.levels = output_levels(result.frf);
  scale_outputs(result.frf, out.levels.cwiseInverse());
  out.inverse_sd = o.weighting == FrfWeighting::inverse_sd ||
                   (o.weighting == FrfWeighting::automatic && o.frf.periods == 0 && o.frf.method == FrfMethod::local_polynomial);
  out.channels = channels(result.frf, o.outputs, out.inverse_sd);
  check_diagram_work(out.channels, o);
  out.band = {lscf_time_step(out.channels.freq_hz), result.frf.window_decay_rate, o.frf.band_lo_hz, o.frf.band_hi_hz};
  return out;
}

// The picked modes' stage: their poles refined, the band model, the standard deviations from the
// batches when the refinement did not hold, the modes, and the fit on held-out periods.
void identify_picked_modes(const Matrix& u, const Matrix& y, double h, const ModesOptions& o, const BandFrf& frf, const PickedModes& picked,
                           ModesInBand& result) {
  const Eigen::Index m = y.cols(), k = u.cols();
  const std::vector<int> power = channel_powers(o.outputs, m, k);
  const BandPoles poles = refine_picked(u, y, h, o, result.frf, frf.split.frf, frf.inverse_sd, picked, power, frf.band.decay);
  fit_band_model(result, frf.channels, poles.poles, power, m, k);
  BatchScatter spread{std::vector<std::vector<double>>(picked.size()), std::vector<std::vector<double>>(picked.size()), 0};
  if (!poles.refined_ok) {
    result.add_warning(unrefined_warning(poles.refined));
    spread = batch_scatter(u, y, h, o, frf.split, frf.inverse_sd, picked, frf.band);
    result.batches = spread.batches;
  }
  add_modes(result, picked, poles, spread, m);
  if (o.holdout_periods > 0) {
    const Eigen::Index start = frf.split.estimation_samples, N = u.rows();
    result.validation = validate(result.model, u.middleRows(start, N - start), y.middleRows(start, N - start), h, o);
  }
}

// The results in the outputs' own units: the FRF, the band model and its FRF, and the shapes
// multiplied back by the outputs' levels (the frequencies, damping ratios, MPCs and the reference
// input, found on the outputs divided by them, do not depend on the units).
void restore_output_units(ModesInBand& result, const Vector& levels) {
  scale_outputs(result.frf, levels);
  scale_outputs(result.model, levels);
  for (Eigen::MatrixXcd& H : result.model_H) H = levels.asDiagonal() * H;
  for (BandMode& mode : result.modes) mode.shape = levels.asDiagonal() * mode.shape;
}

constexpr EnumNames<Response, 3> kResponseNames{"response", {"displacement", "velocity", "acceleration"}};

}  // namespace

Response parse_response(const std::string& text) { return kResponseNames.parse(text); }
std::string to_string(Response response) { return kResponseNames.name(response); }
FrfWeighting parse_frf_weighting(const std::string& text) { return kWeightingNames.parse(text); }
std::string to_string(FrfWeighting weighting) { return kWeightingNames.name(weighting); }

void ModesOptions::validate() const {
  check_options(*this);
  require(std::isfinite(frf.band_hi_hz), "modes: give the band's upper frequency", "band");
  require(holdout_periods == 0 || frf.periods != 0, "modes: held-out periods need a periodic record (give its number of periods)",
          "holdout");
}

// The stages: the options' checks, the FRF (estimate_band_frf), the stabilization diagram, the
// picking, then for the picked modes the refinement, the band model, the standard deviations, the
// held-out validation (identify_picked_modes), and the reduced M, D, K.
Eigen::Index driving_output_of_column(double column) {
  require(std::isfinite(column) && column == std::floor(column) && column >= 1.0,
          "drivingOutput must be an output column counted from 1, got " + format_number(column), "drivingOutput");
  constexpr auto largest = static_cast<double>(std::numeric_limits<int>::max());
  return static_cast<Eigen::Index>(std::min(column, largest)) - 1;
}

ModesInBand modes_in_band(const Matrix& u, const Matrix& y, double h, const ModesOptions& given) {
  check_modes_options(given, y.cols());
  ModesOptions o = given;
  const std::optional<InputPeriod> period = resolve_periods(o.frf, u);  // periods -1 (default): found from the inputs
  require(o.holdout_periods == 0 || o.frf.periods > 0,
          "modes: held-out periods need a periodic record, and the inputs do not repeat (give its number of periods)", "holdout");
  ModesInBand result;
  if (period) result.advise(periodic_advice(*period, h, o.frf.skip_periods));
  const std::optional<BandFrf> frf = estimate_band_frf(u, y, h, o, result);
  if (!frf) return result;
  Diagram diagram = stabilization_diagram(frf->channels, frf->band, o);
  result.stabilization = std::move(diagram.rows);
  const PickedModes picked = pick_modes(std::move(diagram.stable), o);
  if (picked.empty())
    result.add_warning(no_stable_pole_warning(o, band_poorly_excited(result.frf)));
  else
    identify_picked_modes(u, y * frf->levels.cwiseInverse().asDiagonal(), h, o, *frf, picked, result);
  restore_output_units(result, frf->levels);
  if (o.driving_output >= 0) result.reduced = reduced_model(result.model, y.cols(), result.reference_input, o.driving_output);  // reduced M, D, K
  return result;
}

}  // namespace mechid
