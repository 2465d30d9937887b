// The hammer (impact) test at the JS boundary (issue 54): its options from JS, its result to
// JSON-friendly JS, and the binding's body (data {h, u: the force (N × 1), y: the responses}).
#pragma once

#include "analysis/impact/hammer_test.hpp"
#include "convert/marshal.hpp"

namespace mechid::wasm {

// The modes' options (frequency_domain.hpp: bandLoHz, bandHiHz, maxOrder, tolerances, outputs) and
// {trigger?, pretrigger?, length?, doubleHit?, expTau?, reject?, accept?} (analysis/impact/hammer_test.hpp).
HammerOptions hammer_options_from_js(const val& o);

// {status, message, warnings, advice, hits: [{hit, time_s, trigger_sample, peak, accepted, reason
// (null when none), reason_time_s, reason_channel}], averages, rejected, length, pretrigger,
// trigger_level, force_window, tau_s (null: no window), window_decay_rate, frf, modes: [{freq_hz,
// zeta, zeta_windowed, damping_correction, ...}], damping_corrected, stabilization (when a band was given)}
val hammer_to_js(const HammerTest& r, const HammerOptions& o);

// api.hammer(data {h, u, y}, options): the result, or an Error with code 'bad-input' and the option.
val hammer_js(val data, val options);

}  // namespace mechid::wasm
