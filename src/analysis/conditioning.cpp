#include "analysis/conditioning.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/input_error.hpp"
#include "discretize/discrete_model.hpp"
#include "discretize/variational.hpp"

namespace mechid {
namespace {

Eigen::Matrix3d scalar_T(double h) {
  Eigen::Matrix3d T;
  T << 1 / h, h / 4, 0.5,
       1 / h, h / 4, -0.5,
       -2 / h, h / 2, 0.0;
  return T;
}

Eigen::Matrix3d scalar_R(double h) {
  Eigen::Matrix3d R;
  R << h / 4, h / 4, -h / 4,
       1 / h, 1 / h, 1 / h,
       1.0, -1.0, 0.0;
  return R;
}

Matrix kron_identity(const Eigen::Matrix3d& S, Eigen::Index n) {
  Matrix out = Matrix::Zero(3 * n, 3 * n);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j) out.block(i * n, j * n, n, n) = S(i, j) * Matrix::Identity(n, n);
  return out;
}

}  // namespace

Matrix variational_operator_T(Eigen::Index n, double h) {
  validate_step(h);
  return kron_identity(scalar_T(h), n);
}

Matrix variational_operator_R(Eigen::Index n, double h) {
  validate_step(h);
  return kron_identity(scalar_R(h), n);
}

Vector singular_values_R(double h) {
  validate_step(h);
  return Eigen::JacobiSVD<Matrix>(Matrix(scalar_R(h))).singularValues();
}

Vector singular_values_R_closed_form(double h) {
  validate_step(h);
  const double h4 = h * h * h * h;
  const double a = 48.0 + 3.0 * h4, S = std::sqrt(2304.0 - 224.0 * h4 + 9.0 * h4 * h4);
  Vector sigma(3);
  sigma << std::sqrt(2.0) / 8.0 * std::sqrt(a + S) / h, std::sqrt(2.0), 4.0 * h / std::sqrt(a + S);
  std::sort(sigma.data(), sigma.data() + 3, std::greater<double>());
  return sigma;
}

double kappa_closed_form(double h) {
  const Vector sigma = singular_values_R_closed_form(h);
  return sigma(0) / sigma(2);
}

double kappa_eq_3_36(double h) {
  validate_step(h);
  const double h4 = h * h * h * h;
  const double a = 48.0 + 3.0 * h4, S = std::sqrt(2304.0 - 224.0 * h4 + 9.0 * h4 * h4);
  return (std::sqrt(2.0) / 8.0 * std::sqrt(a + S) / h) / (4.0 * h / std::sqrt(a + S));
}

double kappa(double h) {
  const Vector sigma = singular_values_R(h);
  return sigma(0) / sigma(2);
}

ParameterAmplification parameter_amplification(const MechanicalSystem& system, double h) {
  const DiscreteVariationalModel d = to_discrete(system, h);
  const double gamma_d = std::sqrt(d.Md.squaredNorm() + d.Kd.squaredNorm() + d.Dd.squaredNorm());
  const Eigen::Matrix3d R = scalar_R(h);
  // Rows of R produce M, K, D; the D row would divide by zero for an undamped system.
  auto amplification = [&](int row, const Matrix& X) {
    const double size = X.norm();
    return size > 0 ? R.row(row).norm() * gamma_d / size : INFINITY;
  };
  return {amplification(0, system.M), amplification(1, system.K), amplification(2, system.D)};
}

std::vector<ConditioningRow> conditioning_table(const std::vector<double>& steps, const MechanicalSystem* system) {
  require(!steps.empty() && steps.size() <= kMaxConditioningSteps,
          "give between 1 and " + std::to_string(kMaxConditioningSteps) + " sampling periods h");
  if (system) validate(*system);
  std::vector<ConditioningRow> rows;
  rows.reserve(steps.size());
  for (const double h : steps) {
    validate_step(h);
    require(h >= kMinConditioningStep && h <= kMaxConditioningStep,
            "h = " + format_number(h) + " is outside the range the conditioning analysis covers, 1e-12 to 1e12 " +
                "(beyond it κ(h) exceeds 1e24 and the SVD of R loses its smallest singular value)",
            "h");
    ConditioningRow row;
    row.h = h;
    row.sigma = singular_values_R(h);
    row.kappa = kappa(h);
    row.kappa_closed_form = kappa_closed_form(h);
    row.kappa_eq_3_36 = kappa_eq_3_36(h);
    if (system) {
      row.has_amplification = true;
      row.amplification = parameter_amplification(*system, h);
    }
    rows.push_back(row);
  }
  return rows;
}

}  // namespace mechid
