#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "model/mechanical_system.hpp"
#include "model/modal.hpp"
#include "model/presets.hpp"

using namespace mechid;

namespace {

// The single message check() gives for `system`.
std::string only_error(const MechanicalSystem& system) {
  const auto errors = check(system);
  REQUIRE(errors.size() == 1);
  return errors.front();
}

}  // namespace

TEST_CASE("presets are valid and hold the published matrices") {
  for (const auto& name : preset_names()) {
    INFO(name);
    REQUIRE(check(preset(name)).empty());
  }
  const auto s3 = preset("3dof");
  CHECK(s3.M.diagonal().transpose() == Eigen::RowVector3d(0.8, 2.0, 1.2));
  CHECK(s3.K(2, 0) == -1.0);  // thesis value; the slides' sign typo is not reproduced
  CHECK(s3.K(2, 1) == -1.0);
  CHECK(s3.D(0, 0) == Approx(0.4));
  CHECK(s3.D(1, 2) == Approx(-0.1));
  const auto s8 = preset("8dof");
  CHECK(s8.dof() == 8);
  CHECK(s8.K(0, 0) == 27071.1);
  CHECK(s8.K(5, 2) == 3535.5);
  CHECK(s8.D(7, 5) == -50.0);
  CHECK(s8.D(2, 5) == 17.7);
  const auto msd = preset("msd");
  CHECK(msd.M(0, 0) == 15.0);
  CHECK(msd.D(0, 0) == 0.2);
  CHECK(msd.K(0, 0) == 2.0);
  REQUIRE_THROWS_WITH(preset("4dof"),
                      "unknown preset '4dof' (known: 3dof, 8dof, msd, chain<n> with n = 2 … 64, e.g. chain16)");
  CHECK_THROWS_AS(preset("chain1"), InputError);
  CHECK_THROWS_AS(preset("chain65"), InputError);
  CHECK_THROWS_AS(preset("chain"), InputError);
  CHECK_THROWS_AS(preset("chain1x"), InputError);
}

// The chains' modes against closed forms: with Rayleigh damping D = αM + βK every mode is real
// (the undamped shapes diagonalise D) and ζ = α/(2ω) + βω/2 (Chopra eq. 11.4.3); the sum of
// ω² over the modes is trace(M⁻¹K) (the eigenvalues of M⁻¹K are the ω²).
TEST_CASE("chain presets have the stated masses, springs and Rayleigh damping") {
  const auto c2 = preset("chain2");
  CHECK(c2.M.diagonal().transpose() == Eigen::RowVector2d(1.0, 1.2));
  CHECK(c2.K(0, 0) == 1e4 + 1.25e4);         // left wall spring + spring to mass 2
  CHECK(c2.K(0, 1) == -1.25e4);
  CHECK(c2.K(1, 1) == 1.25e4 + 1.5e4);       // spring to mass 1 + right wall spring
  for (const auto n : {2, 16, 24, 48}) {
    const auto s = preset("chain" + std::to_string(n));
    INFO("chain" << n);
    REQUIRE(check(s).empty());
    CHECK(s.dof() == n);
    CHECK(s.L == Matrix::Identity(n, n));
    for (Eigen::Index i = 0; i < n; ++i)
      for (Eigen::Index j = i + 2; j < n; ++j) CHECK((s.K(i, j) == 0.0 && s.D(i, j) == 0.0));  // tridiagonal
    const auto modal = modal_analysis(s);
    REQUIRE(modal.modes.size() == static_cast<std::size_t>(n));
    double sum_omega2 = 0.0;
    for (const auto& mode : modal.modes) {
      sum_omega2 += mode.omega_n * mode.omega_n;
      CHECK(mode.zeta == Approx(0.5 / (2.0 * mode.omega_n) + 4e-4 * mode.omega_n / 2.0).epsilon(1e-9));
      CHECK(mode.complexity < 1e-12);
      CHECK(mode.zeta > 0.01);
      CHECK(mode.zeta < 0.06);
    }
    CHECK(sum_omega2 == Approx((s.M.diagonal().cwiseInverse().asDiagonal() * s.K).trace()).epsilon(1e-10));
  }
}

TEST_CASE("each validation failure names the matrix and the property") {
  const MechanicalSystem good = preset("3dof");
  MechanicalSystem s = good;

  s.D = Matrix::Zero(2, 2);
  CHECK(only_error(s) == "D is 2x2 but M is 3x3: M, D and K must be square and of the same size");
  s = good;
  s.M = Matrix::Identity(3, 2);
  CHECK(check(s).front() == "M is not square: it is 3x2");
  s = good;
  s.L = Matrix::Identity(2, 2);
  CHECK(only_error(s) == "L is 2x2 but must have 3 rows (one per degree of freedom) and at least one column");
  s = good;
  s.K(1, 2) = NAN;
  CHECK(only_error(s) == "K has a non-finite entry: K(2,3) = nan");
  s = good;
  s.M(0, 1) = 0.3;
  CHECK(only_error(s) == "M is not symmetric: M(1,2) = 0.3 but M(2,1) = 0");
  s = good;
  s.M(2, 2) = -1.2;
  CHECK(only_error(s) == "M is not positive definite: its smallest eigenvalue is -1.2");
  s = good;
  s.K = Matrix::Ones(3, 3);
  CHECK(only_error(s).rfind("K is not positive definite: its smallest eigenvalue is ", 0) == 0);
  s = good;
  s.D(0, 0) = -0.4;
  CHECK(only_error(s).rfind("D is not positive semidefinite", 0) == 0);
  s = good;
  s.D.setZero();  // undamped: allowed
  CHECK(check(s).empty());
  s = good;
  s.L = Matrix::Ones(3, 2);
  CHECK(only_error(s) == "L does not have full column rank: rank 1 with 2 columns");
  s = good;
  s.M(0, 1) = 1e-12;  // within the relative symmetry tolerance
  CHECK(check(s).empty());
  REQUIRE_THROWS_AS(validate(MechanicalSystem{}), InputError);
}

TEST_CASE("state space of eq. 1.4: x' = (v, M^-1 (L u - K q - D v)), y = q") {
  const MechanicalSystem s = preset("3dof");
  const StateSpaceModel ss = to_state_space(s);
  REQUIRE(ss.A.rows() == 6);
  const Eigen::Vector3d q(0.3, -1.0, 2.0), v(-0.7, 0.1, 0.5), u(1.0, -2.0, 0.25);
  Vector x(6);
  x << q, v;
  const Vector xdot = ss.A * x + ss.B * u;
  const Vector expected_acc = s.M.inverse() * (s.L * u - s.K * q - s.D * v);
  CHECK((xdot.head(3) - v).norm() < 1e-14);
  CHECK((xdot.tail(3) - expected_acc).norm() < 1e-13);
  CHECK((ss.C * x - q).norm() == 0.0);

  const StateSpaceModel one = to_state_space(preset("msd"));
  CHECK(one.A(1, 0) == Approx(-2.0 / 15));
  CHECK(one.A(1, 1) == Approx(-0.2 / 15));
  CHECK(one.B(1, 0) == Approx(1.0 / 15));
}

TEST_CASE("is_symmetric: symmetric to rounding (1e-9 of the largest entry), not beyond, non-square is not") {
  Matrix X(2, 2);
  X << 2.0, 1.0, 1.0 + 1e-12, 3.0;
  CHECK(is_symmetric(X));
  X(1, 0) = 1.0 + 1e-6;
  CHECK_FALSE(is_symmetric(X));
  CHECK_FALSE(is_symmetric(Matrix::Ones(2, 3)));
  CHECK(is_symmetric(preset("3dof").K));
}
