#include "analysis/study.hpp"

#include <cmath>

#include "core/rng.hpp"
#include "identify/methods.hpp"
#include "simulate/simulation.hpp"

namespace mechid {

std::uint64_t study_data_seed(std::uint64_t seed, std::uint64_t h_index, std::uint64_t run) {
  return Random::derived(seed, (h_index << 32) + run).next_u64() >> 11;
}

StudyRunResult study_run(const MechanicalSystem& system, const StudyRunOptions& o) {
  SimulationOptions sim;
  sim.h = o.h;
  sim.n = o.samples;
  sim.snr_db = o.snr_db;
  sim.seed = study_data_seed(o.seed, o.h_index, o.run);
  const SimulatedData data = simulate(system, sim);
  const Dataset dataset{o.h, data.u, data.q, InputSampling::hold};
  IdentifyOptions options;
  options.L = system.L;
  const Identification r = identify(o.method, dataset, options);
  StudyRunResult out;
  out.status = r.status;
  out.message = r.message;
  out.ms = r.timing_ms;
  out.errors = r.status == Status::failed ? RelativeErrors{NAN, NAN, NAN, NAN} : relative_errors(r.system, system);
  return out;
}

}  // namespace mechid
