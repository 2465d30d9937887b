#include "identify/model_shape_advice.hpp"

#include <Eigen/Eigenvalues>
#include <cmath>

#include "core/input_error.hpp"
#include "core/math_constants.hpp"

namespace mechid {

std::optional<Advice> free_body_advice(const MechanicalSystem& estimate) {
  const Matrix& M = estimate.M;
  const Matrix& K = estimate.K;
  if (M.rows() == 0 || M.rows() != K.rows() || !M.allFinite() || !K.allFinite()) return std::nullopt;
  const Eigen::LLT<Matrix> mass((M + M.transpose()) / 2);
  if (mass.info() != Eigen::Success) return std::nullopt;
  const Eigen::GeneralizedSelfAdjointEigenSolver<Matrix> eig((K + K.transpose()) / 2, (M + M.transpose()) / 2);
  if (eig.info() != Eigen::Success) return std::nullopt;
  const Vector& lambda = eig.eigenvalues();  // increasing
  const double largest = lambda.cwiseAbs().maxCoeff();
  // K = 0 exactly: the structure the user gave already says free body.
  if (!(largest > 0.0) || !(lambda(0) <= 1e-6 * largest)) return std::nullopt;
  const std::string what = M.rows() == 1 ? "K = " + format_digits(K(0, 0), 4) : "the smallest eigenvalue of K v = λ M v is " + format_digits(lambda(0), 4);
  Advice advice{AdviceCode::free_body, AdviceLevel::note,
                "The stiffness estimate is zero or negative: the system may move freely, without a spring to ground.",
                what + " (at most 1e-6 of the largest, " + format_digits(largest, 4) +
                    "): a mode at or below zero frequency, which a body on rails or a suspended structure has.",
                M.rows() == 1 ? "If it moves freely, give the structure K = 0 (a free body), and Coulomb friction if it slides."
                              : "If it moves freely, give a structure with the stiffness entries to ground at zero (a 0/1 mask or known entries)."};
  if (M.rows() == 1) advice.options = {{"structure", "{\"K\":\"zero\"}"}};
  return advice;
}

std::optional<Advice> record_length_advice(const ModalResult& modal, double duration_s) {
  const Mode* slowest = nullptr;
  for (const Mode& m : modal.modes)
    if (m.zeta > 0.0 && m.zeta < 1.0 && m.omega_n > 0.0 && (!slowest || m.omega_n < slowest->omega_n)) slowest = &m;
  if (!slowest || !(duration_s > 0.0)) return std::nullopt;
  const double period = kTwoPi / (slowest->omega_n * std::sqrt(1.0 - slowest->zeta * slowest->zeta));
  const double periods = duration_s / period;
  if (periods >= kMinSlowestPeriods) return std::nullopt;
  return Advice{AdviceCode::record_too_short, AdviceLevel::warning,
                "The record is shorter than " + format_digits(kMinSlowestPeriods, 2) + " periods of the slowest mode: its frequency and damping, and the stiffness and damping found, are poorly determined.",
                "The record lasts " + format_digits(duration_s, 4) + " s; the slowest mode found (" + format_digits(slowest->freq_hz, 4) +
                    " Hz) has a period of " + format_digits(period, 4) + " s: " + format_digits(periods, 3) + " periods.",
                "Record for longer (at least " + format_digits(kMinSlowestPeriods * period, 3) +
                    " s), or sample more slowly with the same number of samples (a larger h)."};
}

}  // namespace mechid
