#include "analysis/excited_lines.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <utility>

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

// The share of the excited lines' power that the band an advice proposes may leave out: a
// multisine's band without the few stray lines that pass the threshold (the mains' harmonics in a
// measured force: the F-16 ground vibration test's 2–15 Hz multisine has excited lines up to 50 Hz).
constexpr double kExcitedPowerTail = 0.01;

// Of the excited lines `freq` (increasing) with their input `power`, the first and last index of the
// groups of lines (neighbours closer than 2 reach) that hold all but kExcitedPowerTail of the power,
// the strongest groups first.
std::pair<std::size_t, std::size_t> power_span(const std::vector<double>& freq, const std::vector<double>& power, double reach) {
  struct Group {
    std::size_t first, last;
    double power;
  };
  std::vector<Group> groups;
  double total = 0.0;
  for (std::size_t k = 0; k < freq.size(); ++k) {
    if (groups.empty() || freq[k] - freq[k - 1] > 2.0 * reach) groups.push_back({k, k, 0.0});
    groups.back().last = k;
    groups.back().power += power[k];
    total += power[k];
  }
  std::sort(groups.begin(), groups.end(), [](const Group& x, const Group& y) { return x.power > y.power; });
  std::size_t first = freq.size() - 1, last = 0;
  double held = 0.0;
  for (const Group& g : groups) {
    first = std::min(first, g.first), last = std::max(last, g.last);
    held += g.power;
    if (held >= (1.0 - kExcitedPowerTail) * total) break;
  }
  return {first, last};
}

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
  std::vector<double> freq, coherence, line_power;
  for (Eigen::Index i = 0; i < F; ++i) {
    if (!excited[std::size_t(i)]) continue;
    freq.push_back(result.freq_hz(i));
    line_power.push_back(power(i));
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
  const double share = covered / width;
  // The band to narrow to: the excited lines that hold the power (power_span), when they cover at
  // least kMinCoveredShare of their own span (narrowing helps a multisine over part of the band, not
  // a few sines) and that span is well inside the band.
  const auto [span_first, span_last] = power_span(freq, line_power, reach);
  const double span = freq[span_last] - freq[span_first];
  double span_covered = 0.0, span_end = freq[span_first];
  for (std::size_t k = span_first; k <= span_last; ++k) {
    const double a = std::max(freq[k] - reach, span_end), b = std::min(freq[k] + reach, freq[span_last]);
    if (b > a) span_covered += b - a;
    span_end = std::max(span_end, b);
  }
  const double span_share = span > 0.0 ? std::min(1.0, span_covered / span) : 0.0;
  const std::string band = format_digits(lo, 4) + "–" + format_digits(hi, 4) + " Hz";
  const std::string excited_part = format_digits(freq.front(), 4) + "–" + format_digits(freq.back(), 4) + " Hz";
  const std::string powered_part = format_digits(freq[span_first], 4) + "–" + format_digits(freq[span_last], 4) + " Hz";
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
                                 ? ", or narrow the band to the excited part, " + powered_part
                                 : "";
  result.advise({AdviceCode::band_not_excited, AdviceLevel::warning,
                 "The force excites only " + std::to_string(N) + " frequency lines" + where + ", " + percent(share) + " of the band " + band +
                     ": modes away from them cannot be found in this record.",
                 detail, "Record again with a broadband force over the band (random, chirp or multisine)" + narrow + ".",
                 // the narrowing as the option --band lo:hi (the powered lines' span, in full: the page's band fields)
                 narrow.empty() ? std::vector<AdviceOption>{} : std::vector<AdviceOption>{{"band", format_number(freq[span_first]) + ":" + format_number(freq[span_last])}}});
}

}  // namespace mechid
