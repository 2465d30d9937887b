// The work guard of the commands outside identify (issue 56, item 6): modal, simulate, svf's pole
// search and study each get a cost model (the work in floating-point operations at the reference
// rate kWasmFlopsPerSecond, and the peak memory) counted from the loop that dominates it, and are
// refused before any work above the limit, like identify (work_estimate.hpp). The constants of each
// model were fitted to CPU seconds measured in WASM under Node (docs/results.md, "Work guard",
// `node bench/run.mjs guard`).
#pragma once

#include <string>
#include <vector>

#include "estimators/svf/identify_svf.hpp"
#include "identify/dataset.hpp"
#include "identify/method_cost.hpp"
#include "identify/work_limit.hpp"
#include "model/mechanical_system.hpp"
#include "simulate/simulation.hpp"

namespace mechid {

// modal (model/modal.cpp, modal_analysis): the eigenvalues and eigenvectors of the 2n x 2n state
// matrix by Eigen's real Schur form (Hessenberg reduction, QR sweeps, back-substitution for the
// eigenvectors): about 32 (2n)³ flop-equivalents, plus the shapes' normalisation, n² per mode.
WorkEstimate modal_cost(double dof);

// simulate (simulate/simulation.cpp): the exact discretisation (a matrix exponential of the
// (2n + 4k)-square augmented matrix, ~30 (2n + 4k)³ with the squarings) and per sample the state
// update x' = Φx + Γw, 2 (2n)(2n + 4k) flops, with the accelerations' three products 6n² and the noise.
WorkEstimate simulate_cost(double dof, double inputs, double samples);

// identify --method svf with a pole grid (estimators/svf/pole_search.cpp): one SVF fit per pole
// pair p1 <= p2 of the grid's g values, g(g + 1)/2 pairs; a fit filters the n + k channels twice
// (per sample a few tens of flops each) and solves the least squares of n N rows and P = 3n(n+1)/2
// columns (2 n N P² for the QR).
WorkEstimate svf_pole_grid_cost(double grid_values, double dof, double inputs, double samples);

// study (analysis/study.cpp, study_run): per h, run and method one simulation of `samples` samples
// and one identification (that method's cost model on the simulated record's sizes: held inputs,
// every entry free).
WorkEstimate study_cost(double dof, double inputs, double samples, double h_values, double runs,
                        const std::vector<std::string>& methods);

// The sizes of a command's request for command_work (bench and tests): DOF, inputs, samples and
// the pole grid's values (svf; 0: one fit).
struct CommandSizes {
  double dof = 0.0, inputs = 0.0, samples = 0.0, grid_values = 0.0;
};
// The estimate of `command` (modal, simulate, svf) on its sizes; InputError "command" for another.
WorkEstimate command_work(const std::string& command, const CommandSizes& s);

// The guards of the commands (InputError "work" or "memory" before any work, naming the sizes):
// modal of `system`; simulate of `system` with `options`; a study of `runs` runs of
// `samples` samples at `h_values` sampling periods for each method on `system`.
void check_modal_work(const MechanicalSystem& system, double max_work);
void check_simulate_work(const MechanicalSystem& system, const SimulationOptions& options, double max_work);
WorkEstimate check_study_work(const MechanicalSystem& system, double samples, double h_values, double runs,
                              const std::vector<std::string>& methods, double max_work);

}  // namespace mechid
