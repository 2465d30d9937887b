// The state-variable-filter method as a whole (the SVF report): fixed poles or the pole grid search
// scored by output error (mean |y - ŷ| of the fitted model simulated from rest, report sec. 3.2),
// then the estimate. Two front ends:
//  - svf_siso_search: one output, any SvfOptions structure (the mass-spring-damper of sec. 2 and
//    the RLC circuit of sec. 3);
//  - identify_svf: mechanical data (u, q) -> the identify result of docs/interfaces.md, with the SISO
//    form of eq. 4 for one degree of freedom and one input, the MIMO form (known L) otherwise.
#pragma once

#include <string>
#include <vector>

#include "identify/identification.hpp"
#include "estimators/svf/pole_search.hpp"
#include "estimators/svf/svf_siso.hpp"

namespace mechid {

struct SvfSisoSearch {
  SvfFit fit;                  // at the chosen poles
  bool searched = false;
  PoleSearch search;           // when searched: the output-error surface over the grid
  double output_error = NAN;   // mean |y - ŷ| at the chosen poles
};

// With an empty grid: one fit at options.p1, options.p2. Otherwise every pair of the grid,
// scored by output error; the best pair is refitted.
SvfSisoSearch svf_siso_search(const Matrix& u, const Vector& y, double h, const SvfOptions& options, const Vector& grid);

struct SvfIdentifyOptions {
  Matrix L;                    // n x k; empty = identity (needs k = n)
  double p1 = 0.5, p2 = 1.0;   // filter poles when no grid is given
  Vector grid;                 // non-empty: pole search over this grid
  std::string form = "auto";   // auto | siso | mimo
  bool robust = false;         // Huber IRLS instead of least squares
  Intersample smooth = Intersample::cubic;  // intersample rule of q and point-sampled inputs (cubic or linear)
};

struct SvfIdentification {
  Identification result;       // method "svf"; diagnostics p1, p2, condition, output_error, …
  std::string form;            // siso | mimo
  Vector theta;                // siso: θ_λ of eq. 5
  std::vector<std::string> theta_names;
  bool searched = false;
  PoleSearch search;
  Matrix weights;              // robust: the final Huber weight of each sample and output channel
};

// Throws InputError on bad data or options (naming them).
SvfIdentification identify_svf(const Dataset& data, const SvfIdentifyOptions& options);

}  // namespace mechid
