#include <catch2/catch.hpp>

#include "core/status.hpp"

using namespace mechid;

TEST_CASE("add_warning upgrades ok to warning with the first warning as message, later ones only add") {
  Outcome o;
  CHECK(o.status == Status::ok);
  CHECK(!o.failed());
  o.add_warning("first");
  CHECK(o.status == Status::warning);
  CHECK(o.message == "first");
  o.add_warning("second");
  CHECK(o.status == Status::warning);
  CHECK(o.message == "first");
  CHECK(o.warnings == std::vector<std::string>{"first", "second"});
}

TEST_CASE("a failed outcome stays failed and keeps its reason when warnings are added") {
  Outcome o;
  o.add_warning("context");
  o.fail("singular");
  CHECK(o.failed());
  CHECK(o.message == "singular");
  o.add_warning("later");
  CHECK(o.status == Status::failed);
  CHECK(o.message == "singular");
  CHECK(o.warnings.size() == 2);
}

TEST_CASE("adopt_warnings upgrades an ok outcome whose warnings were recorded directly, keeping a message it has") {
  Outcome plain;
  plain.adopt_warnings();
  CHECK(plain.status == Status::ok);  // nothing to adopt
  plain.warnings = {"copied", "too"};
  plain.adopt_warnings();
  CHECK(plain.status == Status::warning);
  CHECK(plain.message == "copied");
  Outcome explained;
  explained.message = "why";
  explained.warnings = {"copied"};
  explained.adopt_warnings();
  CHECK(explained.status == Status::warning);
  CHECK(explained.message == "why");
}

TEST_CASE("every status has its text") {
  CHECK(to_string(Status::ok) == "ok");
  CHECK(to_string(Status::warning) == "warning");
  CHECK(to_string(Status::failed) == "failed");
}

TEST_CASE("advice: a note leaves the status alone, a warning is also a warning line") {
  Outcome r;
  r.advise({AdviceCode::overdamped, AdviceLevel::note, "One mode is overdamped.", "zeta = 2.0", ""});
  CHECK(r.status == Status::ok);
  CHECK(r.warnings.empty());
  REQUIRE(r.advice.size() == 1);
  r.advise({AdviceCode::offset, AdviceLevel::warning, "An output has a constant offset.", "mean 3 sd", "--offset"});
  CHECK(r.status == Status::warning);
  REQUIRE(r.warnings.size() == 1);
  CHECK(r.warnings.front() == "An output has a constant offset. (mean 3 sd) What to do: --offset");
  CHECK(r.message == r.warnings.front());
  CHECK(kAdviceCodeNames.name(r.advice.back().code) == "offset");
  CHECK(kAdviceCodeNames.parse("noise_free") == AdviceCode::noise_free);
}
