#include "core/zero_phase_lowpass.hpp"

#include <cmath>

#include "core/clamped_count.hpp"
#include "core/input_error.hpp"
#include "core/parallel_for.hpp"

namespace mechid {
namespace {

struct Biquad {
  double b0, b1, b2, a1, a2;  // y_k = b0 x_k + b1 x_{k-1} + b2 x_{k-2} - a1 y_{k-1} - a2 y_{k-2}
};

// The bilinear transform of ω_c²/(s² + √2 ω_c s + ω_c²) with K = tan(π f_c h) (prewarped).
Biquad butterworth2(double h, double cutoff_hz) {
  const double K = std::tan(M_PI * cutoff_hz * h), K2 = K * K, norm = 1.0 / (1.0 + std::sqrt(2.0) * K + K2);
  return {K2 * norm, 2 * K2 * norm, K2 * norm, 2 * (K2 - 1) * norm, (1 - std::sqrt(2.0) * K + K2) * norm};
}

// One pass of the section over x, started in its steady state for the constant x_0 (unit DC gain).
void run(const Biquad& f, Vector& x) {
  double x1 = x(0), x2 = x(0), y1 = x(0), y2 = x(0);
  for (Eigen::Index k = 0; k < x.size(); ++k) {
    const double y = f.b0 * x(k) + f.b1 * x1 + f.b2 * x2 - f.a1 * y1 - f.a2 * y2;
    x2 = x1;
    x1 = x(k);
    y2 = y1;
    y1 = y;
    x(k) = y;
  }
}

}  // namespace

Matrix zero_phase_lowpass(const Matrix& x, double h, double cutoff_hz) {
  require(std::isfinite(cutoff_hz) && cutoff_hz > 0 && cutoff_hz * h < 0.5,
          "the low-pass cut-off must lie between 0 and the Nyquist frequency " + format_number(0.5 / h) + " Hz, got " +
              format_number(cutoff_hz));
  const Biquad f = butterworth2(h, cutoff_hz);
  const Eigen::Index N = x.rows();
  // Padding: about three time constants of the section (1/(2π f_c) each), at most the record.
  const Eigen::Index pad = std::min<Eigen::Index>(N - 1, clamped_count(std::ceil(3.0 / (2 * M_PI * cutoff_hz * h))) + 1);
  Matrix out(N, x.cols());
  // A task per column on the core's threads (each with its own padded copy): the columns do not
  // interact, so the numbers do not depend on the thread count.
  parallel_for(x.cols(), [&](Eigen::Index c) {
    Vector padded(N + 2 * pad);
    const auto col = x.col(c);
    for (Eigen::Index i = 0; i < pad; ++i) {
      padded(pad - 1 - i) = 2 * col(0) - col(i + 1);
      padded(pad + N + i) = 2 * col(N - 1) - col(N - 2 - i);
    }
    padded.segment(pad, N) = col;
    run(f, padded);
    padded.reverseInPlace();
    run(f, padded);
    padded.reverseInPlace();
    out.col(c) = padded.segment(pad, N);
  });
  return out;
}

}  // namespace mechid
