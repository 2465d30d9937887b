// The augmented EKF of Beckmann et al. 2016 on recorded belt-drive data (u: motor torque, y: measured φ, φ'),
// as `identify --method ekf` and the page run it: the settings of eq. 32
// (belt_drive_ekf_options) with the parameters scaled, θ = scale · ϑ (run_scaled_ekf), θ_init and
// the diagonal of Θ_init overridable, and the final estimate's relative errors against a truth.
#pragma once

#include <string>
#include <vector>

#include "estimators/ekf/augmented_ekf.hpp"
#include "estimators/ekf/belt_drive.hpp"

namespace mechid {

struct BeltDriveEkfOptions {
  Discretization method = Discretization::rk4;
  double scale = 1e3;           // θ = scale · ϑ; eq. 32's covariances apply to ϑ (1e3: kN, kN s/m)
  Vector theta_init;            // [c_spec, d] in N, N s/m; empty = eq. 32's [0.2 c_spec, 2 d]
  Vector theta_var;             // diagonal of Θ_init in the units of ϑ; empty = eq. 32's [0.1, 1e-6]
  InputSampling input_sampling = InputSampling::hold;
};

struct BeltDriveEkf {
  EkfResult filter;             // parameters, parameter_std: N x 2 trajectories in N, N s/m
  std::vector<std::string> parameter_names;
  Vector theta, theta_std;      // at the last step the filter took (row `filter.steps`)
  Vector errors;                // |θ̂ - θ|/θ per parameter when a truth was given (else empty)
};

// Runs the filter on u (N x 1) and y (N x 2) sampled at h. `true_theta`: empty or [c_spec, d].
// Throws InputError naming a bad shape (u not one column, y not two) or a bad option (scale,
// θ_init or Θ_init sizes, the truth's size).
BeltDriveEkf run_belt_drive_ekf(const Matrix& u, const Matrix& y, double h, const BeltDriveEkfOptions& options,
                                const Vector& true_theta = Vector());

}  // namespace mechid
