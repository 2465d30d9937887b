#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "fixtures.hpp"
#include "identify/methods.hpp"
#include "model/presets.hpp"

using namespace mechid;
using fixtures::simulated;

TEST_CASE("bad data give clear errors, numerical failure gives a failed status") {
  const MechanicalSystem s = preset("3dof");
  Dataset d = simulated(s, 0.05, 400, 20.0);
  Dataset short_data{0.05, d.u.topRows(8), d.y.topRows(8), InputSampling::hold};
  CHECK_THROWS_WITH(identify("variational", short_data, IdentifyOptions{}),
                    "too few samples for this model order: 8, need at least 12");
  Dataset constant = d;
  constant.u.col(1).setConstant(2.0);
  CHECK_THROWS_WITH(identify("equation-error", constant, IdentifyOptions{}), "input u2 is constant: it excites nothing");
  Dataset dependent = d;
  dependent.u.col(2) = 0.5 * d.u.col(0) - 2.0 * d.u.col(1);
  CHECK_THROWS_WITH(identify("variational", dependent, IdentifyOptions{}),
                    "inputs u1, u2, u3 are linearly dependent (input matrix of rank < 3): the data cannot tell their effects apart");
  dependent.u.col(2) = d.u.col(0);
  CHECK_THROWS_WITH(identify("n4sid-d2c", dependent, IdentifyOptions{}),
                    "inputs u1, u3 are linearly dependent (input matrix of rank < 3): the data cannot tell their effects apart");
  // A copied output column (probe of 9fdcf06, item 8): "outputs not rich enough" before.
  Dataset copied = d;
  copied.y.col(2) = d.y.col(0);
  CHECK_THROWS_WITH(identify("auto", copied, IdentifyOptions{}),
                    Catch::StartsWith("outputs q1, q3 are linearly dependent (output matrix of rank < 3)"));
  // One 1e300 sample (probe item 8: "outputs not rich enough" before); a hammer-like input that is
  // zero at 99 % of the samples is not judged.
  Dataset glitch = d;
  glitch.y(17, 1) = 1e300;
  CHECK_THROWS_WITH(identify("auto", glitch, IdentifyOptions{}),
                    Catch::StartsWith("sample 18, q2 = 1e+300 is ") && Catch::Contains("a glitch or a missing-value code?"));
  glitch = d;
  glitch.u(50, 2) = -1e300;
  CHECK_THROWS_WITH(identify("variational", glitch, IdentifyOptions{}), Catch::StartsWith("sample 51, u3 = -1e+300 is "));
  Dataset nan = d;
  nan.y(17, 2) = NAN;
  CHECK_THROWS_WITH(identify("variational", nan, IdentifyOptions{}), "sample 18, q3 is not a finite number (nan)");
  Dataset mismatched = d;
  mismatched.u = d.u.leftCols(2);
  CHECK_THROWS_WITH(identify("variational", mismatched, IdentifyOptions{}),
                    "the data have 2 inputs and 3 outputs: give L (n x k) or force_dofs (the DOF each input acts on) to say where the forces act");
  CHECK_THROWS_WITH(identify("magic", d, IdentifyOptions{}),
                    "unknown method 'magic' (expected variational, n4sid-d2c, equation-error, variational-zoh, inverse-dynamic or auto)");
  // Data of a discrete system with a pole at -0.5: no continuous model samples to it, and n4sid's
  // estimate of a simple real eigenvalue stays real under rounding, so the baseline's logarithm
  // fails on every machine, reported as a status.
  Matrix F(2, 2), G(2, 1), H(1, 2);
  F << -0.5, 0.0, 0.3, 0.9;
  G << 1.0, 0.5;
  H << 1.0, 1.0;
  InputOptions prbs;
  const Matrix u = InputSignal(prbs, 2000, 0.1, 1).sampled();
  Matrix y(2000, 1);
  Vector x = Vector::Zero(2);
  for (Eigen::Index k = 0; k < 2000; ++k) {
    y(k, 0) = (H * x)(0);
    x = F * x + G * u(k, 0);
  }
  Identification r;
  REQUIRE_NOTHROW(r = identify("n4sid-d2c", Dataset{0.1, u, y, InputSampling::hold}, IdentifyOptions{}));
  CHECK(r.status == Status::failed);
  CHECK_THAT(r.message, Catch::Contains("negative real axis"));
}

