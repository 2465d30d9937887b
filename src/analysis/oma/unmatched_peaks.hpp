// The peaks of the output spectrum's first singular value that no identified mode explains: in
// frequency-domain decomposition a mode shows as a peak of the first singular value of the outputs'
// cross-spectral matrix (Brincker, Zhang & Andersen 2001, sec. 3), so a clear peak without a mode
// near it says that SSI missed a mode (typically modes closer together than the correlations' lags
// resolve, or more modes than the orders allow), not that the structure has none there.
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "analysis/oma/singular_value_spectrum.hpp"

namespace mechid {

// A peak's height over the lowest value on each side (the spectrum is a power: 4 is 6 dB).
inline constexpr double kPeakProminence = 4.0;

// The frequencies of the clear peaks of spectrum's first singular value with no frequency of
// `modes_hz` within 3 % (or two lines): a line that is the largest within ±3 lines and stands at
// least kPeakProminence times above the lowest value on each side within ±10 % of its frequency
// (the dips between neighbouring modes).
inline std::vector<double> unmatched_spectrum_peaks(const SingularValueSpectrum& spectrum, const std::vector<double>& modes_hz) {
  std::vector<double> out;
  const Eigen::Index n = spectrum.freq_hz.size();
  if (n < 7 || spectrum.singular_values.cols() < 1) return out;
  const Vector s = spectrum.singular_values.col(0);
  const double df = spectrum.freq_hz(1) - spectrum.freq_hz(0);
  for (Eigen::Index i = 3; i + 3 < n; ++i) {
    if (s.segment(i - 3, 7).maxCoeff() > s(i)) continue;
    const double f = spectrum.freq_hz(i);
    const auto reach = std::max<Eigen::Index>(3, Eigen::Index(std::ceil(0.1 * f / df)));
    const Eigen::Index lo = std::max<Eigen::Index>(0, i - reach), hi = std::min<Eigen::Index>(n - 1, i + reach);
    const double left = s.segment(lo, i - lo).minCoeff(), right = s.segment(i + 1, hi - i).minCoeff();
    if (s(i) < kPeakProminence * left || s(i) < kPeakProminence * right) continue;
    const bool explained = std::any_of(modes_hz.begin(), modes_hz.end(), [&](double m) { return std::abs(m - f) <= std::max(0.03 * f, 2.0 * df); });
    if (!explained) out.push_back(f);
  }
  return out;
}

}  // namespace mechid
