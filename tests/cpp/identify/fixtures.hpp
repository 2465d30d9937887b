// Data sets shared by the tests of the identification methods.
#pragma once

#include <catch2/catch.hpp>

#include <cstdint>

#include "../analysis/uniform_chain.hpp"

#include "discretize/variational.hpp"
#include "identify/dataset.hpp"
#include "identify/identification.hpp"
#include "identify/pem.hpp"
#include "simulate/signals.hpp"
#include "simulate/simulation.hpp"

namespace mechid::fixtures {

// Exact sampled data of `s` (ZOH-exact for PRBS, whose inputs are then held) with noise at snr_db.
inline Dataset simulated(const MechanicalSystem& s, double h, Eigen::Index n, double snr_db, std::uint64_t seed = 1,
                         InputKind kind = InputKind::prbs) {
  SimulationOptions o;
  o.h = h;
  o.n = n;
  o.snr_db = snr_db;
  o.seed = seed;
  o.input.kind = kind;
  const SimulatedData d = simulate(s, o);
  return {h, d.u, d.q, kind == InputKind::prbs ? InputSampling::hold : InputSampling::point};
}

// The degenerate record of bench/guard.mjs: the work guard's chain of 3 masses (one force each),
// h = 0.02, 20000 samples, 30 dB, whose last output is replaced by noise alone (uniform, 1e-3 wide,
// from the bench's Lehmer generator, seed 7). The model cannot make q3 vanish under the force on
// mass 3 except with M33 → ∞, and a PEM creeps that way: it ran to its iteration limit of 100.
inline Dataset noise_only_last_output() {
  Dataset d = simulated(uniform_chain(3), 0.02, 20000, 30);
  std::int64_t seed = 7;
  for (Eigen::Index t = 0; t < d.y.rows(); ++t) {
    seed = seed * 16807 % 2147483647;
    d.y(t, 2) = 1e-3 * (static_cast<double>(seed) / 2147483647 - 0.5);
  }
  return d;
}

// Noise-free PRBS (held) data of `s` leaving the state [q0; v0] instead of rest.
inline Dataset simulated_from(const MechanicalSystem& s, double h, Eigen::Index n, const Vector& q0, const Vector& v0) {
  SimulationOptions o;
  o.h = h;
  o.n = n;
  o.q0 = q0;
  o.v0 = v0;
  const SimulatedData d = simulate(s, o);
  return {h, d.u, d.q, InputSampling::hold};
}

// Point samples of a multisine (accelerations need continuous forces) with the noise-free
// accelerations of `s` as the outputs: the acceleration cases add their own noise.
inline Dataset multisine_accelerations(const MechanicalSystem& s, double h, Eigen::Index n, std::uint64_t seed) {
  SimulationOptions o;
  o.h = h;
  o.n = n;
  o.seed = seed;
  o.input.kind = InputKind::multisine;
  const SimulatedData sim = simulate(s, o);
  Dataset d{h, sim.u, sim.a, InputSampling::point};
  d.outputs = OutputKind::acceleration;
  return d;
}

// Data of the variational recursion (2.23) itself, from rest, with held PRBS inputs: the
// midpoint model class contains the truth, so noise-free estimates can be exact.
inline Dataset variational_data(const MechanicalSystem& s, double h, Eigen::Index n) {
  const Dataset base = simulated(s, h, n, INFINITY);
  const Vector rest = Vector::Zero(s.dof());
  return {h, base.u, simulate_del(to_discrete(s, h), base.u, rest, rest, InputSampling::hold), InputSampling::hold};
}

// ‖(r(θ + step e_p) − r(θ − step e_p))/(2 step) − J'_p‖ / ‖J'_p‖ for row p of Jt = (∂r/∂θ)':
// a central-difference check of one parameter's analytic Jacobian.
inline double central_difference_error(const PredictorModel& model, const Vector& theta, const Matrix& Jt,
                                       Eigen::Index p, double step) {
  Vector plus = theta, minus = theta, r_plus, r_minus;
  plus(p) += step;
  minus(p) -= step;
  REQUIRE(model.residuals(plus, r_plus, nullptr));
  REQUIRE(model.residuals(minus, r_minus, nullptr));
  const Vector numeric = (r_plus - r_minus) / (2 * step);
  return (numeric - Jt.row(p).transpose()).norm() / std::max(Jt.row(p).norm(), 1e-12);
}

// The largest central_difference_error over every parameter at θ, each stepped by 1e-6 max(1, |θ_p|).
inline double largest_jacobian_error(const PredictorModel& model, const Vector& theta) {
  Vector r;
  Matrix Jt;
  REQUIRE(model.residuals(theta, r, &Jt));
  double worst = 0;
  for (Eigen::Index p = 0; p < theta.size(); ++p)
    worst = std::max(worst, central_difference_error(model, theta, Jt, p, 1e-6 * std::max(1.0, std::abs(theta(p)))));
  return worst;
}

// A 2-DOF chain (carts m1, m2; springs k1 to ground and k2 between them; dashpots to ground)
// pushed at cart 1 only, as on the ECP 210 rig (issue 16): L = [1; 0].
inline MechanicalSystem two_cart_chain() {
  MechanicalSystem s;
  s.M = Eigen::Vector2d(2.0, 1.5).asDiagonal();
  s.D = Eigen::Vector2d(0.4, 0.1).asDiagonal();
  s.K.resize(2, 2);
  s.K << 3.0 + 2.0, -2.0, -2.0, 2.0;
  s.L = Matrix::Zero(2, 1);
  s.L(0, 0) = 1.0;
  return s;
}

// The estimate is usable and its M, D, K are within `tolerance` (relative, Frobenius) of the truth.
inline void check_recovers(const Identification& r, const MechanicalSystem& truth, double tolerance) {
  REQUIRE(r.status != Status::failed);
  const RelativeErrors e = relative_errors(r.system, truth);
  INFO(r.method << ": M " << e.M << " D " << e.D << " K " << e.K);
  CHECK(e.M < tolerance);
  CHECK(e.D < tolerance);
  CHECK(e.K < tolerance);
}

}  // namespace mechid::fixtures