TEST_CASE("identify checks its options first and names the bad one with its value") {
  const MechanicalSystem s = preset("msd");
  const Dataset d = simulated(s, 0.1, 400, 30.0);
  IdentifyOptions o;
  o.init = "random";
  CHECK_THROWS_WITH(identify("variational", d, o), "init must be n4sid or equation-error, got 'random'");
  o = IdentifyOptions{};
  o.block_rows = -3;
  CHECK_THROWS_WITH(identify("n4sid-d2c", d, o), "block_rows must be >= 0 (0 = the rule), got -3");
  o = IdentifyOptions{};
  o.L = Matrix::Constant(1, 1, NAN);
  CHECK_THROWS_WITH(identify("equation-error", d, o), "L has a non-finite entry: L(1,1) = nan");
  o = IdentifyOptions{};
  o.pem.max_iterations = -1;
  CHECK_THROWS_WITH(identify("auto", d, o), "pem.max_iterations must be >= 0, got -1");
  o = IdentifyOptions{};
  o.pem.variance_tolerance = -0.5;
  CHECK_THROWS_WITH(identify("variational-zoh", d, o), "pem.variance_tolerance must be a finite number >= 0, got -0.5");
  o = IdentifyOptions{};
  o.pem.gradient_tolerance = INFINITY;
  CHECK_THROWS_WITH(identify("variational", d, o), "pem.gradient_tolerance must be a finite number >= 0, got inf");
  // The data's own options: a negative high-pass cut-off is refused, not read as "automatic".
  Dataset negative_cutoff = d;
  negative_cutoff.outputs = OutputKind::acceleration;
  negative_cutoff.acceleration_cutoff_hz = -2;
  CHECK_THROWS_AS(identify("auto", negative_cutoff, IdentifyOptions{}), InputError);
  CHECK_THROWS_WITH(identify("auto", negative_cutoff, IdentifyOptions{}),
                    "the acceleration high-pass cut-off (Hz) must be >= 0 (0: automatic), got -2");
  negative_cutoff.acceleration_cutoff_hz = NAN;
  CHECK_THROWS_WITH(identify("variational", negative_cutoff, IdentifyOptions{}),
                    "the acceleration high-pass cut-off (Hz) must be >= 0 (0: automatic), got nan");
  // The defaults are valid, and so is every method's run with them.
  CHECK_NOTHROW(IdentifyOptions{}.validate());
  CHECK_NOTHROW(validate_options(Dataset{}));
  CHECK_NOTHROW(identify("equation-error", d, IdentifyOptions{}));
}

TEST_CASE("the data's outputs are named by one table: each name parses back, an unknown word names the option") {
  for (const OutputKind kind : {OutputKind::displacement, OutputKind::acceleration})
    CHECK(parse_output_kind(to_string(kind)) == kind);
  CHECK(to_string(OutputKind::acceleration) == "acceleration");
  CHECK_THROWS_AS(parse_output_kind("velocity"), InputError);
  CHECK_THROWS_WITH(parse_output_kind("velocity"), "unknown outputs 'velocity' (expected displacement or acceleration)");
}

// Probe of 9fdcf06, item 8: data in units of 1e-306 or 1e306 squared to 0 or inf in the rank test
// ("inputs  are linearly dependent", no name) and in the amplitude scaling. M, D, K scale by b/a
// (amplitude_scaling.hpp), so the estimate must be the unscaled one times b/a.
TEST_CASE("data scaled by 1e-306 or 1e306 give the unscaled estimate in their units, with the same warnings") {
  const MechanicalSystem s = preset("3dof");
  const Dataset d = fixtures::simulated(s, 0.05, 400, 40.0);
  for (const char* method : {"variational", "auto"}) {
    const Identification reference = identify(method, d, IdentifyOptions{});
    REQUIRE(reference.status != Status::failed);
    for (const auto& [a, b] : {std::pair{1e-306, 1e-306}, {1e306, 1e306}, {1e-300, 1.0}, {1.0, 1e300}}) {
      INFO(method << ": outputs times " << a << ", inputs times " << b);
      Dataset scaled = d;
      scaled.y *= a;
      scaled.u *= b;
      const Identification r = identify(method, scaled, IdentifyOptions{});
      CHECK(r.status == reference.status);
      CHECK(r.warnings.size() == reference.warnings.size());  // "persistently exciting of order 0" before
      for (const auto& [X, Y] : {std::pair{&r.system.M, &reference.system.M}, {&r.system.D, &reference.system.D},
                                 {&r.system.K, &reference.system.K}})
        CHECK(((*X) * (a / b) - *Y).norm() <= 1e-9 * Y->norm());
    }
  }
}

// Fuzz campaign of 2026-11-23 (fuzz/findings/csv-20272673.json and others): outputs of 1e-320 keep
// one or two of a double's 53 bits, and inputs scaled by 1e300 with outputs scaled by 1e-12 give
// M, D, K of 1e312 times the unscaled ones, beyond double's range: both gave a warning with inf.
TEST_CASE("subnormal outputs are refused naming the column, and M, D, K beyond double's range fail rather than warn with inf") {
  const Dataset d = fixtures::simulated(preset("3dof"), 0.05, 400, 40.0);
  Dataset tiny = d;
  tiny.y.col(0) *= 1e-320 / tiny.y.col(0).cwiseAbs().maxCoeff();
  CHECK_THROWS_WITH(identify("auto", tiny, IdentifyOptions{}),
                    Catch::StartsWith("q1: every value is below 1e-307") && Catch::Contains("give the data in other units"));
  Dataset huge = d;
  huge.u *= 1e300;  // finite, but M, D, K scale by inputs / outputs = 1e312
  huge.y *= 1e-12;
  const Identification r = identify("variational", huge, IdentifyOptions{});
  CHECK(r.status == Status::failed);
  CHECK_THAT(r.message, Catch::StartsWith("M, D and K in the data's units are beyond double's range"));
  // Just inside the range, the estimate is the unscaled one times 1e300 (methods scale as u/q).
  Dataset large = d;
  large.u *= 1e300;
  const Identification reference = identify("variational", d, IdentifyOptions{});
  const Identification inside = identify("variational", large, IdentifyOptions{});
  CHECK(inside.status == reference.status);
  CHECK((inside.system.K / 1e300 - reference.system.K).norm() <= 1e-9 * reference.system.K.norm());
}
