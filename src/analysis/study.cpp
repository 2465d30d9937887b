#include "analysis/study.hpp"

#include <algorithm>
#include <cmath>

#include "core/rng.hpp"
#include "identify/methods.hpp"
#include "identify/model_shape_advice.hpp"
#include "model/modal.hpp"
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
  for (const Advice& a : r.advice) out.advise(a);
  // The study knows the truth: a record shorter than a few periods of the true slowest mode is
  // said on every run of it, failed ones included, so that the page draws such a point as a record
  // too short and not as an error of the method (issue 50, item 4; the lesson's h, N trade-off).
  const bool said = std::any_of(out.advice.begin(), out.advice.end(), [](const Advice& a) { return a.code == AdviceCode::record_too_short; });
  if (std::optional<Advice> a = record_length_advice(modal_analysis(system), o.h * double(o.samples - 1)); a && !said) out.advise(*a);
  out.errors = r.status == Status::failed ? RelativeErrors{NAN, NAN, NAN, NAN} : relative_errors(r.system, system);
  return out;
}

}  // namespace mechid
