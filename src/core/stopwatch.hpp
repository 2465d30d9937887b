// Wall-clock time since construction, in milliseconds: the timing_ms every method reports.
#pragma once

#include <chrono>

namespace mechid {

class Stopwatch {
 public:
  double elapsed_ms() const {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace mechid
