// identify with held-out runs (validation_records computed from the estimate in C++, issue 47) and
// with per-column factors into SI (Dataset::input_scale, output_scale).
#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "identify/amplitude_scaling.hpp"
#include "identify/methods.hpp"
#include "identify/record_validation.hpp"
#include "fixtures.hpp"
#include "friction_simulation.hpp"

using namespace mechid;

namespace {

// The ECP rig's layout (a 2-DOF chain pushed at cart 1) with Coulomb friction in both carts.
fixtures::FrictionModel held_out_chain() {
  fixtures::FrictionModel f;
  f.system = fixtures::two_cart_chain();
  f.coulomb = Eigen::Vector2d(0.3, 0.2);
  f.offset = Vector::Zero(2);
  return f;
}

// An open-loop multisine run, a different phase per run, named like a file.
Dataset held_out_run(const fixtures::FrictionModel& f, double phase, std::uint64_t seed, const std::string& name) {
  const fixtures::ForceLaw multisine = [phase](Eigen::Index, double t, const Vector&, const Vector&) {
    double u = 0.0;
    for (int j = 1; j <= 6; ++j) u += 2.0 * std::sin(2 * M_PI * 0.1 * j * t + phase * j * j);
    return Vector(Vector::Constant(1, u));
  };
  Dataset d = fixtures::simulate_friction(f, 0.05, 1500, multisine, 1e-4, 0.0, seed);
  d.name = name;
  return d;
}

IdentifyOptions held_out_options() {
  IdentifyOptions o;
  o.force_dofs = {1};
  o.coulomb_friction = true;
  o.structure.M.pattern = MatrixPattern::diagonal;
  o.structure.D.pattern = MatrixPattern::diagonal;
  return o;
}

void check_same_free_run(const ValidationReport& a, const ValidationReport& b) {
  REQUIRE(a.status == b.status);
  REQUIRE(a.fit_percent.size() == b.fit_percent.size());
  for (Eigen::Index j = 0; j < a.fit_percent.size(); ++j) {
    CHECK(a.fit_percent(j) == b.fit_percent(j));
    CHECK(a.nrmse(j) == b.nrmse(j));
  }
  CHECK(a.simulated == b.simulated);
}

}  // namespace

TEST_CASE("identify's validation_records are validate_record of its estimate on each held-out run", "[held-out]") {
  const fixtures::FrictionModel truth = held_out_chain();
  const std::vector<Dataset> training{held_out_run(truth, 0.0, 1, "A.csv"), held_out_run(truth, 0.7, 2, "B.csv")};
  const std::vector<Dataset> held_out{held_out_run(truth, 1.9, 3, "C.csv"), held_out_run(truth, 2.6, 4, "D.csv")};
  for (const std::string method : {"inverse-dynamic", "variational-zoh"}) {
    IdentifyOptions o = held_out_options();
    o.coulomb_friction = method == "inverse-dynamic";
    const Identification r = identify(method, std::vector<Dataset>(training), o, held_out);
    INFO(method << ": " << r.message);
    REQUIRE(r.status != Status::failed);
    REQUIRE(r.validation_records.size() == 2);
    const double lowpass = r.diagnostics.lowpass_hz.value_or(0.0);
    CHECK((o.coulomb_friction ? lowpass > 0 : lowpass == 0));
    for (std::size_t i = 0; i < held_out.size(); ++i) {
      CHECK(r.validation_records[i].name == held_out[i].name);
      // Identity: the same free run as validate_record (and, without force terms, validate_model) gives.
      check_same_free_run(r.validation_records[i].report, validate_record(r.system, r.forces, lowpass, held_out[i]));
      if (!o.coulomb_friction) check_same_free_run(r.validation_records[i].report, validate_model(r.system, held_out[i]));
      // And the estimate describes the held-out run (the noise is 1e-4 of motions of ~0.1).
      CHECK(r.validation_records[i].report.fit_percent.minCoeff() > 90.0);
    }
  }
}

