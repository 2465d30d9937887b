#include "analysis/oma/output_only_modes.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <set>
#include <string>

#include "analysis/oma/mean_phase_deviation.hpp"
#include "analysis/oma/oma_cost.hpp"
#include "analysis/oma/output_correlations.hpp"
#include "analysis/oma/pole_clustering.hpp"
#include "analysis/oma/enhanced_fdd.hpp"
#include "analysis/oma/ssi_cov.hpp"
#include "analysis/oma/ssi_cov_sensitivity.hpp"
#include "analysis/oma/ssi_data.hpp"
#include "analysis/oma/unmatched_peaks.hpp"
#include "analysis/shape_measures.hpp"
#include "core/clamped_count.hpp"
#include "core/constant_column.hpp"
#include "analysis/nyquist_band.hpp"
#include "core/input_error.hpp"
#include "core/math_constants.hpp"
#include "core/student_quantile.hpp"
#include "model/pole_frequency.hpp"

namespace mechid {
namespace {

using Complex = std::complex<double>;

// Damping ratios above this are not taken for structural modes (as modes_in_band.cpp).
constexpr double kOmaMaxZeta = 0.3;

double oma_freq(Complex pole) { return std::abs(pole) / kTwoPi; }
double oma_zeta(Complex pole) { return -pole.real() / std::abs(pole); }

// The checks that depend on the record: the band against the Nyquist frequency, constant columns,
// the references; returns the references 0-based.
std::vector<Eigen::Index> check_oma_record(const Matrix& y, double h, const OmaOptions& o) {
  require(std::isfinite(h) && h > 0.0, "oma: the sampling period must be positive, got " + format_number(h), "h");
  require(y.cols() >= 1 && y.rows() >= 3, "oma: the record needs at least one output column and 3 samples", "data");
  require(y.allFinite(), "oma: the record holds a value that is not a finite number", "data");
  require_band_below_nyquist("oma", o.band_lo_hz, o.band_hi_hz, h);
  if (const Eigen::Index j = first_constant_column(y); j >= 0)
    throw InputError("oma: output " + std::to_string(j + 1) + " " + constant_column_words(y, j) +
                         ": its sensor recorded no response (a dead or unconnected channel); leave its column out or check the sensor",
                     "data");
  std::vector<Eigen::Index> refs;
  for (double c : o.references) {
    require(c == std::floor(c) && c >= 1.0 && c <= double(y.cols()),
            "oma: a reference is an output column counted from 1 (1 ... " + std::to_string(y.cols()) + "), got " + format_number(c), "references");
    refs.push_back(Eigen::Index(c) - 1);
  }
  std::sort(refs.begin(), refs.end());
  refs.erase(std::unique(refs.begin(), refs.end()), refs.end());
  if (refs.empty())
    for (Eigen::Index j = 0; j < y.cols(); ++j) refs.push_back(j);
  return refs;
}

}  // namespace


namespace {

// The order's poles in the band, by frequency, with their shapes.
struct OmaBandPoles {
  std::vector<Complex> poles;
  std::vector<Eigen::VectorXcd> shapes;
};

OmaBandPoles oma_in_band(const SsiOrder& order, const OmaOptions& o, double nyquist) {
  const double hi = std::isfinite(o.band_hi_hz) ? o.band_hi_hz : nyquist;
  std::vector<std::size_t> index;
  for (std::size_t q = 0; q < order.poles.size(); ++q) {
    const double f = oma_freq(order.poles[q]);
    if (f >= o.band_lo_hz && f <= hi) index.push_back(q);
  }
  std::sort(index.begin(), index.end(), [&](std::size_t a, std::size_t b) { return oma_freq(order.poles[a]) < oma_freq(order.poles[b]); });
  OmaBandPoles out;
  for (std::size_t q : index) {
    out.poles.push_back(order.poles[q]);
    out.shapes.push_back(order.shapes.col(Eigen::Index(q)));
  }
  return out;
}

// The stabilization diagram (Peeters & De Roeck 1999, sec. 5): each pole against the nearest pole
// in frequency of the order below; the stable, physically plausible poles (0 < ζ <= 0.3) are the
// candidates of the clustering.
std::vector<StabilizationOrder> oma_stabilize(const SsiCovModels& models, const OmaOptions& o, double nyquist, std::vector<CandidatePole>& candidates) {
  std::vector<StabilizationOrder> rows;
  OmaBandPoles previous;
  for (const SsiOrder& order : models.orders) {
    OmaBandPoles current = oma_in_band(order, o, nyquist);
    StabilizationOrder row{order.order, {}};
    for (std::size_t q = 0; q < current.poles.size(); ++q) {
      const Complex pole = current.poles[q];
      StabilizationPole p{oma_freq(pole), oma_zeta(pole)};
      if (!previous.poles.empty()) {
        std::size_t nearest = 0;
        for (std::size_t k = 1; k < previous.poles.size(); ++k)
          if (std::abs(oma_freq(previous.poles[k]) - p.freq_hz) < std::abs(oma_freq(previous.poles[nearest]) - p.freq_hz)) nearest = k;
        const Complex before = previous.poles[nearest];
        p.stable_freq = std::abs(oma_freq(before) - p.freq_hz) <= o.freq_tol * p.freq_hz;
        p.stable_damping = p.zeta > 0.0 && std::abs(oma_zeta(before) - p.zeta) <= o.damping_tol * p.zeta;
        p.stable_shape = complex_mac(current.shapes[q], previous.shapes[nearest]) >= o.mac_min;
        p.stable = p.stable_freq && p.stable_damping && p.stable_shape;
      }
      if (p.stable && p.zeta <= kOmaMaxZeta) candidates.push_back({order.order, pole, current.shapes[q]});
      row.poles.push_back(p);
    }
    rows.push_back(std::move(row));
    previous = std::move(current);
  }
  return rows;
}

double oma_median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// The cluster's pole nearest in frequency to freq_hz (the pole that gives the mode its shape).
std::size_t nearest_to(const std::vector<CandidatePole>& poles, const std::vector<std::size_t>& cluster, double freq_hz) {
  std::size_t nearest = cluster.front();
  for (std::size_t i : cluster)
    if (std::abs(oma_freq(poles[i].pole) - freq_hz) < std::abs(oma_freq(poles[nearest].pole) - freq_hz)) nearest = i;
  return nearest;
}

void set_oma_shape(OmaMode& mode, Eigen::VectorXcd shape, const Vector& scale);

// The poles of a cluster that its mode's estimate is taken from: those at orders up to a third of
// the diagram's highest (or up to the cluster's lowest order, when that is higher). Beyond the
// orders the modes need, SSI fits the noise with poles beside the modes, and a mode's poles there
// move with them: their first-order sensitivity divides by the gaps between near-equal singular
// values (Reynders, Pintelon & De Roeck 2008, eq. 37), and their jackknife moves exceed their spread
// over records. Measured, 200 records of the shear frame kept back from the choice (seeds 201-400,
// bench/native/oma_records.cpp): for modes 4 and 5 the rms damping error fell from 12.5 and 10.7 %
// to 9.0 % of ζ, and the jackknife sd from 1.28 and 1.61 times the spread over the records to 1.08
// and 1.02 (all orders to 60 before; modes 1-3 within 1 % of before; docs/results.md,
// "Output-only modal analysis"). An ambient record's only: a free decay's noise is what remains
// after the decay, and the slowest mode of the shear frame's 20 s decay needs the higher orders
// (its damping 7 % off from orders to 20, within 5 % from all).
std::vector<std::size_t> estimating_poles(const std::vector<CandidatePole>& poles, const std::vector<std::size_t>& cluster, Eigen::Index max_order) {
  if (cluster.empty()) return cluster;
  Eigen::Index lowest = poles[cluster.front()].order;
  for (std::size_t i : cluster) lowest = std::min(lowest, poles[i].order);
  const Eigen::Index highest = std::max(max_order / 3, lowest);
  std::vector<std::size_t> out;
  for (std::size_t i : cluster)
    if (poles[i].order <= highest) out.push_back(i);
  return out;
}

// A cluster's mode: the median frequency and damping of its estimating poles (estimating_poles);
// the shape of the one nearest the median frequency, turned real on its largest component relative
// to the outputs' RMS (`scale`) and given back its units; the orders and poles of the whole cluster.
OmaMode oma_mode_of(const std::vector<CandidatePole>& poles, const std::vector<std::size_t>& cluster,
                    const std::vector<std::size_t>& estimating, const Vector& scale) {
  OmaMode mode;
  std::vector<double> f, z;
  std::set<Eigen::Index> orders;
  for (std::size_t i : cluster) orders.insert(poles[i].order);
  for (std::size_t i : estimating) {
    f.push_back(oma_freq(poles[i].pole));
    z.push_back(oma_zeta(poles[i].pole));
  }
  mode.freq_hz = oma_median(f);
  mode.zeta = oma_median(z);
  mode.pole = pole_of_mode(mode.freq_hz, mode.zeta);
  mode.orders_found = Eigen::Index(orders.size());
  mode.poles = Eigen::Index(cluster.size());
  set_oma_shape(mode, poles[nearest_to(poles, estimating, mode.freq_hz)].shape, scale);
  return mode;
}

// The mode's shape from a complex shape in the outputs divided by their RMS (OmaMode::shape).
void set_oma_shape(OmaMode& mode, Eigen::VectorXcd shape, const Vector& scale) {
  Eigen::Index largest = 0;
  shape.cwiseAbs().maxCoeff(&largest);
  shape *= std::polar(1.0, -std::arg(shape(largest)));
  mode.mpc = modal_phase_collinearity(shape);
  mode.mpd_deg = mean_phase_deviation_deg(shape);
  shape = scale.cast<Complex>().cwiseProduct(shape);  // back to the outputs' units
  Eigen::Index peak = 0;
  shape.real().cwiseAbs().maxCoeff(&peak);
  const double norm = shape(peak).real();
  mode.complex_shape = shape / norm;
  mode.shape = mode.complex_shape.real();
}

// A free decay (OmaRecord::automatic): the RMS of the record's last quarter below a quarter of its
// first quarter's, in any output. A stationary record's quarters have equal
// RMS up to their scatter (a few per cent for a record of many correlation times); a decay that
// spans the record loses more than that (the shear frame's 20 s decay: 0.15 in its slowest mode).
bool looks_like_free_decay(const Matrix& y) {
  const Eigen::Index quarter = y.rows() / 4;
  if (quarter < 1) return false;
  for (Eigen::Index c = 0; c < y.cols(); ++c) {
    const double first = y.col(c).head(quarter).norm(), last = y.col(c).tail(quarter).norm();
    if (last < 0.25 * first) return true;
  }
  return false;
}

// A mode's cluster: the candidate poles it was made of.
using Cluster = std::vector<std::size_t>;

// The model's pole nearest in pole_distance to `target` at the target's order (null when the
// models have no pole at that order).
const SsiOrder* matching_order(const SsiCovModels& models, const CandidatePole& target, Eigen::Index& q_best) {
  const auto order = std::find_if(models.orders.begin(), models.orders.end(), [&](const SsiOrder& o) { return o.order == target.order; });
  if (order == models.orders.end() || order->poles.empty()) return nullptr;
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t q = 0; q < order->poles.size(); ++q) {
    const double d = pole_distance(target, {order->order, order->poles[q], order->shapes.col(Eigen::Index(q))});
    if (d < best) best = d, q_best = Eigen::Index(q);
  }
  return &*order;
}

// The cluster's medians recomputed on other models of the same record (a jackknife replicate): at
// each of the cluster's poles' orders, the model's pole nearest to it in pole_distance.
std::pair<double, double> replicate_medians(const SsiCovModels& models, const std::vector<CandidatePole>& poles, const Cluster& cluster) {
  std::vector<double> f, z;
  for (std::size_t i : cluster) {
    Eigen::Index q = 0;
    const SsiOrder* order = matching_order(models, poles[i], q);
    if (!order) continue;
    f.push_back(oma_freq(order->poles[std::size_t(q)]));
    z.push_back(oma_zeta(order->poles[std::size_t(q)]));
  }
  if (f.empty()) return {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN()};
  return {oma_median(f), oma_median(z)};
}

// A replicate's real shape: the shape of its pole matching the mode's shape pole, in the outputs'
// units, turned onto the mode's complex shape by least squares, its real part divided by its entry
// where the mode's shape is +1 (so the sd is that of each entry relative to the +1 entry, as the
// shape is given; 0 there); NaN when unmatched.
Vector replicate_shape(const SsiCovModels& models, const CandidatePole& shape_pole, const OmaMode& mode, const Vector& scale) {
  Eigen::Index q = 0;
  const SsiOrder* order = matching_order(models, shape_pole, q);
  if (!order) return Vector::Constant(mode.shape.size(), std::numeric_limits<double>::quiet_NaN());
  const Eigen::VectorXcd psi = scale.cast<Complex>().cwiseProduct(order->shapes.col(q));
  const Complex alpha = psi.dot(mode.complex_shape) / psi.squaredNorm();  // dot: ψᴴ φ
  const Vector shape = (alpha * psi).real();
  Eigen::Index peak = 0;
  mode.shape.maxCoeff(&peak);  // the mode's +1 entry: the replicate normalised alike
  return shape / shape(peak);
}

// The delete-one jackknife's standard deviation of values θ_(b): √((B − 1)/B Σ (θ_(b) − mean)²).
double jackknife_sd(const std::vector<double>& values) {
  const double B = double(values.size());
  double mean = 0.0;
  for (double x : values) mean += x / B;
  double ss = 0.0;
  for (double x : values) ss += (x - mean) * (x - mean);
  return std::sqrt((B - 1.0) / B * ss);
}

// Each mode's standard deviations of f, ζ and the shape's entries and the 95 % half-widths
// (OmaOptions::sd_blocks) from the B jackknife values of each (f[m][b], z[m][b], shapes[m][b]).
void set_jackknife_sd(OmaResult& result, const std::vector<std::vector<double>>& f, const std::vector<std::vector<double>>& z,
                      const std::vector<std::vector<Vector>>& shapes, Eigen::Index B) {
  const double t = student_t975(double(B - 1));
  for (std::size_t m = 0; m < result.modes.size(); ++m) {
    OmaMode& mode = result.modes[m];
    mode.freq_hz_sd = jackknife_sd(f[m]);
    mode.zeta_sd = jackknife_sd(z[m]);
    mode.freq_hz_half95 = t * mode.freq_hz_sd;
    mode.zeta_half95 = t * mode.zeta_sd;
    mode.shape_sd.resize(mode.shape.size());
    for (Eigen::Index i = 0; i < mode.shape.size(); ++i) {
      std::vector<double> entry;
      for (const Vector& s : shapes[m]) entry.push_back(s(i));
      mode.shape_sd(i) = jackknife_sd(entry);
    }
  }
  result.sd_blocks = B;
}

// SSI-data's jackknife (OmaOptions::sd_blocks): the cluster's medians and shape recomputed on the
// models of the record without block b.
void add_replicate_jackknife_sd(OmaResult& result, const std::vector<Cluster>& clusters, const std::vector<CandidatePole>& poles,
                                const std::function<SsiCovModels(Eigen::Index)>& models_without, Eigen::Index B, const Vector& scale) {
  std::vector<std::vector<double>> f(clusters.size()), z(clusters.size());
  std::vector<std::vector<Vector>> shapes(clusters.size());
  for (Eigen::Index b = 0; b < B; ++b) {
    const SsiCovModels models = models_without(b);
    for (std::size_t m = 0; m < clusters.size(); ++m) {
      const auto [fb, zb] = replicate_medians(models, poles, clusters[m]);
      f[m].push_back(fb);
      z[m].push_back(zb);
      const CandidatePole& shape_pole = poles[nearest_to(poles, clusters[m], result.modes[m].freq_hz)];
      shapes[m].push_back(replicate_shape(models, shape_pole, result.modes[m], scale));
    }
  }
  set_jackknife_sd(result, f, z, shapes, B);
}

// df and dζ of a pole λ moved by dλ (f = |λ|/2π, ζ = −Re λ/|λ|).
double freq_change(Complex pole, Complex dpole) { return std::real(std::conj(pole) * dpole) / (std::abs(pole) * kTwoPi); }
double zeta_change(Complex pole, Complex dpole) {
  const double a = std::abs(pole);
  return -dpole.real() / a + pole.real() * std::real(std::conj(pole) * dpole) / (a * a * a);
}

// A shape as the mode gives it: C ψ in the outputs' units turned onto the mode's complex shape by
// least squares (α = ψᴴ φ / ψᴴ ψ), its real part divided by its entry where the mode's shape is +1.
Vector shape_as_given(const Eigen::VectorXcd& shape, const OmaMode& mode, const Vector& scale) {
  const Eigen::VectorXcd psi = scale.cast<Complex>().cwiseProduct(shape);
  const Complex alpha = psi.dot(mode.complex_shape) / psi.squaredNorm();  // dot: ψᴴ φ
  const Vector real = (alpha * psi).real();
  Eigen::Index peak = 0;
  mode.shape.maxCoeff(&peak);
  return real / real(peak);
}

// SSI-cov's jackknife (OmaOptions::sd_blocks): the delete-one jackknife over the record's blocks
// of the estimates' first-order expansion in the correlations. Deleting block b moves the
// correlations by ΔR_b = R_(b) − R and each pole of the mode's cluster by its derivative along
// ΔR_b (ssi_cov_sensitivity.hpp); the estimate, the median over the cluster's estimating poles
// (estimating_poles: `clusters` holds those), moves by the median
// of those moves, and var = (B − 1)/B Σ_b (Δθ_b − mean)². To first order this is the delete-one
// jackknife of the estimate (Efron 1982, The Jackknife, the Bootstrap and Other Resampling Plans,
// ch. 6: the linear jackknife, equal to the delta method with the block covariance of the
// correlations, as in Reynders, Pintelon & De Roeck 2008), at the cost of products of
// Toeplitz-sized matrices instead of one SVD per block. The median of the poles' moves rather
// than the move of the median's own pole: at an order whose n-th and (n+1)-th singular values
// nearly coincide the subspace U_n, and the first-order move of its poles, are ill-determined
// (eq. 37 of Reynders et al. divides by σ_n² − σ_{n+1}²), and the median over the cluster's
// orders sets such an order aside as it sets aside its pole.
void add_linear_jackknife_sd(OmaResult& result, const std::vector<Cluster>& clusters, const std::vector<CandidatePole>& poles,
                             const CorrelationBlocks& blocks, const std::vector<Matrix>& R, const SsiCovModels& models, Eigen::Index p,
                             double h, const Vector& scale) {
  const auto B = Eigen::Index(blocks.sums.size());
  // Every pole of every cluster, by order (SsiCovSensitivity reuses one order's products).
  std::vector<std::size_t> members;
  for (const Cluster& c : clusters) members.insert(members.end(), c.begin(), c.end());
  std::sort(members.begin(), members.end(), [&](std::size_t a, std::size_t b) { return poles[a].order < poles[b].order; });
  std::vector<SsiPoleRequest> requests;
  std::vector<std::size_t> request_of(poles.size());
  for (std::size_t i : members) request_of[i] = requests.size(), requests.push_back({poles[i].order, poles[i].pole});
  const SsiCovSensitivity sensitivity(R, models, p, h, requests);
  std::vector<std::vector<double>> f(clusters.size()), z(clusters.size());
  std::vector<std::vector<Vector>> shapes(clusters.size());
  for (Eigen::Index b = 0; b < B; ++b) {
    std::vector<Matrix> dR = blocks.correlations(b);
    for (std::size_t i = 0; i < dR.size(); ++i) dR[i] -= R[i];
    const std::vector<SsiPoleDerivative> d = sensitivity.along(dR);
    for (std::size_t m = 0; m < clusters.size(); ++m) {
      std::vector<double> df, dz;
      for (std::size_t i : clusters[m]) {
        df.push_back(freq_change(poles[i].pole, d[request_of[i]].pole));
        dz.push_back(zeta_change(poles[i].pole, d[request_of[i]].pole));
      }
      f[m].push_back(oma_median(df));
      z[m].push_back(oma_median(dz));
      // The shape's change to first order: a difference over a step small against the shape.
      const SsiPoleDerivative& s = d[request_of[nearest_to(poles, clusters[m], result.modes[m].freq_hz)]];
      const double step_norm = s.shape_derivative.norm();
      const double eps = step_norm > 0.0 ? 1e-6 * s.shape.norm() / step_norm : 0.0;
      const Vector base = shape_as_given(s.shape, result.modes[m], scale);
      shapes[m].push_back(eps > 0.0 ? Vector((shape_as_given(s.shape + eps * s.shape_derivative, result.modes[m], scale) - base) / eps)
                                    : Vector::Zero(base.size()));
    }
  }
  set_jackknife_sd(result, f, z, shapes, B);
}

}  // namespace


