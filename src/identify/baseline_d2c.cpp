// The state-of-the-art route of thesis ch. 5 (Fig. 5.1): n4sid, ZOH d2c by the matrix
// logarithm, second-order extraction of Luş, De Angelis and Longman (2003).
#include "core/stopwatch.hpp"
#include "discretize/zoh.hpp"
#include "identify/methods.hpp"
#include "identify/output_response.hpp"
#include "identify/subspace_start.hpp"
#include "model/second_order_extraction.hpp"

namespace mechid {

Identification n4sid_d2c_from(const SubspaceModel& sub, const Dataset& data, const IdentifyOptions& options) {
  const Stopwatch clock;
  Identification r = method_result("n4sid-d2c", data);
  const Matrix L = input_matrix(data, options);
  r.diagnostics.block_rows = sub.block_rows;
  note_suggested_dof(sub, data.y.cols(), r);
  auto fail = [&](const std::string& message) {
    r.fail(message);
    r.timing_ms = clock.elapsed_ms();
    return r;
  };
  if (sub.status == Status::failed) return fail("n4sid: " + sub.message);
  if (sub.status == Status::warning) return fail("n4sid: " + sub.message + ": no logarithm of an unstable F is a sampled model");
  const DiscreteModel discrete{sub.F, sub.G, sub.H, Matrix::Zero(sub.H.rows(), sub.G.cols()), data.h};
  const ConversionResult continuous = d2c_zoh(discrete);
  if (continuous.status == Status::failed) return fail("d2c: " + continuous.message);
  if (continuous.status == Status::warning) r.add_warning("d2c: " + continuous.message);
  const SecondOrderExtraction second = extract_second_order(continuous.model, L);
  if (second.status == Status::failed) return fail("second-order extraction: " + second.message);
  r.system = second.system;
  finish(r, data);
  r.timing_ms = clock.elapsed_ms();
  return r;
}

Identification identify_n4sid_d2c(const Dataset& data, const IdentifyOptions& options) {
  const Stopwatch clock;
  input_matrix(data, options);  // a bad L or force_dofs is bad input before any work
  const SubspaceModel sub = subspace_with_rule(data, options);
  require_responding_outputs(data, sub);  // an output of noise only has no model (output_response.hpp)
  Identification r = n4sid_d2c_from(sub, data, options);
  r.timing_ms = clock.elapsed_ms();
  return r;
}

}  // namespace mechid
