#include "estimators/nonlinear/piecewise_intervals.hpp"

#include <algorithm>
#include <cmath>

#include "core/interval95.hpp"

namespace mechid::nonlinear {

HalfWidths half_widths(const PiecewiseRegression& p, const Vector& h, const Matrix& cov, double m, bool mass_estimated,
                       bool damping_estimated) {
  HalfWidths r;
  const int classes = p.regions.classes();
  r.k.assign(static_cast<std::size_t>(classes), NAN);
  r.offset.assign(static_cast<std::size_t>(classes), NAN);
  const Eigen::Index L = h.size();
  if (cov.rows() != L || cov.cols() != L) return r;
  auto half = [&cov](const Vector& gradient) { return half_width95(std::sqrt(std::max(0.0, gradient.dot(cov * gradient)))); };
  // Columns of the fixed coefficients, as identify.cpp builds them: 1/m first when m is estimated, then -2c/m.
  const Eigen::Index mass_col = mass_estimated ? 0 : -1;
  const Eigen::Index damping_col = damping_estimated ? (mass_estimated ? 1 : 0) : -1;
  Vector dm = Vector::Zero(L);  // ∂m/∂h: m = 1/h_m
  if (mass_col >= 0) {
    dm(mass_col) = -m * m;
    r.mass = half(dm);
  }
  if (damping_col >= 0) {  // c = -h_c m / 2
    Vector dc = -0.5 * h(damping_col) * dm;
    dc(damping_col) += -0.5 * m;
    r.damping = half(dc);
  }
  for (int c = 0; c < classes; ++c) {
    const Eigen::Index s = stiffness_column(p, c);
    Vector dk = -h(s) * dm;  // k = -h_s m
    dk(s) += -m;
    r.k[static_cast<std::size_t>(c)] = half(dk);
    const Eigen::Index ic = intercept_column(p, c);
    if (ic >= 0 && h(s) != 0) {  // x0 = -h_ic / h_s
      Vector dx = Vector::Zero(L);
      dx(ic) = -1.0 / h(s);
      dx(s) = h(ic) / (h(s) * h(s));
      r.offset[static_cast<std::size_t>(c)] = half(dx);
    }
  }
  return r;
}

}  // namespace mechid::nonlinear
