// Frequency responses of state-space models: C (sI - A)^{-1} B + D and H (zI - F)^{-1} G + J.
#pragma once

#include <complex>

#include "discretize/discrete_model.hpp"

namespace mechid {

Eigen::MatrixXcd frequency_response(const StateSpaceModel& model, std::complex<double> s);
Eigen::MatrixXcd frequency_response(const DiscreteModel& model, std::complex<double> z);

}  // namespace mechid
