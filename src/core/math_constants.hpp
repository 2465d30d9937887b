// π and 2π as doubles, said once (M_PI is POSIX, not standard C++17).
#pragma once

namespace mechid {

inline constexpr double kPi = 3.14159265358979323846;
inline constexpr double kTwoPi = 2.0 * kPi;  // exact: doubling only changes the exponent

}  // namespace mechid
