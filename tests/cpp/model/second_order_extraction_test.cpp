#include <catch2/catch.hpp>

#include "model/presets.hpp"
#include "model/second_order_extraction.hpp"

using namespace mechid;

TEST_CASE("Luş extraction on an exact continuous model is exact") {
  for (const char* name : {"msd", "3dof", "8dof"}) {
    const MechanicalSystem s = preset(name);
    StateSpaceModel m = to_state_space(s);
    // Any state coordinates: apply a random similarity.
    const Matrix T = Matrix::Random(m.A.rows(), m.A.rows()) + 3.0 * Matrix::Identity(m.A.rows(), m.A.rows());
    const StateSpaceModel transformed{T * m.A * T.inverse(), T * m.B, m.C * T.inverse(), m.D};
    const SecondOrderExtraction e = extract_second_order(transformed, s.L);
    REQUIRE(e.status == Status::ok);
    CHECK((e.system.M - s.M).norm() < 1e-9 * s.M.norm());
    CHECK((e.system.D - s.D).norm() < 1e-9 * s.D.norm());
    CHECK((e.system.K - s.K).norm() < 1e-9 * s.K.norm());
  }
}
