#include "identify/record_validation.hpp"

#include "core/input_error.hpp"

namespace mechid {

ForcedRecord with_force_terms(const MechanicalSystem& system, const ForceTerms& forces, double lowpass_hz,
                              const Dataset& data) {
  ForcedRecord out{system, std::nullopt, &data};
  const Eigen::Index n = system.M.rows(), k = data.u.cols();
  const bool friction = forces.coulomb.size() > 0, offset = forces.offset.size() > 0;
  const Eigen::Index extra = (friction ? n : 0) + (offset ? 1 : 0);
  if (extra == 0) return out;
  Dataset& extended = out.extended.emplace(data);
  extended.u.conservativeResize(Eigen::NoChange, k + extra);
  out.model.L.conservativeResize(Eigen::NoChange, system.L.cols() + extra);
  Eigen::Index c = k;
  if (friction) {
    extended.u.middleCols(c, n) = velocity_sign(data.y, data.h, lowpass_hz);
    out.model.L.middleCols(c, n) = -Matrix(forces.coulomb.asDiagonal());
    c += n;
  }
  if (offset) {
    extended.u.col(c).setOnes();
    out.model.L.col(c) = -forces.offset.row(0).transpose();
  }
  return out;
}

ValidationReport validate_record(const MechanicalSystem& system, const ForceTerms& forces, double lowpass_hz,
                                 const Dataset& data, Eigen::Index initial_window) {
  require(data.y.cols() == system.M.rows() && data.u.cols() == system.L.cols(),
          "the record has " + std::to_string(data.u.cols()) + " input and " + std::to_string(data.y.cols()) +
              " output column(s); the model has " + std::to_string(system.L.cols()) + " and " +
              std::to_string(system.M.rows()));
  require(forces.coulomb.size() == 0 || (forces.coulomb.size() == system.M.rows() && lowpass_hz > 0),
          "the model's Coulomb friction needs one F_c per DOF and the low-pass cut-off (Hz > 0) it was estimated with",
          "lowpassHz");
  require(forces.offset.size() == 0 || forces.offset.cols() == system.M.rows(),
          "the model's offset needs one f_0 per DOF, got " + std::to_string(forces.offset.cols()), "offset");
  validate(data, 4);
  require(data.outputs == OutputKind::displacement,
          "validation records of accelerations are not supported: the free run simulates displacements", "runs");
  const ForcedRecord forced = with_force_terms(system, forces, lowpass_hz, data);
  return validate_model(forced.model, forced.data(), 25, Series::kept, initial_window);
}

std::vector<RecordFit> validate_held_out(const Identification& result, const std::vector<Dataset>& held_out,
                                         Eigen::Index initial_window) {
  std::vector<RecordFit> fits;
  if (result.status == Status::failed) return fits;
  const double lowpass = result.diagnostics.lowpass_hz.value_or(0.0);
  for (const Dataset& d : held_out) {
    RecordFit fit{d.name, {}};
    try {
      fit.report = validate_record(result.system, result.forces, lowpass, d, initial_window);
    } catch (const InputError& e) {
      fit.report.fail(e.what());
    }
    fits.push_back(std::move(fit));
  }
  return fits;
}

}  // namespace mechid
