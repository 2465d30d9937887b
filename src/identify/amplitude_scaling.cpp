#include "identify/amplitude_scaling.hpp"

#include <cmath>
#include <string>
#include <vector>
#include <algorithm>

#include "core/input_error.hpp"

namespace mechid {
namespace {

double rms_or_one(const Eigen::Ref<const Matrix>& x) {
  // stableNorm: data in units of 1e-306 or 1e306 would square to 0 or inf (and not be scaled).
  const double rms = x.size() ? x.stableNorm() / std::sqrt(static_cast<double>(x.size())) : 0.0;
  return rms > 0 && std::isfinite(rms) ? rms : 1.0;
}

// Multiplies column j of X by factors(j); checks the factors first (see apply_column_scales).
void scale_columns(Matrix& X, const Vector& factors, const std::string& option, const std::string& what,
                   const std::string& record) {
  if (factors.size() == 0) return;
  const std::string of = record.empty() ? "" : " of " + record;
  require(factors.size() == X.cols(), option + ": " + std::to_string(factors.size()) + " factor(s) for the " +
                                          std::to_string(X.cols()) + " " + what + " column(s)" + of, option);
  for (Eigen::Index j = 0; j < X.cols(); ++j)
    require(std::isfinite(factors(j)) && factors(j) != 0,
            option + ": the factor of " + what + " column " + std::to_string(j + 1) + of + " must be a finite nonzero " +
                "number (a negative one flips the sign), got " + format_number(factors(j)), option);
  X *= factors.asDiagonal();
}

// The groups of DOFs that an input acts on together: DOFs i and i' share a group when one column
// of L has nonzero entries in both rows (union-find over the columns). group(i) is a DOF index, the
// group's representative.
std::vector<Eigen::Index> dof_groups(const Matrix& L) {
  std::vector<Eigen::Index> parent(static_cast<std::size_t>(L.rows()));
  for (std::size_t i = 0; i < parent.size(); ++i) parent[i] = static_cast<Eigen::Index>(i);
  const auto root = [&](Eigen::Index i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  };
  for (Eigen::Index j = 0; j < L.cols(); ++j) {
    Eigen::Index first = -1;
    for (Eigen::Index i = 0; i < L.rows(); ++i)
      if (L(i, j) != 0) {
        if (first < 0) first = i;
        else parent[root(i)] = root(first);
      }
  }
  for (Eigen::Index i = 0; i < L.rows(); ++i) parent[i] = root(i);
  return parent;
}

}  // namespace

void apply_column_scales(Dataset& data) {
  scale_columns(data.u, data.input_scale, "inputScale", "input", data.name);
  scale_columns(data.y, data.output_scale, "outputScale", "output", data.name);
  data.input_scale.resize(0);
  data.output_scale.resize(0);
}

AmplitudeScaling amplitude_scaling(const Dataset& data, const Matrix& L) {
  const Eigen::Index n = data.y.cols(), k = data.u.cols();
  AmplitudeScaling s;
  s.output = Vector::Ones(n);
  const std::vector<Eigen::Index> group = dof_groups(L.rows() == n ? L : Matrix::Identity(n, n));
  // Each group's RMS from its columns' RMS (stableNorm: outputs of 1e-306 or 1e306 square to
  // neither 0 nor inf).
  Vector column_rms(n);
  for (Eigen::Index i = 0; i < n; ++i) column_rms(i) = rms_or_one(data.y.col(i));
  for (Eigen::Index g = 0; g < n; ++g) {
    if (group[g] != g) continue;
    std::vector<double> members;
    for (Eigen::Index i = 0; i < n; ++i)
      if (group[i] == g) members.push_back(column_rms(i));
    const double rms = rms_or_one(Eigen::Map<const Vector>(members.data(), static_cast<Eigen::Index>(members.size())));
    for (Eigen::Index i = 0; i < n; ++i)
      if (group[i] == g) s.output(i) = rms;
  }
  // c = a_max · w, w the RMS of u_j · a_g(j) / a_max over every input (c itself can leave double's
  // range for data of 1e-306 or 1e306, its factors do not; no copy of u); a_g(j) is the factor of
  // the first DOF that input j acts on.
  const double a_max = s.output.maxCoeff();
  Vector weighted(k), group_factor = Vector::Constant(k, a_max);
  for (Eigen::Index j = 0; j < k; ++j) {
    if (L.rows() == n && L.cols() == k)
      for (Eigen::Index i = 0; i < n; ++i)
        if (L(i, j) != 0) {
          group_factor(j) = s.output(i);
          break;
        }
    weighted(j) = rms_or_one(data.u.col(j)) * (group_factor(j) / a_max);
  }
  const double w = rms_or_one(weighted);
  s.force = w * (a_max * s.output.cwiseInverse().array()).matrix();
  s.input = w * (a_max * group_factor.cwiseInverse().array()).matrix();
  return s;
}

AmplitudeScaling common_scaling(const Dataset& data) {
  const double output = rms_or_one(data.y), input = rms_or_one(data.u);
  return {Vector::Constant(data.y.cols(), output), Vector::Constant(data.u.cols(), input), Vector::Constant(data.y.cols(), input)};
}

AmplitudeScaling relative_scaling(const AmplitudeScaling& from, const AmplitudeScaling& to) {
  return {from.output.cwiseQuotient(to.output), from.input.cwiseQuotient(to.input), from.force.cwiseQuotient(to.force)};
}

Dataset scaled_data(const Dataset& data, const AmplitudeScaling& s) {
  Dataset out = data;
  scale_data(out, s);
  return out;
}

void scale_data(Dataset& data, const AmplitudeScaling& s) {
  data.u *= s.input.cwiseInverse().asDiagonal();
  data.y *= s.output.cwiseInverse().asDiagonal();
}

void unscale_data(Dataset& data, const AmplitudeScaling& s) {
  data.u *= s.input.asDiagonal();
  data.y *= s.output.asDiagonal();
}

Matrix scaled_matrix(const Matrix& X, const AmplitudeScaling& s) {
  if (X.size() == 0) return X;
  const Vector S = s.matrix();
  return S.asDiagonal() * X * S.asDiagonal();
}

void unscale_result(Identification& r, const AmplitudeScaling& s) {
  const Vector per_dof = s.matrix().cwiseInverse();  // S⁻¹
  const auto back = [&](Matrix& X) {
    if (X.rows() == per_dof.size() && X.cols() == per_dof.size()) X = per_dof.asDiagonal() * X * per_dof.asDiagonal();
  };
  for (Matrix* X : {&r.system.M, &r.system.D, &r.system.K, &r.uncertainty.M, &r.uncertainty.D, &r.uncertainty.K}) back(*X);
  if (r.has_discrete)
    for (Matrix* X : {&r.discrete.Md, &r.discrete.Dd, &r.discrete.Kd}) back(*X);
  // Friction and offset are forces in row i of the equation: F_i = f_i F̃_i.
  for (Vector* f : {&r.forces.coulomb, &r.forces.coulomb_sd})
    if (f->size() == s.force.size()) *f = f->cwiseProduct(s.force);
  for (Matrix* f : {&r.forces.offset, &r.forces.offset_sd})
    if (f->cols() == s.force.size()) *f *= s.force.asDiagonal();
  for (Matrix* y : {&r.validation.simulated, &r.validation.residual})
    if (y->cols() == s.output.size()) *y *= s.output.asDiagonal();
  const auto mean_square = [](const Vector& x) { return x.size() ? x.squaredNorm() / double(x.size()) : 1.0; };
  r.uncertainty.residual_variance *= mean_square(r.uncertainty.residual_is_force ? s.force : s.output);
  for (auto* cost : {&r.diagnostics.initial_cost, &r.diagnostics.cost})
    if (*cost) **cost *= mean_square(s.output);
  for (UndeterminedEntry& e : r.uncertainty.undetermined) e.sd *= per_dof(e.row) * per_dof(e.col);
  // Frequencies and damping ratios do not change; shapes normalised to φ'Mφ = 1 map as φ = S φ̃.
  for (Mode& mode : r.modal.modes)
    if (mode.shape.size() == per_dof.size()) mode.shape = s.matrix().asDiagonal() * mode.shape;
}

}  // namespace mechid
