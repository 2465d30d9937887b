// A record sampled at uneven times put onto other times by linear interpolation: the one
// resampling mechid does, when the user agrees to it for a time column off its uniform grid (the
// readers' rule, wasm/time-grid.js uniformTime; `--resample` in the CLI). Between the two measured
// samples around a time t, x(t) = (1 − w)·x_j + w·x_(j+1) with w = (t − t_j)/(t_(j+1) − t_j):
// exact for a signal linear in time; a time outside the measured span is extrapolated from the
// first or last interval.
#pragma once

#include "core/types.hpp"

namespace mechid {

// `values` (sampled at the increasing `times`, as many) at the increasing times `at`. Throws
// InputError when the sizes differ or fewer than two samples are given.
Vector resample_linear(const Vector& times, const Vector& values, const Vector& at);

}  // namespace mechid
