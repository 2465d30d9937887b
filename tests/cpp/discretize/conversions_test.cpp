#include <catch2/catch.hpp>

#include <cmath>

#include "analysis/frequency_response.hpp"
#include "core/input_error.hpp"
#include "discretize/cayley.hpp"
#include "discretize/euler.hpp"
#include "discretize/zoh.hpp"
#include "model/presets.hpp"

using namespace mechid;

namespace {

double relative(const Matrix& estimate, const Matrix& truth) { return (estimate - truth).norm() / truth.norm(); }

}  // namespace

TEST_CASE("d2c(c2d(A, B)) round-trips to 1e-10 for ZOH, Tustin and Euler") {
  for (const char* name : {"msd", "3dof", "8dof"}) {
    const StateSpaceModel truth = to_state_space(preset(name));
    for (double h : {0.001, 0.01, 0.1, 0.3}) {
      INFO(name << " h = " << h);
      const ConversionResult zoh = d2c_zoh(c2d_zoh(truth, h));
      const ConversionResult tustin = d2c_tustin(c2d_tustin(truth, h));
      const ConversionResult euler = d2c_euler(c2d_euler(truth, h));
      // ZOH only below the Nyquist limit of the fastest mode (8dof: ω = 20.4 rad/s, so ωh > π at 0.3).
      if (std::string(name) != "8dof" || h < 0.3) {
        REQUIRE(zoh.status == Status::ok);
        CHECK(relative(zoh.model.A, truth.A) < 1e-10);
        CHECK(relative(zoh.model.B, truth.B) < 1e-10);
      }
      for (const auto* r : {&tustin, &euler}) {
        REQUIRE(r->status == Status::ok);
        CHECK(relative(r->model.A, truth.A) < 1e-10);
        CHECK(relative(r->model.B, truth.B) < 1e-10);
        CHECK(relative(r->model.C, truth.C) < 1e-10);
        CHECK(r->model.D.norm() < 1e-10);
      }
    }
  }
}

TEST_CASE("ZOH matches the scalar closed form F = e^{ah}, g = (e^{ah} - 1)/a b") {
  StateSpaceModel m{Matrix::Constant(1, 1, -0.7), Matrix::Constant(1, 1, 2.0), Matrix::Ones(1, 1), Matrix::Zero(1, 1)};
  const DiscreteModel d = c2d_zoh(m, 0.3);
  CHECK(d.F(0, 0) == Approx(std::exp(-0.21)).epsilon(1e-14));
  CHECK(d.G(0, 0) == Approx((std::exp(-0.21) - 1) / -0.7 * 2.0).epsilon(1e-13));
}

TEST_CASE("the Tustin transform maps the frequency response by s = (2/h)(z - 1)/(z + 1) (eq. 3.6)") {
  const StateSpaceModel truth = to_state_space(preset("3dof"));
  const double h = 0.2;
  const DiscreteModel d = c2d_tustin(truth, h);
  for (int i = 1; i <= 20; ++i) {
    const std::complex<double> z = std::polar(1.0, 3.0 * i / 21.0);
    const Eigen::MatrixXcd discrete = frequency_response(d, z);
    const Eigen::MatrixXcd continuous = frequency_response(truth, 2.0 / h * (z - 1.0) / (z + 1.0));
    CHECK((discrete - continuous).norm() < 1e-12 * continuous.norm());
  }
}

TEST_CASE("d2c reports, not throws, when no real logarithm exists") {
  // F with eigenvalues -0.5 and 0.3: the -0.5 has no real logarithm.
  DiscreteModel d{Matrix(Eigen::Vector2d(-0.5, 0.3).asDiagonal()), Matrix::Ones(2, 1), Matrix::Ones(1, 2), Matrix::Zero(1, 1), 0.1};
  ConversionResult r;
  REQUIRE_NOTHROW(r = d2c_zoh(d));
  CHECK(r.status == Status::failed);
  REQUIRE(r.eigenvalues.size() == 1);
  CHECK(r.eigenvalues[0].real() == Approx(-0.5));
  CHECK(r.message.find("no real matrix logarithm") == 0);
  CHECK(r.message.find("-0.5 + 0i") != std::string::npos);
  // A mode sampled beyond its band: ω h = 0.99 π gives a warning, 1.0 π (eigenvalue -1) a failure.
  for (double wh : {0.99 * M_PI, M_PI}) {
    StateSpaceModel osc{Matrix::Zero(2, 2), Matrix::Zero(2, 1), Matrix::Zero(1, 2), Matrix::Zero(1, 1)};
    osc.A << 0, 1, -1, 0;
    osc.B << 0, 1;
    osc.C << 1, 0;
    const ConversionResult back = d2c_zoh(c2d_zoh(osc, wh));
    CHECK(back.status == (wh < M_PI ? Status::warning : Status::failed));
  }
  const DiscreteModel minus_one{-Matrix::Identity(1, 1), Matrix::Ones(1, 1), Matrix::Ones(1, 1), Matrix::Zero(1, 1), 0.1};
  CHECK(d2c_tustin(minus_one).status == Status::failed);
}

TEST_CASE("bad state-space input names the matrix") {
  StateSpaceModel m{Matrix::Zero(2, 3), Matrix::Zero(2, 1), Matrix::Zero(1, 2), Matrix::Zero(1, 1)};
  CHECK_THROWS_WITH(c2d_zoh(m, 0.1), "matrix A must be square and non-empty, got 2x3");
  m.A = Matrix::Zero(2, 2);
  CHECK_THROWS_WITH(c2d_zoh(m, 0.0), "h must be a positive number of seconds, got 0");
  m.B = Matrix::Zero(3, 1);
  CHECK_THROWS_WITH(c2d_tustin(m, 0.1), "matrix B is 3x1 but must have 2 rows like A");
  DiscreteModel d{Matrix::Zero(2, 2), Matrix::Zero(2, 1), Matrix::Zero(1, 2), Matrix::Zero(2, 2), 0.1};
  CHECK_THROWS_WITH(d2c_zoh(d), "matrix J is 2x2 but must be 1x1");
}
