#include "identify/methods.hpp"

#include <algorithm>
#include <cmath>
#include <complex>

#include "core/input_error.hpp"

namespace mechid {

std::vector<std::string> method_names() { return {"variational", "n4sid-d2c", "equation-error", "variational-zoh"}; }

Identification identify(const std::string& method, const Dataset& data, const IdentifyOptions& options) {
  if (method == "variational") return identify_variational(data, options);
  if (method == "n4sid-d2c") return identify_n4sid_d2c(data, options);
  if (method == "equation-error") return identify_equation_error(data, options);
  if (method == "variational-zoh") return identify_variational_zoh(data, options);
  throw InputError("unknown method '" + method + "' (expected variational, n4sid-d2c, equation-error or variational-zoh)");
}

SubspaceModel subspace_with_rule(const Dataset& data, const IdentifyOptions& options) {
  const Eigen::Index order = 2 * data.y.cols(), N = data.y.rows(), ny = data.y.cols();
  SubspaceOptions o;
  o.order = order;
  if (options.block_rows > 0) {
    o.block_rows = options.block_rows;
    return subspace_identify(data, o);
  }
  o.block_rows = choose_block_rows(order, ny, N, data.h, 0.0);
  o.estimate_input = false;  // the pilot is for F's poles only
  SubspaceModel pilot = subspace_identify(data, o);
  o.estimate_input = true;
  if (pilot.status == Status::failed) return pilot;
  // Slowest period from the pilot's poles: s = log(λ)/h.
  double slowest = 0.0;
  const Eigen::VectorXcd poles = Eigen::EigenSolver<Matrix>(pilot.F, false).eigenvalues();  // owned: not a view of a temporary
  for (const auto z : poles) {
    const double omega = std::abs(std::log(z)) / data.h;
    if (omega > 0) slowest = std::max(slowest, 2.0 * M_PI / omega);
  }
  const Eigen::Index rows = choose_block_rows(order, ny, N, data.h, slowest);
  o.block_rows = std::max(rows, o.block_rows);
  return subspace_identify(data, o);
}

}  // namespace mechid
