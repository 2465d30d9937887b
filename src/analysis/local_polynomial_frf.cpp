#include "analysis/local_polynomial_frf.hpp"

#include <algorithm>
#include <cmath>
#include <complex>

#include "core/dft.hpp"
#include "core/input_error.hpp"

namespace mechid {
namespace {

using Complex = std::complex<double>;
constexpr Eigen::Index kDegree = 2;  // Pintelon et al. 2010's usual choice: bias O(R³) on H

}  // namespace

FrfEstimate local_polynomial_frf(const Matrix& u, const Matrix& y, double h, const FrfOptions& o) {
  const Eigen::Index N = u.rows(), k = u.cols(), m = y.cols();
  // Unknowns per output: (k + 1)(degree + 1); the window holds 2R + 1 bins with at least k + 2
  // residual degrees of freedom for the noise estimate (Pintelon et al. 2010, eq. 17).
  const Eigen::Index unknowns = (k + 1) * (kDegree + 1);
  const Eigen::Index R = (unknowns + k + 2) / 2;
  const Eigen::Index window = 2 * R + 1, dof = window - unknowns;
  require(N / 2 > 2 * R + 1, "frf: the local polynomial method needs more than " + std::to_string(4 * R + 2) + " samples", "data");
  const Eigen::MatrixXcd U = dft_of_columns(u, N / 2 + 1), Y = dft_of_columns(y, N / 2 + 1);
  const double df = 1.0 / (double(N) * h);

  FrfEstimate result;
  result.averages = dof;
  result.segment = N;
  const std::vector<Eigen::Index> chosen = bins_in_band(std::max<Eigen::Index>(1, R), N / 2 - R, df, o);
  const auto F = Eigen::Index(chosen.size());
  result.freq_hz.resize(F);
  result.coherence.resize(F, m);
  Eigen::Index singular = 0;
  for (Eigen::Index i = 0; i < F; ++i) {
    const Eigen::Index b = chosen[std::size_t(i)];
    result.freq_hz(i) = double(b) * df;
    // Regressors: r^s U_j(b + r) for each input j and power s, then r^s for the transient.
    Eigen::MatrixXcd K(window, unknowns);
    for (Eigen::Index r = -R; r <= R; ++r) {
      double power = 1.0;
      for (Eigen::Index s = 0; s <= kDegree; ++s, power *= double(r)) {
        for (Eigen::Index j = 0; j < k; ++j) K(r + R, j * (kDegree + 1) + s) = power * U(b + r, j);
        K(r + R, k * (kDegree + 1) + s) = power;
      }
    }
    // Columns scaled to unit norm before the QR, so the input's units do not matter.
    const Vector scale = K.colwise().norm().transpose().cwiseMax(1e-300);
    const Eigen::MatrixXcd Ks = K * scale.cwiseInverse().asDiagonal();
    const Eigen::ColPivHouseholderQR<Eigen::MatrixXcd> qr(Ks);
    Eigen::MatrixXcd H = Eigen::MatrixXcd::Constant(m, k, Complex(NAN, NAN));
    Matrix sd = Matrix::Constant(m, k, NAN);
    if (qr.rank() < unknowns) {
      ++singular;
    } else {
      const Eigen::MatrixXcd Yw = Y.middleRows(b - R, window);
      const Eigen::MatrixXcd theta = qr.solve(Yw);
      const Eigen::MatrixXcd residual = Yw - Ks * theta;
      // cov θ = σ² (Ksᴴ Ks)⁻¹; its diagonal from the R factor: (RᴴR)⁻¹ = R⁻¹R⁻ᴴ (permuted).
      const Eigen::MatrixXcd Rf = qr.matrixR().topLeftCorner(unknowns, unknowns).triangularView<Eigen::Upper>();
      const Eigen::MatrixXcd Rinv = Rf.triangularView<Eigen::Upper>().solve(Eigen::MatrixXcd::Identity(unknowns, unknowns));
      const Eigen::MatrixXcd P = qr.colsPermutation() * Rinv;  // rows in the original column order
      for (Eigen::Index o2 = 0; o2 < m; ++o2) {
        const double sigma2 = residual.col(o2).squaredNorm() / double(dof);
        result.coherence(i, o2) = std::clamp(1.0 - sigma2 / std::max(std::norm(Y(b, o2)), 1e-300), 0.0, 1.0);
        for (Eigen::Index j = 0; j < k; ++j) {
          const Eigen::Index col = j * (kDegree + 1);
          H(o2, j) = theta(col, o2) / scale(col);  // θ rows follow the original columns after solve
          sd(o2, j) = std::sqrt(sigma2 * P.row(col).squaredNorm()) / scale(col);
        }
      }
    }
    if (qr.rank() < unknowns) result.coherence.row(i).setConstant(NAN);
    result.H1.push_back(H);
    result.h1_sd.push_back(sd);
  }
  report_unestimated(result, singular, o, "give too weak an input for the local polynomial fit");
  return result;
}

}  // namespace mechid
