#include "discretize/euler.hpp"

namespace mechid {

DiscreteModel c2d_euler(const StateSpaceModel& m, double h) {
  validate_shapes(m);
  validate_step(h);
  const Matrix I = Matrix::Identity(m.A.rows(), m.A.cols());
  return {I + h * m.A, h * m.B, m.C, m.D, h};
}

ConversionResult d2c_euler(const DiscreteModel& d) {
  validate_shapes(d);
  const Matrix I = Matrix::Identity(d.F.rows(), d.F.cols());
  ConversionResult result;
  result.model = {(d.F - I) / d.h, d.G / d.h, d.H, d.J};
  return result;
}

}  // namespace mechid
