#include "identify/start_comparison.hpp"

#include <cmath>

#include "core/input_error.hpp"
#include "identify/validation.hpp"

namespace mechid {

double free_run_fit(const Identification& estimate, const Dataset& data) {
  if (estimate.failed()) return NAN;
  const ValidationReport& own = estimate.validation;
  const bool simulated_these = own.simulated.rows() == data.y.rows() || own.dropped_rows == data.y.rows();  // its series set aside or not
  if (simulated_these && own.fit_percent.size() == data.y.cols()) return own.fit_percent.mean();
  const ValidationReport v = validate_model(estimate.system, data, 25, Series::fit_only);
  return v.failed() || v.fit_percent.size() == 0 ? NAN : v.fit_percent.mean();
}

Advice worse_than_start_advice(const std::string& start, double start_fit, double refined_fit, bool returned_start) {
  Advice a{AdviceCode::worse_than_start, AdviceLevel::warning, "", "", ""};
  a.message = returned_start
                  ? "The refinement ended with a poorer fit than the estimate it started from, so that estimate is returned."
                  : "The refinement ended with a poorer fit than the estimate it started from.";
  a.detail = "free-run fit " + format_digits(refined_fit) + " % after the exact-sampling PEM against " +
             format_digits(start_fit) + " % of its start " + start +
             " (the output-error cost has a local minimum there; the returned estimate is not a converged optimum)";
  a.action = "check the estimate against a second method (n4sid-d2c, the subspace estimate), "
             "or use a record with more excitation near each natural frequency";
  a.options = {{"method", "n4sid-d2c"}};
  return a;
}

}  // namespace mechid
