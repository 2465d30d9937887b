// Where the time of `auto` goes on the scale section's chains (issue 55, item 1), natively: the
// chain<n> presets, N = 6000, h = 0.002, PRBS held on every mass, SNR 20 dB, seed 2, with the chain
// structure (M diagonal, D and K tridiagonal), as bench/scale.mjs. For each n on the command line
// (default 8 16 24; `--threads T` runs the core on T threads, parallel_for.hpp) one JSON row: the whole identify("auto") and, timed apart, the steps it is made
// of: the subspace step of its start (subspace_with_rule), the variational start (its PEM to the
// end), the structured inverse-dynamic start, and the exact-sampling PEM refined from the latter
// with its iterations, fresh Jacobian factors and covariance (refine_exact_sampling), and the same
// PEM from the same start over a growing horizon (refine_over_growing_horizon: one period of the
// start's slowest mode first, then doubled while below two thirds of the record, then the whole record) with the largest difference of
// its M, D and K entries from the whole-record PEM's in units of that one's sd, on the record
// normalised as identify() normalises it (amplitude_scaling.hpp: the LM's path depends on it, 31
// against 48 iterations at 24 DOF). Each step once, after a warm-up identification of chain4
// (bench/scale_phases.mjs prints the table).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "identify/amplitude_scaling.hpp"
#include "identify/growing_horizon.hpp"
#include "identify/method_runs.hpp"
#include "identify/subspace_start.hpp"
#include "diagnostic_json.hpp"
#include "chain_record.hpp"
#include "mechid.hpp"

using namespace mechid;
using mechid::bench::chain_options;
using mechid::bench::chain_record;
using mechid::bench::diagnostic;

namespace {

template <class F>
double seconds(F&& f) {
  const auto begin = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - begin).count();
}


}  // namespace

int main(int argc, char** argv) {
  const IdentifyOptions options = chain_options();
  identify("auto", chain_record(4), options);  // warm-up
  std::vector<Eigen::Index> sizes;
  for (int a = 1; a < argc; ++a) {
    if (std::string(argv[a]) == "--threads" && a + 1 < argc) {
      set_thread_count(std::atoi(argv[++a]));
      continue;
    }
    sizes.push_back(std::atoi(argv[a]));
  }
  if (sizes.empty()) sizes = {8, 16, 24};
  std::printf("[");
  for (std::size_t c = 0; c < sizes.size(); ++c) {
    const Dataset data = chain_record(sizes[c]);
    Dataset scaled = data;
    scale_data(scaled, amplitude_scaling(scaled, input_matrix(scaled, options)));
    Identification whole, start, refined;
    SubspaceModel subspace;
    const double whole_s = seconds([&] { whole = identify("auto", data, options); });
    const double subspace_s = seconds([&] { subspace = subspace_with_rule(scaled, options); });
    const double variational_s = seconds([&] { identify_variational(scaled, options, &subspace); });
    const double inverse_s = seconds([&] { start = identify_inverse_dynamic({scaled}, options); });
    const double pem_s = seconds([&] { refined = refine_exact_sampling({scaled}, options, start); });
    std::optional<Identification> grown;
    const double grown_s = seconds([&] { grown = refine_over_growing_horizon({scaled}, options, start); });
    double grown_sd = -1;  // the largest |grown - refined| / sd over the entries with an sd
    if (grown && refined.uncertainty.available) {
      const auto furthest = [&](const Matrix& a, const Matrix& b, const Matrix& sd) {
        for (Eigen::Index i = 0; i < a.size(); ++i)
          if (sd(i) > 0) grown_sd = std::max(grown_sd, std::abs(a(i) - b(i)) / sd(i));
      };
      furthest(grown->system.M, refined.system.M, refined.uncertainty.M);
      furthest(grown->system.D, refined.system.D, refined.uncertainty.D);
      furthest(grown->system.K, refined.system.K, refined.uncertainty.K);
    }
    std::printf("%s{\"n\":%lld,\"auto_s\":%.3f,\"auto_iterations\":%s,\"subspace_s\":%.3f,\"block_rows\":%lld,"
                "\"variational_start_s\":%.3f,\"inverse_dynamic_s\":%.3f,\"pem_s\":%.3f,\"pem_iterations\":%s,"
                "\"pem_factors\":%s,\"grown_s\":%.3f,\"grown_status\":\"%s\",\"grown_sd\":%.4f,\"status\":\"%s\"}",
                c ? "," : "", static_cast<long long>(sizes[c]), whole_s, diagnostic(whole, "iterations").c_str(), subspace_s,
                static_cast<long long>(subspace.block_rows), variational_s, inverse_s, pem_s,
                diagnostic(refined, "iterations").c_str(), diagnostic(refined, "curvature_evaluations").c_str(), grown ? grown_s : -1.0,
                grown ? to_string(grown->status).c_str() : "none", grown_sd, to_string(whole.status).c_str());
    std::fflush(stdout);
  }
  std::printf("]\n");
  return 0;
}
