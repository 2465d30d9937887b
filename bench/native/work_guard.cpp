// Native run time against the work guard's estimate (bench/guard.mjs, docs/results.md "Work guard"):
// for each case method:dof:samples on the command line, the spring-mass chain of bench/guard.mjs
// (unit masses, springs 100 N/m, Rayleigh damping), PRBS held on every DOF, h = 0.02, SNR 30 dB,
// seed 1; prints JSON rows {method, dof, samples, ms (one run), flops, bytes, status, iterations}.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "mechid.hpp"
#include "identify/work_estimate.hpp"
#include "../../tests/cpp/analysis/uniform_chain.hpp"

using namespace mechid;

int main(int argc, char** argv) {
  std::printf("[");
  for (int a = 1; a < argc; ++a) {
    const std::string spec = argv[a];
    const auto c1 = spec.find(':'), c2 = spec.find(':', c1 + 1);
    const std::string method = spec.substr(0, c1);
    const Eigen::Index n = std::atol(spec.substr(c1 + 1, c2 - c1 - 1).c_str()), N = std::atol(spec.substr(c2 + 1).c_str());
    SimulationOptions o;
    o.h = 0.02;
    o.n = N;
    o.snr_db = 30;
    o.seed = 1;
    const SimulatedData sim = simulate(uniform_chain(n), o);
    const Dataset data{o.h, sim.u, sim.q, InputSampling::hold};
    IdentifyOptions options;
    options.max_work = INFINITY;
    const WorkEstimate e = estimate_work(method, work_sizes({data}, options));
    std::string status;
    double iterations = -1;
    const auto begin = std::chrono::steady_clock::now();
    try {
      const Identification r = identify(method, data, options);
      status = to_string(r.status);
      if (r.diagnostics.iterations) iterations = static_cast<double>(*r.diagnostics.iterations);
    } catch (const InputError& error) {
      status = std::string("refused: ") + error.what();
    }
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count();
    std::printf("%s{\"method\":\"%s\",\"dof\":%ld,\"samples\":%ld,\"ms\":%.1f,\"flops\":%g,\"bytes\":%g,\"iterations\":%g,\"status\":\"%s\"}\n",
                a > 1 ? "," : "", method.c_str(), static_cast<long>(n), static_cast<long>(N), ms, e.flops, e.bytes, iterations,
                status.substr(0, 60).c_str());
    std::fflush(stdout);
  }
  std::printf("]\n");
  return 0;
}
