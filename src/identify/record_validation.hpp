// Validation of an identified model on a record, trained on or held out (issue 16, `--validate`):
// the free run of validation.hpp, with the friction and offset forces of an inverse-dynamic
// estimate as further inputs: sign(q') of the record's zero-phase filtered velocity (at the
// estimate's low-pass cut-off) times -F_c, and -f_0 (the first run's offset) held constant.
#pragma once

#include <optional>

#include "identify/identification.hpp"
#include "identify/velocity_sign.hpp"

namespace mechid {

// The model and the record with the force terms as input columns [u, sign(q'), 1] and
// L' = [L, -diag(F_c), -f_0] (only those the estimate has). Without force terms the record is the
// caller's own, not a copy (48 MB for 10⁶ samples of 3 DOF, issue 56 item 7): the caller's record
// must outlive this one.
struct ForcedRecord {
  MechanicalSystem model;
  std::optional<Dataset> extended;  // the record with the force terms' columns, when there are any
  const Dataset* record = nullptr;  // the caller's record
  const Dataset& data() const { return extended ? *extended : *record; }
};
ForcedRecord with_force_terms(const MechanicalSystem& system, const ForceTerms& forces, double lowpass_hz,
                              const Dataset& data);


// The force terms a caller states for validate_record: F_c and f_0, and the low-pass cut-off in
// Hz the friction was estimated at (0: none).
struct StatedForceTerms {
  ForceTerms terms;
  double lowpass_hz = 0.0;
};

// validate_model of the model with its force terms (initial_window: validate_model's). Throws
// InputError when the record's columns do not match the model (naming both counts).
ValidationReport validate_record(const MechanicalSystem& system, const ForceTerms& forces, double lowpass_hz,
                                 const Dataset& data, Eigen::Index initial_window = 0);

// The free-run fit of a finished result on each held-out run (identify's `held_out`): validate_record
// of result.system with result.forces at result.diagnostics.lowpass_hz (the cut-off its friction
// was estimated with). A record that cannot be validated (an InputError of validate_record) gets
// status failed with that message, as the other records still say how the estimate does. None for
// a failed result. initial_window: IdentifyOptions::initial_window.
std::vector<RecordFit> validate_held_out(const Identification& result, const std::vector<Dataset>& held_out,
                                         Eigen::Index initial_window = 0);

}  // namespace mechid
