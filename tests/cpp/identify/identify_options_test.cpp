// IdentifyOptions::validate() and validate_options(Dataset): each described option's range, its
// message and its option code (the code places the message beside the page's control).
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "identify/identification.hpp"
#include "../core/refusal.hpp"

using namespace mechid;

namespace {
using mechid::testing::refusal;
using Refusal = std::pair<std::string, std::string>;
}  // namespace

TEST_CASE("IdentifyOptions: the schema's defaults are the struct's") {
  const auto entries = OptionSchema::of<IdentifyOptions>();
  std::vector<std::string> names;
  for (const auto& e : entries) names.push_back(e.name);
  CHECK(names == std::vector<std::string>{"init", "blockRows", "estimateInitial", "positive", "friction", "offset", "lowpassHz",
                                          "initialWindow", "maxWork"});
  CHECK(entries[0].text == "n4sid");
  CHECK(entries[1].number == 0);
  CHECK(entries[1].min == 0);
  CHECK(entries[2].number == 1);
  CHECK(entries[4].text == "none");
  CHECK(entries[7].number == 0);
  CHECK(entries[7].min == 0);
  CHECK(entries[8].number == kDefaultMaxWork);
  CHECK(entries[8].above_min);
}

TEST_CASE("IdentifyOptions::validate: each option's message and code") {
  CHECK_NOTHROW(IdentifyOptions{}.validate());
  IdentifyOptions o;
  o.init = "random";
  CHECK(refusal([&] { o.validate(); }) == Refusal{"init", "init must be n4sid or equation-error, got 'random'"});
  o = IdentifyOptions{};
  o.block_rows = -3;
  CHECK(refusal([&] { o.validate(); }) == Refusal{"blockRows", "block_rows must be >= 0 (0 = the rule), got -3"});
  o = IdentifyOptions{};
  o.initial_window = -3;
  CHECK(refusal([&] { o.validate(); }).first == "initialWindow");
  o = IdentifyOptions{};
  o.lowpass_hz = -1;
  CHECK(refusal([&] { o.validate(); }) == Refusal{"lowpass", "lowpass_hz must be a frequency in Hz >= 0 (0 = the rule), got -1"});
  o.lowpass_hz = INFINITY;
  CHECK(refusal([&] { o.validate(); }).first == "lowpass");
  o = IdentifyOptions{};
  o.max_work = 0;
  CHECK(refusal([&] { o.validate(); }) ==
        Refusal{"work", "maxWork must be a positive number of floating-point operations (Infinity: no limit), got 0"});
  o.max_work = INFINITY;  // no limit
  CHECK_NOTHROW(o.validate());
}

TEST_CASE("Dataset options: inputSampling defaults to auto, a stated one is kept, the cut-off's range") {
  Dataset d;
  CHECK(d.input_sampling.from_data);
  const Dataset held{0.1, Matrix(), Matrix(), InputSampling::hold};
  CHECK_FALSE(held.input_sampling.from_data);
  CHECK(held.input_sampling == InputSampling::hold);
  const auto entries = OptionSchema::of<Dataset>();
  REQUIRE(entries.size() == 3);
  CHECK(entries[0].name == "inputSampling");
  CHECK(entries[0].text == "auto");
  CHECK(entries[0].choices == std::vector<std::string>{"auto", "point", "hold"});
  CHECK(entries[1].text == "displacement");
  CHECK(entries[2].number == 0);
  d.acceleration_cutoff_hz = -2;
  CHECK(refusal([&] { validate_options(d); }) ==
        Refusal{"cutoffHz", "the acceleration high-pass cut-off (Hz) must be >= 0 (0: automatic), got -2"});
}
