#include "identify/data_diagnoses.hpp"

#include <cmath>
#include <limits>
#include <sstream>
#include <string>
#include <vector>

#include "core/input_error.hpp"
#include "discretize/zoh.hpp"
#include "identify/feedback_test.hpp"
#include "identify/friction_diagnosis.hpp"
#include "identify/n4sid.hpp"
#include "identify/noise_free_level.hpp"
#include "model/second_order_extraction.hpp"

namespace mechid {
namespace {

std::string output_name(Eigen::Index c) { return "q" + std::to_string(c + 1); }

// "q1", "q1 and q2", "q1, q2 and q3".
std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? (i + 1 == items.size() ? " and " : ", ") : "") + items[i];
  return out;
}

std::string percent(double fraction) { return format_digits(100.0 * fraction, 3) + " %"; }

double mean_fit(const ValidationReport& v) {
  return v.failed() || v.fit_percent.size() == 0 ? -INFINITY : v.fit_percent.mean();
}

// One correction of the outputs' scale to try: each output column times `factor` (−1 for a flipped
// sign, a power of ten for a unit).
struct ChannelCorrection {
  Vector factor;
  double fit = -INFINITY;  // mean free-run fit of the subspace model's M, D, K on the corrected outputs
};

// The mean free-run fit (validation.hpp) of the second-order model that the subspace model of the
// data gives when its outputs are multiplied by `factor`: a diagonal scaling of the outputs only
// scales the output matrix H of x_{k+1} = F x_k + G u_k, y_k = H x_k, so one subspace model serves
// every candidate; each then takes n4sid-d2c's route (ZOH d2c, the extraction of Luş et al. 2003
// with the given L) and is simulated on the outputs so corrected.
double corrected_fit(const SubspaceModel& sub, const Vector& factor, const Dataset& data, const Matrix& L) {
  const DiscreteModel discrete{sub.F, sub.G, factor.asDiagonal() * sub.H, Matrix::Zero(sub.H.rows(), sub.G.cols()), data.h};
  const ConversionResult continuous = d2c_zoh(discrete);
  if (continuous.failed()) return -INFINITY;
  const SecondOrderExtraction second = extract_second_order(continuous.model, L);
  if (second.failed()) return -INFINITY;
  Dataset corrected = data;
  corrected.y = data.y * factor.asDiagonal();
  return mean_fit(validate_model(second.system, corrected));
}

// The outputs' RMS about their means (an offset does not make a unit).
Vector output_spread(const Matrix& y) {
  return ((y.rowwise() - y.colwise().mean()).colwise().norm() / std::sqrt(static_cast<double>(y.rows()))).transpose();
}

// Factors of ten that bring each output to the first output's order of magnitude, for the outputs
// whose RMS differs from it by more than a factor 30 (1 for the others; all 1: no candidate).
Vector unit_factors(const Vector& spread) {
  Vector factor = Vector::Ones(spread.size());
  for (Eigen::Index c = 1; c < spread.size(); ++c) {
    const double decades = std::log10(spread(0) / spread(c));
    if (std::abs(decades) > std::log10(30.0)) factor(c) = std::pow(10.0, std::round(decades));
  }
  return factor;
}

// The subspace model of order 2n, its past horizon an eighth of the estimate's slowest period (the
// PEM start's horizon, kStartHorizonFraction of subspace_start.hpp; the minimum block rows without
// modes). Status failed when the data are too short for it or have a constant input (the offset
// columns of a forced record).
SubspaceModel diagnostic_subspace(const Dataset& data, const ModalResult& modal) {
  const Eigen::Index n = data.y.cols(), k = data.u.cols();
  const double slowest = modal.modes.empty() ? 0.0 : modal.modes.front().omega_n;
  const double period = slowest > 0 ? 2.0 * M_PI / slowest : 0.0;
  SubspaceOptions options;
  options.order = 2 * n;
  options.block_rows = choose_block_rows(2 * n, k, n, data.y.rows(), data.h, period, 0.125);
  try {
    return subspace_identify(data, options);
  } catch (const InputError& e) {
    SubspaceModel refused;
    refused.fail(e.what());
    return refused;
  }
}

