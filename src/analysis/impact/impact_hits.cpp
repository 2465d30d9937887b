#include "analysis/impact/impact_hits.hpp"

#include <algorithm>
#include <cmath>

#include "core/input_error.hpp"

namespace mechid {
namespace {

// A channel is clipped where it sits at its largest or at its smallest value of the record (its
// rails: a converter's ±full scale, reached on one side only when the signal has an offset) for at
// least kFlatTopSamples samples and either enters or leaves that flat top by a jump of more than
// two of its steps (the smallest gap between its distinct values: one count of a quantized record), or
// stays on it for kLongFlatSamples: a converter driven past full scale holds the rail while the
// signal would have gone on rising. An unclipped smooth peak of a quantized record also repeats
// its top value over a few samples (a 50 Hz peak at 44.1 kHz over about 5 at 16 bits), but leaves
// it by one step. A channel whose values are all zero has no rail.
constexpr Eigen::Index kFlatTopSamples = 3;
constexpr Eigen::Index kLongFlatSamples = 32;
constexpr double kRailTolerance = 1e-9;

struct Rail {
  double top = 0.0, bottom = 0.0, step = 0.0;  // the largest and smallest values, the smallest gap between values
};

Rail rail_of(const Eigen::Ref<const Vector>& x) {
  Rail r;
  if (x.size() == 0) return r;
  std::vector<double> v(x.data(), x.data() + x.size());
  std::sort(v.begin(), v.end());
  r.top = v.back();
  r.bottom = v.front();
  r.step = r.top - r.bottom;
  for (std::size_t i = 1; i < v.size(); ++i)
    if (v[i] > v[i - 1]) r.step = std::min(r.step, v[i] - v[i - 1]);
  return r;
}

// The force has decayed after its pulse once |f| is below half the double-hit threshold.
constexpr double kDecayedFraction = 0.5;

// The samples where |force| crosses `level` upwards.
std::vector<Eigen::Index> crossings(const Vector& force, double level) {
  std::vector<Eigen::Index> out;
  for (Eigen::Index i = 0; i < force.size(); ++i)
    if (std::abs(force(i)) >= level && (i == 0 || std::abs(force(i - 1)) < level)) out.push_back(i);
  return out;
}

// The automatic hit length: the shortest spacing between crossings, leaving out spacings below
// half the median (a double hit's second pulse); the rest of the record after a single crossing.
Eigen::Index automatic_length(const std::vector<Eigen::Index>& at, Eigen::Index N) {
  if (at.size() < 2) return at.empty() ? N : N - at.front();
  std::vector<Eigen::Index> gaps;
  for (std::size_t i = 1; i < at.size(); ++i) gaps.push_back(at[i] - at[i - 1]);
  std::vector<Eigen::Index> sorted = gaps;
  std::nth_element(sorted.begin(), sorted.begin() + std::ptrdiff_t(sorted.size() / 2), sorted.end());
  const Eigen::Index median = sorted[sorted.size() / 2];
  Eigen::Index shortest = median;
  for (Eigen::Index g : gaps)
    if (2 * g >= median) shortest = std::min(shortest, g);
  return shortest;
}

// The first sample of a clipped flat top (above) of sign·x at its rail `level` (> 0) starting
// within [first, last), or -1.
Eigen::Index flat_top(const Eigen::Ref<const Vector>& x, double sign, double level, double step, Eigen::Index first, Eigen::Index last) {
  if (!(level > 0.0)) return -1;
  const auto at_rail = [&](Eigen::Index i) { return sign * x(i) >= (1.0 - kRailTolerance) * level; };
  const auto jump = [&](Eigen::Index i) { return i < 0 || i >= x.size() || level - sign * x(i) > 2.0 * step; };
  for (Eigen::Index a = first; a < last; ++a) {
    if (!at_rail(a) || (a > first && at_rail(a - 1))) continue;
    Eigen::Index b = a;
    while (b < x.size() && at_rail(b)) ++b;
    if (b - a >= kFlatTopSamples && (b - a >= kLongFlatSamples || jump(a - 1) || jump(b))) return a;
    a = b;
  }
  return -1;
}

// The first clipped sample of x at either rail within [first, last), or -1.
Eigen::Index clipped_sample(const Eigen::Ref<const Vector>& x, const Rail& rail, Eigen::Index first, Eigen::Index last) {
  const Eigen::Index top = flat_top(x, 1.0, rail.top, rail.step, first, last), bottom = flat_top(x, -1.0, -rail.bottom, rail.step, first, last);
  return top < 0 ? bottom : bottom < 0 ? top : std::min(top, bottom);
}

// The pulse from the trigger: its peak and the first sample where the force has decayed below
// kDecayedFraction × double_hit × peak (the peak growing as the pulse rises), at most `last`.
void measure_pulse(const Vector& force, ImpactHit& hit, double double_hit, Eigen::Index last) {
  Eigen::Index j = hit.trigger;
  hit.peak = 0.0;
  while (j < last && std::abs(force(j)) >= kDecayedFraction * double_hit * std::max(hit.peak, std::abs(force(j)))) {
    hit.peak = std::max(hit.peak, std::abs(force(j)));
    ++j;
  }
  hit.pulse_end = j;
}

// The hit's faults, in order of precedence: a truncated record, an overloaded channel, a double hit.
void check_hit(const Vector& force, const Matrix& responses, const std::vector<Rail>& rails, ImpactHit& hit, Eigen::Index length, double double_hit) {
  const Eigen::Index N = force.size(), end = hit.start + length;
  const auto reject = [&](HitRejection why, Eigen::Index sample, Eigen::Index channel) {
    hit.accepted = false, hit.reason = why, hit.reason_sample = sample, hit.reason_channel = channel;
  };
  if (hit.start < 0 || end > N) return reject(HitRejection::truncated, hit.start < 0 ? 0 : N - 1, -1);
  for (Eigen::Index c = 0; c <= responses.cols(); ++c) {
    const auto channel = std::size_t(c);
    const Eigen::Index at = c == 0 ? clipped_sample(force, rails[0], hit.start, end) : clipped_sample(responses.col(c - 1), rails[channel], hit.start, end);
    if (at >= 0) return reject(HitRejection::overload, at, c);
  }
  for (Eigen::Index i = hit.pulse_end; i < end; ++i)
    if (std::abs(force(i)) >= double_hit * hit.peak) return reject(HitRejection::double_hit, i, 0);
}

}  // namespace

std::string to_string(HitRejection reason) { return kHitRejectionNames.name(reason); }

void ImpactHitOptions::validate() const { check_options(*this); }

ImpactHits find_impact_hits(const Vector& force, const Matrix& responses, const ImpactHitOptions& o) {
  o.validate();
  const Eigen::Index N = force.size();
  require(responses.rows() == N, "hammer: the force has " + std::to_string(N) + " samples and the responses " + std::to_string(responses.rows()),
          "data");
  require(force.allFinite() && responses.allFinite(), "hammer: the record holds a value that is not finite", "data");
  ImpactHits out;
  const double largest = N > 0 ? force.cwiseAbs().maxCoeff() : 0.0;
  require(largest > 0.0, "hammer: the force channel is zero throughout: no hit to trigger on", "force");
  out.level = o.trigger * largest;
  const std::vector<Eigen::Index> at = crossings(force, out.level);
  out.length = o.length > 0 ? o.length : automatic_length(at, N);
  require(out.length >= 16, "hammer: a hit of " + std::to_string(out.length) + " samples is too short (at least 16)", "length");
  // No hit is longer than the record; this also keeps start + length below 2·N, in range of a
  // 32-bit Eigen::Index (WebAssembly), where a length near 2³¹ made start + length negative: every
  // hit then passed as complete and its record was read past the heap.
  require(out.length <= N, "hammer: a hit of " + std::to_string(out.length) + " samples is longer than the record (" + std::to_string(N) +
                               " samples): give a shorter length", "length");
  out.pretrigger = o.pretrigger >= 0 ? o.pretrigger : out.length / 32;
  require(out.pretrigger < out.length,
          "hammer: " + std::to_string(out.pretrigger) + " pre-trigger samples leave nothing of a " + std::to_string(out.length) + "-sample hit",
          "pretrigger");
  std::vector<Rail> rails{rail_of(force)};
  for (Eigen::Index c = 0; c < responses.cols(); ++c) rails.push_back(rail_of(responses.col(c)));
  // Each crossing after the previous hit's record is a hit; crossings inside it are its double hits.
  Eigen::Index next_free = 0;
  for (Eigen::Index trigger : at) {
    if (trigger < next_free) continue;
    ImpactHit hit;
    hit.trigger = trigger;
    hit.start = trigger - out.pretrigger;
    measure_pulse(force, hit, o.double_hit, std::min(N, hit.start + out.length));
    check_hit(force, responses, rails, hit, out.length, o.double_hit);
    next_free = std::max(hit.start + out.length, hit.pulse_end);
    out.hits.push_back(hit);
  }
  return out;
}

}  // namespace mechid
