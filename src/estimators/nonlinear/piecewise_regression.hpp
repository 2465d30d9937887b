// The linear-in-parameters form of a piecewise-linear equation of motion, Karimov et al. 2021 sec. 2.2-2.3:
//   DIA (eq. 14, Algorithm 2): y_i = a_i - g(t_i) = A v_i + Σ_j B_j μ_j(x_i) (x_i - x0_j)
//   IDA (eq. 16, Algorithm 3): y_i = j_i - ġ(t_i) = A a_i + Σ_j B_j μ_j(x_i) v_i
// Unknowns h = [fixed coefficients (e.g. A), B per stiffness class, intercept B_j x0_j per class
// with an unknown offset (DIA only)]; E's class columns are the incidence vectors I_j times
// (X - X0_j) or V (Algorithms 2 and 3, step 3).
#pragma once

#include <string>
#include <vector>

#include "core/types.hpp"
#include "estimators/nonlinear/regions.hpp"

namespace mechid::nonlinear {

enum class Form { dia, ida };

struct PiecewiseRegression {
  Form form = Form::ida;
  Regions regions;
  Vector y;                  // left-hand side
  Matrix fixed;              // N x q regressors that do not depend on the region (may have 0 columns)
  Vector x;                  // displacement (classification; DIA slope signal)
  Vector v;                  // velocity (IDA slope signal)
};

// Number of unknowns and the column of each class's stiffness / intercept (-1: none).
Eigen::Index unknowns(const PiecewiseRegression& p);
Eigen::Index stiffness_column(const PiecewiseRegression& p, int stiffness_class);
Eigen::Index intercept_column(const PiecewiseRegression& p, int stiffness_class);

// E for the region of each sample (region indices into p.regions.regions).
Matrix design(const PiecewiseRegression& p, const std::vector<int>& region);

// E_i h if sample i were in region r.
double predict(const PiecewiseRegression& p, Eigen::Index i, int region, const Vector& h);

// InputError unless sizes agree and every entry is finite.
void validate(const PiecewiseRegression& p);

}  // namespace mechid::nonlinear
