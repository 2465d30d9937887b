// 95 % intervals of the physical parameters of the DIA / IDA (Karimov et al. 2021, eqs. 14 and 16)
// from the covariance of the regression coefficients h (lad_covariance.hpp), by the delta method
// (first order): with the layout of identify.cpp's regression,
//   h = [1/m if m is estimated, -2c/m if c is estimated (or the coefficient 1/m of f - 2c v when
//        only c is known), -k_j/m per class, k_j x0_j/m per class with a free offset (DIA)],
//   m = 1/h_m, c = -h_c m / 2, k_j = -h_j m, x0_j = -h_{x0,j} / h_j,
// sd(g(ĥ)) = sqrt(∇gᵀ Cov(ĥ) ∇g), half-width z95 · sd (core/interval95.hpp).
#pragma once

#include <vector>

#include "estimators/nonlinear/piecewise_regression.hpp"

namespace mechid::nonlinear {

struct HalfWidths {
  double mass = NAN, damping = NAN;  // NaN where given
  std::vector<double> k, offset;     // per stiffness class; offset NaN where not estimated
};

// The half-widths from Cov(h) (L x L) at the coefficients h, with m the mass (given or 1/h_m).
// An empty covariance leaves every half-width NaN.
HalfWidths half_widths(const PiecewiseRegression& p, const Vector& h, const Matrix& covariance, double m, bool mass_estimated,
                       bool damping_estimated);

}  // namespace mechid::nonlinear
