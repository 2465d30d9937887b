#include <catch2/catch.hpp>

#include "analysis/passivity.hpp"
#include "discretize/cayley.hpp"
#include "model/presets.hpp"

using namespace mechid;

TEST_CASE("a mechanical system with velocity output is passive with its total energy (LMI 3.42)") {
  for (const char* name : {"msd", "3dof", "8dof"}) {
    const MechanicalSystem s = preset(name);
    const PassivityCheck c = check_lmi(velocity_output_model(s), mechanical_energy_matrix(s));
    INFO(name << " largest eigenvalue " << c.largest_eigenvalue);
    CHECK(c.passive);
  }
  // The wrong energy matrix fails: P = blkdiag(2K, M) leaves PB - C' = 0 but A'P + PA indefinite.
  const MechanicalSystem s = preset("msd");
  Matrix P = mechanical_energy_matrix(s);
  P(0, 0) *= 2;
  CHECK_FALSE(check_lmi(velocity_output_model(s), P).passive);
}

TEST_CASE("Theorem 3.3.1: Cayley preserves passivity with the same energy, ZOH and Euler do not") {
  for (const char* name : {"msd", "3dof", "8dof"}) {
    const MechanicalSystem s = preset(name);
    for (double h : {0.001, 0.01, 0.1}) {
      const PassivityReport r = passivity_report(s, h);
      INFO(name << " h = " << h);
      CHECK(r.continuous.passive);
      CHECK(r.cayley.passive);
      CHECK_FALSE(r.zoh.passive);
      CHECK_FALSE(r.euler.passive);
    }
  }
  // Lossless (D = 0): the Cayley DLMI is zero up to rounding (energy balance with equality).
  MechanicalSystem lossless = preset("3dof");
  lossless.D.setZero();
  const PassivityReport r = passivity_report(lossless, 0.05);
  // (Its own entries are rounding, so compare with the energy matrix P/h it is made of.)
  const double terms = (mechanical_energy_matrix(lossless) / 0.05).norm();
  CHECK(std::abs(r.cayley.largest_eigenvalue) < 1e-12 * terms);
  CHECK(r.cayley.scale < 1e-12 * terms);
}

TEST_CASE("a non-passive continuous model is not made passive by Cayley") {
  MechanicalSystem s = preset("3dof");
  StateSpaceModel m = velocity_output_model(s);
  m.A(3, 3) += 1.0;  // negative damping on the first mass
  const Matrix P = mechanical_energy_matrix(s);
  CHECK_FALSE(check_lmi(m, P).passive);
  CHECK_FALSE(check_dlmi(c2d_tustin(m, 0.05), P / 0.05).passive);
}