namespace {

// The modes whose frequency the record does not determine (kMaxRelativeFrequencySd) left out of
// result.modes and named in a note.
void leave_out_undetermined_modes(OmaResult& result) {
  std::string list, spread;
  const auto undetermined = [](const OmaMode& mode) { return mode.freq_hz_sd > kMaxRelativeFrequencySd * mode.freq_hz; };
  for (const OmaMode& mode : result.modes)
    if (undetermined(mode)) {
      list += (list.empty() ? "" : ", ") + format_digits(mode.freq_hz) + " ± " + format_digits(mode.freq_hz_sd) + " Hz";
      spread += (spread.empty() ? "" : ", ") + format_digits(100 * mode.freq_hz_sd / mode.freq_hz, 2) + " %";
    }
  if (list.empty()) return;
  const auto before = result.modes.size();
  result.modes.erase(std::remove_if(result.modes.begin(), result.modes.end(), undetermined), result.modes.end());
  result.advise({AdviceCode::undetermined, AdviceLevel::note,
                 "Clusters of stable poles at " + list + " were left out: the record does not determine their frequency.",
                 std::to_string(before - result.modes.size()) + " of " + std::to_string(before) +
                     " clusters have a jackknife standard deviation of the frequency over the record's " +
                     std::to_string(result.sd_blocks) + " blocks above " + format_digits(100 * kMaxRelativeFrequencySd) +
                     " % of it (" + spread + "). The modes of the records this rule was measured on (a simulated 5-storey frame, the "
                     "F-16 ground vibration test) stay below 1.5 %; clusters of noise poles that stabilize by chance lie at 9 % and "
                     "above. Their poles remain in the stabilization diagram",
                 "a longer record or more sensors decide whether a mode is there"});
}

// One analysis at the options' block rows. The stages: the checks, the outputs divided by their
// RMS, the correlations (or, for ssi-data, the Hankel matrix's LQ factor), SSI at every order, the
// stabilization diagram, the clustering into modes, the spectrum; for efdd the spectrum's peaks
// and their bells instead of SSI.
OmaResult analyse_once(const Matrix& y_in, double h, const OmaOptions& o) {
  OmaResult result;
  result.max_order = o.max_order;
  result.references = check_oma_record(y_in, h, o);
  const Eigen::Index N = y_in.rows(), m = y_in.cols(), r = Eigen::Index(result.references.size());
  const double nyquist = 0.5 / h;
  Matrix y = y_in.rowwise() - y_in.colwise().mean();
  const Vector scale = (y.colwise().squaredNorm() / double(N)).cwiseSqrt().transpose();
  y = y * scale.cwiseInverse().asDiagonal();

  if (o.method == OmaMethod::efdd) {
    result.free_decay = o.record == OmaRecord::free_decay || (o.record == OmaRecord::automatic && looks_like_free_decay(y));
    EfddModes efdd = efdd_modes(y, h, o.band_lo_hz, o.band_hi_hz, result.free_decay);  // enhanced_fdd.hpp
    result.spectrum = std::move(efdd.spectrum);
    for (const EfddMode& e : efdd.modes) {
      OmaMode mode;
      mode.freq_hz = e.freq_hz;
      mode.zeta = e.zeta;
      mode.pole = pole_of_mode(mode.freq_hz, mode.zeta);
      set_oma_shape(mode, e.shape, scale);
      result.modes.push_back(std::move(mode));
    }
    for (const std::string& w : efdd.warnings) result.add_warning(w);
    for (const Advice& a : efdd.advice) result.advise(a);
    return result;
  }
  const Eigen::Index p = oma_block_rows(o, h, m, r);
  result.block_rows = p;
  require(N >= kSamplesPerLag * 2 * p, "oma: the record's " + std::to_string(N) + " samples are too few for " + std::to_string(p) +
                                           " block rows (lags up to " + std::to_string(2 * p - 1) + "; at least " +
                                           std::to_string(kSamplesPerLag * 2 * p) + " samples): record longer or give fewer block rows",
          "data");
  result.free_decay = o.record == OmaRecord::free_decay || (o.record == OmaRecord::automatic && looks_like_free_decay(y));
  const bool jackknife = !result.free_decay && o.sd_blocks >= 2;
  const bool by_data = o.method == OmaMethod::ssi_data;
  CorrelationBlocks blocks;
  if (jackknife && !by_data) blocks = block_correlation_sums(y, result.references, 2 * p - 1, o.sd_blocks);
  SsiDataFactors data;
  if (by_data) data = ssi_data_factors(y, result.references, p, jackknife ? o.sd_blocks : 1);
  // SSI-data's models of the record without block b (−1: the whole record).
  const auto models_without = [&](Eigen::Index b) { return ssi_data(data, b, h, o.max_order, 2); };  // SSI-data's
  std::vector<Matrix> R;  // SSI-cov's correlations
  if (!by_data) R = jackknife ? blocks.correlations() : output_correlations(y, result.references, 2 * p - 1, result.free_decay);
  const SsiCovModels models = by_data ? models_without(-1) : ssi_cov(R, p, h, o.max_order, 2);
  result.toeplitz_singular_values = models.singular_values;

  std::vector<CandidatePole> candidates;
  result.stabilization = oma_stabilize(models, o, nyquist, candidates);
  const auto orders = Eigen::Index(result.stabilization.size());
  result.min_orders = o.min_orders > 0 ? o.min_orders : std::max<Eigen::Index>(3, (orders + 2) / 3);
  std::vector<Cluster> mode_clusters;  // each mode's estimating poles, for the jackknife
  for (const auto& cluster : cluster_poles(candidates, o.cluster_distance)) {
    Cluster estimating = result.free_decay ? cluster : estimating_poles(candidates, cluster, o.max_order);
    OmaMode mode = oma_mode_of(candidates, cluster, estimating, scale);
    if (mode.orders_found < result.min_orders) continue;
    result.modes.push_back(std::move(mode));
    mode_clusters.push_back(std::move(estimating));
  }
  if (jackknife && !result.modes.empty()) {
    if (by_data)
      add_replicate_jackknife_sd(result, mode_clusters, candidates, models_without, o.sd_blocks, scale);
    else
      add_linear_jackknife_sd(result, mode_clusters, candidates, blocks, R, models, p, h, scale);
    leave_out_undetermined_modes(result);
  }

  const double hi = std::isfinite(o.band_hi_hz) ? o.band_hi_hz : nyquist;
  result.spectrum = singular_value_spectrum(y, h, o.band_lo_hz, hi, default_spectrum_segment(N));

  if (m < 2)
    result.add_warning("With one output the shape criteria say nothing: the MAC between orders and in the clustering is 1 for any "
                       "two poles, so only frequency and damping decide which poles are stable. Record with two or more sensors to "
                       "check the modes' shapes.");
  return result;
}

// The spectrum's peaks that no mode of `result` explains (unmatched_peaks.hpp), and the closest
// spacing among those peaks and the modes (infinite with fewer than two).
struct MissedPeaks {
  std::vector<double> hz;
  double spacing = std::numeric_limits<double>::infinity();
};

MissedPeaks missed_peaks(const OmaResult& result) {
  MissedPeaks out;
  std::vector<double> all;
  for (const OmaMode& mode : result.modes) all.push_back(mode.freq_hz);
  out.hz = unmatched_spectrum_peaks(result.spectrum, all);
  all.insert(all.end(), out.hz.begin(), out.hz.end());
  std::sort(all.begin(), all.end());
  for (std::size_t k = 1; k < all.size(); ++k) out.spacing = std::min(out.spacing, all[k] - all[k - 1]);
  return out;
}

// Block rows whose lags (up to 2p − 1 samples) span 1/Δf: two modes Δf apart beat with that
// period, and a window of correlations of length T resolves frequencies about 1/T apart (as the
// lines of a spectrum of T seconds).
Eigen::Index rows_to_resolve(double spacing, double h) { return clamped_count(std::ceil((1.0 / (spacing * h) + 1.0) / 2.0)); }

// The second analysis of output_only_modes, when the automatic block rows left spectrum peaks
// without a mode: the options with the lags that resolve the closest spacing of the modes and the
// peaks (at most what the record and the Toeplitz matrix allow) and the highest order doubled
// (weak modes in the band beside strong ones outside it need both: on the F-16 GVT record, 274
// block rows found its 5.2 Hz mode with orders to 100, not to 60; docs/results.md, "Output-only
// modal analysis"); block_rows 0 (none) when those lags are no longer than the first analysis's.
OmaOptions with_longer_lags(const OmaOptions& o, const OmaResult& first, const MissedPeaks& missed, double h, const Matrix& y) {
  OmaOptions longer = o;
  longer.block_rows = 0;
  if (!std::isfinite(missed.spacing) || !(missed.spacing > 0.0)) return longer;
  const Eigen::Index m = y.cols(), r = Eigen::Index(first.references.size());
  const Eigen::Index p = std::min({rows_to_resolve(missed.spacing, h), Eigen::Index(kMaxToeplitzRows / double(m)),
                                   y.rows() / (2 * kSamplesPerLag)});
  if (p <= first.block_rows) return longer;
  longer.block_rows = p;
  longer.max_order = std::min({Eigen::Index(400), 2 * o.max_order, (p - 1) * m, p * r});
  longer.max_order -= longer.max_order % 2;
  return longer;
}

// The warning for the spectrum's peaks that still have no mode.
void advise_missed_peaks(OmaResult& result, const MissedPeaks& missed, double h) {
  if (missed.hz.empty() || result.modes.empty()) return;
  std::string list;
  for (double f : missed.hz) list += (list.empty() ? "" : ", ") + format_digits(f) + " Hz";
  const Eigen::Index p = result.block_rows;
  // lags spanning 1/Δf for the closest two of the modes and the peaks, when they are longer than
  // these (a hint, not verified: the detail says it, no option is suggested)
  std::string hint;
  if (std::isfinite(missed.spacing) && missed.spacing > 0.0 && rows_to_resolve(missed.spacing, h) > p + p / 10)
    hint = "; lags spanning 1/Δf for the closest two (Δf = " + format_digits(missed.spacing) + " Hz) take about " +
           std::to_string(rows_to_resolve(missed.spacing, h)) + " block rows";
  result.advise({AdviceCode::undetermined, AdviceLevel::warning,
                 "The output spectrum has peaks at " + list + " where no mode was found: SSI may have missed modes there.",
                 "the first singular value of the outputs' spectrum peaks there (frequency-domain decomposition) but no cluster of stable "
                 "poles lies within 3 %; " + std::to_string(p) + " block rows (lags up to " + format_digits((2 * p - 1) * h) + " s)" + hint,
                 "modes closer together need longer lags: give more block rows (blockRows), raise the highest model order "
                 "(maxOrder), or narrow the band around the peak"});
}

}  // namespace

