// The hits of an impact (hammer) test found on its force channel: a trigger level crossed upwards,
// each hit's record (pre-trigger samples before the crossing, a fixed length), the force pulse and
// the two faults a hit is rejected for (Ewins, Modal Testing, 2000, sec. 3.7.2 on impact
// excitation: a double hit, the hammer bouncing back onto the structure, makes the force spectrum
// dip and the FRF unreliable; Fladung, Windows used for impact testing, IMAC 1994: the force is
// recorded with its pulse and noise after it, which the force window zeroes), and an overloaded
// channel (flat-topped at its full scale).
#pragma once

#include <cmath>
#include <vector>

#include "core/enum_names.hpp"
#include "core/option_schema.hpp"
#include "core/types.hpp"

namespace mechid {

// Why a hit is not averaged: a second pulse after the first had decayed; a channel held at its
// full scale (clipped) during the hit; the hit's record runs past the record's start or end; the
// user left it out.
enum class HitRejection { none, double_hit, overload, truncated, by_user };
inline constexpr EnumNames<HitRejection, 5> kHitRejectionNames{"hit rejection",
                                                               {"none", "double-hit", "overload", "truncated", "rejected-by-user"}};
std::string to_string(HitRejection reason);

struct ImpactHitOptions {
  double trigger = 0.1;           // the trigger level: this fraction of the record's largest |force|
  Eigen::Index pretrigger = -1;   // samples kept before the trigger; -1: a 32nd of the length
  Eigen::Index length = 0;        // samples per hit; 0: the shortest spacing of the hits (spacings below half the median are double hits)
  double double_hit = 0.1;        // a second pulse above this fraction of the hit's peak, after the force decayed, is a double hit

  // Throws InputError (codes trigger, pretrigger, length, doubleHit) for an option out of its range.
  void validate() const;
};

template <class Visitor>
void describe(ImpactHitOptions& o, Visitor& v) {
  v(Option{"trigger", "the trigger level, a fraction of the record's largest |force|"}.above(0).at_most(1), o.trigger);
  v(Option{"pretrigger", "samples kept before each trigger (-1: a 32nd of the length)"}.at_least(-1), o.pretrigger);
  v(Option{"length", "samples per hit (0: the shortest spacing between hits)"}.at_least(0), o.length);
  v(Option{"doubleHit", "a second force pulse above this fraction of the hit's peak is a double hit"}.above(0).at_most(1), o.double_hit);
}

struct ImpactHit {
  Eigen::Index trigger = 0;        // the first sample at or above the trigger level
  Eigen::Index start = 0;          // the hit's first sample: trigger − pretrigger
  Eigen::Index pulse_end = 0;      // the first sample after the peak where the force has decayed
  double peak = 0.0;               // the pulse's largest |force|
  bool accepted = true;
  HitRejection reason = HitRejection::none;
  Eigen::Index reason_sample = -1;   // the second pulse's first sample, or the first clipped sample
  Eigen::Index reason_channel = -1;  // overload: the clipped channel (0: the force, 1…: the responses)
  double time_s = 0.0, reason_time_s = NAN;  // the trigger's and the fault's times (hammer_test sets them)
};

struct ImpactHits {
  std::vector<ImpactHit> hits;   // in time order
  Eigen::Index pretrigger = 0, length = 0;
  double level = 0.0;            // the trigger level in the force's units
};

// force: N samples, responses: N × m. Finds each upward crossing of the trigger level, the pulse
// and its record, and rejects double hits, overloads and truncated records (impact_hits.cpp).
ImpactHits find_impact_hits(const Vector& force, const Matrix& responses, const ImpactHitOptions& options);

}  // namespace mechid
