// Prints native reference outputs as JSON for tests/node/cross_host.test.mjs, which computes the
// same things with the WASM module and compares: the random stream of seed 42 (as decimal
// strings: exact), and two noisy simulations (ZOH and fine-step) printed with 17 digits.
#include <cstdio>
#include <string>

#include "mechid.hpp"

using namespace mechid;

namespace {

void print_matrix(const char* name, const Matrix& m) {
  std::printf("\"%s\":{\"rows\":%ld,\"cols\":%ld,\"data\":[", name, static_cast<long>(m.rows()), static_cast<long>(m.cols()));
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j)
      std::printf("%s%.17g", i + j == 0 ? "" : ",", m(i, j));
  std::printf("]}");
}

void print_simulation(const char* key, const char* preset_name, const char* input, double h, long n, double snr,
                      unsigned seed) {
  SimulationOptions o;
  o.h = h;
  o.n = n;
  o.snr_db = snr;
  o.seed = seed;
  o.input.kind = parse_input_kind(input);
  const SimulatedData d = simulate(preset(preset_name), o);
  std::printf("\"%s\":{\"system\":\"%s\",\"input\":\"%s\",\"h\":%.17g,\"n\":%ld,\"snr\":%.17g,\"seed\":%u,", key,
              preset_name, input, h, n, snr, seed);
  print_matrix("u", d.u);
  std::printf(",");
  print_matrix("q", d.q);
  std::printf("}");
}

}  // namespace

int main() {
  std::printf("{\"stream\":{\"seed\":42,\"values\":[");
  Random rng(42);
  for (int i = 0; i < 1000; ++i) std::printf("%s\"%llu\"", i ? "," : "", static_cast<unsigned long long>(rng.next_u64()));
  std::printf("]},");
  print_simulation("zoh", "3dof", "prbs", 0.05, 400, 15.0, 7);
  std::printf(",");
  print_simulation("fine", "8dof", "multisine", 0.01, 300, 20.0, 9);
  std::printf("}\n");
  return 0;
}