// sign_flipped for one output, or mixed_units, when the subspace model with that correction fits
// far better than the estimate; none when no correction does.
std::vector<Advice> diagnose_channels(const DiagnosedEstimate& estimate, const Dataset& data) {
  const ValidationReport& v = estimate.validation;
  const Eigen::Index n = data.y.cols();
  const bool indefinite = !estimate.sign_reversed && (!estimate.M_pd || !estimate.K_pd);
  if (n < 2 || data.outputs != OutputKind::displacement || !(fits_poorly(v) || indefinite)) return {};
  const Matrix& L = estimate.system.L;
  if (L.rows() != n || L.cols() != data.u.cols()) return {};
  const SubspaceModel sub = diagnostic_subspace(data, estimate.modal);
  if (sub.status != Status::ok) return {};
  std::vector<ChannelCorrection> candidates;
  for (Eigen::Index c = 0; c < n; ++c) {
    ChannelCorrection flip{Vector::Ones(n)};
    flip.factor(c) = -1.0;
    candidates.push_back(flip);
  }
  const Vector spread = output_spread(data.y);
  if (const Vector units = unit_factors(spread); (units.array() != 1.0).any()) candidates.push_back({units});
  const double fit = mean_fit(v);
  const ChannelCorrection* best = nullptr;
  for (ChannelCorrection& candidate : candidates) {
    candidate.fit = corrected_fit(sub, candidate.factor, data, L);
    if (candidate.fit >= kPoorFitPercent && candidate.fit >= fit + 25.0 && (!best || candidate.fit > best->fit)) best = &candidate;
  }
  if (!best) return {};
  const std::string fits = "the subspace model of these data, with ", compared = std::isfinite(fit) ? format_digits(fit, 3) + " %" : "no fit";
  if ((best->factor.array() < 0).any()) {
    Eigen::Index c = 0;
    best->factor.minCoeff(&c);
    const std::string q = output_name(c);
    return {{AdviceCode::sign_flipped, AdviceLevel::warning,
              "Output " + q + " seems to have the wrong sign: with " + q + " negated the model fits the data, as recorded it does not",
              fits + q + " negated, gives M, D and K whose free run fits " + format_digits(best->fit, 3) +
                  " % (mean over the outputs) against the estimate's " + compared +
                  "; a force column counted the other way at the same DOF has the same effect",
              "flip its sign (the factor " + q + "=-1 for that column) and identify again",
              {{"scale", q + "=-1"}}}};
  }
  std::vector<std::string> ratios, scale;
  for (Eigen::Index c = 1; c < n; ++c)
    if (best->factor(c) != 1.0) {
      ratios.push_back((ratios.empty() ? "the RMS of " + output_name(c) + " is " : "of " + output_name(c) + " ") +
                       format_digits(spread(c) / spread(0), 3) + (ratios.empty() ? " times that of q1" : " times"));
      scale.push_back(output_name(c) + "=1e" + std::to_string(static_cast<int>(std::lround(std::log10(best->factor(c))))));
    }
  return {{AdviceCode::mixed_units, AdviceLevel::warning,
            "The outputs seem to be in different units: " + joined(ratios) +
                "; the model relates every output to the forces in one unit",
            fits + "the outputs scaled to one order of magnitude (" + joined(scale) + "), gives M, D and K whose free run fits " +
                format_digits(best->fit, 3) + " % (mean over the outputs) against the estimate's " + compared,
            "give each output column its factor into metres (e.g. the factors " + [&] {
              std::string s;
              for (const std::string& x : scale) s += (s.empty() ? "" : ",") + x;
              return s;
            }() + ") and identify again"}};
}

