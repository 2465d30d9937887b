// The input matrix L of forces that each act at one DOF (a shaker or motor at one point): n x k
// with a single 1 per column, at the row of that input's DOF (thesis eq. 1.1: M q'' + D q' + K q = L u).
#pragma once

#include <string>
#include <vector>

#include "core/types.hpp"

namespace mechid {

// Where a DOF list comes from, for the message of a DOF out of range: "<name> entry <c> is <dof>:
// <range>" (range "" says "the DOFs are 1 to n"), and the InputError's option ("" for none).
struct DofListSource {
  std::string name = "forceDofs";
  std::string range;
  std::string option = "forceDofs";
};

// L (n x dofs.size()) with L(dofs[c] - 1, c) = 1: `dofs` are 1-based. Throws InputError when a DOF
// is not one of 1 … n (the message and option of `source`).
Matrix force_matrix(Eigen::Index n, const std::vector<int>& dofs, const DofListSource& source = {});

}  // namespace mechid
