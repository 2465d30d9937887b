// Convergence order of the discretizations of Beckmann et al. 2016 (eqs. 16-22), measured: the global error
// at t_end on the forced oscillator m s'' + b s' + k s = sin(1.3 t) + 0.5 (m = 1, k = 4) from rest
// against its exact response (simulate/sinusoid_response.hpp), the input evaluated exactly at the
// start, middle and end of each step; the order is the least-squares slope of log error against
// log T over T0, T0/2, T0/4, T0/8.
#pragma once

#include "estimators/ekf/discretization.hpp"

namespace mechid {

double oscillator_global_error(Discretization method, double b, double T, double t_end = 4.0);

double observed_order(Discretization method, double b, double T0);

}  // namespace mechid
