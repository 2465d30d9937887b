#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <sstream>

#include "core/input_error.hpp"
#include "fixtures.hpp"
#include "identify/methods.hpp"
#include "identify/work_estimate.hpp"
#include "model/presets.hpp"

using namespace mechid;
using fixtures::simulated;

namespace {

// Sizes of a plain request (one run, no structure, held inputs): n DOF, n inputs, N samples.
WorkSizes plain_sizes(double N, double n) {
  WorkSizes s;
  s.samples = N;
  s.dof = n;
  s.inputs = n;
  s.free = 3 * n * (n + 1) / 2;
  s.force_channels = n;
  return s;
}

// Random data of n inputs and n outputs (the probe's 60-DOF CSV has this shape).
Dataset wide_random_data(Eigen::Index N, Eigen::Index n) {
  return {0.01, Matrix::Random(N, n), Matrix::Random(N, n), InputSampling::hold};
}

std::string three_digits(double x) {
  std::ostringstream out;
  out.precision(3);
  out << x;
  return out.str();
}

// The InputError identify throws (the test fails when it returns a result).
InputError refusal(const std::string& method, const Dataset& d, const IdentifyOptions& o) {
  try {
    identify(method, d, o);
  } catch (const InputError& e) {
    return e;
  }
  FAIL(method << " was not refused");
  return InputError("");
}

}  // namespace

TEST_CASE("work estimates grow with the samples and the DOF, equation-error as N n^5") {
  for (const std::string& method : method_names()) {
    INFO(method);
    double previous = 0;
    for (const double n : {2.0, 3.0, 8.0, 20.0, 40.0, 60.0}) {
      const double flops = estimate_work(method, plain_sizes(2000, n)).flops;
      CHECK(flops > previous);
      previous = flops;
    }
    previous = 0;
    for (const double N : {300.0, 2000.0, 6000.0, 20000.0}) {
      const WorkEstimate e = estimate_work(method, plain_sizes(N, 8));
      CHECK(e.flops > previous);
      CHECK(e.bytes > 0);
      previous = e.flops;
    }
  }
  // The normal matrix's rank updates, n P² per sample with P = 3n(n+1)/2 (equation_error.cpp):
  // linear in N, and n⁵ once n is large (the probe measured 94 s at 40 DOF, 5.6 s at 20: x17).
  const auto ee = [](double N, double n) { return estimate_work("equation-error", plain_sizes(N, n)).flops; };
  CHECK(ee(4000, 40) / ee(2000, 40) == Approx(2.0).epsilon(0.01));
  CHECK(ee(2000, 80) / ee(2000, 40) == Approx(32.0).epsilon(0.1));
  // ... with one weight (method_cost.cpp) on n P² N for every n: the same at 40 and 60 DOF.
  const auto updates = [](double N, double n) { return N * n * std::pow(3 * n * (n + 1) / 2.0, 2); };
  CHECK(ee(2000, 40) / updates(2000, 40) == Approx(ee(2000, 60) / updates(2000, 60)).epsilon(0.05));
  CHECK(estimate_work("no-such-method", plain_sizes(2000, 3)).flops == 0);
}

TEST_CASE("the probe's 60-DOF x 2000-sample request is refused at once with its numbers") {
  const Dataset d = wide_random_data(2000, 60);
  const auto start = std::chrono::steady_clock::now();
  for (const std::string method : {"equation-error", "n4sid-d2c", "variational"}) {
    INFO(method);
    const InputError e = refusal(method, d, IdentifyOptions{});
    const std::string message = e.what();
    CHECK(e.option() == "work");
    CHECK_THAT(message, Catch::StartsWith(method + " on 60 DOF x 2000 samples needs about"));
    CHECK_THAT(message, Catch::Contains("above the limit of " + three_digits(kDefaultMaxWork)));
    // The limit by its API name (each host words it: the CLI --max-work, the page its Run anyway).
    CHECK_THAT(message, Catch::Contains("raise maxWork") && !Catch::Contains("--max-work"));
    const WorkSizes s = work_sizes({d}, IdentifyOptions{});
    CHECK_THAT(message, Catch::Contains(three_digits(estimate_work(method, s).flops) + " floating-point operations"));
  }
  // Not a timing test: the three refusals take well under a second each (the input checks on 60
  // columns), the work they refuse minutes; 5 s leaves room for a loaded machine.
  CHECK(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < 5.0);
  // The inverse-dynamic regression (nN rows of 3T columns, ~5 GB here) is beyond any limit.
  IdentifyOptions unlimited;
  unlimited.max_work = INFINITY;
  const InputError e = refusal("inverse-dynamic", d, unlimited);
  CHECK(e.option() == "memory");
  CHECK_THAT(std::string(e.what()), Catch::StartsWith("inverse-dynamic on 60 DOF x 2000 samples needs about"));
  CHECK_THAT(std::string(e.what()), Catch::Contains("GB of memory"));
}

TEST_CASE("max_work: a low limit refuses a small request, infinity lets it run, a bad limit is named") {
  const Dataset d = simulated(preset("3dof"), 0.05, 400, 30.0);
  IdentifyOptions o;
  o.max_work = 1e3;
  const InputError e = refusal("equation-error", d, o);
  CHECK(e.option() == "work");
  CHECK_THAT(std::string(e.what()), Catch::Contains("above the limit of 1e+03"));
  o.max_work = INFINITY;
  CHECK(identify("equation-error", d, o).method == "equation-error");
  for (const double bad : {0.0, -1.0, std::nan("")}) {
    o.max_work = bad;
    CHECK(refusal("equation-error", d, o).option() == "work");
  }
}

TEST_CASE("the thesis cases are never refused: 3dof and 8dof, N = 6000, every h of the study, every method") {
  struct Case {
    const char* system;
    std::vector<double> hs;
  };
  // The h of docs/results.md's studies (PRBS held on every input, as `mechid study` simulates).
  const Case cases[] = {{"3dof", {0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.4, 0.6}},
                        {"8dof", {0.0005, 0.001, 0.002, 0.005, 0.01, 0.02}}};
  for (const Case& c : cases) {
    const MechanicalSystem s = preset(c.system);
    for (const double h : c.hs) {
      Dataset d = simulated(s, h, 6000, 20.0);
      for (const std::string& method : method_names()) {
        INFO(c.system << " h = " << h << " " << method);
        const WorkEstimate e = estimate_work(method, work_sizes({d}, IdentifyOptions{}));
        CHECK(e.flops < kDefaultMaxWork / 2);  // with a margin for the estimate's spread
        CHECK(e.bytes < kMaxMemoryBytes / 3);
        CHECK_NOTHROW(check_work(method, {d}, IdentifyOptions{}));
      }
    }
  }
  // The same sizes with point-sampled inputs: FOH for a broadband input, the band-limited model
  // (its most expensive exact-sampling PEM: r = 32 substeps) for slow sines.
  Dataset d = simulated(preset("8dof"), 0.005, 6000, 20.0);
  d.input_sampling = InputSampling::point;
  for (const std::string& method : method_names()) {
    INFO("foh " << method);
    CHECK_NOTHROW(check_work(method, {d}, IdentifyOptions{}));
  }
  for (Eigen::Index t = 0; t < 6000; ++t)
    for (Eigen::Index j = 0; j < 8; ++j) d.u(t, j) = std::sin(2 * M_PI * (j + 1) * static_cast<double>(t) / 6000.0);
  for (const std::string& method : method_names()) {
    INFO(method);
    CHECK_NOTHROW(check_work(method, {d}, IdentifyOptions{}));
  }
}
