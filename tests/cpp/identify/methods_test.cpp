#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "core/input_error.hpp"
#include "discretize/zoh.hpp"
#include "identify/methods.hpp"
#include "model/presets.hpp"
#include "model/second_order_extraction.hpp"
#include "simulate/signals.hpp"
#include "simulate/simulation.hpp"

using namespace mechid;

namespace {

Dataset prbs_data(const MechanicalSystem& s, double h, Eigen::Index n, double snr, std::uint64_t seed = 1) {
  SimulationOptions o;
  o.h = h;
  o.n = n;
  o.snr_db = snr;
  o.seed = seed;
  const SimulatedData d = simulate(s, o);
  return {h, d.u, d.q, InputSampling::hold};
}

}  // namespace

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

TEST_CASE("the n4sid-d2c baseline recovers M, D, K to 1e-6 from exact ZOH data") {
  const MechanicalSystem s = preset("3dof");
  const Identification r = identify_n4sid_d2c(prbs_data(s, 0.05, 3000, INFINITY), IdentifyOptions{});
  REQUIRE(r.status == Status::ok);
  const RelativeErrors e = relative_errors(r.system, s);
  CHECK(e.M < 1e-6);
  CHECK(e.D < 1e-6);
  CHECK(e.K < 1e-6);
  CHECK(r.validation.fit_percent.minCoeff() > 99.9999);
}

TEST_CASE("noise-free variational error falls as O(h²): the midpoint model error") {
  const MechanicalSystem s = preset("3dof");
  std::vector<double> errors;
  const std::vector<double> steps = {0.05, 0.1, 0.2};
  for (double h : steps) {
    const Identification r = identify_variational(prbs_data(s, h, 4000, INFINITY), IdentifyOptions{});
    REQUIRE(r.status != Status::failed);
    errors.push_back(relative_errors(r.system, s).M);
    // The guardrail: at h = 0.2 (h·ω_max ≈ 0.5) the midpoint model's frequency error passes 1 %.
    const bool warned = std::any_of(r.warnings.begin(), r.warnings.end(),
                                    [](const std::string& w) { return w.find("midpoint model errs") != std::string::npos; });
    CHECK(warned == (h == 0.2));
  }
  const double slope = std::log(errors[2] / errors[0]) / std::log(steps[2] / steps[0]);
  CHECK(slope == Approx(2.0).margin(0.2));
}

TEST_CASE("the variational method estimates 3dof M, K within 2 % and D within 4 % at SNR 15 dB, h = 0.05") {
  const MechanicalSystem s = preset("3dof");
  const Identification r = identify_variational(prbs_data(s, 0.05, 6000, 15.0, 7), IdentifyOptions{});
  REQUIRE(r.status == Status::ok);
  REQUIRE(r.has_discrete);
  const RelativeErrors e = relative_errors(r.system, s);
  CHECK(e.M < 0.02);
  CHECK(e.K < 0.02);
  CHECK(e.D < 0.04);
  CHECK(r.M_pd);
  CHECK(r.K_pd);
  CHECK(r.modal.modes.size() == 3);
  // Residuals of a good model are white and independent of the input (99 % bounds, small slack).
  CHECK(r.validation.max_crosscorrelation < 1.5 * r.validation.bound_99);
}

TEST_CASE("equation error is exact on data of the variational model itself") {
  const MechanicalSystem s = preset("3dof");
  const DiscreteVariationalModel truth = to_discrete(s, 0.05);
  const Dataset base = prbs_data(s, 0.05, 500, INFINITY);
  const Dataset d{0.05, base.u, simulate_del(truth, base.u, Vector::Zero(3), Vector::Zero(3), InputSampling::hold),
                  InputSampling::hold};
  const EquationErrorFit fit = equation_error_fit(d, s.L);
  REQUIRE(fit.status == Status::ok);
  CHECK((fit.model.Md - truth.Md).norm() < 1e-8 * truth.Md.norm());
  CHECK((fit.model.Kd - truth.Kd).norm() < 1e-8 * truth.Kd.norm());
}

TEST_CASE("bad data give clear errors; numerical failure gives a failed status") {
  const MechanicalSystem s = preset("3dof");
  Dataset d = prbs_data(s, 0.05, 400, 20.0);
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
  Dataset nan = d;
  nan.y(17, 2) = NAN;
  CHECK_THROWS_WITH(identify("variational", nan, IdentifyOptions{}), "sample 18, q3 is not a finite number (nan)");
  Dataset mismatched = d;
  mismatched.u = d.u.leftCols(2);
  CHECK_THROWS_WITH(identify("variational", mismatched, IdentifyOptions{}),
                    "the data have 2 inputs and 3 outputs: give L (n x k) to say where the forces act");
  CHECK_THROWS_WITH(identify("magic", d, IdentifyOptions{}),
                    "unknown method 'magic' (expected variational, n4sid-d2c, equation-error, variational-zoh or auto)");
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
