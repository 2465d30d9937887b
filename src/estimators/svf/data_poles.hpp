// The SVF filter's default poles from the data (numerics review e622506, problem 9): the SVF report's
// poles 0.5 and 1 rad/s suit its own mass-spring-damper (ω_n = 0.37 rad/s); on a fast oscillator
// they give D < 0 and no fit, since the filter 1/Λ(s) must pass the band in which the system
// responds (the report, sec. 2.3: the estimate depends on the poles, which it searches on a grid).
// Without poles and grid, the grid is derived from the outputs: geometric around the dominant
// angular frequency of their spectrum, and the pair is chosen by output error as with a given grid.
#pragma once

#include "core/types.hpp"

namespace mechid {

// ω_d = 2π f of the largest bin (DC excluded) of the summed periodograms of the mean-removed output
// columns of y (h: the sampling period); the lowest bin's frequency when the spectrum is flat.
double dominant_angular_frequency(const Matrix& y, double h);

// The default pole grid: ω_d · 2^(k/2), k = -2 … 4 (ω_d/2 to 4 ω_d, seven poles, 28 pairs).
Vector data_pole_grid(const Matrix& y, double h);

}  // namespace mechid
