// Typed advice (issue 50's `advice`, docs/interfaces.md "Advice"): what the data or the estimate
// show that the user should know, as a code the program decides on, one plain sentence, the precise
// statement with its numbers, and what to do. A warning advice also makes the outcome a warning
// (its message is added to `warnings`); a note is information only and leaves the status alone
// (numerics review e622506, problem 6: an overdamped mode is not a fault of the estimate).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/enum_names.hpp"

namespace mechid {

enum class AdviceCode {
  noise_free,        // residuals of rounding size: convergence and whiteness tests are skipped
  sign_flipped,      // one output (named) or all outputs move against the force
  mixed_units,       // output RMS that differ by orders of magnitude
  offset,            // a constant offset in an output: `--offset`
  drift,             // a trend in an output
  aliasing,          // a mode beyond the Nyquist frequency
  band_not_excited,  // input power at only part of the band
  undetermined,      // a parameter or mode the data do not determine
  overdamped,        // an overdamped mode (a note)
  biased_estimator,  // the method has a documented bias in this configuration
  poor_fit,          // the fit is too poor for further diagnoses
  worse_than_start,  // a refinement ended below its start
  runs_disagree,     // runs of one experiment differ by more than the intervals allow
  periodic,          // the inputs repeat: the record was analysed over its periods (a note)
  free_body,         // a mode at or below zero frequency (K not definite): no spring to ground?
  record_too_short,  // the record spans fewer periods of the slowest mode than identification needs
  nonlinear,         // output at the unexcited lines of a periodic force: distortion, not noise
  friction,          // a residual that jumps with the velocity's sign: Coulomb friction the model lacks
  correlated_residuals,  // residuals correlated over time or with the input: missed dynamics, or the forces between samples
  closed_loop,       // the forces depend on earlier output errors: a controller fed the outputs back
  longer_lags,       // spectrum peaks without a mode at the automatic lags: oma redone with longer lags (a note)
  count_             // not a code: the number of codes
};

inline const EnumNames<AdviceCode, static_cast<std::size_t>(AdviceCode::count_)> kAdviceCodeNames{
    "advice code",
    {"noise_free", "sign_flipped", "mixed_units", "offset", "drift", "aliasing", "band_not_excited", "undetermined",
     "overdamped", "biased_estimator", "poor_fit", "worse_than_start", "runs_disagree", "periodic", "free_body", "record_too_short",
     "nonlinear", "friction", "correlated_residuals", "closed_loop", "longer_lags"}};

enum class AdviceLevel { note, warning };

// One option that carries out an advice's action, as `mechid` spells it (kebab-case name without the
// dashes, value as typed after it; "" for a switch such as --offset). The page maps the same names to
// its controls, so that an action becomes a button without matching the action's English text.
struct AdviceOption {
  std::string name;
  std::string value;
};

struct Advice {
  // Written as {code, level, message, detail, action[, options]}: the options only where an action has them.
  Advice(AdviceCode code_, AdviceLevel level_, std::string message_, std::string detail_, std::string action_ = "",
         std::vector<AdviceOption> options_ = {})
      : code(code_), level(level_), message(std::move(message_)), detail(std::move(detail_)), action(std::move(action_)),
        options(std::move(options_)) {}

  AdviceCode code;
  AdviceLevel level = AdviceLevel::warning;
  std::string message;  // one plain sentence
  std::string detail;   // the precise statement: numbers, test, reference
  std::string action;   // what to do (a CLI option or page control named in words), may be empty
  std::vector<AdviceOption> options;  // the options that carry out `action`, when a few options do; else empty
};

}  // namespace mechid
