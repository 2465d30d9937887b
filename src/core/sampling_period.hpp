// The sampling period h, checked in one place by every path that takes one (simulate, discretize,
// condition, identify, the estimators): issue 20, item 9. The probe of 9fdcf06 passed h = 1e-320
// (subnormal) and h = 1e300 through every command and got q = 0, G = 0 or κ = null with exit 0.
#pragma once

namespace mechid {

// Every h the core accepts lies in [1e-300, 1e300] s: then 1/h, the Nyquist frequency π/h and
// t = N·h for any record length stay finite normal doubles, and h itself is not subnormal.
inline constexpr double kMinSamplingPeriod = 1e-300;
inline constexpr double kMaxSamplingPeriod = 1e300;

// Throws InputError unless h is a finite number of seconds in [kMinSamplingPeriod,
// kMaxSamplingPeriod]; the message names `name` (the option or field) and the value.
void check_sampling_period(double h, const char* name = "h");

// The range of h·ω (ω an upper bound of the system's fastest rate |λ|, rad/s) in which a sampled
// model means something in double precision. Below machine epsilon, e^{Ah} and every rational
// approximation of it round to the identity: no dynamics left. Above 1e8, scaling and squaring
// takes log2(h·ω) squarings and its relative error grows like h·ω·ε (Higham, "The scaling and
// squaring method for the matrix exponential revisited", SIAM J. Matrix Anal. Appl. 26(4), 2005,
// pp. 1179-1193, sec. 2); measured through `simulate` on the msd preset: relative error 1.5e-5 at
// h·ω = 1.7e12, 1.5e-2 at 1.7e15, every digit lost at 1.7e17, q = 0 from 1.7e20 on.
inline constexpr double kMaxStepTimesRate = 1e8;

// check_sampling_period(h), then throws InputError unless ε ≤ h·rate ≤ kMaxStepTimesRate, naming h,
// h·rate and the range of h that would do. A rate that is not positive and finite (nothing moves)
// only gets the first check.
void check_sampling_period(double h, double rate);

}  // namespace mechid
