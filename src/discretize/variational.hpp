// The midpoint-rule variational discretization of M q'' + D q' + K q = L u (thesis ch. 2): the
// linear maps between (M, D, K) and the discrete (Md, Dd, Kd), the discrete force, the forced
// discrete Euler-Lagrange recursion, and its conserved energy.
#pragma once

#include <complex>

#include "core/input_sampling.hpp"
#include "model/mechanical_system.hpp"

namespace mechid {

// Md q_k + Dd q_{k-1} + Kd q_{k-2} = L u_d(k) (eq. 2.23), symmetric Md, Dd, Kd.
struct DiscreteVariationalModel {
  Matrix Md, Dd, Kd, L;
  double h = 0.0;
};

// Md = M/h + hK/4 + D/2, Dd = -(2M/h - hK/2), Kd = M/h + hK/4 - D/2 (eq. 2.22). Validates.
DiscreteVariationalModel to_discrete(const MechanicalSystem& system, double h);
// The same map for any M, D, K (an estimate's iterate may be indefinite); not validated.
DiscreteVariationalModel to_discrete_unchecked(const MechanicalSystem& system, double h);

// M = h/4 (Md + Kd - Dd), D = Md - Kd, K = (Md + Kd + Dd)/h (eq. 2.26). Linear and exact; the
// result is not validated (an estimate may be indefinite: check() it).
MechanicalSystem to_continuous(const DiscreteVariationalModel& model);

// f_d(k) for k = 2..N-1 (row j is k = j + 2): L h/4 [u(k) + 2u(k-1) + u(k-2)] (eq. 2.24) for
// point samples, L h/2 [u(k-1) + u(k-2)] for held inputs. Both have static gain h.
Matrix discrete_force(const Matrix& u, const Matrix& L, double h, InputSampling sampling = InputSampling::point);

// q_k for k = 0..N-1 from the recursion (2.23) started at q_0, q_1 and driven by samples u (N x k).
Matrix simulate_del(const DiscreteVariationalModel& model, const Matrix& u, const Vector& q0, const Vector& q1,
                    InputSampling sampling = InputSampling::point);

// The transfer function of (2.23)-(2.24): (Md z^2 + Dd z + Kd)^{-1} (h/4)(z + 1)^2 L.
Eigen::MatrixXcd transfer_function(const DiscreteVariationalModel& model, std::complex<double> z);

// E = ½ a'Ma + ½ b'Kb with a = (q_{k+1} - q_k)/h, b = (q_{k+1} + q_k)/2: exactly conserved by
// (2.23) when D = 0 and u = 0 (multiply the recursion by a_k + a_{k-1}).
double midpoint_energy(const MechanicalSystem& system, const Vector& q_k, const Vector& q_next, double h);

}  // namespace mechid
