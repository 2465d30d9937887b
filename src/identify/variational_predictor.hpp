// The variational predictor of the structured PEM (thesis sec. 4.1-4.2): the recursion
// Md q_k + Dd q_{k-1} + Kd q_{k-2} = f_d(k) (eqs. 2.23, 4.16) driven by f_d of eq. 2.24.
//
// Parameters. The thesis estimates the upper triangles of Md, Dd, Kd. Here θ holds the upper
// triangles of M, D, K (each divided by a scale, below) and, optionally, the initial state;
// Md, Dd, Kd = T(M, D, K) by eq. 2.22, a linear invertible map. The predictor, the cost and so
// the minimiser are the thesis's (the same point, mapped by T); only the conditioning of the
// minimisation changes. Why: T itself is ill-conditioned (thesis sec. 3.2) — Md, Dd and Kd are
// each M/h plus O(1) and O(h) terms, so D and K are differences of nearly equal (Md, Dd, Kd).
// With the scales below T has cond(T) = 4/(ωh)² exactly (its three columns per entry are
// orthogonal: variational_predictor_test.cpp), and cond(J'J) in (Md, Dd, Kd) carries a factor
// up to cond(T)² that (M, D, K) does not (issue 15, review D2: 3dof h = 0.005, scaled cond(J'J)
// 1e13 in (Md, Dd, Kd), 5e3 in (M, D, K)).
//
// Jacobian. Differentiating the recursion along a unit symmetric E_p = e_i e_j' + e_j e_i'
// (i ≠ j; e_i e_i' on the diagonal) of M, D or K, with ∂(Md, Dd, Kd) from eq. 2.22:
//   Md S_k + Dd S_{k-1} + Kd S_{k-2} = -E_p v_k,   S_k = ∂q_k/∂θ_p,
//   v_k = (q_k - 2 q_{k-1} + q_{k-2})/h        for M  (∂(Md, Dd, Kd) = (1, -2, 1)/h),
//   v_k = (q_k - q_{k-2})/2                    for D  ((1, 0, -1)/2),
//   v_k = h (q_k + 2 q_{k-1} + q_{k-2})/4      for K  (h (1, 2, 1)/4),
// i.e. J_(M,D,K) = J_(Md,Dd,Kd) T by the chain rule, at the cost of the (Md, Dd, Kd) Jacobian.
//
// Initial state. Not q_0, q_1 themselves: at small h they move the prediction almost alike (only
// q_1 - q_0 = O(h v_0) tells them apart), so their two columns of J are nearly parallel (3dof,
// h = 0.0005: scaled cond(J'J) 3e8 with q_0, q_1, 8e4 without them). θ holds the midpoint position and
// the scaled difference, c = (q_0 + q_1)/(2 s_q) and w = (q_1 - q_0)/(h ω s_q), so
// q_0 = s_q (c - (hω/2) w), q_1 = s_q (c + (hω/2) w), w being the initial velocity in
// displacement units (v/ω ~ q) and s_q the RMS of the measured outputs; again a linear
// invertible map of the thesis's parameters.
//
// Scale. θ = (M/s_M, D/s_D, K/s_K, c, w) with s_M = ‖M₀‖_F/√n, s_K = ‖K₀‖_F/√n of a reference
// (the start), s_D = √(s_M s_K), the damping of a mode with ζ = 1/2 at the reference's typical
// ω = √(s_K/s_M), and that ω in w: the columns of J for M, D and K then have comparable norms
// (their v_k are ~ ω² q, ω q and q times h, so ∂q/∂θ ~ q), as have those of c and w (~ s_q);
// θ is O(1), and absolute tolerances and the damping of the minimiser see comparable
// magnitudes. Without a reference s_M = s_D = s_K = 1 and hω = 1 (w = (q_1 - q_0)/s_q).
#pragma once

#include "discretize/variational.hpp"
#include "identify/dataset.hpp"
#include "identify/noise_free_level.hpp"
#include "identify/pem.hpp"

namespace mechid {

// Φ(a, b, c) θ = A a + B b + C c for θ the upper triangles of symmetric (A, B, C): n x 3n(n+1)/2,
// column p = E_p v with v = a, b or c for a parameter of A, B or C.
Matrix symmetric_regressor(const Vector& a, const Vector& b, const Vector& c);

class VariationalPredictor : public PredictorModel {
 public:
  // Residuals are taken from k = 2 (initial q_0, q_1 = y_0, y_1) or from k = 0 (estimated).
  VariationalPredictor(const Dataset& data, const Matrix& L, bool estimate_initial);

  Eigen::Index parameter_count() const override;
  Eigen::Index rows_per_sample() const override { return n_; }
  bool evaluate(const Vector& theta, Vector& r, const JacobianSink* sink) const override;
  double noise_free_cost() const override { return mechid::noise_free_cost(data_.y); }

  // The scales s_M, s_D, s_K and ω from `reference` (see above); unchanged when its ‖M‖ or ‖K‖
  // is zero or not finite. Pack after rescaling: θ's meaning changes.
  void rescale(const MechanicalSystem& reference);

  // θ of a system or of a discrete model (mapped by eq. 2.26); the initial q from the data.
  Vector pack(const MechanicalSystem& system) const;
  Vector pack(const DiscreteVariationalModel& model) const;
  MechanicalSystem unpack_system(const Vector& theta) const;   // M, D, K (L of the predictor)
  DiscreteVariationalModel unpack(const Vector& theta) const;  // Md, Dd, Kd by eq. 2.22

 private:
  const Dataset& data_;
  Matrix L_, force_;  // force_: f_d(k) for k = 2..N-1 (eq. 2.24)
  Eigen::Index n_, triangle_;
  bool estimate_initial_;
  double limit_;      // a prediction beyond this is unstable
  double scale_M_ = 1.0, scale_D_ = 1.0, scale_K_ = 1.0;
  double half_step_ = 0.5;  // hω/2: q_0, q_1 = s_q (c ∓ half_step_ w)
  double scale_q_;          // s_q
};

}  // namespace mechid
