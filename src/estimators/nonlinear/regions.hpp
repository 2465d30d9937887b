// Regions X_j of a piecewise-linear stiffness and their indicator functions μ_j, Karimov et al. 2021
// sec. 2.2 (eqs. 11-12): F(x) = K_j (x - x0_j) for x in X_j. On a line the regions are intervals
// between sorted breakpoints; regions may share one stiffness ("class"), e.g. both outer regions of
// the Lin-Ewins backlash (eq. 20) have k2. Offsets x0_j enter the DIA only (eq. 14); the IDA
// (eq. 16) needs no offsets.
#pragma once

#include <string>
#include <vector>

#include "core/types.hpp"

namespace mechid::nonlinear {

struct Region {
  double lower = -INFINITY, upper = INFINITY;  // x in (lower, upper]; the first region includes -inf
  double offset = 0.0;     // x0_j in K_j (x - x0_j)
  bool free_offset = false;// DIA estimates the intercept K_j x0_j (offset unknown)
  int stiffness = 0;       // index of the stiffness (class) this region uses
};

struct Regions {
  std::string kind;                     // "thresholds", "sign" or "breakpoints"
  std::vector<Region> regions;          // sorted along x, contiguous
  std::vector<std::string> stiffness_names;  // one per class
  int classes() const { return static_cast<int>(stiffness_names.size()); }
};

// Eq. 20: μ1: x <= -x0 (offset -x0), μ2: |x| < x0 (offset 0), μ3: x >= x0 (offset x0);
// μ1 and μ3 share the outer stiffness ("outer"), μ2 has "inner". x0 > 0.
Regions threshold_regions(double x0);

// Eq. 27: μ1: θ <= 0 ("negative"), μ2: θ > 0 ("positive"), both with offset 0.
Regions sign_regions();

// Intervals between sorted, distinct, finite breakpoints, each with its own stiffness
// ("k1".."kp") and an unknown offset (the DIA estimates an intercept per region).
Regions breakpoint_regions(const std::vector<double>& breakpoints);

// Index of the region holding x (x on a breakpoint belongs to the region below it).
int region_of(const Regions& regions, double x);
std::vector<int> classify(const Regions& regions, const Vector& x);

// Checks the regions are contiguous and cover the line (InputError naming the problem).
void validate(const Regions& regions);

// InputError unless each class holds at least `minimum` samples of `region_index`
// (naming the empty class and the region definition).
void require_populated(const Regions& regions, const std::vector<int>& region_index, Eigen::Index minimum);

// Human-readable interval of region r, e.g. "x <= -0.005".
std::string describe(const Region& region);

}  // namespace mechid::nonlinear
