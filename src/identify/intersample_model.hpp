// The input between samples as the exact sampled models assume it (the exact-sampling PEM and the
// validation's free run), and the sampled model x_{k+1} = Φ [x_k; w_k] it implies. Held forces
// are exact under ZOH. For point samples of a continuous force, FOH (linear between samples) is
// exact only for piecewise-linear forces: a multisine up to fs/4 carries a 3-sd intersample bias
// (review numerics-9fdcf06, D7). A band-limited force is determined by its samples (Shannon), so
// when the samples' spectrum shows no power near the Nyquist frequency the force is interpolated
// band-limited (the "BL" intersample assumption of Pintelon & Schoukens 2012, sec. 13.2) at r
// points per period, and the system is sampled exactly for the cubic through four of these points
// over each h/r (discretize/cubic_hold.hpp). The model's error is that cubic's: at most
// (3/128)(ωh/r)⁴ ≤ 2.2e-6 of a line's amplitude (1.4e-6 on average over a sub-step), where FOH
// over h/r erred by (ωh/r)²/12 = 8e-4 and biased M, D by 2.4e-4, 4.6e-4 at h = 0.6 noise-free
// (review numerics-e622506, problem 3). The interpolation itself is exact for a force that is
// band-limited and periodic in the record; otherwise its end error remains, which the residual
// tests of the validation see.
#pragma once

#include <string>
#include <vector>

#include "core/input_sampling.hpp"
#include "core/types.hpp"
#include "discretize/exponential_frechet.hpp"

namespace mechid {

enum class IntersampleKind { hold, linear, band_limited };

struct IntersampleModel {
  IntersampleKind kind = IntersampleKind::hold;
  int substeps = 1;        // band-limited: r interpolated points per sampling period
  bool detrended = false;  // band-limited: interpolated after removing the line through the end samples
};

// "zoh", "foh" or "band-limited" (diagnostics.sampling_model).
std::string to_string(const IntersampleModel& model);

// The band-limited model's error in words, for a result's reason: "... errs by at most 2.2e-6 of a
// line's amplitude ...".
std::string band_limited_error_words(const IntersampleModel& model);

// Held inputs: ZOH. Point samples: band-limited when every channel's mean periodogram above
// 0.8 × Nyquist is below 1e-3 of its average (as recorded, or after removing the line through
// the first and last samples, which makes a record that is not periodic continuous at its ends),
// with r the smallest of 8, 16, 32 for which the input above (r/32) × Nyquist is as negligible
// (then ω h/r <= π/32 wherever there is power: the cubic over h/r errs by <= 2.2e-6 of a line);
// otherwise FOH.
IntersampleModel choose_intersample_model(const Matrix& u, double h, InputSampling sampling);

// Columns of w_k per input channel: 1 (ZOH), 2 (FOH: [u_k; u_{k+1} − u_k]), r + 3 (band-limited:
// the interpolated force at t_k + j h/r, j = −1 … r + 1).
Eigen::Index columns_per_input(const IntersampleModel& model);

// w_k for every sample, one row each (N x columns_per_input · k).
Matrix intersample_inputs(const Matrix& u, const IntersampleModel& model);

// Rows t0 … t0+b−1 of intersample_inputs(u, model) for the local kinds (ZOH, FOH), which need no
// more than u_{t0 … t0+b}: a free run reads its inputs a block at a time instead of an N-row copy.
Matrix intersample_input_rows(const Matrix& u, const IntersampleModel& model, Eigen::Index t0, Eigen::Index b);

// The trigonometric (band-limited, period N h) interpolant of each column of u at t_k + j h/r:
// row k·r + j, for k = 0 … N−1, j = 0 … r−1 (row k·r is u_k itself). detrended: the line through
// u_0 and u_{N−1} is removed before and added back after.
Matrix band_limited_interpolation(const Matrix& u, int substeps, bool detrended);

// Φ = [F, Γ] of x_{k+1} = Φ [x_k; w_k] for x' = A x + B u, and ∂Φ along each direction
// [∂A ∂B] (n x (n + k), given by its factors: left n x r, right (n + k) x r). Band-limited: the cubic-hold model over h/r composed r times,
// Φ = T_r with T_0 = [I 0], T_{j+1} = F_δ T_j + Σ_m G_m E_{j+m} (m = −1 … 2; E_i selects the
// interpolated force at t_k + i h/r in w_k; cubic_hold.hpp), and ∂T by the product rule.
// With `factored`, ZOH and FOH give ∂Φ in factors (left n x ρ, right (n + k·slots) x ρ) when the
// exponential needs no squaring (exponential_frechet_factors), and `derivatives` stays empty.
struct SampledModelDerivatives {
  Matrix Phi;
  std::vector<Matrix> derivatives;
  std::vector<LowRankMatrix> factors;
};
SampledModelDerivatives sampled_model(const Matrix& A, const Matrix& B, double h, const IntersampleModel& model,
                                      const std::vector<LowRankMatrix>& directions = {}, bool factored = false);

}  // namespace mechid
