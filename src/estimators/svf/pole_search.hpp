// The filter-pole grid search of the SVF report (sec. 2.3: p1, p2 in 0.1..5 step 0.2; sec. 3.2: p1, p2 in
// 200..700): every pair (p1, p2) of the grid is fitted and scored, and the pair with the lowest
// score wins. The score is the caller's: the output error of the fitted model (report sec. 3.2,
// needs only data) or the parameter error against a known truth (report sec. 2.3).
#pragma once

#include <functional>

#include "core/types.hpp"

namespace mechid {

struct PoleSearch {
  Vector grid;                 // candidate pole values (ascending)
  Matrix surface;              // grid x grid: score of (p1 = grid(i), p2 = grid(j)); symmetric; NaN where the fit failed
  double p1 = 0.0, p2 = 0.0;   // best pair, p1 <= p2
  double best = INFINITY;      // its score
  int evaluated = 0;           // pairs scored (Λ is symmetric in p1, p2: pairs with p1 <= p2 only)
};

// `cost(p1, p2)` returns the score, or NaN when the fit fails. Throws InputError when the grid is
// empty, larger than 400 values, or has a value that is not positive and finite.
PoleSearch search_poles(const Vector& grid, const std::function<double(double, double)>& cost);

// lo, lo + step, …, up to hi (inclusive within rounding). Throws InputError on bad bounds.
Vector pole_grid(double lo, double hi, double step);

}  // namespace mechid
