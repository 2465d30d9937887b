#include "estimators/nonlinear/reconstruct.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "core/input_error.hpp"
#include "estimators/nonlinear/differentiate.hpp"
#include "estimators/nonlinear/filter.hpp"
#include "estimators/nonlinear/integrate.hpp"

namespace mechid::nonlinear {

void validate(const ReconstructionOptions& o, Eigen::Index n) {
  check_options(o);
  // In double: 5·segments in a 32-bit Eigen::Index (WebAssembly) wrapped for segments >= 429 496 730
  // (858 993 460 gave 4, and the check passed for 4 samples).
  require(static_cast<double>(n) >= 5.0 * o.segments,
          "the acceleration record is too short: " + std::to_string(n) + " samples for " + std::to_string(o.segments) +
              " segment(s) (at least 5 samples per segment)");
}

namespace {

// The trend treatment of sec. 3.2.2 on one fragment (integrated from zero). An ideal high-pass
// annihilates a straight line (its spectrum sits at 0 Hz), but the DFT-bin filter treats the
// fragment as periodic and would turn a line (the integration constant of x, the ramp a0 t of the
// zero drift) into a sawtooth whose harmonics pass; so with detrending on, the line is removed
// before the filter as well as after it.
Vector treat(Vector out, double h, const ReconstructionOptions& o) {
  if (o.detrend && o.detrend_before_highpass && o.highpass_hz > 0) out = detrend_linear(out);
  if (o.highpass_hz > 0) out = ideal_highpass(out, h, o.highpass_hz);
  if (o.detrend) out = detrend_linear(out);
  return out;
}

Vector integrate_fragment(const Vector& y, double h, const ReconstructionOptions& o) {
  return treat(cumulative_simpson(y, h), h, o);
}

// Fragment k of n samples split into `segments` near-equal parts; the first n % segments get one
// sample more. Returns (begin, length).
std::pair<Eigen::Index, Eigen::Index> fragment(Eigen::Index n, Eigen::Index segments, Eigen::Index k) {
  return {k * (n / segments) + std::min(k, n % segments), n / segments + (k < n % segments ? 1 : 0)};
}

}  // namespace

ReconstructedSignals reconstruct(const Vector& a, double h, const ReconstructionOptions& o) {
  require(std::isfinite(h) && h > 0, "the sampling period must be a positive number of seconds, got " + format_number(h));
  const Eigen::Index n = a.size();
  validate(o, n);
  for (Eigen::Index i = 0; i < n; ++i)
    require(std::isfinite(a(i)), "acceleration sample " + std::to_string(i + 1) + " is not a finite number");
  ReconstructedSignals s;
  s.a = a;
  s.v.resize(n);
  s.x.resize(n);
  const Eigen::Index segments = o.segments;
  for (Eigen::Index k = 0; k < segments; ++k) {
    const auto [begin, length] = fragment(n, segments, k);
    const Vector v = integrate_fragment(a.segment(begin, length), h, o);
    s.v.segment(begin, length) = v;
    s.x.segment(begin, length) = integrate_fragment(v, h, o);
  }
  s.j = differentiate4(a, h);
  return s;
}

Vector treat_fragments(const Vector& y, double h, const ReconstructionOptions& o) {
  require(std::isfinite(h) && h > 0, "the sampling period must be a positive number of seconds, got " + format_number(h));
  validate(o, y.size());
  Vector out(y.size());
  for (Eigen::Index k = 0; k < o.segments; ++k) {
    const auto [begin, length] = fragment(y.size(), o.segments, k);
    out.segment(begin, length) = treat(y.segment(begin, length), h, o);
  }
  return out;
}

}  // namespace mechid::nonlinear
