#include <catch2/catch.hpp>

#include "model/mass_from_symmetry.hpp"
#include "model/presets.hpp"

using namespace mechid;

TEST_CASE("mass_from_symmetry recovers M from M⁻¹K, M⁻¹D and one column M⁻¹L") {
  // The 3-DOF preset driven at DOF 1 only, and at DOFs 1 and 3.
  const MechanicalSystem s = preset("3dof");
  const Matrix Minv = s.M.inverse();
  Matrix one = Matrix::Zero(3, 1), two = Matrix::Zero(3, 2);
  one(0, 0) = two(0, 0) = two(2, 1) = 1.0;
  for (const Matrix& L : {one, two}) {
    const Matrix M = mass_from_symmetry(Minv * s.K, Minv * s.D, Minv * L, L);
    REQUIRE(M.rows() == 3);
    CHECK((M - s.M).norm() < 1e-10 * s.M.norm());
    // In other units (forces × 1e6, M, D, K × 1e6): the same relative accuracy.
    const Matrix M6 = mass_from_symmetry(Minv * s.K, Minv * s.D, Minv * L, 1e6 * L);
    CHECK((M6 - 1e6 * s.M).norm() < 1e-10 * 1e6 * s.M.norm());
  }
}

TEST_CASE("mass_from_symmetry returns nothing when symmetry cannot fix M") {
  // Proportional damping and a diagonal system: M⁻¹K and M⁻¹D diagonal commute with every
  // diagonal M, and one input reaches only one DOF: M22 is free.
  const Matrix M = Eigen::Vector2d(2.0, 3.0).asDiagonal(), K = Eigen::Vector2d(4.0, 9.0).asDiagonal();
  const Matrix Minv = M.inverse(), L = Eigen::Vector2d(1.0, 0.0);
  CHECK(mass_from_symmetry(Minv * K, 0.01 * Minv * K, Minv * L, L).size() == 0);
}
