// The augmented EKF of Beckmann et al. 2016 on recorded belt-drive data (u: motor torque, y: measured φ, φ'),
// as `identify --method ekf` and the page run it: the settings of eq. 32
// (belt_drive_ekf_options) with the parameters scaled, θ = scale · ϑ (run_scaled_ekf), θ_init and
// the diagonal of Θ_init overridable, and the final estimate's relative errors against a truth.
#pragma once

#include <string>
#include <vector>

#include <optional>

#include "core/enum_names.hpp"
#include "core/input_sampling_field.hpp"
#include "core/option_schema.hpp"
#include "estimators/ekf/augmented_ekf.hpp"
#include "estimators/ekf/belt_drive.hpp"
#include "estimators/ekf/belt_drive_experiment.hpp"

namespace mechid {

// The readings of eq. 32 offered by name (Eq32Reading says why there are several): kn-wide, θ in
// kN and kN s/m with Θ_init(d) = 1e-3 (ours, the default: d converges); kn, the same with eq. 32's
// 1e-6; printed, N and N s/m as printed.
enum class Eq32ReadingName { kn_wide, kn, printed };
extern const EnumNames<Eq32ReadingName, 3> kEq32ReadingNames;
Eq32Reading eq32_reading(Eq32ReadingName name);

struct BeltDriveEkfOptions {
  Discretization method = Discretization::rk4;
  Eq32ReadingName reading = Eq32ReadingName::kn_wide;  // the scale and Θ_init not given
  std::optional<double> scale;  // θ = scale · ϑ; eq. 32's covariances apply to ϑ; absent: the reading's
  Vector theta_init;            // [c_spec, d] in N, N s/m; empty = eq. 32's [0.2 c_spec, 2 d]
  Vector theta_var;             // diagonal of Θ_init in the units of ϑ; empty = the reading's [0.1, Θ_init(d)]
  InputSampling input_sampling = InputSampling::hold;
};

// BeltDriveEkfOptions' options (core/option_schema.hpp), the facade's group `ekf`.
template <class Visitor>
void describe(BeltDriveEkfOptions& o, Visitor& v) {
  v(Option{"method", "the discretization of the model inside the filter (Beckmann et al. 2016, Table 2; rk4: SE biases d)"},
    choice_field(o.method, kDiscretizationNames));
  v(Option{"reading", "how eq. 32's covariances are read: kn-wide (kN, kN s/m, Θ_init(d) = 1e-3), kn (eq. 32's 1e-6), printed (N, N s/m)"},
    choice_field(o.reading, kEq32ReadingNames));
  v(Option{"scale", "θ = scale · ϑ, eq. 32's covariances applying to ϑ (absent: the reading's, 1000 for kN)"}
        .above(0)
        .message("the parameter scale", "positive"),
    o.scale);
  v(Option{"thetaInit", "θ_init [c_spec, d] in N and N s/m (absent: eq. 32's [0.2 c_spec, 2 d])"}.with_code("theta0"), o.theta_init);
  v(Option{"thetaVar", "the diagonal of Θ_init in the units of ϑ (absent: the reading's [0.1, Θ_init(d)])"}
        .above(0)
        .message("a parameter variance", "positive"),
    o.theta_var);
  v(Option{"inputSampling", "the torque's samples: held over each period (hold, a ZOH actuator) or point values"},
    input_sampling_field(o.input_sampling));
}

struct BeltDriveEkf {
  EkfResult filter;             // parameters, parameter_std: N x 2 trajectories in N, N s/m
  std::vector<std::string> parameter_names;
  Vector theta, theta_std;      // at the last step the filter took (row `filter.steps`)
  Vector errors;                // |θ̂ - θ|/θ per parameter when a truth was given (else empty)
};

// Runs the filter on u (N x 1) and y (N x 2) sampled at h. `true_theta`: empty or [c_spec, d].
// Throws InputError naming a bad shape (u not one column, y not two) or a bad option (scale,
// θ_init or Θ_init sizes, the truth's size).
BeltDriveEkf run_belt_drive_ekf(const Matrix& u, const Matrix& y, double h, const BeltDriveEkfOptions& options,
                                const Vector& true_theta = Vector());

}  // namespace mechid
