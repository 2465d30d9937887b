#include "identify/subspace_start.hpp"

#include <algorithm>
#include <cmath>
#include <complex>

#include "identify/guardrails.hpp"

namespace mechid {

SubspaceModel subspace_pilot(const Dataset& data) {
  const Eigen::Index order = 2 * data.y.cols(), ny = data.y.cols(), k = data.u.cols();
  SubspaceOptions o;
  o.order = order;
  o.block_rows = choose_block_rows(order, k, ny, data.y.rows(), data.h, 0.0);
  o.past_rows = choose_past_rows(o.block_rows, order, k, ny, data.h, 0.0, PeriodKnown::no);
  o.estimate_input = false;  // the pilot is for F's poles only
  // Step 1's sums for every lag the rule's final step may ask (past and future rows up to the
  // largest the rule picks), so that subspace_with_rule takes them from here: on 3dof at h = 0.05
  // (12 block rows for the pilot, 54 after) the sums took 10.9 and 12.5 million instructions of
  // the 110 million of both steps; once, for the largest lags, both steps take 100 million (callgrind).
  o.sum_lags = 2 * max_rule_block_rows(k, ny, data.y.rows());
  return subspace_identify(data, o);
}

double slowest_period(const Matrix& F, double h) {
  double slowest = 0.0;
  const Eigen::VectorXcd poles = Eigen::EigenSolver<Matrix>(F, false).eigenvalues();  // owned: not a view of a temporary
  for (const auto z : poles) {
    const double omega = std::abs(std::log(z)) / h;  // s = log(λ)/h
    if (omega > 0) slowest = std::max(slowest, 2.0 * M_PI / omega);
  }
  return slowest;
}

SubspaceModel subspace_with_rule(const Dataset& data, const IdentifyOptions& options, double horizon_fraction,
                                 const SubspaceModel* computed_pilot) {
  const Eigen::Index order = 2 * data.y.cols(), N = data.y.rows(), ny = data.y.cols(), k = data.u.cols();
  SubspaceOptions o;
  o.order = order;
  if (options.block_rows > 0) {
    o.block_rows = options.block_rows;
    return subspace_identify(data, o);
  }
  SubspaceModel pilot = computed_pilot ? *computed_pilot : subspace_pilot(data);
  if (pilot.status == Status::failed) return pilot;
  o.sums = pilot.sums;  // the same data: step 1's sums again, from the pilot
  const double slowest = slowest_period(pilot.F, data.h);
  const Eigen::Index rows = choose_block_rows(order, k, ny, N, data.h, slowest, horizon_fraction);
  // The pilot's block rows suffice: its F and H are what steps 1-3 would give again, unless the
  // period asks for a longer past than the pilot's half of its rows (choose_past_rows).
  if (rows <= pilot.block_rows) {
    o.block_rows = pilot.block_rows;
    o.past_rows = choose_past_rows(pilot.block_rows, order, k, ny, data.h, slowest);
    if (o.past_rows <= pilot.past_rows) return subspace_fit_input(data, std::move(pilot));
    return subspace_identify(data, o);
  }
  o.block_rows = rows;
  o.past_rows = choose_past_rows(rows, order, k, ny, data.h, slowest);
  return subspace_identify(data, o);
}

void note_suggested_dof(const SubspaceModel& model, Eigen::Index dof, Identification& r) {
  const Eigen::Index suggested = suggested_dof(model.singular_values);
  r.diagnostics.suggested_dof = suggested;
  if (suggested > 0 && suggested != dof)
    r.add_warning("the n4sid singular values suggest " + std::to_string(suggested) + " degrees of freedom, the data have " +
                  std::to_string(dof) + ": unmodelled or unexcited dynamics?");
}

}  // namespace mechid
