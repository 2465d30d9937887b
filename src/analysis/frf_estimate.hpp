// Frequency response functions estimated from sampled input and output records: H1 and H2 with
// their coherence, by Welch averaging of windowed segments or, for a periodic excitation, by
// averaging over whole periods (no leakage, the transient periods dropped). Bendat & Piersol,
// Random Data (4th ed., 2010), ch. 9; Pintelon & Schoukens, System Identification (2nd ed.,
// 2012), sec. 2.4 for the periodic case.
#pragma once

#include "analysis/frf_result.hpp"
#include "core/types.hpp"

namespace mechid {

// u: N × k inputs, y: N × m outputs, h: sampling period (s). A periodic record (periods > 0) is
// averaged over its periods whatever the method. Throws InputError on bad options
// (a segment longer than the record, a band outside (0, Nyquist], periods that do not divide N);
// a record that gives no coherent estimate is a status.
FrfEstimate estimate_frf(const Matrix& u, const Matrix& y, double h, const FrfOptions& options);

}  // namespace mechid
