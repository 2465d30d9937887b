// Seeded, portable random numbers: the same seed gives the same stream natively and in WASM.
// std:: distributions are avoided on purpose (their output differs between standard libraries).
// Integers: xoshiro256** (Blackman & Vigna 2018) seeded through SplitMix64.
// Normals: Marsaglia's polar method on uniforms built from the top 53 bits.
#pragma once

#include <cstdint>
#include <vector>

namespace mechid {

class Random {
 public:
  explicit Random(std::uint64_t seed);

  std::uint64_t next_u64();
  double uniform();          // [0, 1), 53-bit resolution
  double normal();           // standard normal
  bool bit() { return (next_u64() >> 63) != 0; }

  // A generator for sub-stream `index` of `seed` (e.g. one per input channel or study run).
  static Random derived(std::uint64_t seed, std::uint64_t index);

 private:
  std::uint64_t state_[4];
  bool has_spare_ = false;
  double spare_ = 0.0;
};

// The first `count` outputs of Random(seed).next_u64() as 2*count 32-bit words, high word first
// (so a JavaScript Uint32Array carries the stream exactly). count in [0, kMaxRandomWords],
// otherwise InputError.
constexpr int kMaxRandomWords = 1'000'000;
std::vector<std::uint32_t> random_words(std::uint64_t seed, int count);

}  // namespace mechid
