// Native timing of the identification methods for `npm run bench` (bench/identification.mjs):
// prints JSON rows {system, h, method, ms (best of `repeats`), n4sid_ms, pem_iterations} for the
// cases given on the command line as system:h:snr[:method+method…] (N = 6000, PRBS held, seed 2, as
// the WASM rows; methods variational and n4sid-d2c unless given; MECHID_SPEED_REPEATS repeats,
// MECHID_SPEED_BLOCK_ROWS a fixed block-row count, MECHID_SPEED_SEED another simulation seed).
// Also built as a WebAssembly program for Node (wasm/CMakeLists.txt, mechid_identify_speed_wasm):
// bench/peer.mjs times the subspace step alone in WASM with it.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <limits>
#if defined(__GLIBC__)
#include <malloc.h>
#endif
#include <string>
#include <vector>

#include "identify/subspace_start.hpp"
#include "diagnostic_json.hpp"
#include "mechid.hpp"

using namespace mechid;
using mechid::bench::diagnostic;

namespace {

double milliseconds_since(std::chrono::steady_clock::time_point begin) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count();
}

}  // namespace

int main(int argc, char** argv) {
#if defined(__GLIBC__)
  // glibc maps each block above its mmap threshold afresh and returns it on free, so a process
  // that has not yet freed large blocks pays page faults on every subspace step's temporaries
  // (3dof h = 0.005 auto: 300 ms alone, 180 ms after 8dof runs had raised the threshold). WASM's
  // heap has no such cost: fixed thresholds make the native column time the arithmetic.
  mallopt(M_MMAP_THRESHOLD, 1 << 30);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif
  const int repeats = std::getenv("MECHID_SPEED_REPEATS") ? std::atoi(std::getenv("MECHID_SPEED_REPEATS")) : 5;
  IdentifyOptions options;  // MECHID_SPEED_BLOCK_ROWS: a fixed block-row count (0: the rule), as bench/peer.mjs sets
  if (std::getenv("MECHID_SPEED_BLOCK_ROWS")) options.block_rows = std::atoi(std::getenv("MECHID_SPEED_BLOCK_ROWS"));
  std::printf("[");
  bool first = true;
  for (int a = 1; a < argc; ++a) {
    const std::string spec = argv[a];
    const auto c1 = spec.find(':'), c2 = spec.find(':', c1 + 1), c3 = spec.find(':', c2 + 1);
    const std::string name = spec.substr(0, c1);
    const double h = std::atof(spec.substr(c1 + 1, c2 - c1 - 1).c_str());
    const double snr = std::atof(spec.substr(c2 + 1, c3 - c2 - 1).c_str());
    std::vector<std::string> methods{"variational", "n4sid-d2c"};
    if (c3 != std::string::npos) {
      methods.clear();
      for (std::size_t b = c3 + 1, e; b <= spec.size(); b = e + 1) {
        e = std::min(spec.find('+', b), spec.size());
        methods.push_back(spec.substr(b, e - b));
      }
    }
    SimulationOptions o;
    o.h = h;
    o.n = std::getenv("MECHID_SPEED_N") ? std::atoi(std::getenv("MECHID_SPEED_N")) : 6000;  // samples (a memory profile: 10⁶)
    o.snr_db = snr;
    o.seed = std::getenv("MECHID_SPEED_SEED") ? std::strtoull(std::getenv("MECHID_SPEED_SEED"), nullptr, 10) : 2;
    const MechanicalSystem system = preset(name);
    const SimulatedData sim = simulate(system, o);
    Dataset data{h, sim.u, sim.q, InputSampling::hold};
    for (const std::string& method : methods) {
      double best = std::numeric_limits<double>::infinity(), n4sid_best = best;
      Identification r;
      for (int i = 0; i < repeats; ++i) {
        auto begin = std::chrono::steady_clock::now();
        r = identify(method, data, options);
        best = std::min(best, milliseconds_since(begin));
        begin = std::chrono::steady_clock::now();
        subspace_with_rule(data, options);
        n4sid_best = std::min(n4sid_best, milliseconds_since(begin));
      }
      std::printf("%s{\"system\":\"%s\",\"h\":%g,\"method\":\"%s\",\"ms\":%.2f,\"n4sid_ms\":%.2f,\"iterations\":%s,\"block_rows\":%s}",
                  first ? "" : ",", name.c_str(), h, method.c_str(), best, n4sid_best, diagnostic(r, "iterations").c_str(),
                  diagnostic(r, "block_rows").c_str());
      first = false;
    }
  }
  std::printf("]\n");
  return 0;
}
