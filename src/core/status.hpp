// The status every numerical result carries (ARCHITECTURE.md, principle 3): data that defeats a
// method is a status with a message, never an exception. Every result type inherits Outcome, so
// status, message and warnings are named and upgraded one way everywhere.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/advice.hpp"

namespace mechid {

enum class Status { ok, warning, failed };

inline std::string to_string(Status status) {
  switch (status) {
    case Status::ok: return "ok";
    case Status::warning: return "warning";
    case Status::failed: return "failed";
  }
  return "failed";
}

// Status, the message that explains it, and every warning met on the way. The message of a
// warning outcome is its first warning; a failure's message says why it failed.
struct Outcome {
  Status status = Status::ok;
  std::string message;
  std::vector<std::string> warnings;
  std::vector<Advice> advice;  // typed advice (core/advice.hpp); warnings among it are also in `warnings`

  bool failed() const { return status == Status::failed; }

  // Records a warning: an ok outcome becomes a warning (a failed one stays failed).
  void add_warning(std::string text) {
    warnings.push_back(std::move(text));
    adopt_warnings();
  }

  // Records typed advice; a warning-level advice is also a warning line: its plain sentence, the
  // detail in parentheses, then what to do.
  void advise(Advice a) {
    if (a.level == AdviceLevel::warning)
      add_warning(a.message + (a.detail.empty() ? "" : " (" + a.detail + ")") + (a.action.empty() ? "" : " What to do: " + a.action));
    advice.push_back(std::move(a));
  }

  // For warnings recorded without add_warning (e.g. copied from a sub-result): an ok outcome
  // with warnings becomes a warning whose message, when it has none, is the first of them.
  void adopt_warnings() {
    if (status != Status::ok || warnings.empty()) return;
    status = Status::warning;
    if (message.empty()) message = warnings.front();
  }

  // Marks the outcome failed with the reason (the warnings stay, as context).
  void fail(std::string reason) {
    status = Status::failed;
    message = std::move(reason);
  }
};

}  // namespace mechid
