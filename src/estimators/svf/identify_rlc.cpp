#include "estimators/svf/identify_rlc.hpp"

#include <string>

#include "core/input_error.hpp"

namespace mechid {

RlcIdentification identify_rlc(const Matrix& u, const Matrix& y, double h, const RlcIdentifyOptions& o) {
  require(u.cols() == 2, "the RLC circuit has 2 inputs (u1, u2), the data have " + std::to_string(u.cols()));
  require(y.cols() == 1, "the RLC circuit has 1 output (V_C), the data have " + std::to_string(y.cols()));
  SvfOptions options = rlc_svf_options(o.p1, o.p2);
  options.robust.robust = o.robust;
  options.input_rule = options.output_rule = o.intersample;
  require(options.output_rule != Intersample::hold, "the intersample rule of V_C must be cubic or linear");
  RlcIdentification r;
  r.search = svf_siso_search(u, y.col(0), h, options, svf_pole_grid(o.grid, o.p1, o.p2, y, h));
  if (r.search.fit.status != Status::failed) r.circuit = rlc_from_fit(r.search.fit);
  return r;
}

}  // namespace mechid
