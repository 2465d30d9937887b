// The RLC circuit of the SVF report sec. 3 identified from data (u = [u1, u2], y = V_C): the SVF fit of
// the circuit's structure (rlc_svf_options: six θ_λ of eq. 11) at fixed poles or the best pair of
// a pole grid by output error (svf_siso_search), then 1/RC and 1/LC (rlc_from_fit).
#pragma once

#include "estimators/svf/identify_svf.hpp"
#include "estimators/svf/rlc.hpp"

namespace mechid {

struct RlcIdentifyOptions {
  double p1 = 0.0, p2 = 0.0;   // filter poles when no grid is given; both 0: a grid from the data (svf_pole_grid)
  Vector grid;                 // non-empty: pole search over this grid
  bool robust = false;         // Huber M-estimate (outliers in V_C)
  Intersample intersample = Intersample::cubic;  // of u and V_C between samples: cubic or linear
};

struct RlcIdentification {
  SvfSisoSearch search;        // the fit at the chosen poles, and the grid search when one was given
  RlcCircuit circuit;          // 1/RC, 1/LC when search.fit.status is not failed
};

// Throws InputError unless u has 2 columns and y 1, naming the sizes; and on a hold rule or what
// svf_siso_search rejects.
RlcIdentification identify_rlc(const Matrix& u, const Matrix& y, double h, const RlcIdentifyOptions& options);

}  // namespace mechid
