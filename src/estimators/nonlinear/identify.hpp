// Piecewise-linear stiffness from an accelerometer record, Karimov et al. 2021: the DIA (Algorithm 2 on
// eq. 14: a = -2c/m v - Σ k_j/m μ_j (x - x0_j) + f/m) and the IDA (Algorithm 3 on eq. 16, the time
// derivative: j = -2c/m a - Σ k_j/m μ_j v + ḟ/m), from a and the known force f after the
// reconstruction of sec. 2.3 / 3.2.2. Mass and damping are known (sec. 3.2: "the mass m and
// damping coefficient c" known) or estimated with the stiffness: the damping through the
// coefficient of v (DIA) or a (IDA), the mass through the coefficient 1/m of f (or ḟ), which
// needs a non-zero force.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/option_schema.hpp"
#include "core/status.hpp"
#include "estimators/nonlinear/irls.hpp"
#include "estimators/nonlinear/piecewise_regression.hpp"
#include "estimators/nonlinear/reconstruct.hpp"
#include "estimators/nonlinear/regions.hpp"
#include "estimators/nonlinear/swapping.hpp"

namespace mechid::nonlinear {

struct AccelerationData {
  double h = 0.0;            // sampling period, s
  Vector a;                  // measured acceleration
  Vector f;                  // applied force f(t_i); empty = free vibration
};

struct PiecewiseOptions {
  Form method = Form::ida;
  Regions regions;
  std::optional<double> mass, damping;        // known values; empty = estimated
  ReconstructionOptions reconstruction;
  IrlsOptions irls;
  SwapOptions swap;          // Algorithm 3's swapping (default: the paper's, in the IDA only)
};

// PiecewiseOptions' options (core/option_schema.hpp); regions have their own parser.
template <class Visitor>
void describe(PiecewiseOptions& o, Visitor& v) {
  auto method_name = [&o] { return std::string(o.method == Form::ida ? "ida" : "dia"); };
  auto set_method = [&o](const std::string& text) {
    require(text == "ida" || text == "dia", "unknown method '" + text + "' (expected ida or dia)");
    o.method = text == "ida" ? Form::ida : Form::dia;
  };
  v(Option{"method", "ida (integral form, eq. 16, with swapping) or dia (differential form, eq. 14)"},
    ChoiceField{{"ida", "dia"}, method_name, set_method});
  v(Option{"mass", "the known mass (empty: estimated with the stiffness; needs the force)"}, o.mass);
  v(Option{"damping", "the known damping c of 2c x' (empty: estimated)"}, o.damping);
  describe(o.reconstruction, v);
  describe(o.irls, v);
  describe(o.swap, v);
}

struct StiffnessEstimate {
  std::string name;          // class name, e.g. "outer"
  double k = 0.0;            // N/m (or N m/rad)
  double offset = 0.0;       // x0 estimated from the DIA intercept (NaN when not estimated)
  Eigen::Index samples = 0;  // samples in the class after swapping
  double k_half95 = NAN;     // half-width of k's 95 % interval (piecewise_intervals.hpp); NaN: unknown
  double offset_half95 = NAN;  // the same for the estimated offset
};

struct PiecewiseIdentification : Outcome {
  std::string method;        // "dia" or "ida"
  std::vector<StiffnessEstimate> stiffness;
  double mass = 0.0, damping = 0.0;
  bool mass_estimated = false, damping_estimated = false;
  double mass_half95 = NAN, damping_half95 = NAN;  // 95 % half-widths of the estimated m, c (NaN: given)
  Regions regions;
  ReconstructedSignals signals;  // a, v, x, j used
  std::vector<int> initial_region, final_region;
  Eigen::Index changed = 0;      // samples whose final region differs from the initial one
  Eigen::Index swaps = 0;        // swap operations
  Matrix changes;                // regions x regions: count moved from row region to column region
  Vector y, y_fit;               // left-hand side of eq. 14 / 16 and its fit
  double fit_percent = 0.0;      // 100 (1 - ||y - ŷ|| / ||y - mean y||)
  double nrmse = 0.0;            // ||y - ŷ|| / ||y - mean y||
  int iterations = 0;
  bool converged = false;
};

// Checks and runs; InputError for bad input (no/too short/non-finite acceleration, force of
// another length, a mass to estimate without force, bad options, regions leaving a class empty).
PiecewiseIdentification identify_piecewise(const AccelerationData& data, const PiecewiseOptions& options);

// The identified spring force F(x) at the points x: k_j (x - x0_j) with the regions' offsets, or
// the DIA's estimated ones; where offsets are unknown (IDA with free offsets) the curve is made
// continuous with F(0) = 0.
Vector estimated_force(const PiecewiseIdentification& r, const Vector& x);

// Fewest samples identify_piecewise accepts.
inline constexpr Eigen::Index kMinAccelerationSamples = 50;

}  // namespace mechid::nonlinear
