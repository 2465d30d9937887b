// The input between samples as the exact sampled models assume it (the exact-sampling PEM and the
// validation's free run), and the sampled model x_{k+1} = Φ [x_k; w_k] it implies. Held forces
// are exact under ZOH. For point samples of a continuous force, FOH (linear between samples) is
// exact only for piecewise-linear forces: a multisine up to fs/4 carries a 3-sd intersample bias
// (review numerics-9fdcf06, D7). A band-limited force is determined by its samples (Shannon), so
// when the samples' spectrum shows no power near the Nyquist frequency the force is interpolated
// band-limited (the "BL" intersample assumption of Pintelon & Schoukens 2012, sec. 13.2) at r
// points per period and the system sampled exactly with FOH over each h/r.
#pragma once

#include <string>
#include <vector>

#include "core/input_sampling.hpp"
#include "core/types.hpp"

namespace mechid {

enum class IntersampleKind { hold, linear, band_limited };

struct IntersampleModel {
  IntersampleKind kind = IntersampleKind::hold;
  int substeps = 1;        // band-limited: r interpolated points per sampling period
  bool detrended = false;  // band-limited: interpolated after removing the line through the end samples
};

// "zoh", "foh" or "band-limited" (diagnostics.sampling_model).
std::string to_string(const IntersampleModel& model);

// Held inputs: ZOH. Point samples: band-limited when every channel's mean periodogram above
// 0.8 × Nyquist is below 1e-3 of its average (as recorded, or after removing the line through
// the first and last samples, which makes a record that is not periodic continuous at its ends),
// with r the smallest of 8, 16, 32 for which the input above (r/32) × Nyquist is as negligible
// (then ω h/r <= π/32 wherever there is power: FOH over h/r attenuates by sinc²(ωh/2r) >= 0.9992);
// otherwise FOH.
IntersampleModel choose_intersample_model(const Matrix& u, double h, InputSampling sampling);

// Columns of w_k per input channel: 1 (ZOH), 2 (FOH: [u_k; u_{k+1} − u_k]), r + 1 (band-limited:
// the interpolated force at t_k + j h/r, j = 0 … r).
Eigen::Index columns_per_input(const IntersampleModel& model);

// w_k for every sample, one row each (N x columns_per_input · k).
Matrix intersample_inputs(const Matrix& u, const IntersampleModel& model);

// The trigonometric (band-limited, period N h) interpolant of each column of u at t_k + j h/r:
// row k·r + j, for k = 0 … N−1, j = 0 … r−1 (row k·r is u_k itself). detrended: the line through
// u_0 and u_{N−1} is removed before and added back after.
Matrix band_limited_interpolation(const Matrix& u, int substeps, bool detrended);

// Φ = [F, Γ] of x_{k+1} = Φ [x_k; w_k] for x' = A x + B u, and ∂Φ along each direction
// [∂A ∂B] (n x (n + k)). Band-limited: the FOH model over h/r composed r times,
// Φ = T_r with T_0 = [I 0], T_{j+1} = F_f T_j + (G0_f − G1_f) E_j + G1_f E_{j+1} (E_j selects the
// j-th interpolated force of w_k), and ∂T by the product rule.
struct SampledModelDerivatives {
  Matrix Phi;
  std::vector<Matrix> derivatives;
};
SampledModelDerivatives sampled_model(const Matrix& A, const Matrix& B, double h, const IntersampleModel& model,
                                      const std::vector<Matrix>& directions = {});

}  // namespace mechid
