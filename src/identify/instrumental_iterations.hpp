// How IDIM-IV's instrumental-variable iterations ended (inverse_dynamic.hpp), and their limit,
// which the work estimate (method_cost.cpp) counts without depending on the method's header.
#pragma once

namespace mechid {

// The most IDIM-IV iterations, each a free run of the previous estimate per record.
constexpr int kMaxInstrumentalIterations = 8;

struct InstrumentalIterations {
  int made = 0;
  bool settled = false;  // stopped because no parameter moved by more than a tenth of its least-squares sd
                         // (not at kMaxInstrumentalIterations, nor for want of a free run)
};

}  // namespace mechid
