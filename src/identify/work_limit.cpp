#include "identify/work_limit.hpp"

#include <algorithm>

#include "core/input_error.hpp"
#include "core/memory_limit.hpp"

namespace mechid {

std::string work_duration(double flops) {
  const double seconds = WorkEstimate{flops, 0.0}.seconds();
  if (seconds < 90) return format_digits(std::max(seconds, 0.1)) + " s";
  if (seconds < 5400) return format_digits(seconds / 60) + " min";
  return format_digits(seconds / 3600) + " h";
}

void check_within_limits(const std::string& what, const WorkEstimate& e, double max_work, const std::string& way_out) {
  if (e.bytes > kMaxMemoryBytes)
    throw InputError(what + " needs about " + bytes_words(e.bytes) + " of memory at its peak, above the " +
                         bytes_words(kMaxMemoryBytes) + " this build can use: " + way_out, "memory");
  if (e.flops > max_work)
    throw InputError(what + " needs about " + format_digits(e.flops) + " floating-point operations (about " + work_duration(e.flops) +
                         " here), above the limit of " + format_digits(max_work) + " (about " + work_duration(max_work) +
                         " here): " + way_out + "; to run it anyway, raise maxWork (a number of floating-point operations, or inf)",
                     "work");
}

}  // namespace mechid
