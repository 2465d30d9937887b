#include "estimators/nonlinear/regions.hpp"

#include <algorithm>
#include <cmath>

#include "core/input_error.hpp"

namespace mechid::nonlinear {

Regions threshold_regions(double x0) {
  require(std::isfinite(x0) && x0 > 0, "the threshold x0 must be a positive number, got " + format_number(x0));
  Regions r;
  r.kind = "thresholds";
  r.regions = {{-INFINITY, -x0, -x0, false, 0}, {-x0, x0, 0.0, false, 1}, {x0, INFINITY, x0, false, 0}};
  r.stiffness_names = {"outer", "inner"};
  return r;
}

Regions sign_regions() {
  Regions r;
  r.kind = "sign";
  r.regions = {{-INFINITY, 0.0, 0.0, false, 0}, {0.0, INFINITY, 0.0, false, 1}};
  r.stiffness_names = {"negative", "positive"};
  return r;
}

Regions breakpoint_regions(const std::vector<double>& breakpoints) {
  require(!breakpoints.empty(), "give at least one breakpoint");
  for (std::size_t i = 0; i < breakpoints.size(); ++i) {
    require(std::isfinite(breakpoints[i]), "breakpoint " + std::to_string(i + 1) + " is not a finite number");
    // The message names breakpoints[i - 1], so it is built only for i >= 1 (require builds its
    // message before testing the condition).
    if (i > 0)
      require(breakpoints[i] > breakpoints[i - 1], "breakpoints must be increasing, got " + format_number(breakpoints[i - 1]) +
                                                       " then " + format_number(breakpoints[i]));
  }
  Regions r;
  r.kind = "breakpoints";
  double lower = -INFINITY;
  for (std::size_t i = 0; i <= breakpoints.size(); ++i) {
    const double upper = i < breakpoints.size() ? breakpoints[i] : INFINITY;
    r.regions.push_back({lower, upper, 0.0, true, static_cast<int>(i)});
    r.stiffness_names.push_back("k" + std::to_string(i + 1));
    lower = upper;
  }
  return r;
}

void validate(const Regions& r) {
  require(r.regions.size() >= 2, "a piecewise-linear stiffness needs at least 2 regions, got " + std::to_string(r.regions.size()));
  require(std::isinf(r.regions.front().lower) && r.regions.front().lower < 0 && std::isinf(r.regions.back().upper) &&
              r.regions.back().upper > 0,
          "the regions must cover the whole line");
  for (std::size_t i = 0; i < r.regions.size(); ++i) {
    const Region& g = r.regions[i];
    require(g.lower < g.upper, "region " + std::to_string(i + 1) + " is empty (" + describe(g) + ")");
    require(i == 0 || g.lower == r.regions[i - 1].upper, "region " + std::to_string(i + 1) + " does not start where region " +
                                                               std::to_string(i) + " ends");
    require(g.stiffness >= 0 && g.stiffness < r.classes(), "region " + std::to_string(i + 1) + " names an unknown stiffness");
    require(std::isfinite(g.offset), "region " + std::to_string(i + 1) + " has a non-finite offset");
  }
}

int region_of(const Regions& r, double x) {
  // First region whose upper end is >= x (regions are (lower, upper]).
  const auto it = std::lower_bound(r.regions.begin(), r.regions.end(), x,
                                   [](const Region& g, double value) { return g.upper < value; });
  return static_cast<int>(std::min<std::ptrdiff_t>(it - r.regions.begin(), static_cast<std::ptrdiff_t>(r.regions.size()) - 1));
}

std::vector<int> classify(const Regions& r, const Vector& x) {
  std::vector<int> out(static_cast<std::size_t>(x.size()));
  for (Eigen::Index i = 0; i < x.size(); ++i) out[static_cast<std::size_t>(i)] = region_of(r, x(i));
  return out;
}

void require_populated(const Regions& r, const std::vector<int>& region_index, Eigen::Index minimum) {
  std::vector<Eigen::Index> count(static_cast<std::size_t>(r.classes()), 0);
  for (const int g : region_index) ++count[static_cast<std::size_t>(r.regions[static_cast<std::size_t>(g)].stiffness)];
  for (int c = 0; c < r.classes(); ++c) {
    if (count[static_cast<std::size_t>(c)] >= minimum) continue;
    std::string where;
    for (const Region& g : r.regions)
      if (g.stiffness == c) where += (where.empty() ? "" : " or ") + describe(g);
    throw InputError("the regions leave stiffness '" + r.stiffness_names[static_cast<std::size_t>(c)] + "' (" + where + ") with " +
                     std::to_string(count[static_cast<std::size_t>(c)]) + " samples (at least " + std::to_string(minimum) +
                     " needed): the displacement never enters it; check the thresholds or breakpoints");
  }
}

std::string describe(const Region& g) {
  const bool low = std::isfinite(g.lower), high = std::isfinite(g.upper);
  if (low && high) return format_number(g.lower) + " < x <= " + format_number(g.upper);
  if (high) return "x <= " + format_number(g.upper);
  if (low) return "x > " + format_number(g.lower);
  return "all x";
}

}  // namespace mechid::nonlinear
