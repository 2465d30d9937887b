// Sets the core's thread count for a test's scope and restores one thread when it ends, whatever
// the test set (core/parallel_for.hpp).
#pragma once

#include "core/parallel_for.hpp"

namespace mechid::testing {

struct ThreadCount {
  explicit ThreadCount(int n) { set_thread_count(n); }
  ~ThreadCount() { set_thread_count(1); }
};

}  // namespace mechid::testing
