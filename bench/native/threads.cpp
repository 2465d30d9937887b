// The core's threads (issue 55, item 4), natively: identify("auto") on the scale section's chains
// (chain<n>, N = 6000, h = 0.002, PRBS held on every mass, SNR 20 dB, seed 2, chain structure, as
// bench/scale.mjs) on 1, 2, … threads (set_thread_count, core/parallel_for.hpp), each call repeated,
// and whether the estimates are the same bit for bit. Arguments: the sizes, then `--threads 1 2 4`
// and `--repeats R` (defaults 16 24, 1 2, 3). One JSON row per size and thread count: the seconds
// of every call (the r-th of every row made in the same round), and the bits of M, D, K as one
// hexadecimal digest (FNV-1a) for the comparison.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

#include "chain_record.hpp"
#include "mechid.hpp"

using namespace mechid;
using mechid::bench::chain_options;
using mechid::bench::chain_record;

namespace {

// FNV-1a over the bytes of M, D and K: equal digests, equal bits (up to a collision).
std::uint64_t digest(const MechanicalSystem& s) {
  std::uint64_t h = 1469598103934665603ull;
  for (const Matrix* m : {&s.M, &s.D, &s.K}) {
    const auto* bytes = reinterpret_cast<const unsigned char*>(m->data());
    for (std::size_t b = 0; b < static_cast<std::size_t>(m->size()) * sizeof(double); ++b) h = (h ^ bytes[b]) * 1099511628211ull;
  }
  return h;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> sizes, threads;
  int repeats = 3;
  std::vector<int>* into = &sizes;
  for (int a = 1; a < argc; ++a) {
    if (!std::strcmp(argv[a], "--threads")) into = &threads;
    else if (!std::strcmp(argv[a], "--repeats") && a + 1 < argc) repeats = std::atoi(argv[++a]);
    else into->push_back(std::atoi(argv[a]));
  }
  if (sizes.empty()) sizes = {16, 24};
  if (threads.empty()) threads = {1, 2};
  const IdentifyOptions options = chain_options();
  identify("auto", chain_record(4), options);  // warm-up
  std::printf("[");
  bool first = true;
  for (const int n : sizes) {
    const Dataset data = chain_record(n);
    // The thread counts take turns (call r on 1, 2, … threads, then call r + 1): a machine whose
    // speed drifts over the minutes of the run then slows every count alike, and the speed-up of
    // round r compares calls made within seconds of each other. (Changing the count starts the
    // pool's workers again, inside the call that first needs them: microseconds against seconds.)
    std::vector<std::string> seconds(threads.size()), status(threads.size());
    std::vector<std::uint64_t> bits(threads.size(), 0);
    for (int r = 0; r < repeats; ++r)
      for (std::size_t i = 0; i < threads.size(); ++i) {
        set_thread_count(threads[i]);
        const auto begin = std::chrono::steady_clock::now();
        const Identification id = identify("auto", data, options);
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
        seconds[i] += (r ? "," : "") + std::to_string(s);
        bits[i] = digest(id.system);
        status[i] = to_string(id.status);
      }
    for (std::size_t i = 0; i < threads.size(); ++i) {
      std::printf("%s{\"n\":%d,\"threads\":%d,\"seconds\":[%s],\"digest\":\"%016llx\",\"status\":\"%s\"}", first ? "" : ",", n,
                  threads[i], seconds[i].c_str(), static_cast<unsigned long long>(bits[i]), status[i].c_str());
      first = false;
    }
    std::fflush(stdout);
  }
  std::printf("]\n");
  return 0;
}
