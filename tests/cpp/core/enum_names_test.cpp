#include <catch2/catch.hpp>

#include "core/enum_names.hpp"

using namespace mechid;

namespace {
enum class Fruit { apple, pear, plum };
const EnumNames<Fruit, 3> kFruits{"fruit", {"apple", "pear", "plum"}};
}  // namespace

TEST_CASE("EnumNames: every value's name parses back to that value") {
  for (const Fruit f : {Fruit::apple, Fruit::pear, Fruit::plum}) CHECK(kFruits.parse(kFruits.name(f)) == f);
  CHECK(kFruits.name(Fruit::pear) == "pear");
}

TEST_CASE("EnumNames: an unknown name is an InputError listing the known ones") {
  CHECK_THROWS_AS(kFruits.parse("fig"), InputError);
  CHECK_THROWS_WITH(kFruits.parse("fig"), "unknown fruit 'fig' (expected apple, pear or plum)");
  const EnumNames<Fruit, 2> two{"fruit", {"apple", "pear"}};
  CHECK_THROWS_WITH(two.parse("Apple"), "unknown fruit 'Apple' (expected apple or pear)");
}
