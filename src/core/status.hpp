// The status every numerical result carries (ARCHITECTURE.md principle 3): data that defeats a
// method is a status with a message, never an exception.
#pragma once

#include <string>

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

}  // namespace mechid
