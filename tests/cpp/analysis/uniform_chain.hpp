// The work guard's chain (tests/cpp/analysis/command_cost_test.cpp, bench/native/work_guard.cpp):
// n unit masses between walls, springs 100 (K = 100 tridiag(-1, 2, -1)), D = 0.1 M + 0.002 K, one
// force on each mass (L = I).
#pragma once

#include "model/mechanical_system.hpp"

inline mechid::MechanicalSystem uniform_chain(Eigen::Index n) {
  mechid::MechanicalSystem s;
  s.M = mechid::Matrix::Identity(n, n);
  s.K = mechid::Matrix::Zero(n, n);
  for (Eigen::Index i = 0; i < n; ++i) {
    s.K(i, i) = 200;
    if (i > 0) s.K(i, i - 1) = s.K(i - 1, i) = -100;
  }
  s.D = 0.1 * s.M + 0.002 * s.K;
  s.L = mechid::Matrix::Identity(n, n);
  return s;
}
