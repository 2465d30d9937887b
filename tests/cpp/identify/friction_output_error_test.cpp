#include <catch2/catch.hpp>

#include <cmath>

#include "identify/coulomb_response.hpp"
#include "identify/methods.hpp"
#include "friction_simulation.hpp"

using namespace mechid;

using fixtures::multisine;
using fixtures::review_chain;

TEST_CASE("coulomb_response: the free run with friction against a fine Runge-Kutta integration") {
  const fixtures::FrictionModel f = review_chain();
  const double h = 1e-3;
  const Eigen::Index N = 3000;
  const Dataset d = fixtures::simulate_friction(f, h, N, multisine(5), 0.0, 0.0, 1);
  CoulombModel m{f.system.M, f.system.D, f.system.K, f.system.L, f.coulomb, f.offset};
  Matrix q;
  REQUIRE(coulomb_response(m, coulomb_input(d.u, f.system.L, h, IntersampleModel{}), Vector::Zero(4), q));
  const double scale = d.y.cwiseAbs().maxCoeff();
  INFO("largest difference " << (q - d.y).cwiseAbs().maxCoeff() << " of " << scale);
  CHECK((q - d.y).cwiseAbs().maxCoeff() < 1e-5 * scale);
  // Without friction it is the linear ZOH response; with it, a different one (the friction acts).
  m.coulomb.setZero();
  Matrix linear;
  REQUIRE(coulomb_response(m, coulomb_input(d.u, f.system.L, h, IntersampleModel{}), Vector::Zero(4), linear));
  CHECK((linear - d.y).cwiseAbs().maxCoeff() > 1e-3 * scale);
}

TEST_CASE("inverse-dynamic with friction: the output-error refinement's intervals contain the truth (review chain)", "[repeats]") {
  const fixtures::FrictionModel f = review_chain();
  IdentifyOptions o;
  o.force_dofs = {1};
  o.structure.M.pattern = MatrixPattern::diagonal;
  o.structure.D.pattern = MatrixPattern::diagonal;
  o.structure.K.pattern = MatrixPattern::tridiagonal;
  o.coulomb_friction = true;
  double z_mass = 0.0;
  const int seeds = 3;
  for (int seed = 1; seed <= seeds; ++seed) {
    Dataset d = fixtures::simulate_friction(f, 1e-3, 10000, multisine(seed), 0.0, 0.0, seed);
    // White noise at 40 dB SNR on each output.
    Random random(1000 + seed);
    for (Eigen::Index c = 0; c < 2; ++c) {
      const double sd = d.y.col(c).norm() / std::sqrt(10000.0) / 100.0;
      for (Eigen::Index k = 0; k < d.y.rows(); ++k) d.y(k, c) += sd * random.normal();
    }
    const Identification r = identify("auto", d, o);
    INFO("seed " << seed << ": " << r.message << " refinement " << r.diagnostics.refinement.value_or("-"));
    REQUIRE(r.status != Status::failed);
    REQUIRE(r.uncertainty.available);
    const auto z = [](double x, double truth, double sd) { return (x - truth) / sd; };
    const double z_m1 = z(r.system.M(0, 0), 2.0, r.uncertainty.M(0, 0)), z_m2 = z(r.system.M(1, 1), 1.0, r.uncertainty.M(1, 1));
    const double z_k11 = z(r.system.K(0, 0), 3000.0, r.uncertainty.K(0, 0)), z_k12 = z(r.system.K(0, 1), -1000.0, r.uncertainty.K(0, 1));
    const double z_d1 = z(r.system.D(0, 0), 3.0, r.uncertainty.D(0, 0)), z_fc = z(r.forces.coulomb(0), 2.0, r.forces.coulomb_sd(0));
    INFO("z: m1 " << z_m1 << ", m2 " << z_m2 << ", k11 " << z_k11 << ", k12 " << z_k12 << ", d1 " << z_d1 << ", Fc " << z_fc);
    for (const double zi : {z_m1, z_m2, z_k11, z_k12, z_d1, z_fc}) CHECK(std::abs(zi) < 3.0);
    z_mass += (z_m1 + z_m2) / (2 * seeds);
    CHECK(std::abs(r.system.M(1, 1) - 1.0) < 3e-3);  // least squares alone: ~1 % low
  }
  // Least squares alone was biased by about −2 sd in the masses on every seed.
  CHECK(std::abs(z_mass) < 1.5);
}

TEST_CASE("inverse-dynamic with friction: intervals withheld when the least squares is biased and cannot be refined") {
  // A free body (K = 0) in closed loop (EMPS-like) has no free run to refine on; with noisy
  // displacements the least squares moves when the low-pass is halved (biased): no intervals.
  fixtures::FrictionModel f;
  f.system.M = Matrix::Constant(1, 1, 95.0);
  f.system.D = Matrix::Constant(1, 1, 200.0);
  f.system.K = Matrix::Zero(1, 1);
  f.system.L = Matrix::Ones(1, 1);
  f.coulomb = Vector::Constant(1, 20.0);
  f.offset = Vector::Zero(1);
  const fixtures::ForceLaw pd = [](Eigen::Index, double t, const Vector& q, const Vector& v) {
    const double r = 0.1 * std::sin(2 * M_PI * 0.5 * t) + 0.05 * std::sin(2 * M_PI * 1.3 * t);
    return Vector(Vector::Constant(1, 2e4 * (r - q(0)) - 1e3 * v(0)));
  };
  const Dataset d = fixtures::simulate_friction(f, 1e-3, 8000, pd, 2e-4, 0.0, 3);
  IdentifyOptions o;
  o.force_dofs = {1};
  o.structure.K.pattern = MatrixPattern::zero;
  o.coulomb_friction = true;
  const Identification r = identify("inverse-dynamic", d, o);
  INFO(r.message << " refinement " << r.diagnostics.refinement.value_or("-"));
  REQUIRE(r.status == Status::warning);
  CHECK(r.diagnostics.refinement.value_or("").rfind("none", 0) == 0);
  bool biased = false;
  for (const Advice& a : r.advice) biased = biased || a.code == AdviceCode::biased_estimator;
  CHECK(biased);
  CHECK_FALSE(r.uncertainty.available);
  CHECK(r.forces.coulomb.size() == 1);
  CHECK(r.forces.coulomb_sd.size() == 0);
}
