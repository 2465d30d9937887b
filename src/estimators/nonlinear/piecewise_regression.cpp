#include "estimators/nonlinear/piecewise_regression.hpp"

#include "core/input_error.hpp"

namespace mechid::nonlinear {
namespace {

bool has_intercept(const PiecewiseRegression& p, int c) {
  if (p.form != Form::dia) return false;
  for (const Region& g : p.regions.regions)
    if (g.stiffness == c && g.free_offset) return true;
  return false;
}

// The class-dependent part of row i in region r: (value for the stiffness column, intercept?).
double slope_value(const PiecewiseRegression& p, Eigen::Index i, const Region& g) {
  if (p.form == Form::ida) return p.v(i);
  return g.free_offset ? p.x(i) : p.x(i) - g.offset;
}

}  // namespace

Eigen::Index stiffness_column(const PiecewiseRegression& p, int c) { return p.fixed.cols() + c; }

Eigen::Index intercept_column(const PiecewiseRegression& p, int c) {
  if (!has_intercept(p, c)) return -1;
  Eigen::Index column = p.fixed.cols() + p.regions.classes();
  for (int k = 0; k < c; ++k) column += has_intercept(p, k) ? 1 : 0;
  return column;
}

Eigen::Index unknowns(const PiecewiseRegression& p) {
  Eigen::Index n = p.fixed.cols() + p.regions.classes();
  for (int c = 0; c < p.regions.classes(); ++c) n += has_intercept(p, c) ? 1 : 0;
  return n;
}

Matrix design(const PiecewiseRegression& p, const std::vector<int>& region) {
  const Eigen::Index n = p.y.size();
  Matrix E = Matrix::Zero(n, unknowns(p));
  if (p.fixed.cols() > 0) E.leftCols(p.fixed.cols()) = p.fixed;
  std::vector<Eigen::Index> slope_col, intercept_col;
  for (int c = 0; c < p.regions.classes(); ++c) {
    slope_col.push_back(stiffness_column(p, c));
    intercept_col.push_back(intercept_column(p, c));
  }
  for (Eigen::Index i = 0; i < n; ++i) {
    const Region& g = p.regions.regions[static_cast<std::size_t>(region[static_cast<std::size_t>(i)])];
    const auto c = static_cast<std::size_t>(g.stiffness);
    E(i, slope_col[c]) = slope_value(p, i, g);
    if (intercept_col[c] >= 0) E(i, intercept_col[c]) = 1.0;
  }
  return E;
}

double predict(const PiecewiseRegression& p, Eigen::Index i, int region, const Vector& h) {
  const Region& g = p.regions.regions[static_cast<std::size_t>(region)];
  double value = p.fixed.cols() > 0 ? p.fixed.row(i).dot(h.head(p.fixed.cols())) : 0.0;
  value += h(stiffness_column(p, g.stiffness)) * slope_value(p, i, g);
  const Eigen::Index ic = intercept_column(p, g.stiffness);
  if (ic >= 0) value += h(ic);
  return value;
}

void validate(const PiecewiseRegression& p) {
  validate(p.regions);
  const Eigen::Index n = p.y.size();
  require(p.fixed.rows() == n || p.fixed.cols() == 0, "the fixed regressors have " + std::to_string(p.fixed.rows()) +
                                                          " rows but y has " + std::to_string(n));
  require(p.x.size() == n, "the displacement has " + std::to_string(p.x.size()) + " samples but y has " + std::to_string(n));
  require(p.form == Form::dia || p.v.size() == n,
          "the velocity has " + std::to_string(p.v.size()) + " samples but y has " + std::to_string(n));
  require(p.y.allFinite() && p.x.allFinite() && (p.form == Form::dia || p.v.allFinite()) && p.fixed.allFinite(),
          "the regression data contain non-finite values");
}

}  // namespace mechid::nonlinear
