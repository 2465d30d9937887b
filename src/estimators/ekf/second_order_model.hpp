// Mechanical models in position/velocity form for the discretizations of Beckmann et al. 2016 (eq. 20 with
// Φ(v) = v, as for every model here):
//   s' = v,  v' = a(s, v, θ, u),
// with θ the parameters an augmented EKF estimates (Beckmann et al. 2016, eq. 11). A model returns the
// acceleration and, on request, its analytic Jacobians ∂a/∂s, ∂a/∂v, ∂a/∂θ, from which the
// discretizations build the exact Jacobians of their discrete maps (ekf/discretization.hpp).
#pragma once

#include <string>
#include <vector>

#include "core/types.hpp"

namespace mechid {

struct Acceleration {
  Vector a;                  // n
  Matrix ds, dv, dtheta;     // n x n, n x n, n x p (set only when asked for)
};

class SecondOrderModel {
 public:
  virtual ~SecondOrderModel() = default;
  virtual Eigen::Index dof() const = 0;                     // n: x = [s; v] has 2n entries
  virtual Eigen::Index inputs() const = 0;
  virtual std::vector<std::string> parameter_names() const = 0;  // θ, in order
  Eigen::Index parameters() const { return static_cast<Eigen::Index>(parameter_names().size()); }
  virtual Acceleration acceleration(const Vector& s, const Vector& v, const Vector& theta, const Vector& u,
                                    bool jacobians) const = 0;
};

}  // namespace mechid
