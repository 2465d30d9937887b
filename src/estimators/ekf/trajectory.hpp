// Acceleration-trapezoid profiles (ATP, "double S"; Beckmann et al. 2016 sec. 3 after Biagiotti & Melchiorri
// 2008, sec. 3.4): point-to-point moves with zero boundary velocity and acceleration that use the
// limits v_max, a_max and j_max (jerk time t_j = a_max/j_max), built from constant-jerk segments
// and evaluated exactly; and a motion program of moves separated by dwells.
#pragma once

#include <vector>

#include "core/types.hpp"

namespace mechid {

struct AtpLimits {
  double v_max = 0.0, a_max = 0.0, j_max = 0.0;  // all positive
};

struct MotionSample {
  double p = 0.0, v = 0.0, a = 0.0;
};

// One move from 0 over the signed distance `distance`. Throws InputError on non-positive limits.
// When v_max (or a_max) cannot be reached over the distance the profile lowers it (Biagiotti eq. 3.25-3.26).
class AtpMove {
 public:
  AtpMove(double distance, const AtpLimits& limits);
  double duration() const { return duration_; }
  double cruise_start() const { return cruise_start_; }  // start and end of the constant-velocity phase
  double cruise_end() const { return cruise_end_; }
  MotionSample at(double t) const;                       // t clamped to [0, duration]

 private:
  struct Segment {
    double t0, jerk;
    MotionSample start;
  };
  std::vector<Segment> segments_;
  double duration_ = 0.0, cruise_start_ = 0.0, cruise_end_ = 0.0, sign_ = 1.0;
};

// Moves through `targets` from `start`, each followed by `dwell` seconds at rest; first `lead`
// seconds at rest before the first move. Repeats the list until `duration`.
class MotionProgram {
 public:
  MotionProgram(double start, std::vector<double> targets, double dwell, double lead, const AtpLimits& limits, double duration);
  MotionSample at(double t) const;
  // The constant-velocity phases (start, end) of every move, in time order.
  std::vector<std::pair<double, double>> cruise_phases() const;

 private:
  struct Scheduled {
    double t0, from;
    AtpMove move;
  };
  std::vector<Scheduled> moves_;
  double start_;
};

}  // namespace mechid