// Per output channel, the share of its residual's power that a constant explains and the further
// share a straight line in time explains (least squares on [1, t]).
struct ResidualTrend {
  double constant = 0.0, line = 0.0;
};

ResidualTrend residual_trend(const Eigen::Ref<const Vector>& e) {
  const double N = static_cast<double>(e.size()), power = e.squaredNorm();
  ResidualTrend out;
  if (!(power > 0) || e.size() < 3) return out;
  const Vector t = Vector::LinSpaced(e.size(), -0.5 * (N - 1), 0.5 * (N - 1));  // centred: orthogonal to the constant
  const double mean = e.mean(), slope = t.dot(e) / t.squaredNorm();
  out.constant = N * mean * mean / power;
  out.line = slope * slope * t.squaredNorm() / power;
  return out;
}

// A constant (offset) or a line (drift) that explains more than a quarter of an output's
// residual: the free run of M q'' + D q' + K q = L u cannot produce it, so the estimate bends
// towards it and the residual tests blame missing dynamics.
void diagnose_offset_and_drift(const DiagnosedEstimate& estimate, std::vector<Advice>& out) {
  const ValidationReport& v = estimate.validation;
  if (v.failed() || v.residuals_white || v.residual.cols() == 0) return;
  std::vector<std::string> offset, offset_shares, drift, drift_shares;
  for (Eigen::Index c = 0; c < v.residual.cols(); ++c) {
    const ResidualTrend trend = residual_trend(v.residual.col(c));
    if (trend.line > 0.1 && trend.constant + trend.line > 0.25) {
      drift.push_back(output_name(c));
      drift_shares.push_back(output_name(c) + " " + percent(trend.constant + trend.line));
    } else if (trend.constant > 0.25) {
      offset.push_back(output_name(c));
      offset_shares.push_back(output_name(c) + " " + percent(trend.constant));
    }
  }
  const bool plural_offset = offset.size() > 1, plural_drift = drift.size() > 1;
  if (!offset.empty() && !estimate.offset_estimated)
    out.push_back({AdviceCode::offset, AdviceLevel::warning,
              std::string(plural_offset ? "Outputs " : "Output ") + joined(offset) + (plural_offset ? " seem" : " seems") +
                  " to carry a constant offset, which the model of the forces alone cannot produce",
              "a constant explains " + joined(offset_shares) +
                  " of the free-run residual's power; the residual tests' \"misses dynamics\" is this offset",
              "identify again with a force offset in the model: auto and variational-zoh then estimate a "
              "constant force per DOF, which gives a constant output",
              {{"offset", ""}}});
  if (!drift.empty())
    out.push_back({AdviceCode::drift, AdviceLevel::warning,
              std::string(plural_drift ? "Outputs " : "Output ") + joined(drift) + (plural_drift ? " seem" : " seems") +
                  " to drift, which the model cannot produce",
              "a straight line in time explains " + joined(drift_shares) + " of the free-run residual's power",
              "the model has no drift term (a force offset removes a constant only): remove the trend from the record before "
              "identifying (subtract from each drifting output column a straight line fitted to it)"});
}

