#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <set>
#include <string>

#include "core/input_error.hpp"
#include "fixtures.hpp"
#include "identify/method_table.hpp"
#include "identify/methods.hpp"
#include "identify/work_estimate.hpp"
#include "model/presets.hpp"

using namespace mechid;
using fixtures::simulated;

namespace {

// The InputError identify throws (the test fails when it returns a result).
InputError refusal(const std::string& method, const std::vector<Dataset>& runs, const IdentifyOptions& o) {
  try {
    identify(method, runs, o);
  } catch (const InputError& e) {
    return e;
  }
  FAIL(method << " was not refused");
  return InputError("");
}

// A dummy method's cost: a fixed number of flops and bytes, whatever the sizes.
double dummy_flops = 1e15;
WorkEstimate dummy_cost(const WorkSizes&) { return {dummy_flops, 1e6}; }

// Runs equation-error: the dummy's estimate then equals that method's, which shows identify()
// dispatched to the entry's run.
Identification dummy_run(const std::vector<Dataset>& runs, const IdentifyOptions& o) {
  Identification r = identify_equation_error(runs[0], o);
  r.method = "dummy";
  return r;
}

MethodEntry dummy_entry() {
  return {"dummy", MethodFamily::least_squares, "dummy (a test's method)", "a test's method", dummy_run,
          /*runs*/ false, /*structure*/ true, /*friction*/ false, /*offset*/ false, /*positive*/ false,
          /*acceleration*/ false, Lowpass::always, false, false, dummy_cost};
}

}  // namespace

TEST_CASE("every method of the table has a cost model that counts work and memory on a small problem") {
  WorkSizes s;
  s.samples = 200;
  s.dof = 2;
  s.inputs = 2;
  s.free = 9;
  s.force_channels = 2;
  std::set<std::string> names;
  for (const MethodEntry& m : method_table()) {
    INFO(m.name);
    CHECK(names.insert(m.name).second);  // one entry per name
    CHECK(m.run != nullptr);
    CHECK(std::string(m.label).rfind(m.name, 0) == 0);  // the page's text starts with the name
    CHECK(std::string(m.summary).size() > 10);
    const WorkEstimate e = m.cost(s);
    CHECK(e.flops > 0);
    CHECK(e.bytes > 0);
    // estimate_work is the entry's cost, twice the flops for accelerations, plus the data's bytes.
    CHECK(estimate_work(m.name, s).flops == e.flops);
    CHECK(estimate_work(m.name, s, true).flops == 2 * e.flops);
    CHECK(estimate_work(m.name, s).bytes == e.bytes + 8.0 * 4 * 200 * 4);
  }
  CHECK(method_names().size() == method_table().size());
}

TEST_CASE("the table's capabilities are the ones identify() enforces") {
  const Dataset d = simulated(preset("msd"), 0.1, 300, 40.0);
  for (const MethodEntry& m : method_table()) {
    INFO(m.name);
    IdentifyOptions o;
    o.max_work = 1;  // every request that passes the capability checks stops at the work guard
    o.offset = true;
    CHECK(refusal(m.name, {d}, o).option() == (m.offset ? "work" : "offset"));
    o = IdentifyOptions{};
    o.max_work = 1;
    o.coulomb_friction = true;
    CHECK(refusal(m.name, {d}, o).option() == (m.friction ? "work" : "friction"));
    o.coulomb_friction = false;
    o.lowpass_hz = 2;
    CHECK(refusal(m.name, {d}, o).option() == (m.lowpass == Lowpass::always ? "work" : "lowpass"));
    o.lowpass_hz = 0;
    CHECK(refusal(m.name, {d, d}, o).option() == (m.runs ? "work" : "runs"));
    o.structure.M.pattern = MatrixPattern::diagonal;
    CHECK(refusal(m.name, {d}, o).option() == (m.structure ? "work" : "structure"));
  }
  CHECK(find_method("auto")->recommended);
  CHECK(std::count_if(method_table().begin(), method_table().end(), [](const MethodEntry& m) { return m.recommended; }) == 1);
}

TEST_CASE("a method registered in the table reaches method_names, identify's checks and the work guard") {
  const Dataset d = simulated(preset("msd"), 0.1, 300, 40.0);
  const std::string before = refusal("n4sid-d2c", {d, d}, IdentifyOptions{}).what();
  dummy_flops = 1e15;
  {
    const ScopedMethodRegistration registration(dummy_entry());
    CHECK(method_names().back() == "dummy");
    CHECK_THROWS_AS(ScopedMethodRegistration(dummy_entry()), std::invalid_argument);

    // The work guard: the entry's cost, refused above max_work with the structure hint (it honours one).
    const WorkSizes s = work_sizes({d}, IdentifyOptions{});
    CHECK(estimate_work("dummy", s).flops == 1e15);
    IdentifyOptions o;
    InputError e = refusal("dummy", {d}, o);
    CHECK(e.option() == "work");
    CHECK_THAT(std::string(e.what()), Catch::StartsWith("dummy on 1 DOF x 300 samples needs about 1e+15 floating-point operations"));
    CHECK_THAT(std::string(e.what()), Catch::Contains("(or a structure with fewer free entries)"));
    CHECK_NOTHROW(check_work("dummy", {d}, [] { IdentifyOptions u; u.max_work = 2e15; return u; }()));

    // Its capabilities in identify()'s checks and their messages.
    e = refusal("dummy", {d, d}, o);
    CHECK(e.option() == "runs");
    CHECK_THAT(std::string(e.what()), Catch::StartsWith("method dummy takes one record, got 2 runs"));
    o.structure.M.pattern = MatrixPattern::diagonal;
    CHECK(refusal("dummy", {d}, o).option() == "work");  // a structure passes
    CHECK_THAT(std::string(refusal("n4sid-d2c", {d}, o).what()), Catch::EndsWith("inverse-dynamic, auto or dummy"));
    o = IdentifyOptions{};
    o.lowpass_hz = 2;
    CHECK(refusal("dummy", {d}, o).option() == "work");  // it takes the low-pass
    e = refusal("variational", {d}, o);
    CHECK(e.option() == "lowpass");
    CHECK(std::string(e.what()) ==
          "lowpass_hz applies to inverse-dynamic or dummy (and to auto with friction), not to variational");
    Dataset accelerations = d;
    accelerations.outputs = OutputKind::acceleration;
    e = refusal("dummy", {accelerations}, IdentifyOptions{});
    CHECK(e.option() == "outputs");
    CHECK_THAT(std::string(e.what()), Catch::StartsWith("method dummy takes displacement outputs only; use variational,"));

    // Within the limit, identify() runs the entry: the estimate of the method it wraps.
    o = IdentifyOptions{};
    o.max_work = 2e15;
    const Identification mine = identify("dummy", d, o);
    const Identification reference = identify("equation-error", d, IdentifyOptions{});
    CHECK(mine.method == "dummy");
    CHECK((mine.system.K - reference.system.K).norm() == 0);

    // A cheap dummy is offered as the way out of another method's refusal.
    dummy_flops = 1;
    IdentifyOptions low;
    low.max_work = 1e3;
    CHECK_THAT(std::string(refusal("variational", {d}, low).what()), Catch::Contains(", or method dummy;"));
  }
  // Unregistered again: gone from the names, the messages and the guard.
  CHECK(method_names().back() == "auto");
  CHECK(find_method("dummy") == nullptr);
  CHECK(estimate_work("dummy", work_sizes({d}, IdentifyOptions{})).flops == 0);
  CHECK(refusal("n4sid-d2c", {d, d}, IdentifyOptions{}).what() == before);
}
