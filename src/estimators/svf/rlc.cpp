#include "estimators/svf/rlc.hpp"

#include <cmath>

#include "core/input_error.hpp"

namespace mechid {

StateSpaceModel rlc_state_space(const RlcCircuit& c) {
  require(std::isfinite(c.inv_rc) && c.inv_rc > 0, "1/RC must be a positive number, got " + format_number(c.inv_rc));
  require(std::isfinite(c.inv_lc) && c.inv_lc > 0, "1/LC must be a positive number, got " + format_number(c.inv_lc));
  StateSpaceModel m;
  m.A.resize(2, 2);
  m.A << -c.inv_rc, 1.0, -c.inv_lc, 0.0;
  m.B.resize(2, 2);
  m.B << c.inv_rc, c.inv_rc, 0.0, c.inv_lc;
  m.C = Matrix(1, 2);
  m.C << 1.0, 0.0;
  m.D = Matrix::Zero(1, 2);
  return m;
}

SineSum rlc_seed_input() {
  // offsets (c_1, c_2) = (0, 1); one term on channel 0: amplitude 2, ω = 1 rad/s, phase 0
  return {Vector(Eigen::Vector2d(0.0, 1.0)), {{0, 2.0, 1.0, 0.0}}};
}

SvfOptions rlc_svf_options(double p1, double p2) {
  SvfOptions o;
  o.p1 = p1;
  o.p2 = p2;
  o.input_derivative = {true, true};
  return o;
}

RlcCircuit rlc_from_fit(const SvfFit& fit) {
  require(fit.input_derivative.size() == 2, "1/RC and 1/LC need a fit of the two-input circuit model");
  return {fit.ode.a1, fit.ode.a0};
}

}  // namespace mechid