// A mode beyond the Nyquist frequency π/h, which sampled data cannot show (an aliased twin or an
// artefact); or residuals correlated with the input while the fastest mode lies above half of it,
// where a mode of the system above π/h folds back into the band.
void diagnose_aliasing(const DiagnosedEstimate& estimate, double h, std::vector<Advice>& out) {
  const ValidationReport& v = estimate.validation;
  if (estimate.modal.modes.empty() || !(h > 0)) return;
  const double nyquist = M_PI / h, fastest = estimate.modal.modes.back().omega_n;
  const std::string action =
      "sample faster (h below π/ω of the fastest mode of the system, with a margin), or low-pass (anti-alias) filter "
      "the signals below π/h before sampling";
  if (fastest > nyquist) {
    out.push_back({AdviceCode::aliasing, AdviceLevel::warning,
              "A mode at " + format_digits(fastest, 4) + " rad/s lies beyond the Nyquist frequency π/h = " + format_digits(nyquist, 4) +
                  " rad/s, which these samples cannot show: the system probably has a mode above π/h that is aliased",
              "ω_n = " + format_digits(fastest, 4) + " rad/s, h·ω_n = " + format_digits(fastest * h, 3) + " > π",
              action});
    return;
  }
  if (v.failed() || v.residuals_independent_of_input || fastest * h <= 0.5 * M_PI) return;
  out.push_back({AdviceCode::aliasing, AdviceLevel::warning,
            "The model misses part of the forces' effect and its fastest mode lies near the Nyquist frequency: a mode of "
            "the system above π/h = " + format_digits(nyquist, 4) + " rad/s may be aliased into these data",
            "fastest mode ω_n = " + format_digits(fastest, 4) + " rad/s, h·ω_n = " + format_digits(fastest * h, 3) +
                " (above π/2); residuals correlated with the input (" + format_digits(v.max_crosscorrelation, 3) +
                " against the bound " + format_digits(v.crosscorrelation_bound, 3) + ")",
            action});
}

// Feedback in the data (feedback_test.hpp): whether the free run's residuals predict the forces
// that follow them. The residuals at the rounding level of the free run (noise-free data) are not tested.
void diagnose_feedback(const ValidationReport& v, const Dataset& data, std::vector<Advice>& out) {
  // Not for acceleration outputs: they are high-passed through s²/B(s) before the fit
  // (residual_advice.hpp), and the filter's share of the residual is a function of past forces.
  if (v.failed() || v.residual.rows() != data.u.rows() || data.outputs == OutputKind::acceleration) return;
  const double rounding = free_run_rounding(data.y.rows());
  if (std::optional<Advice> a = closed_loop_advice(feedback_test(v.residual, v.nrmse, data.u, rounding)))
    out.push_back(*a);
}

}  // namespace

bool fits_poorly(const ValidationReport& v) { return v.failed() || (mean_fit(v) < kPoorFitPercent && !v.residuals_white); }

Advice reversed_sign_advice(const ValidationReport& v) {
  if (fits_poorly(v))
    return {AdviceCode::poor_fit, AdviceLevel::warning,
            "The estimate fits the data poorly, so its all-negative M, D and K say nothing about the sign of the forces: "
            "do not flip them on this evidence",
            v.failed() ? "its free run failed: " + v.message
                       : "mean free-run fit " + format_digits(mean_fit(v), 3) + " % (below " + format_digits(kPoorFitPercent, 3) +
                             " %) with residuals correlated over time",
            "find why the model misses the data first (the other warnings): the record's columns, units and signs, the "
            "input sampling, the number of DOF"};
  return {AdviceCode::sign_flipped, AdviceLevel::warning,
          "M, D and K are all negative: in these data a positive force moves the outputs negatively (a sign convention "
          "of the actuator or the sensors); flip the sign of the input columns (or of every output column) and identify "
          "again: the matrices then come out positive, with the same fit",
          "", "flip the sign of each input column (the factor -1, e.g. u1=-1) and identify again"};
}

std::vector<Advice> diagnose_data(const DiagnosedEstimate& estimate, const Dataset& data) {
  std::vector<Advice> out = diagnose_channels(estimate, data);
  const bool channel = !out.empty();
  diagnose_offset_and_drift(estimate, out);
  if (!channel) diagnose_aliasing(estimate, data.h, out);
  if (!channel && !estimate.friction_estimated)
    if (std::optional<Advice> a = friction_advice(estimate.system, estimate.modal, estimate.validation, data)) out.push_back(*a);
  if (!channel) diagnose_feedback(estimate.validation, data, out);
  return out;
}

}  // namespace mechid
