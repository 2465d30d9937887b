#include "identify/velocity_sign.hpp"

#include "core/zero_phase_lowpass.hpp"

namespace mechid {

Matrix velocity_sign(const Matrix& q, double h, double cutoff_hz) {
  const Matrix f = zero_phase_lowpass(q, h, cutoff_hz);
  const Eigen::Index N = q.rows();
  Matrix s = Matrix::Zero(N, q.cols());
  for (Eigen::Index k = 1; k + 1 < N; ++k)
    s.row(k) = (f.row(k + 1) - f.row(k - 1)).unaryExpr([](double x) { return static_cast<double>((x > 0) - (x < 0)); });
  if (N > 2) {
    s.row(0) = s.row(1);
    s.row(N - 1) = s.row(N - 2);
  }
  return s;
}

}  // namespace mechid
