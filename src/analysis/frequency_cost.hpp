// The work guard of the frequency-domain commands (issue 56, item 6): frf (Welch or the local
// polynomial method) and modes (the FRF, its stabilization diagram, the batches' scatter and the
// refined poles' covariance) each get a cost model (oma's: oma/oma_cost.hpp) counted from the loops that grow with the
// request (frequency_cost.cpp), weighted by CPU seconds measured in WASM under Node
// (bench/guard.mjs; docs/results.md, "Work guard"), and are refused above the limit before any
// work, like identify (work_limit.hpp). The time of writing the result for the host (the FRF's
// m x k series per line) is part of the count: it is most of a Welch FRF's time.
#pragma once

#include "analysis/frf_result.hpp"
#include "analysis/modes_in_band.hpp"
#include "core/types.hpp"
#include "identify/method_cost.hpp"

namespace mechid {

// frf of inputs u (N x k) and outputs y (N x m) sampled every h s with options o.
WorkEstimate frf_work(const Matrix& u, const Matrix& y, double h, const FrfOptions& options);
// modes of the same record.
WorkEstimate modes_work(const Matrix& u, const Matrix& y, double h, const ModesOptions& options);

// InputError "work" (or "memory") above the limit, naming the command and the sizes; first the
// options' own check (validate()), so that an option out of range is named, not priced.
void check_frf_work(const Matrix& u, const Matrix& y, double h, const FrfOptions& options, double max_work);
void check_modes_work(const Matrix& u, const Matrix& y, double h, const ModesOptions& options, double max_work);

}  // namespace mechid
