// Data of M q'' + D q' + K q + F_c sign(q') + f_0 = L u (the EMPS paper's model, issue 16) for the
// tests: the core's simulators are linear, so this integrates the nonlinear equation itself with
// classical Runge-Kutta on fine sub-steps (sign(q') switches inside a step; at 100 sub-steps per
// sample its error is far below the noise the tests add).
#pragma once

#include <cmath>
#include <functional>
#include <vector>

#include "core/rng.hpp"
#include "identify/dataset.hpp"
#include "model/mechanical_system.hpp"

namespace mechid::fixtures {

struct FrictionModel {
  MechanicalSystem system;
  Vector coulomb, offset;  // F_c and f_0 per DOF
};

// The force at sample k from the state then (a controller), or from the time (open loop).
using ForceLaw = std::function<Vector(Eigen::Index k, double t, const Vector& q, const Vector& v)>;

// N samples at h of q (plus Gaussian noise of sd `noise` and, when resolution > 0, rounded to
// multiples of it, like an encoder), the force held over each period.
inline Dataset simulate_friction(const FrictionModel& f, double h, Eigen::Index N, const ForceLaw& force, double noise,
                                 double resolution, std::uint64_t seed) {
  const MechanicalSystem& s = f.system;
  const Eigen::Index n = s.dof();
  const Eigen::LLT<Matrix> mass(s.M);
  Dataset d{h, Matrix(N, s.inputs()), Matrix(N, n), InputSampling::hold};
  Vector q = Vector::Zero(n), v = Vector::Zero(n);
  Random random(seed);
  const int substeps = 100;
  const double dt = h / substeps;
  const auto sign = [](const Vector& x) { return Vector(x.unaryExpr([](double a) { return double((a > 0) - (a < 0)); })); };
  for (Eigen::Index k = 0; k < N; ++k) {
    const Vector u = force(k, k * h, q, v);
    d.u.row(k) = u.transpose();
    for (Eigen::Index c = 0; c < n; ++c) {
      double y = q(c) + noise * random.normal();
      if (resolution > 0) y = resolution * std::round(y / resolution);
      d.y(k, c) = y;
    }
    const Vector Lu = s.L * u;
    const auto accel = [&](const Vector& x, const Vector& w) {
      return Vector(mass.solve(Lu - s.D * w - s.K * x - f.coulomb.cwiseProduct(sign(w)) - f.offset));
    };
    for (int j = 0; j < substeps; ++j) {
      const Vector a1 = accel(q, v), q2 = q + 0.5 * dt * v, v2 = v + 0.5 * dt * a1;
      const Vector a2 = accel(q2, v2), q3 = q + 0.5 * dt * v2, v3 = v + 0.5 * dt * a2;
      const Vector a3 = accel(q3, v3), q4 = q + dt * v3, v4 = v + dt * a3;
      const Vector a4 = accel(q4, v4);
      q += dt / 6 * (v + 2 * v2 + 2 * v3 + v4);
      v += dt / 6 * (a1 + 2 * a2 + 2 * a3 + a4);
    }
  }
  return d;
}

// The chain of the numerics review e622506 (problem 5): M diag(2, 1), D diag(3, 1), K [[3000, −1000],
// [−1000, 1000]], Coulomb friction 2 N on DOF 1, the force on DOF 1.
inline FrictionModel review_chain() {
  FrictionModel f;
  f.system.M = Eigen::Vector2d(2.0, 1.0).asDiagonal();
  f.system.D = Eigen::Vector2d(3.0, 1.0).asDiagonal();
  f.system.K.resize(2, 2);
  f.system.K << 3000.0, -1000.0, -1000.0, 1000.0;
  f.system.L = Matrix::Zero(2, 1);
  f.system.L(0, 0) = 1.0;
  f.coulomb = Eigen::Vector2d(2.0, 0.0);
  f.offset = Vector::Zero(2);
  return f;
}

// A random-phase multisine 0.2–20 Hz on the 0.1 Hz grid, RMS 17.7 N, held over each period.
inline ForceLaw multisine(std::uint64_t seed) {
  Random random(seed);
  std::vector<double> phase;
  for (int j = 2; j <= 200; ++j) phase.push_back(2 * M_PI * random.uniform());
  const double amplitude = 17.7 * std::sqrt(2.0 / static_cast<double>(phase.size()));
  return [phase, amplitude](Eigen::Index, double t, const Vector&, const Vector&) {
    double u = 0.0;
    for (std::size_t j = 0; j < phase.size(); ++j) u += std::sin(2 * M_PI * 0.1 * static_cast<double>(j + 2) * t + phase[j]);
    return Vector(Vector::Constant(1, amplitude * u));
  };
}

}  // namespace mechid::fixtures
