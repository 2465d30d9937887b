#include "discretize/by_name.hpp"

#include "core/input_error.hpp"
#include "core/sampling_period.hpp"
#include "discretize/cayley.hpp"
#include "discretize/euler.hpp"
#include "discretize/zoh.hpp"

namespace mechid {
namespace {

// Md, Dd, Kd square and of one size; L with as many rows; h > 0.
void validate_shapes(const DiscreteVariationalModel& d) {
  validate_step(d.h);
  const Eigen::Index n = d.Md.rows();
  require(n > 0 && d.Md.cols() == n && d.Dd.rows() == n && d.Dd.cols() == n && d.Kd.rows() == n && d.Kd.cols() == n,
          "matrices Md, Dd and Kd must be square and of the same size");
  require(d.L.rows() == n, "matrix L must have as many rows as Md");
}

}  // namespace

ConversionMethod parse_conversion_method(const std::string& name) {
  if (name == "zoh") return ConversionMethod::zoh;
  if (name == "tustin") return ConversionMethod::tustin;
  if (name == "euler") return ConversionMethod::euler;
  if (name == "variational") return ConversionMethod::variational;
  throw InputError("unknown method '" + name + "' (expected zoh, tustin, euler or variational)");
}

std::string to_string(ConversionMethod method) {
  switch (method) {
    case ConversionMethod::zoh: return "zoh";
    case ConversionMethod::tustin: return "tustin";
    case ConversionMethod::euler: return "euler";
    case ConversionMethod::variational: return "variational";
  }
  return "zoh";
}

NamedDiscreteModel discretize(const MechanicalSystem& system, double h, const std::string& method) {
  NamedDiscreteModel out;
  out.method = parse_conversion_method(method);
  const StateSpaceModel continuous = to_state_space(system);
  // For every method: outside ε ≤ h·ω_max ≤ 1e8 the sampled model is the identity or has lost its
  // digits (G = 0 at h = 1e200 before this check; the variational Md = M/h² underflows there).
  check_sampling_period(h, fastest_rate_bound(system));
  if (out.method == ConversionMethod::variational) {
    out.variational = to_discrete(system, h);
    return out;
  }
  if (out.method == ConversionMethod::zoh) out.state_space = c2d_zoh(continuous, h);
  else if (out.method == ConversionMethod::tustin) out.state_space = c2d_tustin(continuous, h);
  else out.state_space = c2d_euler(continuous, h);
  return out;
}

NamedConversion to_continuous(const NamedDiscreteModel& model) {
  NamedConversion out;
  out.method = model.method;
  if (model.method == ConversionMethod::variational) {
    validate_shapes(model.variational);
    out.h = model.variational.h;
    out.system = to_continuous(model.variational);
    const auto problems = check(out.system);
    if (!problems.empty()) out.add_warning("the continuous model is not physical: " + problems.front());
    return out;
  }
  out.h = model.state_space.h;
  ConversionResult r;
  if (model.method == ConversionMethod::zoh) r = d2c_zoh(model.state_space);
  else if (model.method == ConversionMethod::tustin) r = d2c_tustin(model.state_space);
  else r = d2c_euler(model.state_space);
  static_cast<Outcome&>(out) = r;  // status, message and warnings of the conversion
  out.eigenvalues = r.eigenvalues;
  out.state_space = r.model;
  return out;
}

}  // namespace mechid
