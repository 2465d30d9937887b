// ModesOptions::validate() and FrfOptions::validate(): each described option's range, its message
// and its option code (the page places the message beside the control of that code).
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "analysis/modes_in_band.hpp"

using namespace mechid;

namespace {
using Refusal = std::pair<std::string, std::string>;
template <class F>
Refusal refusal(F f) {
  try {
    f();
  } catch (const InputError& e) {
    return {e.option(), e.what()};
  }
  return {"", "no error"};
}
ModesOptions banded() {
  ModesOptions o;
  o.frf.band_hi_hz = 10;
  return o;
}
}  // namespace

TEST_CASE("ModesOptions: the schema's defaults are the struct's (the LPM, 40 orders, 1 %, 5 %, 0.98, 5 orders)") {
  const auto entries = OptionSchema::of<ModesOptions>();
  auto find = [&](const std::string& name) {
    for (const auto& e : entries)
      if (e.name == name) return e;
    FAIL("no option " << name);
    return OptionEntry{};
  };
  CHECK(find("method").text == "lpm");  // ModesOptions' own default, not FrfOptions' welch
  CHECK(OptionSchema::of<FrfOptions>()[0].text == "welch");
  CHECK(find("maxOrder").number == 40);
  CHECK(find("maxOrder").min == 2);
  CHECK(find("maxOrder").max == 400);
  CHECK(find("freqTol").number == 0.01);
  CHECK(find("dampingTol").number == 0.05);
  CHECK(find("macMin").number == 0.98);
  CHECK(find("minStableOrders").number == 5);
  CHECK(find("bandHiHz").number == INFINITY);
  CHECK(find("weighting").choices == std::vector<std::string>{"auto", "inverse-sd", "uniform"});
}

TEST_CASE("ModesOptions::validate: each option's message and code") {
  CHECK_NOTHROW(banded().validate());
  CHECK(refusal([] { ModesOptions{}.validate(); }) == Refusal{"band", "modes: give the band's upper frequency"});
  ModesOptions o = banded();
  o.max_order = 401;
  CHECK(refusal([&] { o.validate(); }) == Refusal{"max_order", "modes: max_order must be in 2 … 400, got 401"});
  o = banded();
  o.freq_tol = 0;
  CHECK(refusal([&] { o.validate(); }) ==
        Refusal{"tolerances", "modes: freq_tol must be positive, got 0"});
  o = banded();
  o.mac_min = 1.5;
  CHECK(refusal([&] { o.validate(); }).first == "tolerances");
  o = banded();
  o.min_stable_orders = 0;
  CHECK(refusal([&] { o.validate(); }) == Refusal{"tolerances", "modes: min_stable_orders must be at least 1, got 0"});
  o = banded();
  o.holdout_periods = 2;
  o.frf.periods = 0;  // said not periodic (the default -1 finds the periods from the inputs first)
  CHECK(refusal([&] { o.validate(); }) ==
        Refusal{"holdout", "modes: held-out periods need a periodic record (give its number of periods)"});
}

TEST_CASE("FrfOptions::validate: band, segment and window options") {
  CHECK_NOTHROW(FrfOptions{}.validate());
  FrfOptions o;
  o.band_lo_hz = 2;
  o.band_hi_hz = 1;
  CHECK(refusal([&] { o.validate(); }) == Refusal{"band", "frf: the band 2:1 Hz is empty (give LO:HI with 0 <= LO < HI)"});
  o = FrfOptions{};
  o.band_lo_hz = -1;
  CHECK(refusal([&] { o.validate(); }) == Refusal{"band", "bandLoHz must be a number >= 0, got -1"});
  o = FrfOptions{};
  o.segment = -4;
  CHECK(refusal([&] { o.validate(); }) == Refusal{"segment", "frf: the segment length must be positive, got -4"});
  o = FrfOptions{};
  o.impact_end_value = 0;
  CHECK(refusal([&] { o.validate(); }) == Refusal{"window", "frf: the exponential window's end value must be in (0, 1], got 0"});
  o = FrfOptions{};
  o.impact_force_fraction = 2;
  CHECK(refusal([&] { o.validate(); }) == Refusal{"window", "frf: the force window's fraction must be in (0, 1], got 2"});
}
