// The work guard of the identify methods outside the method table (issue 56, item 6): the
// piecewise-linear stiffness of Karimov et al. 2021 (ida, dia), the augmented EKF of the belt drive
// (ekf) and the SVF least squares (svf, its pole search included): each a cost model counted from
// the loops that grow with the request (estimator_cost.cpp), weighted by CPU seconds measured in
// WASM under Node (bench/guard.mjs; docs/results.md, "Work guard"), and the refusal above the
// limit before any work, in the words of identify's (work_limit.hpp).
#pragma once

#include "estimators/ekf/belt_drive_ekf.hpp"
#include "estimators/nonlinear/identify.hpp"
#include "estimators/svf/identify_svf.hpp"
#include "identify/dataset.hpp"
#include "identify/method_cost.hpp"

namespace mechid {

// ida / dia (estimators/nonlinear/identify.cpp) on `data` with `options`: the reconstruction's
// high-pass, the IRLS iterations (a typical count, at most options.irls.max_iterations) and the
// LAD covariance's lags.
WorkEstimate piecewise_work(const nonlinear::AccelerationData& data, const nonlinear::PiecewiseOptions& options);

// ekf (estimators/ekf/belt_drive_ekf.cpp) on `samples` samples with the discretization `method`.
WorkEstimate belt_drive_ekf_work(double samples, Discretization method);

// svf on `data` (analysis/command_cost.hpp, svf_pole_grid_cost): the pole grid's values (the grid
// from the data when no poles are given; 0 with the poles p1, p2: one fit).
double svf_grid_values(const Dataset& data, const SvfIdentifyOptions& options);
WorkEstimate svf_work(const Dataset& data, const SvfIdentifyOptions& options);

// InputError "work" (or "memory") above the limit, naming the method and the sizes (svf: its pole
// search over options.grid, or the grid from the data when no poles are given).
void check_svf_work(const Dataset& data, const SvfIdentifyOptions& options, double max_work);
void check_piecewise_work(const nonlinear::AccelerationData& data, const nonlinear::PiecewiseOptions& options, double max_work);
void check_belt_drive_ekf_work(double samples, Discretization method, double max_work);

}  // namespace mechid
