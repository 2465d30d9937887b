#include "analysis/impact/impact_hits.hpp"

#include <algorithm>
#include <cmath>

#include "core/input_error.hpp"

namespace mechid {
namespace {

// A channel is clipped where this many consecutive samples sit at its largest |value| of the
// record: a converter driven past its full scale holds the rail for as long as the signal exceeds
// it, while an unclipped peak is one sample (a channel whose values are all zero has no rail).
constexpr Eigen::Index kFlatTopSamples = 3;
constexpr double kRailTolerance = 1e-9;

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

// The first sample of a run of kFlatTopSamples at the channel's largest |value| within
// [first, last), or -1.
Eigen::Index flat_top(const Eigen::Ref<const Vector>& x, double rail, Eigen::Index first, Eigen::Index last) {
  if (!(rail > 0.0)) return -1;
  Eigen::Index run = 0;
  for (Eigen::Index i = first; i < last; ++i) {
    run = std::abs(x(i)) >= (1.0 - kRailTolerance) * rail ? run + 1 : 0;
    if (run == kFlatTopSamples) return i - kFlatTopSamples + 1;
  }
  return -1;
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
void check_hit(const Vector& force, const Matrix& responses, const Vector& rails, ImpactHit& hit, Eigen::Index length, double double_hit) {
  const Eigen::Index N = force.size(), end = hit.start + length;
  const auto reject = [&](HitRejection why, Eigen::Index sample, Eigen::Index channel) {
    hit.accepted = false, hit.reason = why, hit.reason_sample = sample, hit.reason_channel = channel;
  };
  if (hit.start < 0 || end > N) return reject(HitRejection::truncated, hit.start < 0 ? 0 : N - 1, -1);
  for (Eigen::Index c = 0; c <= responses.cols(); ++c) {
    const Eigen::Index at = c == 0 ? flat_top(force, rails(0), hit.start, end) : flat_top(responses.col(c - 1), rails(c), hit.start, end);
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
  out.pretrigger = o.pretrigger >= 0 ? o.pretrigger : out.length / 32;
  require(out.pretrigger < out.length,
          "hammer: " + std::to_string(out.pretrigger) + " pre-trigger samples leave nothing of a " + std::to_string(out.length) + "-sample hit",
          "pretrigger");
  Vector rails(responses.cols() + 1);
  rails(0) = largest;
  for (Eigen::Index c = 0; c < responses.cols(); ++c) rails(c + 1) = N > 0 ? responses.col(c).cwiseAbs().maxCoeff() : 0.0;
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
