// Output-only modal analysis at the JS boundary (issue 51): its options from JS, its result to
// JSON-friendly JS, and the binding's body (data {h, y}: responses only).
#pragma once

#include "analysis/oma/output_only_modes.hpp"
#include "convert/marshal.hpp"

namespace mechid::wasm {

// {bandLoHz?, bandHiHz?, maxOrder?, blockRows?, references? (output columns from 1), freqTol?,
// dampingTol?, macMin?, clusterDistance?, minOrders?, sdBlocks?, record?} (analysis/oma/output_only_modes.hpp).
OmaOptions oma_options_from_js(const val& o);

// {status, message, warnings, advice, modes: [{freq_hz, zeta, shape (real, largest entry +1),
// complex_shape ([re, im] pairs), mpc, mpd_deg, orders_found, poles, freq_hz_sd, zeta_sd,
// freq_hz_half95, zeta_half95, shape_sd (null when not computed)}], stabilization: [{order,
// poles: [...]}], spectrum: {freq_hz, singular_values: [one series per singular value], segment,
// segments}, block_rows, min_orders, references (from 1), free_decay, sd_blocks, max_order, tolerances}
val oma_to_js(const OmaResult& r, const OmaOptions& o);

// api.oma(data {h, y}, options): the result, or an Error with code 'bad-input' and the option.
val oma_js(val data, val options);

// api.spectrum(data {h, y}, {segment?}): {freq_hz, psd: [one series per channel, y² per Hz],
// segment, segments} (analysis/oma/singular_value_spectrum.hpp), or an Error with code 'bad-input'.
val spectrum_js(val data, val options);

}  // namespace mechid::wasm
