#include "analysis/excited_lines.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>

#include "core/input_error.hpp"

namespace mechid {
namespace {

double median_of(std::vector<double> v) {
  if (v.empty()) return NAN;
  const auto mid = v.begin() + std::ptrdiff_t(v.size() / 2);
  std::nth_element(v.begin(), mid, v.end());
  return *mid;
}

std::string percent(double share) { return format_digits(100.0 * share, 3) + " %"; }

}  // namespace

double excited_power_threshold(const Vector& power) {
  const double largest = power.size() > 0 ? power.maxCoeff() : 0.0;
  if (!(largest > 0.0)) return INFINITY;
  std::vector<double> strong;
  for (Eigen::Index i = 0; i < power.size(); ++i)
    if (power(i) >= kUnexcitedFraction * largest) strong.push_back(power(i));
  return std::max(kUnexcitedFraction * median_of(strong), std::numeric_limits<double>::min());
}

std::vector<bool> excited_lines(const Vector& power) {
  const double threshold = excited_power_threshold(power);
  std::vector<bool> excited(std::size_t(power.size()));
  for (Eigen::Index i = 0; i < power.size(); ++i) excited[std::size_t(i)] = power(i) >= threshold;
  return excited;
}

void advise_band_excitation(FrfEstimate& result, const std::vector<bool>& excited, const Vector& power, const FrfOptions& o) {
  const Eigen::Index F = result.freq_hz.size();
  std::vector<double> freq, coherence;
  for (Eigen::Index i = 0; i < F; ++i) {
    if (!excited[std::size_t(i)]) continue;
    freq.push_back(result.freq_hz(i));
    double sum = 0.0;
    Eigen::Index count = 0;
    for (Eigen::Index c = 0; c < result.coherence.cols(); ++c)
      if (std::isfinite(result.coherence(i, c))) sum += result.coherence(i, c), ++count;
    if (count > 0) coherence.push_back(sum / double(count));
  }
  const auto N = Eigen::Index(freq.size());
  if (N == F || N == 0) return;  // every line excited, or none (the estimate fails saying so)
  const double lo = std::max(o.band_lo_hz, result.freq_hz(0)), hi = std::min(o.band_hi_hz, result.freq_hz(F - 1));
  const double width = std::max(hi - lo, 1e-300), reach = kCoverWidth * width;
  // The covered part: the union of [f − reach, f + reach] over the excited lines, within the band;
  // the same within the excited lines' own span (to tell whether narrowing the band would help).
  double covered = 0.0, end = lo;
  for (double f : freq) {
    const double a = std::max(f - reach, end), b = std::min(f + reach, hi);
    if (b > a) covered += b - a;
    end = std::max(end, b);
  }
  const double share = covered / width, span = freq.back() - freq.front();
  const double span_share = span > 0.0 ? std::min(1.0, (covered - std::min(reach, freq.front() - lo) - std::min(reach, hi - freq.back())) / span) : 0.0;
  const std::string band = format_digits(lo, 4) + "–" + format_digits(hi, 4) + " Hz";
  const std::string excited_part = format_digits(freq.front(), 4) + "–" + format_digits(freq.back(), 4) + " Hz";
  std::string detail = std::to_string(N) + " of the band's " + std::to_string(F) + " lines (" + percent(double(N) / double(F)) +
                       ") have an input power at least " + format_digits(kUnexcitedFraction) +
                       " of the excited lines' median; within " + format_digits(100.0 * kCoverWidth) +
                       " % of the band's width of one of them lies " + percent(share) + " of the band; they span " + excited_part;
  if (!coherence.empty()) detail += "; median coherence at them " + format_digits(median_of(coherence));
  if (share >= kMinCoveredShare) {
    result.advise({AdviceCode::band_not_excited, AdviceLevel::note,
                   "The force carries power at " + std::to_string(N) + " of the " + std::to_string(F) + " frequency lines in " + band +
                       " (a multisine's lines); the others are left out of the frequency response and of the fit.",
                   detail, ""});
    return;
  }
  // Where the force's power is: the peaks of the groups of excited lines (closer than 2 reach)
  // that hold 95 % of the excited lines' power, when there are at most 5 of them.
  std::vector<std::pair<double, double>> groups;  // (power, peak frequency)
  double total = 0.0, last = -INFINITY, peak = -1.0;
  for (Eigen::Index i = 0; i < F; ++i) {
    if (!excited[std::size_t(i)]) continue;
    const double f = result.freq_hz(i), p = power(i);
    total += p;
    if (f - last > 2.0 * reach) groups.emplace_back(0.0, f), peak = -1.0;
    groups.back().first += p;
    if (p > peak) peak = p, groups.back().second = f;
    last = f;
  }
  std::sort(groups.begin(), groups.end(), std::greater<>());
  std::vector<double> peaks;
  double held = 0.0;
  for (const auto& [group_power, group_peak] : groups) {
    if (held >= 0.95 * total) break;
    held += group_power;
    peaks.push_back(group_peak);
  }
  std::sort(peaks.begin(), peaks.end());
  std::string where;
  if (peaks.size() <= 5) {
    where = N == Eigen::Index(peaks.size()) ? " (" : " (most of its power at ";
    for (std::size_t i = 0; i < peaks.size(); ++i) where += (i == 0 ? "" : i + 1 == peaks.size() ? " and " : ", ") + format_digits(peaks[i], 4);
    where += " Hz)";
  }
  const std::string narrow = span_share >= kMinCoveredShare && span < 0.8 * width
                                 ? ", or narrow the band (--band, the modes section's band) to the excited part, " + excited_part
                                 : "";
  result.advise({AdviceCode::band_not_excited, AdviceLevel::warning,
                 "The force excites only " + std::to_string(N) + " frequency lines" + where + ", " + percent(share) + " of the band " + band +
                     ": modes away from them cannot be found in this record.",
                 detail, "Record again with a broadband force over the band (random, chirp or multisine)" + narrow + ".",
                 // the narrowing as the option --band lo:hi (the excited lines' span, in full: the page's band fields)
                 narrow.empty() ? std::vector<AdviceOption>{} : std::vector<AdviceOption>{{"band", format_number(freq.front()) + ":" + format_number(freq.back())}}});
}

}  // namespace mechid
