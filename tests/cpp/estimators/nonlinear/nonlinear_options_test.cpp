// The nonlinear estimator's options (estimators/nonlinear/identify.hpp): one description, the
// range checks of validate(IrlsOptions), validate(SwapOptions), validate(ReconstructionOptions, n)
// with their messages, and the swapping left to the method when not given.
#include <catch2/catch.hpp>

#include <string>

#include "estimators/nonlinear/identify.hpp"

using namespace mechid;
using namespace mechid::nonlinear;

TEST_CASE("PiecewiseOptions: the schema's defaults are the structs' (swap: the method's, 1000 IRLS iterations)") {
  const auto entries = OptionSchema::of<PiecewiseOptions>();
  std::vector<std::string> names;
  for (const auto& e : entries) names.push_back(e.name);
  CHECK(names == std::vector<std::string>{"method", "mass", "damping", "segments", "highpassHz", "detrend", "tolerance", "delta",
                                          "lambda", "maxIterations", "swap", "swapTolerance"});
  CHECK(entries[0].text == "ida");
  CHECK_FALSE(entries[1].has_default);  // the mass: estimated unless given
  CHECK(entries[3].number == 1);        // one fragment
  CHECK(entries[9].number == 1000);
  CHECK_FALSE(entries[10].has_default);  // swap: resolved by the method
  CHECK(entries[11].number == 1);
}

TEST_CASE("nonlinear options: each range check's message") {
  IrlsOptions irls;
  CHECK_NOTHROW(validate(irls));
  irls.tolerance = 0;
  CHECK_THROWS_WITH(validate(irls), "the IRLS tolerance must be a positive number, got 0");
  irls = IrlsOptions{};
  irls.lambda = -1;
  CHECK_THROWS_WITH(validate(irls), "the l1 penalty lambda must be >= 0, got -1");
  irls = IrlsOptions{};
  irls.max_iterations = 0;
  CHECK_THROWS_WITH(validate(irls), "the IRLS iteration limit must be between 1 and 100000, got 0");
  SwapOptions swap;
  swap.tolerance = -0.5;
  CHECK_THROWS_WITH(validate(swap), "the swapping tolerance must be >= 0, got -0.5");
  ReconstructionOptions r;
  r.segments = 0;
  CHECK_THROWS_WITH(validate(r, 100), "the number of segments must be at least 1, got 0");
  r = ReconstructionOptions{};
  r.highpass_hz = -2;
  CHECK_THROWS_WITH(validate(r, 100), "the high-pass cut-off must be >= 0 Hz, got -2");
}
