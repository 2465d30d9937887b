#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <string>

#include "core/option_schema.hpp"
#include "refusal.hpp"

using namespace mechid;

namespace {

// A struct described as the core's options are: one of each kind of member.
enum class Colour { red, green };
const EnumNames<Colour, 2> kColours{"colour", {"red", "green"}};

struct Sample {
  double rate = 0.5;
  int count = 3;
  bool on = true;
  Colour colour = Colour::green;
  std::string mode = "fast";
  std::optional<double> mass;
};

template <class V>
void describe(Sample& s, V& v) {
  v(Option{"rate", "a rate"}.above(0).at_most(1), s.rate);
  v(Option{"count", "a count"}.at_least(1).with_code("n"), s.count);
  v(Option{"on", "a flag"}, s.on);
  v(Option{"colour", "a colour"}, choice_field(s.colour, kColours));
  v(Option{"mode", "a mode"}, choice_field(s.mode, {"fast", "slow"}, "mode"));
  v(Option{"mass", "estimated unless given"}.above(0), s.mass);
}

using mechid::testing::refusal;

}  // namespace

TEST_CASE("OptionSchema: each option's default is the member of a default-constructed struct") {
  const auto entries = OptionSchema::of<Sample>();
  REQUIRE(entries.size() == 6);
  CHECK(entries[0].name == "rate");
  CHECK(entries[0].type == OptionType::number);
  CHECK(entries[0].number == 0.5);
  CHECK(entries[0].min == 0);
  CHECK(entries[0].above_min);
  CHECK(entries[0].max == 1);
  CHECK(entries[1].type == OptionType::integer);
  CHECK(entries[1].number == 3);
  CHECK(entries[1].max == std::numeric_limits<int>::max());  // the range the integer holds
  CHECK(entries[2].type == OptionType::boolean);
  CHECK(entries[2].number == 1);
  CHECK(entries[3].type == OptionType::choice);
  CHECK(entries[3].text == "green");
  CHECK(entries[3].choices == std::vector<std::string>{"red", "green"});
  CHECK(entries[4].text == "fast");
  CHECK(entries[4].choices == std::vector<std::string>{"fast", "slow"});
  CHECK_FALSE(entries[5].has_default);  // an absent optional: not given
  CHECK(entries[5].help == "estimated unless given");
}

TEST_CASE("check_options: a value out of its described range is an InputError with the option's code") {
  Sample s;
  CHECK_NOTHROW(check_options(s));
  s.rate = 0;
  CHECK(refusal([&] { check_options(s); }) == std::make_pair(std::string("rate"), std::string("rate must be a number > 0 and <= 1, got 0")));
  s.rate = NAN;
  CHECK(refusal([&] { check_options(s); }).second == "rate must be a number > 0 and <= 1, got nan");
  s = Sample{};
  s.count = 0;
  CHECK(refusal([&] { check_options(s); }) == std::make_pair(std::string("n"), std::string("count must be a whole number >= 1, got 0")));
  s = Sample{};
  s.mode = "medium";
  CHECK(refusal([&] { check_options(s); }) == std::make_pair(std::string("mode"), std::string("mode must be fast or slow, got 'medium'")));
  CHECK(s.mode == "medium");  // the check does not write
  s = Sample{};
  s.mass = -1.0;
  CHECK(refusal([&] { check_options(s); }).second == "mass must be a number > 0, got -1");
}

TEST_CASE("check_option_range: infinity only where the option allows it, its own words when given") {
  CHECK_THROWS_WITH(check_option_range(Option{"limit", ""}.above(0), INFINITY), "limit must be a number > 0, got inf");
  CHECK_NOTHROW(check_option_range(Option{"limit", ""}.above(0).infinity_allowed(), INFINITY));
  CHECK_THROWS_WITH(check_option_range(Option{"limit", ""}.above(0).infinity_allowed(), -INFINITY), "limit must be a number > 0, got -inf");
  CHECK_THROWS_WITH(check_option_range(Option{"n", ""}.at_least(1).at_most(9), 10, true), "n must be a whole number between 1 and 9, got 10");
  CHECK_THROWS_WITH(check_option_range(Option{"x", ""}.at_least(0).message("the x (Hz)", ">= 0 (0: automatic)"), -2),
                    "the x (Hz) must be >= 0 (0: automatic), got -2");
}
