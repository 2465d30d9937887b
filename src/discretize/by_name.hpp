// Discretization and its inverse chosen by name, for the CLI, the page and the Node API:
// "zoh" (eq. 1.8), "tustin" (eq. 3.13), "euler" and "variational" (eq. 2.22 / 2.26). The
// state-space methods act on x' = A x + B u of eq. 1.4; the variational one on (M, D, K) directly.
#pragma once

#include <complex>
#include <string>
#include <vector>

#include "core/status.hpp"
#include "discretize/discrete_model.hpp"
#include "discretize/variational.hpp"

namespace mechid {

enum class ConversionMethod { zoh, tustin, euler, variational };

// Throws InputError naming `name` unless it is one of zoh, tustin, euler, variational.
ConversionMethod parse_conversion_method(const std::string& name);
std::string to_string(ConversionMethod method);

// A discrete model of either kind: `variational` for ConversionMethod::variational, else `state_space`.
struct NamedDiscreteModel {
  ConversionMethod method = ConversionMethod::zoh;
  DiscreteModel state_space;            // F, G, H, J (and h)
  DiscreteVariationalModel variational; // Md, Dd, Kd, L (and h)
  double h() const { return method == ConversionMethod::variational ? variational.h : state_space.h; }
};

// The discrete model of `system` at step h by `method`. Throws InputError on a bad system, h or name.
NamedDiscreteModel discretize(const MechanicalSystem& system, double h, const std::string& method);

// A conversion back to continuous time. State-space methods: `state_space` (A, B, C, D) unless
// failed, and the eigenvalues of F behind a failure or warning (d2c_zoh, d2c_tustin, d2c_euler).
// Variational: `system` (M, D, K, L of eq. 2.26), always computed; a warning when it is not a
// physical system (check() of model/mechanical_system.hpp: the first problem in the message).
struct NamedConversion : Outcome {
  ConversionMethod method = ConversionMethod::zoh;
  double h = 0.0;
  std::vector<std::complex<double>> eigenvalues;
  StateSpaceModel state_space;
  MechanicalSystem system;
};

// Converts `model` (its `h` is used) by its method. Throws InputError on bad shapes or h.
NamedConversion to_continuous(const NamedDiscreteModel& model);

}  // namespace mechid
