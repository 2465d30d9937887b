#include "identify/residual_advice.hpp"

#include <sstream>
#include <string>

#include "core/input_sampling.hpp"

namespace mechid {
namespace {

// What the free run assumed between samples that correlated residuals may contradict, and the
// input sampling that states the other assumption (and what else to do).
struct IntersampleCause {
  std::string cause;
  std::string action;
  InputSampling instead;
};

IntersampleCause intersample_cause(const ValidationReport& v, const Dataset& data) {
  switch (v.intersample) {
    case IntersampleKind::hold:
      // Held either because the user said so or because the inputs read as held (dataset.hpp).
      return {std::string("the forces were not held over each period as ") + (data.input_sampling.from_data ? "read off the data" : "stated"),
              "if the forces were sampled (continuous forces), say so", InputSampling::point};
    case IntersampleKind::linear:
      return {"the forces are not linear between samples as the FOH model assumes",
              "if the forces were held over each period, say so; else sample them faster than the modes",
              InputSampling::hold};
    case IntersampleKind::band_limited:
      break;
  }
  return {"the forces are not band-limited as their samples suggest",
          "if the forces were held over each period, say so", InputSampling::hold};
}

}  // namespace

std::optional<Advice> residual_test_advice(const ValidationReport& v, const Dataset& data) {
  if (v.failed() || data.outputs == OutputKind::acceleration) return std::nullopt;
  if (v.residuals_white && v.residuals_independent_of_input) return std::nullopt;
  const IntersampleCause c = intersample_cause(v, data);
  const std::string cause = "the model misses dynamics (more degrees of freedom, a nonlinearity), or " + c.cause;
  std::ostringstream message, detail;
  detail.precision(3);
  message << "The residuals are correlated "
          << (!v.residuals_white && !v.residuals_independent_of_input ? "over time and with the input"
              : !v.residuals_white                                     ? "over time"
                                                                       : "with the input")
          << ": the model misses dynamics, or the forces between samples are not as assumed; read the intervals as "
             "lower bounds.";
  if (!v.residuals_white)
    detail << "the residuals are correlated over time (Ljung–Box Q = " << v.whiteness_statistic << " over lags 1–" << v.max_lag
           << " against its 0.5 % threshold " << v.whiteness_threshold << "; largest autocorrelation " << v.max_autocorrelation
           << " against " << v.bound_99 << " for one lag): " << cause
           << "; intervals that assume white residuals would be too narrow (those given here, if any, use the sandwich "
              "covariance, which allows for correlated residuals); an interval carries the noise only, not what the model "
              "misses, so read it as a lower bound";
  if (!v.residuals_independent_of_input)
    detail << (v.residuals_white ? "" : "; ") << "the residuals are correlated with the input (largest cross-correlation "
           << v.max_crosscorrelation << " against its 0.5 % bound " << v.crosscorrelation_bound << " over lags 0–" << v.max_lag
           << "): part of the input's effect is not modelled; " << cause
           << "; the intervals carry the noise only, not this error: read them as a lower bound";
  return Advice{AdviceCode::correlated_residuals, AdviceLevel::warning, message.str(), detail.str(), c.action,
                {{"input-sampling", kInputSamplingNames.name(c.instead)}}};
}

}  // namespace mechid
