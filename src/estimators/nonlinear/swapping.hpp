// IRLS with swapping, Karimov et al. 2021 sec. 2.3, Algorithm 3: Algorithm 1 on a piecewise regression
// whose incidence vectors I_j are corrected between the weighted solves. A sample initially in
// X_q moves to X_s (I_qi <- 0, I_si <- 1) when
//   r_si² + tol σ_s² < r_qi²,
// with r_qi, r_si its residuals in X_q and X_s and σ_s² the variance of the residuals of the
// samples in class s (the paper's tolerance rule against overtraining; its right-hand side reads
// r_qi in the text extraction, taken as r_qi² so both sides are squared errors).
// Candidates X_s are the regions next to X_q on the line (a displacement error moves x across
// one boundary) whose regressor row differs from X_q's; a class is never emptied below
// `min_per_class` samples.
#pragma once

#include <optional>

#include <vector>

#include "estimators/nonlinear/irls.hpp"
#include "estimators/nonlinear/piecewise_regression.hpp"

namespace mechid::nonlinear {

struct SwapOptions {
  // Algorithm 3's swapping; empty: the method's choice (identify_piecewise: on in the IDA, off in
  // the DIA, as in Karimov et al. 2021; irls_with_swapping alone: on).
  std::optional<bool> enabled;
  double tolerance = 1.0;        // tol of the swapping rule
  Eigen::Index min_per_class = 0;  // 0: 2 x the number of unknowns
};

// SwapOptions' options (core/option_schema.hpp); min_per_class is no option of the API.
template <class Visitor>
void describe(SwapOptions& o, Visitor& v) {
  v(Option{"swap", "Algorithm 3's swapping between classes (default: on for ida, off for dia)"}, o.enabled);
  v(Option{"swapTolerance", "the swapping rule's tolerance"}.at_least(0).message("the swapping tolerance", ">= 0"), o.tolerance);
}

void validate(const SwapOptions& options);

struct SwapResult {
  IrlsResult fit;
  std::vector<int> region;       // final region of each sample
  Eigen::Index swaps = 0;        // swap operations over all iterations
};

// Algorithm 2 (swap.enabled false) or Algorithm 3 (true) from the initial regions.
SwapResult irls_with_swapping(const PiecewiseRegression& p, std::vector<int> region, const IrlsOptions& irls,
                              const SwapOptions& swap);

}  // namespace mechid::nonlinear
