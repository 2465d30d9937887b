// Whether each output responds to the inputs at all, read off the subspace model that starts the
// methods: an output of noise only (a dead or unconnected sensor that still records its own noise)
// has no model M, D, K: the PEM's minimum lies at infinity (M_jj → ∞ silences the DOF under its
// force), towards which it creeps for up to its iteration limit (issue 56: 15-140 times the work
// guard's estimate), and what it returns is meaningless. A constant output is refused before any
// work (dataset.cpp); this one needs the record's own time scale, which a test before the work
// lacks: coherence over Welch segments and Haugh's cross-correlation test both refused records whose
// outputs do respond (modes 1:100 apart, carts with friction), where the segments or lags are
// shorter than the response's memory. The subspace model carries that memory in its states.
#pragma once

#include <vector>

#include "core/input_error.hpp"
#include "identify/dataset.hpp"
#include "identify/n4sid.hpp"

namespace mechid {

// One output's test. The states x_t of the subspace model driven by the inputs alone
// (x_{t+1} = F x_t + G u_t from its fitted x_0) are regressed on y_j with an intercept; with
// R² = the share of y_j's variance they explain and p their rank, W = (N − p − 1) R²/(1 − R²) is
// p times the regression's F statistic, χ²(p) for large N when y_j does not depend on the inputs
// and its noise is white (Wald test; Greene 2012, sec. 5.3). The model was fitted to these data,
// y_j included, which only raises W: a test that errs towards "responds".
struct OutputResponse {
  Eigen::Index output = 0;  // 0-based column of y
  double explained = 0.0;   // R²
  double statistic = 0.0;   // W
  int states = 0;           // p
  double p_value = 1.0;     // P(χ²(p) ≥ W), by Wilson–Hilferty (core/chi_square.hpp: within a few per
                            // cent for p ≥ 10; coarser for 1-3 DOF, immaterial to a refusal at 10⁻³
                            // when an output of noise gives p of 0.01-0.97)
};

// The test for every output; empty when the model has no usable states (failed, or its
// simulation from the inputs is not finite).
std::vector<OutputResponse> output_responses(const Dataset& data, const SubspaceModel& model);

// The significance below which an output counts as responding: 10⁻³, so that an output of white
// noise alone is refused 999 times in 1000 and an output that responds is refused only when its
// response explains less of its variance than about χ²_p(10⁻³)/N (6 states, N = 2000: 1.1 %).
constexpr double kResponseSignificance = 1e-3;

// Thrown for an output without a response to the inputs: bad input like a constant output, which
// no start of auto can mend (auto_method.cpp rethrows it where it tries another start).
class OutputWithoutResponse : public InputError {
 public:
  using InputError::InputError;
};

// Throws OutputWithoutResponse naming the first output whose test is not significant at
// kResponseSignificance.
void require_responding_outputs(const Dataset& data, const SubspaceModel& model);

}  // namespace mechid
