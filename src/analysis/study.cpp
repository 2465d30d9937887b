#include "analysis/study.hpp"

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
  // The method's advice, but whether the record is too short is judged against the truth, which
  // the study knows: said on every run of such a record (failed ones included) and on no other,
  // whatever each estimate's slowest mode, so that the page draws such a point as a record too
  // short and not as an error of the method (issue 50, item 4; the lesson's h, N trade-off).
  for (const Advice& a : r.advice)
    if (a.code != AdviceCode::record_too_short) out.advise(a);
  if (std::optional<Advice> a = record_length_advice(modal_analysis(system), o.h * double(o.samples - 1))) out.advise(*a);
  out.errors = r.status == Status::failed ? RelativeErrors{NAN, NAN, NAN, NAN} : relative_errors(r.system, system);
  return out;
}

}  // namespace mechid
