// Forward Euler discretization x_{k+1} = (I + hA) x_k + hB u_k and its (linear) inverse.
#pragma once

#include "discretize/discrete_model.hpp"

namespace mechid {

DiscreteModel c2d_euler(const StateSpaceModel& model, double h);
ConversionResult d2c_euler(const DiscreteModel& model);  // A = (F - I)/h, B = G/h; never fails

}  // namespace mechid