// The analysis at the automatic (or given) block rows; when the block rows were automatic and the
// spectrum has peaks without a mode, once more with lags that resolve the closest peaks
// (with_longer_lags), kept when it leaves fewer such peaks and said in a note; the second analysis
// only within the work limit (OmaOptions::max_work, with the first's work counted).
OmaResult output_only_modes(const Matrix& y, double h, const OmaOptions& o) {
  o.validate();
  OmaResult result = analyse_once(y, h, o);
  if (o.method == OmaMethod::efdd) return result;
  MissedPeaks missed = missed_peaks(result);
  if (o.block_rows == 0 && !missed.hz.empty()) {
    const OmaOptions longer = with_longer_lags(o, result, missed, h, y);
    if (longer.block_rows > 0 && oma_work(y, h, o).flops + oma_work(y, h, longer).flops <= o.max_work) {
      OmaResult second = analyse_once(y, h, longer);
      MissedPeaks still = missed_peaks(second);
      if (still.hz.size() < missed.hz.size()) {
        std::string list;
        for (double f : missed.hz)
          if (std::find(still.hz.begin(), still.hz.end(), f) == still.hz.end()) list += (list.empty() ? "" : ", ") + format_digits(f) + " Hz";
        second.advise({AdviceCode::longer_lags, AdviceLevel::note,
                       "Peaks of the output spectrum had no mode: the analysis was redone with longer lags and higher orders, which found "
                       "modes at " + list + ".",
                       std::to_string(result.block_rows) + " block rows (lags up to " + format_digits((2 * result.block_rows - 1) * h) +
                           " s, orders to " + std::to_string(o.max_order) + ") left peaks of the spectrum's first singular value without a "
                           "mode; " + std::to_string(longer.block_rows) + " block rows (lags up to " +
                           format_digits((2 * longer.block_rows - 1) * h) + " s, spanning 1/Δf for the closest two, Δf = " +
                           format_digits(missed.spacing) + " Hz) and orders to " + std::to_string(longer.max_order) + " were used",
                       "to keep the shorter lags, give their number of block rows",
                       {{"block-rows", std::to_string(result.block_rows)}}});
        result = std::move(second);
        missed = std::move(still);
      }
    }
  }
  advise_missed_peaks(result, missed, h);
  if (result.modes.empty())
    result.advise({AdviceCode::undetermined, AdviceLevel::warning, "No mode was found in the band.",
                   "no cluster of stable poles holds poles from " + std::to_string(result.min_orders) + " of the diagram's " +
                       std::to_string(result.stabilization.size()) + " orders (orders up to " + std::to_string(result.max_order) + ", " +
                       std::to_string(result.block_rows) + " block rows)",
                   "raise the highest model order, check the band against the spectrum's peaks, or record longer",
                   {{"max-order", std::to_string(std::min<Eigen::Index>(400, 2 * result.max_order))}}});
  return result;
}

}  // namespace mechid
