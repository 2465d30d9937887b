#include "estimators/nonlinear/piecewise_intervals.hpp"

#include <cmath>

#include "core/interval95.hpp"

namespace mechid::nonlinear {

void set_half_widths(PiecewiseIdentification& r, const PiecewiseRegression& p, const Vector& h, const Matrix& cov) {
  const Eigen::Index L = h.size();
  if (cov.rows() != L || cov.cols() != L) return;
  auto half = [&cov](const Vector& gradient) { return half_width95(std::sqrt(std::max(0.0, gradient.dot(cov * gradient)))); };
  // Columns of the fixed coefficients, as identify.cpp builds them: 1/m first when m is estimated, then -2c/m.
  const Eigen::Index mass_col = r.mass_estimated ? 0 : -1;
  const Eigen::Index damping_col = r.damping_estimated ? (r.mass_estimated ? 1 : 0) : -1;
  const double m = r.mass;
  Vector dm = Vector::Zero(L);  // ∂m/∂h: m = 1/h_m
  if (mass_col >= 0) {
    dm(mass_col) = -m * m;
    r.mass_half95 = half(dm);
  }
  if (damping_col >= 0) {  // c = -h_c m / 2
    Vector dc = -0.5 * h(damping_col) * dm;
    dc(damping_col) += -0.5 * m;
    r.damping_half95 = half(dc);
  }
  for (int c = 0; c < static_cast<int>(r.stiffness.size()); ++c) {
    StiffnessEstimate& e = r.stiffness[static_cast<std::size_t>(c)];
    const Eigen::Index s = stiffness_column(p, c);
    Vector dk = -h(s) * dm;  // k = -h_s m
    dk(s) += -m;
    e.k_half95 = half(dk);
    const Eigen::Index ic = intercept_column(p, c);
    if (ic >= 0 && h(s) != 0) {  // x0 = -h_ic / h_s
      Vector dx = Vector::Zero(L);
      dx(ic) = -1.0 / h(s);
      dx(s) = h(ic) / (h(s) * h(s));
      e.offset_half95 = half(dx);
    }
  }
}

}  // namespace mechid::nonlinear
