#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "analysis/perturbation_study.hpp"
#include "analysis/study.hpp"
#include "core/input_error.hpp"
#include "model/presets.hpp"

using namespace mechid;

namespace {

// Least-squares slope of log(y) against log(h) over the rows of one method.
double loglog_slope(const std::vector<PerturbationRow>& rows, const std::string& method, double PerturbationRow::*field) {
  double sx = 0, sy = 0, sxx = 0, sxy = 0;
  int n = 0;
  for (const auto& r : rows) {
    if (r.method != method) continue;
    const double x = std::log(r.h), y = std::log(r.*field);
    sx += x, sy += y, sxx += x * x, sxy += x * y, ++n;
  }
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

}  // namespace

TEST_CASE("3 dB bandwidth of eq. 3.22") {
  CHECK(bandwidth_3db(1.0, 0.0) == Approx(std::sqrt(1 + std::sqrt(2.0))));
  // At ω_B the magnitude of 1/(1 - (ω/ω_n)² + 2iζω/ω_n) is 1/√2 of its static value.
  const double zeta = 0.3, w = bandwidth_3db(2.0, zeta) / 2.0;
  const double magnitude = 1.0 / std::hypot(1 - w * w, 2 * zeta * w);
  CHECK(magnitude == Approx(1 / std::sqrt(2.0)).epsilon(1e-12));
}

TEST_CASE("midpoint perturbation slopes: δm flat, δd ∝ 1/h, δk ∝ 1/h² (Remark 2, Fig. 3.2)") {
  PerturbationOptions o;
  o.multiples = {10, 20, 50, 100, 200, 500, 1000};
  o.samples = 200;
  o.seed = 3;
  const auto rows = perturbation_study(preset("msd"), o);
  REQUIRE(rows.size() == 14);
  CHECK(loglog_slope(rows, "midpoint", &PerturbationRow::m) == Approx(0.0).margin(0.1));
  CHECK(loglog_slope(rows, "midpoint", &PerturbationRow::d) == Approx(-1.0).margin(0.1));
  CHECK(loglog_slope(rows, "midpoint", &PerturbationRow::k) == Approx(-2.0).margin(0.1));
  // ZOH (Fig. 3.1): the relative error of A grows as h shrinks, like the logarithm's condition 1/‖log F‖ ∝ 1/h.
  CHECK(loglog_slope(rows, "zoh", &PerturbationRow::A) == Approx(-1.0).margin(0.15));
}

TEST_CASE("the study is seeded and rejects bad options") {
  PerturbationOptions o;
  o.samples = 20;
  const auto a = perturbation_study(preset("msd"), o), b = perturbation_study(preset("msd"), o);
  REQUIRE(a.size() == 6);
  for (std::size_t i = 0; i < a.size(); ++i) CHECK(a[i].k == b[i].k);
  CHECK_THROWS_WITH(perturbation_study(preset("3dof"), o),
                    "the perturbation study uses a 1-DOF system with one input (eq. 3.19), got 3 DOF");
  o.samples = 1;
  CHECK_THROWS_AS(perturbation_study(preset("msd"), o), InputError);
}

TEST_CASE("PerturbationOptions::validate names the option out of range") {
  auto refusal = [](const PerturbationOptions& o) {
    try {
      o.validate();
    } catch (const InputError& e) {
      return std::string(e.option()) + ": " + e.what();
    }
    return std::string("accepted");
  };
  PerturbationOptions o;
  CHECK(refusal(o) == "accepted");
  o.samples = 1;
  CHECK(refusal(o) == "samples: samples must be between 2 and 100000, got 1");
  o.samples = 100001;
  CHECK(refusal(o) == "samples: samples must be between 2 and 100000, got 100001");
  o.samples = 100000;
  o.relative = 0;
  CHECK(refusal(o) == "relative: relative perturbation must be > 0, got 0");
  o.relative = 0.01;
  o.multiples = {1, -2};
  CHECK(refusal(o) == "multiples: sampling multiple i must be > 0, got -2");
  o.multiples.clear();
  CHECK(refusal(o) == "multiples: give between 1 and 1000 sampling multiples i");
  o.multiples.assign(1001, 1.0);
  CHECK(refusal(o) == "multiples: give between 1 and 1000 sampling multiples i");
}

TEST_CASE("study_run: a record shorter than two periods of the true slowest mode carries record_too_short, failed runs included") {
  // 3-DOF preset: the slowest mode is 0.1867 Hz (period 5.4 s). N = 2000 at h = 0.001 s is a 2 s
  // record (the page's own study that contradicted the lesson); at h = 0.05 s it is 100 s.
  const MechanicalSystem system = preset("3dof");
  const auto too_short = [](const StudyRunResult& r) {
    return std::any_of(r.advice.begin(), r.advice.end(), [](const Advice& a) { return a.code == AdviceCode::record_too_short; });
  };
  for (const char* method : {"variational", "n4sid-d2c"}) {
    INFO(method);
    StudyRunOptions o;
    o.samples = 2000;
    o.snr_db = 30.0;
    o.method = method;
    o.h = 0.001;
    const StudyRunResult brief = study_run(system, o);
    CHECK(too_short(brief));
    CHECK(brief.status != Status::ok);
    o.h = 0.05;
    CHECK_FALSE(too_short(study_run(system, o)));
  }
}
