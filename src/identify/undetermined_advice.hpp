// What the data do not determine, said as one rule for every method (issue 48, numerics review
// e622506, problem 4): a mode the given forces barely excite, and the entries of M, D, K that
// undetermined_entries names. Each is typed advice `undetermined` at warning level, so that no
// result whose mass interval holds negative values, or that rests on a barely excited mode, is ok.
#pragma once

#include <optional>

#include "core/advice.hpp"
#include "identify/dataset.hpp"
#include "identify/identification.hpp"

namespace mechid {

// A mode "barely excited by the given forces" when its participation from the forces L at the
// outputs (every DOF, measured as `outputs`) is below 1 % of the largest mode's while forces on
// every DOF would give it at least 1 %: model/mode_visibility.hpp's measure, the one `modal
// --force-dofs --sensor-dofs` reports, computed for L and for the identity. The second condition
// keeps the rule to what the actuators cause (a force at a node of the mode: 0.47 % against 24 %
// in the review's case) and what another actuator would cure: the fast modes of a chain forced on
// every mass have a small displacement peak too (1/ω_n²), but no actuator would raise it, and
// whether the data determine them is the intervals' question (undetermined_entries). Only
// underdamped modes (0 < ζ < 1) have that peak; an overdamped one is not judged. The advice names
// each such mode, its participation, and what to do; none when there are none (or fewer than two modes).
std::optional<Advice> barely_excited_modes_advice(const ModalResult& modal, const Matrix& L, OutputKind outputs);

// Adds to a finished identification (not failed) the advice above for its estimate's modes (its
// system's L), then undetermined_advice for its uncertainty's undetermined entries.
void advise_undetermined(Identification& r, OutputKind outputs);

}  // namespace mechid
