// The period of a periodic excitation read off the input samples (issue 50's `periodic` advice):
// a multisine or any signal repeated P samples apart, P dividing the record, so that the FRF can
// average whole periods (no leakage, the transient period dropped: Pintelon & Schoukens 2012,
// "System Identification: A Frequency Domain Approach", 2nd ed., sec. 2.5, pp. 47-51) without the
// user having to know or say it.
#pragma once

#include <optional>

#include "analysis/frf_result.hpp"
#include "core/advice.hpp"
#include "core/types.hpp"

namespace mechid {

struct InputPeriod {
  Eigen::Index samples = 0;  // the period P in samples
  Eigen::Index periods = 0;  // N / P
  double mismatch = 1.0;     // Σ|u_k − u_(k−P)|² / Σ(|u_k|² + |u_(k−P)|²): 0 periodic, ~1 random
};

// The shortest P dividing N (N/P >= 2) at which every input repeats: mismatch(P) < 0.1 (the
// periodic part at least ~10 dB above what does not repeat), while at P/2 it does not
// (mismatch(P/2) > 0.5), which rules out the small lags at which any oversampled, smooth signal
// nearly repeats. None for a constant input, a random one, or a period that does not divide N.
std::optional<InputPeriod> find_input_period(const Matrix& u);

// Options with periods found from the inputs when they say -1 (the default): the periods of
// find_input_period when the record holds at least skip_periods + 2 of them (two averages left)
// and the window is not the impact one, else 0 (random). The period found, when it is used.
std::optional<InputPeriod> resolve_periods(FrfOptions& options, const Matrix& u);

// The advice `periodic` (a note) for a record found periodic with `period` at step h: periods,
// period length in samples and seconds, the mismatch, and that `skip` periods are dropped.
Advice periodic_advice(const InputPeriod& period, double h, Eigen::Index skip);

}  // namespace mechid
