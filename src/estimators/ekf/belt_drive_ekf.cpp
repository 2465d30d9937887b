#include "estimators/ekf/belt_drive_ekf.hpp"

#include "core/input_error.hpp"
#include "estimators/ekf/belt_drive_experiment.hpp"
#include "estimators/ekf/scaled_model.hpp"

namespace mechid {

const EnumNames<Eq32ReadingName, 3> kEq32ReadingNames{"reading", {"kn-wide", "kn", "printed"}};

Eq32Reading eq32_reading(Eq32ReadingName name) {
  switch (name) {
    case Eq32ReadingName::kn_wide: return {1e3, 1e-3};
    case Eq32ReadingName::kn: return {1e3, 1e-6};
    case Eq32ReadingName::printed: break;
  }
  return {1.0, 1e-6};
}

BeltDriveEkf run_belt_drive_ekf(const Matrix& u, const Matrix& y, double h, const BeltDriveEkfOptions& o,
                                const Vector& true_theta) {
  // The shapes of the belt drive's data, named as the user knows them (the EKF's own checks
  // would name its model and its matrix C instead).
  check_options(o);  // the ranges of describe(): scale, Θ_init's diagonal
  require(u.cols() == 1, "the belt drive has one input (motor torque), the data have " + std::to_string(u.cols()));
  require(y.cols() == 2, "the belt-drive EKF needs two measured columns (angle, speed), got " + std::to_string(y.cols()));
  const BeltDrive model;
  EkfOptions options = belt_drive_ekf_options(model, o.method, h);
  if (o.theta_init.size()) options.theta_init = o.theta_init;
  require(options.theta_init.size() == 2, "theta0 needs 2 values (c_spec, d), got " + std::to_string(options.theta_init.size()));
  const Eq32Reading reading = eq32_reading(o.reading);
  options.Theta_init(1, 1) = reading.theta_init_d;
  if (o.theta_var.size()) {
    require(o.theta_var.size() == 2, "the parameter variances need 2 values (c_spec, d), got " + std::to_string(o.theta_var.size()));
    options.Theta_init = o.theta_var.asDiagonal();
  }
  options.input_sampling = o.input_sampling;
  require(true_theta.size() == 0 || true_theta.size() == 2,
          "the true parameters need 2 values, got " + std::to_string(true_theta.size()));
  BeltDriveEkf out;
  out.filter = run_scaled_ekf(model, u, y, options, o.scale.value_or(reading.parameter_scale));
  out.parameter_names = model.parameter_names();
  const Eigen::Index last = out.filter.steps;
  out.theta = out.filter.parameters.row(last).transpose();
  out.theta_std = out.filter.parameter_std.row(last).transpose();
  if (true_theta.size()) out.errors = (out.theta - true_theta).cwiseQuotient(true_theta).cwiseAbs();
  return out;
}

}  // namespace mechid
