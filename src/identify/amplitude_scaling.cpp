#include "identify/amplitude_scaling.hpp"

#include <cmath>

namespace mechid {
namespace {

double rms_or_one(const Matrix& x) {
  // stableNorm: data in units of 1e-306 or 1e306 would square to 0 or inf (and not be scaled).
  const double rms = x.size() ? x.stableNorm() / std::sqrt(static_cast<double>(x.size())) : 0.0;
  return rms > 0 && std::isfinite(rms) ? rms : 1.0;
}

}  // namespace

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
