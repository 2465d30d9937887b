#include <catch2/catch.hpp>

#include "fixtures.hpp"
#include "identify/exact_sampling_predictor.hpp"
#include "identify/methods.hpp"
#include "identify/positive_parametrization.hpp"
#include "model/presets.hpp"

using namespace mechid;

TEST_CASE("the log-Cholesky parametrisation maps back and forth and its Jacobian matches central differences") {
  const MechanicalSystem s = preset("3dof");
  const Dataset d = fixtures::simulated(s, 0.1, 200, 30.0, 3);
  const ExactSamplingPredictor inner(d, s.L);
  const PositiveParametrization factors(inner, 3);
  MechanicalSystem start = s;
  start.D(0, 1) = start.D(1, 0) += 0.05;
  const Vector theta = inner.pack(start, initial_state_guess(d));
  const Vector phi = factors.from_theta(theta);
  CHECK((factors.to_theta(phi) - theta).norm() < 1e-12 * theta.norm());

  CHECK(fixtures::largest_jacobian_error(factors, phi) < 1e-5);
}

TEST_CASE("an indefinite start is projected: every φ gives M, K positive definite and D semidefinite") {
  const MechanicalSystem s = preset("3dof");
  const Dataset d = fixtures::simulated(s, 0.1, 200, 30.0, 3);
  const ExactSamplingPredictor inner(d, s.L);
  const PositiveParametrization factors(inner, 3);
  MechanicalSystem start = s;
  start.D = -0.1 * Matrix::Identity(3, 3);  // not PSD
  const MechanicalSystem projected = inner.unpack(factors.to_theta(factors.from_theta(inner.pack(start, Vector::Zero(6)))));
  CHECK(Eigen::SelfAdjointEigenSolver<Matrix>(projected.D).eigenvalues().minCoeff() >= 0.0);
  CHECK((projected.M - s.M).norm() < 1e-12 * s.M.norm());
  CHECK((projected.K - s.K).norm() < 1e-12 * s.K.norm());
}

TEST_CASE("the positive option gives a physical estimate where the unconstrained one is indefinite, and the same one elsewhere") {
  // Nearly undamped modes with noisy data: unconstrained D comes out indefinite.
  MechanicalSystem s = preset("3dof");
  s.D *= 1e-2;
  const Dataset d = fixtures::simulated(s, 0.1, 1500, 20.0, 11);
  IdentifyOptions o;
  o.L = s.L;
  const Identification free = identify("variational-zoh", d, o);
  o.positive = true;
  const Identification positive = identify("variational-zoh", d, o);
  REQUIRE(positive.status != Status::failed);
  CHECK(positive.M_pd);
  CHECK(positive.K_pd);
  CHECK(positive.D_psd);
  INFO("unconstrained D psd: " << free.D_psd);
  CHECK(!free.D_psd);  // the case is one where the constraint matters
  // Where the unconstrained optimum is physical, the constraint changes nothing.
  const Dataset clean = fixtures::simulated(preset("3dof"), 0.1, 1500, 30.0, 12);
  o.positive = false;
  const Identification a = identify("variational-zoh", clean, o);
  o.positive = true;
  const Identification b = identify("variational-zoh", clean, o);
  CHECK((a.system.M - b.system.M).norm() < 1e-4 * a.system.M.norm());
  CHECK((a.system.D - b.system.D).norm() < 1e-4 * a.system.D.norm());
  CHECK((a.system.K - b.system.K).norm() < 1e-4 * a.system.K.norm());
}

TEST_CASE("under the positive parametrisation a step observer sees θ in entries: the θ that is returned") {
  const MechanicalSystem s = preset("3dof");
  const Dataset d = fixtures::simulated(s, 0.1, 400, 30.0, 3);
  const ExactSamplingPredictor model(d, s.L);
  MechanicalSystem start = s;
  start.K *= 1.2;
  Vector theta = model.pack(start, initial_state_guess(d));
  Vector seen, seen_r;
  const StepObserver first_step = [&](const Vector& at, const Vector& r) {
    seen = at;
    seen_r = r;
    return true;
  };
  const PemReport report = structured_pem(model, theta, 3, true, PemOptions{}, first_step);
  REQUIRE(report.termination == TerminationType::stopped_after_step);
  CHECK((seen - theta).norm() <= 1e-12 * theta.norm());  // entries, not the factors φ
  Vector r;
  REQUIRE(model.residuals(theta, r, nullptr));
  CHECK((r - seen_r).norm() <= 1e-9 * r.norm());
}
