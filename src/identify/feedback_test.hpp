// Is there feedback in the data? The test of Ljung 1999 ("System Identification: Theory for the
// User", 2nd ed., sec. 16.6, the cross-correlation test at negative lags): in open loop the
// residuals of a model are independent of the inputs that come after them, whatever the model
// misses; when a controller feeds the outputs back into the force, each later force depends on the
// output error now. Output-error estimates from closed-loop data are biased (Ljung 1999, sec.
// 13.4), so a record that fails this test gets the advice `closed_loop`.
#pragma once

#include <optional>

#include "core/advice.hpp"
#include "core/types.hpp"

namespace mechid {

struct FeedbackTest {
  bool tested = false;        // at least one input varies and one residual is above the rounding level
  bool feedback = false;      // largest > bound
  double largest = 0.0;       // max |r(τ)| over the input/output pairs and lags τ = 1..max_lag
  double bound = 0.0;         // its 0.5 % bound: the normal quantile at 1 − 0.005/(2T) over √N, T pairs × lags
  int lag = 0;                // τ (samples) of the largest
  Eigen::Index input = 0, output = 0;  // the pair of the largest (0-based)
  int max_lag = 0, whitening_order = 0;
};

// r(τ) = Σ_t e_c(t) w_j(t+τ) / √(Σ e_c² Σ w_j²) for τ = 1..max_lag, where e_c is the residual of
// output c (mean removed; N x n `residual`, measured − simulated) and w_j the innovation of input j
// under its order-p autoregression fitted by Yule–Walker (Levinson–Durbin recursion; p =
// whitening_order): prewhitened, so that √N r(τ) is N(0, 1) for a residual independent of the
// input however coloured either is (Ljung 1999, eq. 16.58 with the input whitened), and a model's
// misfit, which depends on past inputs only, does not correlate with the innovations that follow.
// `rounding`: the channels whose relative residual (nrmse) is at or below it are not tested (a
// noise-free record's residual is the simulation's arithmetic). Not tested when every input is
// constant or every residual rounding-sized.
FeedbackTest feedback_test(const Matrix& residual, const Vector& nrmse, const Matrix& inputs, int max_lag = 25,
                           int whitening_order = 25, double rounding = 0.0);

// AdviceCode::closed_loop (warning) when the test finds feedback: the record was probably taken in
// closed loop and the estimate is biased; none otherwise.
std::optional<Advice> closed_loop_advice(const FeedbackTest& test);

}  // namespace mechid
