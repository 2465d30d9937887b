// inverse-dynamic: the inverse dynamic identification model with least squares (IDIM-LS) of
// robotics (Gautier 1997; Janot, Gautier & Brunot 2019, "Data set and reference models of EMPS",
// sec. 3): the equation of motion
//   M q'' + D q' + K q + F_c sign(q') + f_0 = L u                                  (1)
// is linear in M, D, K, F_c and f_0, so with q' and q'' from the measured q it is a linear
// regression on the measured force. As in IDIM-LS, q is low-passed without phase before it is
// differentiated (central differences), and every term of (1) passes the same filter ("parallel
// filtering": filtering both sides of (1) keeps it exact for its linear part), then the rows are
// decimated to the filter's band, where the residuals are close to white. sign(q') uses the
// filtered velocity. Only the free entries of the structure are unknowns; the fixed ones move to
// the right-hand side. Rows are weighted per DOF by the inverse of their residual spread (the
// equations of a DOF without a force have their own error scale), in two passes.
//
// Why it is there: it is the method of the EMPS reference and of friction identification in
// general; the output-error PEMs have no friction term, and a free body (K = 0) driven in closed
// loop cannot be simulated open-loop long enough for them. Its price: q'' from differentiated data
// carries noise, so it needs displacements sampled well above the dynamics and little noise.
#pragma once

#include "identify/identification.hpp"
#include "identify/instrumental_iterations.hpp"

namespace mechid {

// The rule for the zero-phase low-pass cut-off when none is given: 5 times the frequency below
// which 99 % of the power of the velocity (first differences of q, all runs and channels) lies,
// at most a fifth of the Nyquist frequency (the central differences err by (ωh)²/6 at the cut-off,
// at most 0.7 % in q', 1 % in q''); at least 20 periods of the record (a slower filter would not settle).
double inverse_dynamic_cutoff_hz(const std::vector<Dataset>& runs);

// IDIM-LS followed by the instrumental-variable iterations of IDIM-IV (Janot, Vandanjon & Gautier
// 2014; inverse_dynamic.cpp), whose instruments are the regressors of the previous estimate's free
// run: free of the bias toward zero that noise on the differentiated q gives least squares. A start
// for the output-error refinement (auto under a structure), without intervals; with friction,
// offsets or a rigid-body mode (a row of K fixed at zero), IDIM-LS's estimate and intervals.
struct InverseDynamicStart {
  Identification estimate;
  InstrumentalIterations iterations;
};
InverseDynamicStart inverse_dynamic_start(const std::vector<Dataset>& runs, const IdentifyOptions& options);

}  // namespace mechid
