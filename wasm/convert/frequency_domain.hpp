// The frequency-domain requests at the JS boundary (issue 17): FRF estimation and modes in a band,
// their options from JS and their results to JSON-friendly JS (nested arrays, [re, im] pairs).
#pragma once

#include "analysis/modes_in_band.hpp"
#include "convert/marshal.hpp"

namespace mechid::wasm {

// {method?, window?, segment?, periods?, skipPeriods?, bandLoHz?, bandHiHz?, impactForceFraction?, impactEndValue?}
FrfOptions frf_options_from_js(const val& o);
// The FRF options plus {outputs?: [kind per output], maxOrder?, freqTol?, dampingTol?, macMin?,
// minStableOrders?, holdoutPeriods?, weighting?, drivingOutput? (1-based output column at the force)}.
ModesOptions modes_options_from_js(const val& o);

// {status, message, warnings, freq_hz, H: [output][input][[re, im] per frequency], H2?, coherence:
// [output][frequency], H_sd: [output][input][sd per frequency], averages, segment, window_decay_rate}
val frf_to_js(const FrfEstimate& e);
// {status, message, warnings, stabilization: [{order, poles: [{freq_hz, zeta, stable, stable_freq,
// stable_damping, stable_shape}]}], modes: [{freq_hz, zeta, freq_hz_sd, zeta_sd, freq_hz_half95,
// zeta_half95 (core/interval95.hpp), shape, mpc, order, stable_orders, batches}], frf, model_H,
// validation, reference_input, batches, tolerances {freq_tol, damping_tol, mac_min,
// min_stable_orders; aliases freq, damping, mac}, reduced:
// null, or {status, message, warnings, reason, caveats, …, M, D, K} when drivingOutput was given}
val modes_to_js(const ModesInBand& r, const ModesOptions& o);
// [{order, poles: [{freq_hz, zeta, stable, stable_freq, stable_damping, stable_shape}]}]: a
// stabilization diagram (of modes and of oma).
val stabilization_to_js(const std::vector<StabilizationOrder>& rows);

// The MAC of each shape of a against each of b (the core's mac_matrix), as a matrix {rows: shapes of a,
// cols: shapes of b, data}: a and b are {re, im}, each a matrix with one shape per row (the same
// number of entries in a and b; InputError with option 'shapes' otherwise).
val mac_to_js(const val& a, const val& b);

}  // namespace mechid::wasm
