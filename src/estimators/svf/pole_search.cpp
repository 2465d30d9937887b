#include "estimators/svf/pole_search.hpp"

#include <cmath>

#include "core/input_error.hpp"

namespace mechid {

Vector pole_grid(double lo, double hi, double step) {
  require(std::isfinite(lo) && lo > 0, "the pole grid must start at a positive value, got " + format_number(lo), "grid");
  require(std::isfinite(hi) && hi >= lo, "the pole grid must end at or above its start " + format_number(lo) + ", got " +
                                             format_number(hi), "grid");
  require(std::isfinite(step) && step > 0, "the pole grid step must be positive, got " + format_number(step), "grid");
  const double count = std::floor((hi - lo) / step + 1e-9) + 1;
  require(count <= 400, "the pole grid has " + std::to_string(static_cast<long long>(count)) + " values; at most 400 are allowed", "grid");
  return Vector::LinSpaced(static_cast<Eigen::Index>(count), lo, lo + (count - 1) * step);
}

PoleSearch search_poles(const Vector& grid, const std::function<double(double, double)>& cost) {
  require(grid.size() > 0 && grid.size() <= 400, "the pole grid must have between 1 and 400 values, got " +
                                                     std::to_string(grid.size()));
  for (Eigen::Index i = 0; i < grid.size(); ++i)
    require(std::isfinite(grid(i)) && grid(i) > 0, "pole grid value " + std::to_string(i + 1) +
                                                       " must be positive and finite, got " + format_number(grid(i)));
  PoleSearch s;
  s.grid = grid;
  const Eigen::Index g = grid.size();
  s.surface = Matrix::Constant(g, g, NAN);
  for (Eigen::Index i = 0; i < g; ++i)
    for (Eigen::Index j = i; j < g; ++j) {
      const double value = cost(grid(i), grid(j));
      ++s.evaluated;
      s.surface(i, j) = s.surface(j, i) = value;
      if (std::isfinite(value) && value < s.best) {
        s.best = value;
        s.p1 = std::min(grid(i), grid(j));
        s.p2 = std::max(grid(i), grid(j));
      }
    }
  return s;
}

}  // namespace mechid
