// Positivity by parametrisation (issue 15, review D4): the PEM in factors instead of entries,
//   M = L_M L_M',  D = L_D L_D',  K = L_K L_K',
// with L_M, L_D, L_K lower triangular and the diagonals of L_M and L_K stored as logarithms (the
// log-Cholesky parametrisation of Pinheiro & Bates 1996, "Unconstrained parametrizations for
// variance-covariance matrices", Stat. Comput. 6:289-296). Every φ then gives M and K positive
// definite and D positive semidefinite, so the minimiser never leaves the physical set and needs
// no constraint (Friswell & Mottershead 1995 discuss constrained updating of M, D, K instead).
//
// The wrapped predictor keeps its θ: the upper triangles of (M, D, K) in the order of
// symmetric_parameters.hpp, then its own further parameters (initial state). φ has the same
// count: the three triangles are replaced by the lower triangles of L_M, L_D, L_K in the mirrored
// order, and J_φ = J_θ ∂θ/∂φ with the closed form ∂(L L')_ij/∂L_ab = δ_ia L_jb + L_ib δ_ja.
#pragma once

#include "identify/pem.hpp"

namespace mechid {

class PositiveParametrization : public PredictorModel {
 public:
  // `inner`: a predictor whose θ starts with the upper triangles of M, D, K of `dof` DOF.
  PositiveParametrization(const PredictorModel& inner, Eigen::Index dof);

  Eigen::Index parameter_count() const override { return inner_.parameter_count(); }
  Eigen::Index rows_per_sample() const override { return inner_.rows_per_sample(); }
  bool evaluate(const Vector& phi, Vector& r, const JacobianSink* sink) const override;
  double noise_free_cost() const override { return inner_.noise_free_cost(); }

  Vector to_theta(const Vector& phi) const;
  // φ of the nearest admissible θ: the eigenvalues of M and K are raised to at least 1e-8 of their
  // largest magnitude and D's to 1e-12 of its (the start of a constrained fit may lie outside the
  // set; an unchanged θ when it lies inside).
  Vector from_theta(const Vector& theta) const;

 private:
  Eigen::Index n_, triangle_;
  const PredictorModel& inner_;
};

// levenberg_marquardt of a predictor whose θ starts with M, D, K (θ in and out in entries): in the
// factors above when `positive`, after projecting the start onto the admissible set.
PemReport structured_pem(const PredictorModel& model, Vector& theta, Eigen::Index dof, bool positive, const PemOptions& options,
                         const StepObserver& stop_after_step = {});

}  // namespace mechid
