#include "identify/amplitude_scaling.hpp"

#include <cmath>
#include <string>

#include "core/input_error.hpp"

namespace mechid {
namespace {

double rms_or_one(const Matrix& x) {
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

}  // namespace

void apply_column_scales(Dataset& data) {
  scale_columns(data.u, data.input_scale, "inputScale", "input", data.name);
  scale_columns(data.y, data.output_scale, "outputScale", "output", data.name);
  data.input_scale.resize(0);
  data.output_scale.resize(0);
}

AmplitudeScaling amplitude_scaling(const Dataset& data) { return {rms_or_one(data.u), rms_or_one(data.y)}; }

Dataset scaled_data(const Dataset& data, const AmplitudeScaling& s) {
  Dataset out = data;
  scale_data(out, s);
  return out;
}

void scale_data(Dataset& data, const AmplitudeScaling& s) {
  data.u /= s.input;
  data.y /= s.output;
}

void unscale_result(Identification& r, const AmplitudeScaling& s) {
  const double matrices = s.input / s.output, squared = s.output * s.output;
  for (Matrix* X : {&r.system.M, &r.system.D, &r.system.K, &r.uncertainty.M, &r.uncertainty.D, &r.uncertainty.K})
    *X *= matrices;
  if (r.has_discrete) {
    r.discrete.Md *= matrices;
    r.discrete.Dd *= matrices;
    r.discrete.Kd *= matrices;
  }
  // Friction and offset are forces: F = b F̃.
  for (Vector* f : {&r.forces.coulomb, &r.forces.coulomb_sd}) *f *= s.input;
  for (Matrix* f : {&r.forces.offset, &r.forces.offset_sd}) *f *= s.input;
  r.validation.simulated *= s.output;
  r.validation.residual *= s.output;
  r.uncertainty.residual_variance *= r.uncertainty.residual_is_force ? s.input * s.input : squared;
  for (auto* cost : {&r.diagnostics.initial_cost, &r.diagnostics.cost})
    if (*cost) **cost *= squared;
  for (UndeterminedEntry& e : r.uncertainty.undetermined) e.sd *= matrices;
  // Frequencies and damping ratios do not change; shapes normalised to φ'Mφ = 1 scale by sqrt(a/b).
  for (Mode& mode : r.modal.modes) mode.shape *= std::sqrt(1.0 / matrices);
}

}  // namespace mechid
