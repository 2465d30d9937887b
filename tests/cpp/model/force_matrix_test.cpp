#include <catch2/catch.hpp>

#include "core/input_error.hpp"
#include "model/force_matrix.hpp"

using namespace mechid;

TEST_CASE("force_matrix: one 1 per column at the row of its 1-based DOF, zeros elsewhere") {
  const Matrix L = force_matrix(4, {3, 1, 3});
  REQUIRE(L.rows() == 4);
  REQUIRE(L.cols() == 3);
  Matrix expected = Matrix::Zero(4, 3);
  expected(2, 0) = 1.0;
  expected(0, 1) = 1.0;
  expected(2, 2) = 1.0;
  CHECK(L == expected);
  // Each column sums to 1 (one force, at one DOF) and L' e_dof picks that column.
  CHECK((L.colwise().sum().array() == 1.0).all());
}

TEST_CASE("force_matrix: a DOF outside 1 … n is refused with the source's name, range and option") {
  try {
    force_matrix(3, {1, 4});
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()) == "forceDofs entry 2 is 4: the DOFs are 1 to 3");
    CHECK(e.option() == "forceDofs");
  }
  try {
    force_matrix(2, {0}, {"force_dofs", "the data have DOFs 1 to 2 (one per output column)", ""});
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()) == "force_dofs entry 1 is 0: the data have DOFs 1 to 2 (one per output column)");
    CHECK(e.option().empty());
  }
}
