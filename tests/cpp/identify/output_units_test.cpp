// Results do not depend on each output's units (issue 48, found after item 9): a 3-DOF chain pushed
// at DOF 1 with its outputs in m, in g-scaled units and in mm (factors 1000, 1/g, 1e-3 against SI)
// is described exactly by the symmetric model s1 S⁻¹ (M, D, K) S⁻¹ with the same L, S = diag(s).
// With one amplitude factor for every output, auto and variational returned a model with a
// negative mass (M22 −1.3 in SI for 2.0) and n4sid-d2c one with K23 −17 for −10.
#include <catch2/catch.hpp>

#include "identify/amplitude_scaling.hpp"
#include "fixtures.hpp"
#include "identify/identification.hpp"
#include "identify/methods.hpp"

namespace mechid {
namespace {

MechanicalSystem three_dof_pushed_at_one() {
  MechanicalSystem s;
  s.M = Eigen::Vector3d(0.8, 2.0, 1.2).asDiagonal();
  s.D.resize(3, 3);
  s.D << 0.3, -0.1, 0, -0.1, 0.3, -0.1, 0, -0.1, 0.2;
  s.K.resize(3, 3);
  s.K << 20, -10, 0, -10, 20, -10, 0, -10, 10;
  s.L = Matrix::Zero(3, 1);
  s.L(0, 0) = 1.0;
  return s;
}

}  // namespace

TEST_CASE("outputs in different units give the same M, D and K once mapped back to SI") {
  const MechanicalSystem truth = three_dof_pushed_at_one();
  const Dataset si = fixtures::simulated(truth, 0.05, 1500, 40.0, 3);
  const Vector s = Eigen::Vector3d(1000.0, 1.0 / 9.80665, 1e-3);
  Dataset mixed = si;
  mixed.y = si.y * s.asDiagonal();
  IdentifyOptions o;
  o.force_dofs = {1};
  for (const char* method : {"auto", "variational", "n4sid-d2c", "equation-error", "inverse-dynamic"}) {
    INFO(method);
    const Identification reference = identify(method, si, o), r = identify(method, mixed, o);
    REQUIRE(reference.status != Status::failed);
    REQUIRE(r.status == reference.status);
    CHECK(r.warnings.size() == reference.warnings.size());
    // In the data's units the model is s1 S⁻¹ X S⁻¹; back in SI, S X S / s1, it must be the SI estimate.
    const Vector back = s / std::sqrt(s(0));
    for (const auto& [X, Y] : {std::pair{&r.system.M, &reference.system.M}, {&r.system.D, &reference.system.D},
                               {&r.system.K, &reference.system.K}}) {
      const Matrix in_si = back.asDiagonal() * (*X) * back.asDiagonal();
      CHECK((in_si - *Y).norm() <= 1e-7 * Y->norm());
    }
    if (reference.uncertainty.available) {
      const Vector back_sd = s / std::sqrt(s(0));
      CHECK((back_sd.asDiagonal() * r.uncertainty.M * back_sd.asDiagonal() - reference.uncertainty.M).norm() <=
            1e-6 * reference.uncertainty.M.norm());
    }
    // The free-run fit of each output is a ratio: the same in any units.
    REQUIRE(r.validation.fit_percent.size() == reference.validation.fit_percent.size());
    if (r.validation.fit_percent.size()) CHECK((r.validation.fit_percent - reference.validation.fit_percent).cwiseAbs().maxCoeff() < 1e-6);
  }
  // And the SI estimate is the truth within the noise (not a shared wrong answer).
  const Identification r = identify("auto", si, o);
  CHECK((r.system.M - truth.M).norm() < 0.05 * truth.M.norm());
  CHECK((r.system.K - truth.K).norm() < 0.05 * truth.K.norm());
}

// A force between two DOFs (a column of L with two nonzeros) keeps those DOFs in one scaling group,
// so that the scaled problem keeps the given L; with a factor per DOF the force would act on the
// scaled DOFs 2 and 3 with unequal weights, a different L, and the estimate would be wrong.
TEST_CASE("a force acting on two DOFs keeps them in one scaling group and the estimate recovers the truth") {
  MechanicalSystem truth = three_dof_pushed_at_one();
  truth.L = Matrix::Zero(3, 2);
  truth.L(0, 0) = 1.0;
  truth.L(1, 1) = 1.0;
  truth.L(2, 1) = -1.0;
  const Dataset si = fixtures::simulated(truth, 0.05, 1500, 40.0, 5);
  const AmplitudeScaling scaling = amplitude_scaling(si, truth.L);
  CHECK(scaling.output(1) == scaling.output(2));
  CHECK(scaling.output(0) != scaling.output(1));
  // The scaled L is the given one: A L B = c L.
  const double c = scaling.output(0) * scaling.force(0);  // c = a_i f_i for every DOF i
  CHECK((scaling.output.cwiseProduct(scaling.force).array() - c).abs().maxCoeff() <= 1e-12 * c);
  CHECK((scaling.output.asDiagonal() * truth.L * scaling.input.asDiagonal() - c * truth.L).norm() <= 1e-12 * c);
  IdentifyOptions o;
  o.L = truth.L;
  const Identification r = identify("auto", si, o);
  REQUIRE(r.status != Status::failed);
  CHECK((r.system.M - truth.M).norm() < 0.05 * truth.M.norm());
  CHECK((r.system.K - truth.K).norm() < 0.05 * truth.K.norm());
}

}  // namespace mechid
