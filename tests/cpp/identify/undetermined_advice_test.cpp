#include <catch2/catch.hpp>

#include "identify/noise_free.hpp"
#include "identify/undetermined_advice.hpp"
#include "model/modal.hpp"
#include "model/presets.hpp"

using namespace mechid;

namespace {

// Numerics review e622506, problem 4: three masses in a chain, the middle one forced; mode 2 has
// a node there (0.47 % participation, `modal --force-dofs 2 --sensor-dofs 1,2,3`).
MechanicalSystem node_at_dof2() {
  MechanicalSystem s;
  s.M = Eigen::Vector3d(1.0, 1.0, 1.02).asDiagonal();
  s.K.resize(3, 3);
  s.K << 2, -1, 0, -1, 2, -1, 0, -1, 2;
  s.D.resize(3, 3);
  s.D << 0.05, -0.02, 0, -0.02, 0.05, -0.02, 0, -0.02, 0.0502;
  s.L = Matrix::Zero(3, 1);
  s.L(1, 0) = 1.0;
  return s;
}

}  // namespace

TEST_CASE("a mode at a node of the only force is named undetermined, with its participation") {
  const MechanicalSystem s = node_at_dof2();
  const std::optional<Advice> a = barely_excited_modes_advice(modal_analysis(s), s.L, OutputKind::displacement);
  REQUIRE(a.has_value());
  CHECK(a->code == AdviceCode::undetermined);
  CHECK(a->level == AdviceLevel::warning);
  CHECK(a->message == "The data do not determine mode 2 (0.47 % participation from the force on DOF 2): its mass, "
                      "damping and stiffness are uncertain.");
  CHECK(a->detail.find("forces on every DOF would give 23.6 %") != std::string::npos);
  CHECK(a->action.find("add an actuator nearer that mode") == 0);
  // A force on DOF 1 excites every mode (33 % and 12 %): nothing to say.
  Matrix L1 = Matrix::Zero(3, 1);
  L1(0, 0) = 1.0;
  CHECK_FALSE(barely_excited_modes_advice(modal_analysis(s), L1, OutputKind::displacement).has_value());
}

TEST_CASE("fast modes of a chain forced on every mass are not called undetermined: no actuator would raise them") {
  // chain16's modes 9-16 have displacement peaks of 0.3-0.7 % of the first (1/ω_n²), with a force on
  // every mass; docs/results.md's scale section identifies them to 0.5 % with honest intervals.
  const MechanicalSystem s = preset("chain16");
  const Matrix L = Matrix::Identity(16, 16);
  CHECK_FALSE(barely_excited_modes_advice(modal_analysis(s), L, OutputKind::displacement).has_value());
}

TEST_CASE("noise-free: every channel's residual below 1e-6 of its RMS, a note with the fit") {
  ValidationReport v;
  v.nrmse = Eigen::Vector2d(8.5e-7, 4e-15);
  v.fit_percent = Eigen::Vector2d(100 * (1 - 8.5e-7), 100 * (1 - 4e-15));
  CHECK(noise_free(v));
  const Advice a = noise_free_advice(v);
  CHECK(a.code == AdviceCode::noise_free);
  CHECK(a.level == AdviceLevel::note);
  CHECK(a.message == "The data are noise-free: the estimate reproduces them to 8.5e-07 of their RMS (fit 99.999915 %).");
  v.nrmse(1) = 1.1e-6;  // one channel with noise at −119 dB: the tests apply
  CHECK_FALSE(noise_free(v));
  v.nrmse(1) = NAN;
  CHECK_FALSE(noise_free(v));
  std::vector<UndeterminedEntry> u = {{'M', 0, 0, UndeterminedReason::not_converged, 1e-15},
                                      {'D', 0, 1, UndeterminedReason::sd_exceeds_scale, 1.0}};
  skip_convergence_test(u);
  REQUIRE(u.size() == 1);
  CHECK(u[0].reason == UndeterminedReason::sd_exceeds_scale);
}
