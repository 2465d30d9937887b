#include "identify/acceleration_outputs.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "core/clamped_count.hpp"
#include "core/input_error.hpp"
#include "discretize/sampling.hpp"

namespace mechid {
namespace {

// B̃(p) = (p² + 2ζ1 p + 1)(p² + 2ζ2 p + 1), ζ1 = cos(π/8), ζ2 = cos(3π/8): the normalized
// 4th-order Butterworth polynomial (ω_c = 1), coefficients of p⁰..p³ (p⁴: 1).
struct Butterworth4 {
  double b[4];
  Butterworth4() {
    const double z1 = std::cos(M_PI / 8), z2 = std::cos(3 * M_PI / 8);
    b[0] = 1.0;
    b[1] = 2 * (z1 + z2);
    b[2] = 2.0 + 4 * z1 * z2;
    b[3] = 2 * (z1 + z2);
  }
};

// State x = (y, y', y'', y''') of B̃(p) y = w in normalized time τ = ω_c t (companion form, well
// scaled for any ω_c), sampled exactly for w linear between samples (step ω_c h).
struct SampledFilter {
  FohSampling foh;
  Butterworth4 poly;
  explicit SampledFilter(double step) {
    Matrix A = Matrix::Zero(4, 4), B = Matrix::Zero(4, 1);
    for (int i = 0; i < 3; ++i) A(i, i + 1) = 1.0;
    for (int i = 0; i < 4; ++i) A(3, i) = -poly.b[i];
    B(3, 0) = 1.0;
    foh = sample_foh(A, B, step);
  }
};

// Filters each column of w; out(k, j) = readout(x_k, w_k) with x the filter state at sample k.
template <class Readout>
Matrix filter_columns(const SampledFilter& f, const Matrix& w, Readout readout) {
  Matrix out(w.rows(), w.cols());
  for (Eigen::Index j = 0; j < w.cols(); ++j) {
    Eigen::Vector4d x = Eigen::Vector4d::Zero();
    for (Eigen::Index k = 0; k < w.rows(); ++k) {
      out(k, j) = readout(x, w(k, j));
      if (k + 1 < w.rows()) {
        x = f.foh.F * x + f.foh.G0.col(0) * w(k, j) + f.foh.G1.col(0) * (w(k + 1, j) - w(k, j));
      }
    }
  }
  return out;
}

}  // namespace

Eigen::Index prefilter_settling_samples(double cutoff_hz, double h) {
  // Clamped in double: a tiny cut-off gives more samples than Index holds in WebAssembly.
  return clamped_count(std::ceil(20.0 / (2 * M_PI * cutoff_hz * h)));
}

double default_prefilter_cutoff_hz(Eigen::Index samples, double h, double share) {
  return 20.0 / (share * static_cast<double>(samples) * h) / (2 * M_PI);
}

Dataset displacement_equivalent(const Dataset& data, double cutoff_hz, AccelerationPrefilter* info) {
  if (data.input_sampling == InputSampling::hold) {
    throw InputError("accelerations need sampled (continuous) forces: held (ZOH) forces jump at every sample, "
                     "and the high-pass that stands in for double integration passes the jumps");
  }
  const Eigen::Index N = data.y.rows();
  const double fc = cutoff_hz > 0 ? cutoff_hz : default_prefilter_cutoff_hz(N, data.h);
  if (!std::isfinite(fc) || fc * data.h >= 0.5) {
    std::ostringstream msg;
    msg << "the acceleration high-pass cut-off " << fc << " Hz must be below the Nyquist frequency "
        << 0.5 / data.h << " Hz";
    throw InputError(msg.str());
  }
  const Eigen::Index drop = prefilter_settling_samples(fc, data.h);
  if (N - drop < 50) {
    std::ostringstream msg;
    msg << "the acceleration high-pass at " << fc << " Hz needs ";
    if (drop >= N) msg << "longer to settle (" << 20.0 / (2 * M_PI * fc) << " s) than the record (" << N * data.h << " s)";
    else msg << "its first " << drop << " samples to settle; only " << N - drop << " of " << N << " would be left";
    msg << " (raise the cut-off or record longer)";
    throw InputError(msg.str());
  }
  const double wc = 2 * M_PI * fc;
  const SampledFilter f(wc * data.h);
  // q̂ = (s²/B) a = (p²/B̃) a / ω_c²: the state's y'' over ω_c².
  const Matrix q = filter_columns(f, data.y, [&](const Eigen::Vector4d& x, double) { return x(2) / (wc * wc); });
  // û = (s⁴/B) u = (p⁴/B̃) u = u - Σ b_i y^(i).
  const Matrix u = filter_columns(f, data.u, [&](const Eigen::Vector4d& x, double w) {
    return w - (f.poly.b[0] * x(0) + f.poly.b[1] * x(1) + f.poly.b[2] * x(2) + f.poly.b[3] * x(3));
  });
  Dataset out = data;
  out.u = u.bottomRows(N - drop);
  out.y = q.bottomRows(N - drop);
  if (info) *info = {fc, drop};
  return out;
}

}  // namespace mechid
