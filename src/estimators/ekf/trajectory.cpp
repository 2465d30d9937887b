#include "estimators/ekf/trajectory.hpp"

#include <cmath>

#include "core/input_error.hpp"

namespace mechid {
namespace {

MotionSample advance(const MotionSample& s, double jerk, double tau) {
  return {s.p + s.v * tau + s.a * tau * tau / 2 + jerk * tau * tau * tau / 6, s.v + s.a * tau + jerk * tau * tau / 2,
          s.a + jerk * tau};
}

}  // namespace

AtpMove::AtpMove(double distance, const AtpLimits& l) {
  require(std::isfinite(l.v_max) && l.v_max > 0, "v_max must be positive, got " + format_number(l.v_max));
  require(std::isfinite(l.a_max) && l.a_max > 0, "a_max must be positive, got " + format_number(l.a_max));
  require(std::isfinite(l.j_max) && l.j_max > 0, "j_max must be positive, got " + format_number(l.j_max));
  require(std::isfinite(distance), "the move distance must be finite");
  sign_ = distance < 0 ? -1.0 : 1.0;
  const double D = std::abs(distance);
  if (D == 0.0) return;
  // Biagiotti & Melchiorri, sec. 3.4.1 with v0 = v1 = 0: jerk phase Tj, acceleration phase Ta, cruise Tv.
  double Tj = std::min(l.a_max / l.j_max, std::sqrt(l.v_max / l.j_max));
  double Ta = Tj == l.a_max / l.j_max ? Tj + l.v_max / l.a_max : 2 * Tj;
  double Tv = D / l.v_max - Ta;
  if (Tv < 0) {  // v_max not reached (eq. 3.25-3.26)
    Tv = 0;
    Tj = l.a_max / l.j_max;
    const double delta = std::pow(l.a_max, 4) / (l.j_max * l.j_max) + 4 * D * l.a_max;
    Ta = (l.a_max * l.a_max / l.j_max + std::sqrt(delta)) / (2 * l.a_max);
    if (Ta < 2 * Tj) {  // a_max not reached either
      Tj = std::cbrt(D / (2 * l.j_max));
      Ta = 2 * Tj;
    }
  }
  const double j = l.j_max;
  const double durations[7] = {Tj, Ta - 2 * Tj, Tj, Tv, Tj, Ta - 2 * Tj, Tj};
  const double jerks[7] = {j, 0, -j, 0, -j, 0, j};
  MotionSample s;
  double t = 0;
  for (int i = 0; i < 7; ++i) {
    if (i == 3) cruise_start_ = t;
    if (i == 4) cruise_end_ = t;
    if (durations[i] <= 0) continue;
    segments_.push_back({t, jerks[i], s});
    s = advance(s, jerks[i], durations[i]);
    t += durations[i];
  }
  duration_ = t;
}

MotionSample AtpMove::at(double t) const {
  if (segments_.empty()) return {};
  t = std::min(std::max(t, 0.0), duration_);
  std::size_t i = segments_.size() - 1;
  while (i > 0 && segments_[i].t0 > t) --i;
  const MotionSample s = advance(segments_[i].start, segments_[i].jerk, t - segments_[i].t0);
  return {sign_ * s.p, sign_ * s.v, sign_ * s.a};
}

MotionProgram::MotionProgram(double start, std::vector<double> targets, double dwell, double lead, const AtpLimits& limits,
                             double duration)
    : start_(start) {
  require(!targets.empty(), "the motion program needs at least one target");
  require(std::isfinite(dwell) && dwell >= 0, "the dwell must be a number of seconds >= 0, got " + format_number(dwell));
  require(std::isfinite(lead) && lead >= 0, "the lead time must be a number of seconds >= 0, got " + format_number(lead));
  double t = lead, from = start;
  for (std::size_t i = 0; t < duration; i = (i + 1) % targets.size()) {
    AtpMove move(targets[i] - from, limits);
    moves_.push_back({t, from, move});
    t += move.duration() + dwell;
    from = targets[i];
    if (moves_.size() > 100000) break;
  }
}

MotionSample MotionProgram::at(double t) const {
  MotionSample s{start_, 0, 0};
  for (const Scheduled& m : moves_) {
    if (t < m.t0) break;
    const MotionSample r = m.move.at(t - m.t0);
    s = {m.from + r.p, r.v, r.a};
  }
  return s;
}

std::vector<std::pair<double, double>> MotionProgram::cruise_phases() const {
  std::vector<std::pair<double, double>> out;
  for (const Scheduled& m : moves_) out.push_back({m.t0 + m.move.cruise_start(), m.t0 + m.move.cruise_end()});
  return out;
}

}  // namespace mechid