TEST_CASE("identify refuses a held-out run of another experiment with option runs, a bad record fails alone", "[held-out]") {
  const fixtures::FrictionModel truth = held_out_chain();
  const Dataset a = held_out_run(truth, 0.0, 1, "A.csv");
  const IdentifyOptions o = held_out_options();
  Dataset other_h = held_out_run(truth, 1.9, 3, "C.csv");
  other_h.h = 0.1;
  try {
    identify("inverse-dynamic", std::vector<Dataset>{a}, o, {other_h});
    FAIL("a held-out run at another h was accepted");
  } catch (const InputError& e) {
    CHECK(e.option() == "runs");
    CHECK(std::string(e.what()) ==
          "validation run 1 (C.csv) is sampled at h = 0.1, run 1 (A.csv) at h = 0.05: runs of one experiment need one "
          "sampling period");
  }
  Dataset other_columns = held_out_run(truth, 1.9, 3, "C.csv");
  other_columns.y.conservativeResize(Eigen::NoChange, 1);
  CHECK_THROWS_MATCHES(identify("inverse-dynamic", std::vector<Dataset>{a}, o, {other_columns}), InputError,
                       Catch::Predicate<InputError>([](const InputError& e) { return e.option() == "runs"; }));
  // A record whose free run cannot be computed (a non-finite sample) fails alone, with its reason.
  Dataset broken = held_out_run(truth, 1.9, 3, "C.csv");
  broken.y(10, 1) = NAN;
  const Identification r = identify("inverse-dynamic", std::vector<Dataset>{a}, o, {broken, held_out_run(truth, 2.6, 4, "D.csv")});
  REQUIRE(r.status != Status::failed);
  REQUIRE(r.validation_records.size() == 2);
  CHECK(r.validation_records[0].report.status == Status::failed);
  CHECK_THAT(r.validation_records[0].report.message, Catch::Contains("sample 11, q2"));
  CHECK(r.validation_records[1].report.status != Status::failed);
}

TEST_CASE("column factors given to identify equal the data scaled before: M, D, K bit for bit", "[held-out]") {
  const fixtures::FrictionModel truth = held_out_chain();
  const double count = 1e-5;  // an encoder count of 10 µm; the force measured with the sign reversed
  Dataset counts = held_out_run(truth, 0.0, 1, "A.csv"), held_counts = held_out_run(truth, 1.9, 3, "C.csv");
  for (Dataset* d : {&counts, &held_counts}) {
    d->y /= count;
    d->u *= -1.0;
  }
  const Vector input_factors = Vector::Constant(1, -1.0), output_factors = Eigen::Vector2d(count, count);
  // Scaled by the host (what the page's worker and the CLI did): x times its column's factor.
  Dataset si = counts, held_si = held_counts;
  for (Dataset* d : {&si, &held_si}) {
    d->u *= input_factors.asDiagonal();
    d->y *= output_factors.asDiagonal();
  }
  Dataset factored = counts, held_factored = held_counts;
  for (Dataset* d : {&factored, &held_factored}) {
    d->input_scale = input_factors;
    d->output_scale = output_factors;
  }
  const IdentifyOptions o = held_out_options();
  const Identification a = identify("inverse-dynamic", std::vector<Dataset>{si}, o, {held_si});
  const Identification b = identify("inverse-dynamic", std::vector<Dataset>{factored}, o, {held_factored});
  REQUIRE(a.status != Status::failed);
  CHECK(a.system.M == b.system.M);
  CHECK(a.system.D == b.system.D);
  CHECK(a.system.K == b.system.K);
  CHECK(a.forces.coulomb == b.forces.coulomb);
  check_same_free_run(a.validation_records[0].report, b.validation_records[0].report);
  // And in SI: the truth's masses within 5 %.
  for (int i = 0; i < 2; ++i) CHECK(std::abs(b.system.M(i, i) / truth.system.M(i, i) - 1) < 0.05);
}

TEST_CASE("column factors: a wrong count or a zero factor is refused naming the option and the record", "[held-out]") {
  Dataset d = held_out_run(held_out_chain(), 0.0, 1, "A.csv");
  d.output_scale = Vector::Constant(1, 2.0);
  try {
    apply_column_scales(d);
    FAIL("one factor for two output columns was accepted");
  } catch (const InputError& e) {
    CHECK(e.option() == "outputScale");
    CHECK(std::string(e.what()) == "outputScale: 1 factor(s) for the 2 output column(s) of A.csv");
  }
  d.output_scale.resize(0);
  d.input_scale = Vector::Constant(1, 0.0);
  CHECK_THROWS_WITH(apply_column_scales(d), Catch::Contains("the factor of input column 1 of A.csv must be a finite nonzero"));
}
