#include "identify/noise_free.hpp"

#include <algorithm>

#include "core/input_error.hpp"

namespace mechid {

bool noise_free(const ValidationReport& v) {
  return !v.failed() && v.nrmse.size() > 0 && v.nrmse.allFinite() && v.nrmse.maxCoeff() < kNoiseFreeResidual;
}

Advice noise_free_advice(const ValidationReport& v) {
  Eigen::Index worst = 0;
  const double largest = v.nrmse.maxCoeff(&worst);
  const std::string fit = format_digits(v.fit_percent(worst), 9) + " %";
  return Advice{AdviceCode::noise_free, AdviceLevel::note,
                "The data are noise-free: the estimate reproduces them to " + format_digits(largest, 2) +
                    " of their RMS (fit " + fit + ").",
                "the free-run residual of every output is below " + format_number(kNoiseFreeResidual) +
                    " of that output's RMS (largest " + format_digits(largest, 3) + ", output " +
                    std::to_string(worst + 1) + ", fit " + fit +
                    "), below any sensor's noise: the residual tests (Ljung–Box whiteness, cross-correlation with the "
                    "input) and the convergence test, which assume measurement noise, were skipped",
                ""};
}

void skip_convergence_test(std::vector<UndeterminedEntry>& undetermined) {
  undetermined.erase(std::remove_if(undetermined.begin(), undetermined.end(),
                                    [](const UndeterminedEntry& e) { return e.reason == UndeterminedReason::not_converged; }),
                     undetermined.end());
}

}  // namespace mechid
