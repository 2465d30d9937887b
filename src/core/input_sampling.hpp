// How the samples of an input represent the continuous force between sampling instants; every
// layer that discretizes, simulates, identifies or filters data needs it, hence the core.
#pragma once

#include "core/enum_names.hpp"

namespace mechid {

// point: samples of a continuous force at t_k (the thesis's assumption, eq. 2.24);
// hold:  u(k) held constant on [t_k, t_{k+1}) (a ZOH actuator, PRBS). The midpoint rule of
//        appendix A.3 applied to each interval then gives f_d(k) = L h/2 [u(k-1) + u(k-2)]:
//        eq. 2.24 on held data is half a sample early, an O(h) error instead of O(h²).
enum class InputSampling { point, hold };

// The option inputSampling's names of the two values (the Dataset's and the EKF's option:
// core/input_sampling_field.hpp), written once.
inline const EnumNames<InputSampling, 2> kInputSamplingNames{"input sampling", {"point", "hold"}};

}  // namespace mechid
