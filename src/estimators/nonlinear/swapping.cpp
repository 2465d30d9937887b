#include "estimators/nonlinear/swapping.hpp"

#include <cmath>

#include "core/input_error.hpp"

namespace mechid::nonlinear {

void validate(const SwapOptions& o) {
  check_options(o);
  require(o.min_per_class >= 0, "the minimum class size must be >= 0");
}

namespace {

// Regions whose rows differ from region q's: different class, or (DIA) a different offset term.
bool rows_differ(const PiecewiseRegression& p, int q, int s) {
  const Region& a = p.regions.regions[static_cast<std::size_t>(q)];
  const Region& b = p.regions.regions[static_cast<std::size_t>(s)];
  if (a.stiffness != b.stiffness) return true;
  return p.form == Form::dia && (a.offset != b.offset || a.free_offset != b.free_offset);
}

// One pass of the swapping rule over all samples; returns the number of swaps.
Eigen::Index swap_pass(const PiecewiseRegression& p, std::vector<int>& region, const Vector& h, const Vector& residual,
                       const SwapOptions& o, Eigen::Index min_per_class) {
  const int classes = p.regions.classes();
  const int regions = static_cast<int>(p.regions.regions.size());
  // σ_s² per class from the residuals of its current samples.
  Vector sum = Vector::Zero(classes);
  std::vector<Eigen::Index> count(static_cast<std::size_t>(classes), 0);
  for (Eigen::Index i = 0; i < p.y.size(); ++i) {
    const int c = p.regions.regions[static_cast<std::size_t>(region[static_cast<std::size_t>(i)])].stiffness;
    sum(c) += residual(i) * residual(i);
    ++count[static_cast<std::size_t>(c)];
  }
  Vector variance(classes);
  for (int c = 0; c < classes; ++c) variance(c) = count[static_cast<std::size_t>(c)] ? sum(c) / static_cast<double>(count[static_cast<std::size_t>(c)]) : 0.0;

  Eigen::Index swaps = 0;
  for (Eigen::Index i = 0; i < p.y.size(); ++i) {
    const int q = region[static_cast<std::size_t>(i)];
    const int cq = p.regions.regions[static_cast<std::size_t>(q)].stiffness;
    if (count[static_cast<std::size_t>(cq)] <= min_per_class) continue;
    const double rq2 = residual(i) * residual(i);
    int best = -1;
    double best_lhs = rq2;
    for (const int s : {q - 1, q + 1}) {
      if (s < 0 || s >= regions || !rows_differ(p, q, s)) continue;
      const int cs = p.regions.regions[static_cast<std::size_t>(s)].stiffness;
      const double rs = p.y(i) - predict(p, i, s, h);
      const double lhs = rs * rs + o.tolerance * variance(cs);
      if (lhs < best_lhs) {
        best_lhs = lhs;
        best = s;
      }
    }
    if (best < 0) continue;
    region[static_cast<std::size_t>(i)] = best;
    --count[static_cast<std::size_t>(cq)];
    ++count[static_cast<std::size_t>(p.regions.regions[static_cast<std::size_t>(best)].stiffness)];
    ++swaps;
  }
  return swaps;
}

}  // namespace

SwapResult irls_with_swapping(const PiecewiseRegression& p, std::vector<int> region, const IrlsOptions& o,
                              const SwapOptions& swap) {
  validate(o);
  validate(swap);
  validate(p);
  require(static_cast<Eigen::Index>(region.size()) == p.y.size(), "one region per sample is needed");
  const Eigen::Index L = unknowns(p);
  const Eigen::Index min_per_class = swap.min_per_class > 0 ? swap.min_per_class : 2 * L;

  SwapResult r;
  const auto adjust = [&](const Vector& h, Vector& residual) {
    if (!swap.enabled.value_or(true)) return Eigen::Index{0};
    const Eigen::Index swaps = swap_pass(p, region, h, residual, swap, min_per_class);
    if (swaps > 0) residual = p.y - design(p, region) * h;
    r.swaps += swaps;
    return swaps;
  };
  r.fit = irls_loop(p.y, L, o, [&] { return design(p, region); }, adjust,
                    swap.enabled.value_or(true) ? "IRLS with swapping" : "IRLS");
  r.region = region;
  return r;
}

}  // namespace mechid::nonlinear
