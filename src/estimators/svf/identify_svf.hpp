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

#include "core/option_schema.hpp"
#include "identify/identification.hpp"
#include "estimators/svf/intersample.hpp"
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
  double p1 = 0.0, p2 = 0.0;   // filter poles when no grid is given; both 0: a grid from the data (data_poles.hpp)
  Vector grid;                 // non-empty: pole search over this grid
  std::string form = "auto";   // auto | siso | mimo
  bool robust = false;         // Huber IRLS instead of least squares
  Intersample smooth = Intersample::cubic;  // intersample rule of q and point-sampled inputs (cubic or linear)

  // describe(*this, OptionRangeCheck): p1, p2 finite and >= 0, both 0 or both positive; form one of its names.
  void validate() const;
};

// SvfIdentifyOptions' options (core/option_schema.hpp), the facade's group `svf`: p1, p2, grid,
// form, robust, intersample (L is a matrix, read by the converter).
template <class Visitor>
void describe(SvfIdentifyOptions& o, Visitor& v) {
  // A pole of the filter 1/Λ(s), Λ = (s + p1)(s + p2) (the SVF report, eq. 4): positive, a stable
  // filter; 0 (the default, both poles): searched on a grid from the data (data_poles.hpp).
  auto pole = [](const char* name, const char* label, const char* help) {
    return Option{name, help}.at_least(0).message(label, "a positive number (a stable filter), or 0: from the data");
  };
  v(pole("p1", "filter pole p1", "the first pole of the SVF report's filter 1/Λ(s), when no grid is searched; "
                                 "0 (with p2 0): searched on a grid of poles from ω_d/2 to 4 ω_d, ω_d the dominant "
                                 "angular frequency of the outputs' spectrum"),
    o.p1);
  v(pole("p2", "filter pole p2", "the second pole of the filter 1/Λ(s) (the SVF report, eq. 4), when no grid is "
                                 "searched; 0 (with p1 0): from the data, as p1"),
    o.p2);
  v(Option{"grid", "the poles to search (every pair, scored by the output error of the SVF report, sec. 3.2); "
                   "absent: one fit at p1, p2 (both 0: a grid from the data)"},
    o.grid);
  v(Option{"form", "siso: eq. 4 for one output and one input; mimo: the known input matrix L; auto: siso when the "
                   "data have one of each"},
    choice_field(o.form, {"auto", "siso", "mimo"}, "form"));
  v(Option{"robust", "Huber IRLS instead of least squares (outliers in the outputs)"}, o.robust);
  v(Option{"intersample", "the displacements and point-sampled forces between samples: cubic or linear (held inputs are held)"},
    ChoiceField{{"cubic", "linear"}, [&o] { return to_string(o.smooth); },
                [&o](const std::string& text) {
                  const Intersample rule = parse_intersample(text);
                  require(rule != Intersample::hold,
                          "the intersample rule of displacements must be cubic or linear (they are continuous)", "intersample");
                  o.smooth = rule;
                }});
}

// The grid to search: `grid` when given; none at given poles p1, p2; when both are 0, the grid from
// the outputs y sampled at h (data_pole_grid).
Vector svf_pole_grid(const Vector& grid, double p1, double p2, const Matrix& y, double h);

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
