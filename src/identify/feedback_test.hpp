// Is there feedback in the data? In open loop the force does not depend on the outputs: the output
// errors of a model (the noise, and what the model misses of earlier forces) cannot help predict
// the next force once the force's own recent past is known. When a controller feeds the outputs
// back (a position loop on a rig), they can: this is Granger's test of causality (Granger 1969,
// "Investigating causal relations by econometric models and cross-spectral methods", Econometrica
// 37(3), pp. 424-438) from the output errors to the force, the "input predicted by past outputs" of
// Ljung 1999 ("System Identification: Theory for the User", 2nd ed., sec. 13.4, where output-error
// estimates from closed-loop data are shown biased). Output errors rather than outputs: the outputs
// carry the whole history of a deterministic force (a multisine, a chirp), which predicts it
// without any feedback; the errors carry only what the model leaves.
#pragma once

#include <optional>

#include "core/advice.hpp"
#include "core/types.hpp"

namespace mechid {

struct FeedbackTest {
  bool tested = false;     // at least one input left something for the test to explain, one residual above rounding
  bool feedback = false;   // p_value < 0.01 and explained >= 0.01
  double p_value = 1.0;    // the smallest p-value times the tests made (inputs × lag counts; Bonferroni), at most 1
  double explained = 0.0;  // the fraction of that input's one-step prediction error the past residuals explain
  double statistic = 0.0;  // its F statistic, with q and d degrees of freedom
  Eigen::Index q = 0, d = 0;
  Eigen::Index input = 0;  // the input (0-based) with the smallest p-value
  int lags = 0;            // the lags of the inputs and of the residuals in the regressions of that p-value
};

// For each input j: the least-squares fit of u_j(t) on the last `lags` samples of every input (the
// restricted model) and on those plus the last `lags` samples of every residual (N x n `residual`,
// measured − simulated; columns centred), and the F test of the residual terms:
// F = ((RSS₀ − RSS₁)/q) / (RSS₁/d), q = lags·n, d = rows − regressors − 1 (the means), its tail by
// Paulson's normal approximation of the F distribution (Abramowitz & Stegun 1964, eq. 26.6.15). At
// 2 and at 3 lags (both from one Gram matrix over t = 3..N−1), the smallest p-value kept
// (Bonferroni over inputs and lag counts, 1 % in all); feedback when it is below 1 % and the
// residuals explain at least 1 % of what the force's own lags leave. Few lags: enough for a held or
// smooth force and a controller that acts within a sample or two; more of the input's own lags
// predict a closed-loop force from its own past and cost the test its power (measured on the ECP
// rig's runs under PID control: p = 5e-42 at two lags, 4e-9 at eight).
// Inputs that their own lags predict to 1e-6 of their variance (a pure sine) and residual channels at
// or below `rounding` (relative, nrmse: a noise-free record) are not tested.
FeedbackTest feedback_test(const Matrix& residual, const Vector& nrmse, const Matrix& inputs, double rounding = 0.0);

// AdviceCode::closed_loop (warning) when the test finds feedback: the record was probably taken in
// closed loop and the estimate is biased; none otherwise.
std::optional<Advice> closed_loop_advice(const FeedbackTest& test);

}  // namespace mechid
