// The state-augmented extended Kalman filter of Beckmann et al. 2016, sec. 2.1 (eqs. 1-14), for a model in
// position/velocity form discretized by one of the six methods of sec. 2.2:
//   augmented state  x_a = [x; θ]                                  (eq. 11)
//   time update      x̂⁻ = f(x̂, θ̂, u) (the discretization), θ̂⁻ = θ̂ (eq. 4, 11)
//                    P⁻ = A P Aᵀ + Q_a, A = ∂f̃/∂x_a at the previous estimate   (eqs. 5, 6, 14)
//   correction       K = P⁻ Hᵀ (H P⁻ Hᵀ + R)⁻¹                                 (eq. 7)
//                    x̂ = x̂⁻ + K (y - h(x̂⁻)),  P = (I - K H) P⁻                  (eqs. 8, 9)
// with the linear measurement y = C x (eq. 31), so H = [C 0] (eq. 10).
// Departures from the printed equations, each a typo or a standard choice:
//  - eq. 7 as printed lacks the inverse of the innovation covariance;
//  - eq. 6 evaluates A at x̂⁻_k; the filter linearises f where it is evaluated, at x̂_{k-1}
//    (the standard EKF; with x̂⁻_k the Jacobian would need f evaluated first anyway);
//  - eq. 9 is applied in Joseph form, (I - KH) P⁻ (I - KH)ᵀ + K R Kᵀ, equal for the optimal K
//    and symmetric positive semidefinite in floating point (covariances here span 1e-10 to 1e-1).
#pragma once

#include <string>

#include "core/input_sampling.hpp"
#include "core/status.hpp"
#include "estimators/ekf/discretization.hpp"

namespace mechid {

struct EkfOptions {
  Discretization method = Discretization::se;
  double T = 1e-3;                      // sampling time, s
  Vector x_init, theta_init;            // eqs. 3, 13
  Matrix P_init, Theta_init;            // 2n x 2n, p x p (eq. 13)
  Matrix Q_x, Q_theta;                  // 2n x 2n, p x p (eq. 14)
  Matrix R;                             // m x m
  Matrix C;                             // m x 2n: y = C x (eq. 31)
  InputSampling input_sampling = InputSampling::hold;  // hold: u_{k-1} on [t_{k-1}, t_k); point: u_{k-1}, mean, u_k
};

struct EkfResult : Outcome {
  Matrix states;        // N x 2n estimates x̂_k (row 0: x_init)
  Matrix parameters;    // N x p estimates θ̂_k (the parameter trajectories)
  Matrix parameter_std; // N x p: sqrt of the diagonal of P for θ
  Matrix state_std;     // N x 2n
  Matrix innovations;   // N x m (row 0: zero)
  Vector nees;          // N: (x_a - x̂_a)ᵀ P⁻¹ (x_a - x̂_a) when a truth was given (else empty)
  Eigen::Index steps = 0;  // time updates done (N - 1 unless it diverged)
  double ms = 0.0;
};

// Runs the filter over inputs u (N x k) and measurements y (N x m); y_0 is not used (the filter
// starts from x_init at t_0). `truth` (N x (2n + p), optional): the true augmented states, for
// the normalised estimation error squared. Throws InputError naming a size or value that is
// wrong; a filter that diverges (non-finite estimate or covariance) is a failed status with the
// sample where it happened, and the rows after it are NaN.
EkfResult run_augmented_ekf(const SecondOrderModel& model, const Matrix& u, const Matrix& y, const EkfOptions& options,
                            const Matrix& truth = Matrix());

}  // namespace mechid
