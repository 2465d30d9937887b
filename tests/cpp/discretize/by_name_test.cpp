#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "discretize/by_name.hpp"
#include "discretize/cayley.hpp"
#include "discretize/euler.hpp"
#include "discretize/zoh.hpp"
#include "model/presets.hpp"

using namespace mechid;

TEST_CASE("discretize by name equals the method it names, variational equals to_discrete") {
  const MechanicalSystem s = preset("3dof");
  const StateSpaceModel c = to_state_space(s);
  const double h = 0.05;
  const DiscreteModel expected[] = {c2d_zoh(c, h), c2d_tustin(c, h), c2d_euler(c, h)};
  const char* names[] = {"zoh", "tustin", "euler"};
  for (int i = 0; i < 3; ++i) {
    const NamedDiscreteModel d = discretize(s, h, names[i]);
    CHECK(to_string(d.method) == names[i]);
    CHECK(d.state_space.F == expected[i].F);
    CHECK(d.state_space.G == expected[i].G);
    CHECK(d.state_space.H == expected[i].H);
    CHECK(d.state_space.J == expected[i].J);
  }
  const NamedDiscreteModel v = discretize(s, h, "variational");
  // Eq. 2.22 written out: Md = M/h + hK/4 + D/2, Dd = -(2M/h - hK/2), Kd = M/h + hK/4 - D/2.
  CHECK((v.variational.Md - (s.M / h + h * s.K / 4 + s.D / 2)).norm() < 1e-12 * v.variational.Md.norm());
  CHECK((v.variational.Dd + (2 * s.M / h - h * s.K / 2)).norm() < 1e-12 * v.variational.Dd.norm());
  CHECK((v.variational.Kd - (s.M / h + h * s.K / 4 - s.D / 2)).norm() < 1e-12 * v.variational.Kd.norm());
}

TEST_CASE("to_continuous by name inverts discretize for every method (1e-10)") {
  const MechanicalSystem s = preset("msd");
  const StateSpaceModel c = to_state_space(s);
  for (const char* name : {"zoh", "tustin", "euler"}) {
    INFO(name);
    const NamedConversion r = to_continuous(discretize(s, 0.1, name));
    REQUIRE(r.status == Status::ok);
    CHECK(r.h == 0.1);
    CHECK((r.state_space.A - c.A).norm() < 1e-10 * c.A.norm());
    CHECK((r.state_space.B - c.B).norm() < 1e-10 * c.B.norm());
  }
  const NamedConversion v = to_continuous(discretize(s, 0.1, "variational"));
  CHECK(v.status == Status::ok);
  CHECK(v.message.empty());
  CHECK((v.system.M - s.M).norm() < 1e-10 * s.M.norm());
  CHECK((v.system.D - s.D).norm() < 1e-10 * s.D.norm());
  CHECK((v.system.K - s.K).norm() < 1e-10 * s.K.norm());
}

TEST_CASE("to_continuous by name: the status of the conversion it runs, a warning for a non-physical variational model") {
  // F with the eigenvalue -1: no real logarithm (zoh fails) and F + I singular (tustin fails).
  NamedDiscreteModel d;
  d.state_space = DiscreteModel{Matrix::Constant(1, 1, -1.0), Matrix::Ones(1, 1), Matrix::Ones(1, 1), Matrix::Zero(1, 1), 0.1};
  for (ConversionMethod m : {ConversionMethod::zoh, ConversionMethod::tustin}) {
    d.method = m;
    const NamedConversion r = to_continuous(d);
    const ConversionResult direct = m == ConversionMethod::zoh ? d2c_zoh(d.state_space) : d2c_tustin(d.state_space);
    CHECK(r.status == Status::failed);
    CHECK(r.message == direct.message);
    CHECK(r.eigenvalues.size() == direct.eigenvalues.size());
  }
  // Md + Kd - Dd < 0 makes M = h/4 (Md + Kd - Dd) negative.
  NamedDiscreteModel v;
  v.method = ConversionMethod::variational;
  v.variational = DiscreteVariationalModel{Matrix::Constant(1, 1, 1.0), Matrix::Constant(1, 1, 5.0),
                                           Matrix::Constant(1, 1, 1.0), Matrix::Ones(1, 1), 0.1};
  const NamedConversion r = to_continuous(v);
  CHECK(r.status == Status::warning);
  CHECK(r.message.rfind("the continuous model is not physical: M ", 0) == 0);
  CHECK(r.system.M(0, 0) == Approx(0.1 / 4 * (1 + 1 - 5)));
}

TEST_CASE("an unknown method name and bad shapes throw InputError naming them") {
  const MechanicalSystem s = preset("msd");
  CHECK_THROWS_MATCHES(discretize(s, 0.1, "bilinear"), InputError,
                       Catch::Message("unknown method 'bilinear' (expected zoh, tustin, euler or variational)"));
  CHECK_THROWS_AS(parse_conversion_method("ZOH"), InputError);
  NamedDiscreteModel v;
  v.method = ConversionMethod::variational;
  v.variational = DiscreteVariationalModel{Matrix::Ones(2, 2), Matrix::Ones(1, 1), Matrix::Ones(2, 2), Matrix::Ones(2, 1), 0.1};
  CHECK_THROWS_MATCHES(to_continuous(v), InputError, Catch::Message("matrices Md, Dd and Kd must be square and of the same size"));
  v.variational.Dd = Matrix::Ones(2, 2);
  v.variational.h = 0;
  CHECK_THROWS_AS(to_continuous(v), InputError);
}
