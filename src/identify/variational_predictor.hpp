// The variational predictor of the structured PEM (thesis sec. 4.1-4.2): the recursion
// Md q_k + Dd q_{k-1} + Kd q_{k-2} = f_d(k) (eqs. 2.23, 4.16) driven by f_d of eq. 2.24, with θ
// the upper triangles of symmetric Md, Dd, Kd and, optionally, the initial q_0, q_1. Its
// Jacobian comes from the sensitivity recursion
//   Md S_k + Dd S_{k-1} + Kd S_{k-2} = -(E_p q_{k-lag(p)})_p,
// E_p = e_i e_j' + e_j e_i' the unit symmetric matrix of parameter p, lag 0, 1, 2 for Md, Dd, Kd.
#pragma once

#include "discretize/variational.hpp"
#include "identify/dataset.hpp"
#include "identify/pem.hpp"

namespace mechid {

// Φ(a, b, c) θ = Md a + Dd b + Kd c for θ the upper triangles of (Md, Dd, Kd): n x 3n(n+1)/2,
// column p = E_p v with v = a, b or c for a parameter of Md, Dd or Kd.
Matrix symmetric_regressor(const Vector& a, const Vector& b, const Vector& c);

class VariationalPredictor : public PredictorModel {
 public:
  // Residuals are taken from k = 2 (initial q_0, q_1 = y_0, y_1) or from k = 0 (estimated).
  VariationalPredictor(const Dataset& data, const Matrix& L, bool estimate_initial);

  Eigen::Index parameter_count() const override;
  Eigen::Index rows_per_sample() const override { return n_; }
  bool evaluate(const Vector& theta, Vector& r, const JacobianSink* sink) const override;

  Vector pack(const DiscreteVariationalModel& model) const;       // initial q from the data
  DiscreteVariationalModel unpack(const Vector& theta) const;

 private:
  const Dataset& data_;
  Matrix L_, force_;  // force_: f_d(k) for k = 2..N-1 (eq. 2.24)
  Eigen::Index n_, triangle_;
  bool estimate_initial_;
  double limit_;      // a prediction beyond this is unstable
};

}  // namespace mechid
