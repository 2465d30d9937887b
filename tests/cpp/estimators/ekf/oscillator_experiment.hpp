// A test experiment shared by the EKF tests: the linear oscillator m s'' + b s' + k s = u driven by
// a held square wave (period 100 samples), integrated by RK4 at T, with position and speed
// measured under white noise of sd 1e-3 and 1e-2; and the filter settings that estimate b and k.
#pragma once

#include <cstdint>

#include "core/rng.hpp"
#include "estimators/ekf/augmented_ekf.hpp"
#include "estimators/ekf/linear_oscillator.hpp"

namespace mechid::test {

struct OscillatorRecord {
  Matrix u, y;  // N x 1 force, N x 2 measured [s, s']
};

inline OscillatorRecord square_wave_record(const LinearOscillator& model, double T, Eigen::Index N, std::uint64_t seed) {
  Random rng(seed);
  OscillatorRecord r{Matrix(N, 1), Matrix(N, 2)};
  Vector x = Vector::Zero(2);
  for (Eigen::Index k = 0; k < N; ++k) {
    r.u(k, 0) = (k / 50) % 2 ? 1.0 : -1.0;  // square wave, held
    if (k > 0) {
      const Vector held = r.u.row(k - 1).transpose();
      x = discrete_step(model, Discretization::rk4, x, model.true_theta(), {held, held, held}, T, false).x;
    }
    r.y(k, 0) = x(0) + 1e-3 * rng.normal();
    r.y(k, 1) = x(1) + 1e-2 * rng.normal();
  }
  return r;
}

// RK4 filter from rest, θ_init = [1, 2] with Θ_init = diag(1, 4), nearly no process noise,
// R matching the measurement noise, both states measured.
inline EkfOptions oscillator_ekf_options(double T) {
  EkfOptions o;
  o.method = Discretization::rk4;
  o.T = T;
  o.x_init = Vector::Zero(2);
  o.theta_init = Eigen::Vector2d(1.0, 2.0);
  o.P_init = 1e-6 * Matrix::Identity(2, 2);
  o.Theta_init = Eigen::Vector2d(1.0, 4.0).asDiagonal();
  o.Q_x = 1e-12 * Matrix::Identity(2, 2);
  o.Q_theta = 1e-12 * Matrix::Identity(2, 2);
  o.R = Eigen::Vector2d(1e-6, 1e-4).asDiagonal();
  o.C = Matrix::Identity(2, 2);
  return o;
}

}  // namespace mechid::test
