#include <catch2/catch.hpp>

#include <cmath>
#include <set>

#include "core/input_error.hpp"
#include "core/rng.hpp"

using mechid::Random;

TEST_CASE("Random: the same seed gives the same stream, another seed another stream") {
  Random a(42), b(42), c(43);
  bool differs = false;
  for (int i = 0; i < 1000; ++i) {
    const auto x = a.next_u64();
    REQUIRE(x == b.next_u64());
    differs |= x != c.next_u64();
  }
  REQUIRE(differs);
}

TEST_CASE("Random: derived sub-streams are distinct and reproducible") {
  std::set<std::uint64_t> firsts;
  for (std::uint64_t i = 0; i < 100; ++i) firsts.insert(Random::derived(7, i).next_u64());
  REQUIRE(firsts.size() == 100);
  REQUIRE(Random::derived(7, 3).next_u64() == Random::derived(7, 3).next_u64());
}

TEST_CASE("Random: uniform and normal moments match their distributions") {
  Random rng(2026);
  const int n = 200000;
  double su = 0, su2 = 0, sn = 0, sn2 = 0, sn4 = 0;
  for (int i = 0; i < n; ++i) {
    const double u = rng.uniform();
    REQUIRE(u >= 0.0);
    REQUIRE(u < 1.0);
    su += u;
    su2 += u * u;
    const double z = rng.normal();
    sn += z;
    sn2 += z * z;
    sn4 += z * z * z * z;
  }
  // Standard errors: uniform mean 0.29/sqrt(n) = 6.5e-4, normal mean 2.2e-3, variance 3.2e-3.
  CHECK(su / n == Approx(0.5).margin(4e-3));
  CHECK(su2 / n - (su / n) * (su / n) == Approx(1.0 / 12).margin(2e-3));
  CHECK(sn / n == Approx(0.0).margin(1.2e-2));
  CHECK(sn2 / n == Approx(1.0).margin(1.6e-2));
  CHECK(sn4 / n == Approx(3.0).margin(0.1));  // kurtosis of a Gaussian
}

TEST_CASE("random_words: word pairs are next_u64() of the same seed, high word first") {
  const auto words = mechid::random_words(99, 50);
  REQUIRE(words.size() == 100);
  Random rng(99);
  for (std::size_t i = 0; i < words.size(); i += 2)
    REQUIRE(((static_cast<std::uint64_t>(words[i]) << 32) | words[i + 1]) == rng.next_u64());
  REQUIRE(mechid::random_words(99, 0).empty());
  REQUIRE_THROWS_AS(mechid::random_words(99, -1), mechid::InputError);
  REQUIRE_THROWS_AS(mechid::random_words(99, mechid::kMaxRandomWords + 1), mechid::InputError);
}
