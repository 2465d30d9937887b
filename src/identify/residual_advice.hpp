// The advice the residual tests of a free run call for (validation.hpp: Ljung–Box over time, the
// cross-correlation with the input): what the correlation means, and the intersample assumption it
// may contradict as an option (inputSampling), so that each host words the action itself.
#pragma once

#include <optional>

#include "core/advice.hpp"
#include "identify/dataset.hpp"
#include "identify/validation.hpp"

namespace mechid {

// AdviceCode::correlated_residuals (warning) when the residuals are correlated over time or with
// the input beyond their 0.5 % bounds: the model misses dynamics, or the forces between samples
// are not what the free run assumed (report.intersample), with the input sampling that would
// say the other (options {"input-sampling": "point" | "hold"}). None for a failed validation and
// for acceleration outputs, which are high-passed through s²/B(s) before the fit: their noise is
// coloured by design, so the tests cannot tell missed dynamics from that colour (the typed
// fields of the report stay).
std::optional<Advice> residual_test_advice(const ValidationReport& report, const Dataset& data);

}  // namespace mechid
