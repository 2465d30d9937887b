// Several setups merged at the JS boundary (issue 51): api.oma([{h, y, channels}, …], options).
#pragma once

#include "convert/marshal.hpp"

namespace mechid::wasm {

// setups: [{h, y, channels: [names]}], options: oma's (output_only.hpp) but references, given as
// reference_names ([names] or undefined: the channels common to all setups) →
// {status, message, warnings, advice, channels, references, modes: [{freq_hz, zeta, freq_hz_sd,
// zeta_sd, freq_hz_half95, zeta_half95, shape, shape_sd (over channels; null where no setup that
// found the mode measured), setups (from 1)}], setups: [each setup's oma result]}, or an Error
// with code 'bad-input'.
val oma_setups_js(val setups, val options, val reference_names);

}  // namespace mechid::wasm
