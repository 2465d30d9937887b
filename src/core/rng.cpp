#include "core/rng.hpp"

#include <cmath>
#include <string>

#include "core/input_error.hpp"

namespace mechid {
namespace {

std::uint64_t splitmix64(std::uint64_t& x) {
  std::uint64_t z = (x += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

Random::Random(std::uint64_t seed) {
  for (auto& s : state_) s = splitmix64(seed);
}

Random Random::derived(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t mix = seed ^ (0xd1b54a32d192ed03ULL * (index + 1));
  return Random(splitmix64(mix));
}

std::uint64_t Random::next_u64() {
  const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
  const std::uint64_t t = state_[1] << 17;
  state_[2] ^= state_[0];
  state_[3] ^= state_[1];
  state_[1] ^= state_[2];
  state_[0] ^= state_[3];
  state_[2] ^= t;
  state_[3] = rotl(state_[3], 45);
  return result;
}

double Random::uniform() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

double Random::normal() {
  if (has_spare_) {
    has_spare_ = false;
    return spare_;
  }
  double x, y, s;
  do {
    x = 2.0 * uniform() - 1.0;
    y = 2.0 * uniform() - 1.0;
    s = x * x + y * y;
  } while (s >= 1.0 || s == 0.0);
  const double factor = std::sqrt(-2.0 * std::log(s) / s);
  spare_ = y * factor;
  has_spare_ = true;
  return x * factor;
}

std::vector<std::uint32_t> random_words(std::uint64_t seed, int count) {
  require(count >= 0 && count <= kMaxRandomWords,
          "count must be between 0 and " + std::to_string(kMaxRandomWords));
  Random rng(seed);
  std::vector<std::uint32_t> words(2 * static_cast<std::size_t>(count));
  for (std::size_t i = 0; i < words.size(); i += 2) {
    const std::uint64_t x = rng.next_u64();
    words[i] = static_cast<std::uint32_t>(x >> 32);
    words[i + 1] = static_cast<std::uint32_t>(x);
  }
  return words;
}

}  // namespace mechid
