#include "identify/lagged_sums.hpp"

#include <algorithm>
#include <complex>

#include <unsupported/Eigen/FFT>

namespace mechid {

// Blocks k of L samples (L a power of two >= T, so 2L is a multiple of 4, Eigen's real-FFT path).
// With a_k the block zero-padded to 2L and w_k the samples kL … kL + 2L − 1 (zero past the record),
// Σ_{r<L} a_k(r) w_k(r + τ) for τ < L is the circular cross-correlation of length 2L (no wrap), whose
// transform is conj(A_k) W_k; and W_k = A_k + (−1)^f A_{k+1} (the next block shifted by L). So one
// FFT per block and channel, and the sums over all s < N − τ come from one inverse FFT per channel
// pair at the end.
RecordLaggedSums record_lagged_sums(const ScaledData& d, Eigen::Index lags) {
  const Eigen::Index k = d.inputs(), ny = d.outputs(), m = k + ny, N = d.samples();
  Eigen::Index L = 4;
  while (L < lags) L *= 2;
  const Eigen::Index size = 2 * L, bins = L + 1, blocks = (N + L - 1) / L;
  Eigen::FFT<double> fft;
  fft.SetFlag(Eigen::FFT<double>::HalfSpectrum);
  // The spectra of one block, one column per channel (size rows: the real path writes bins 0 … L
  // only, the rest is room), split into real and imaginary parts (bins x m each), so that the
  // products of the m² channel pairs below are real multiply-adds (conj(a) w = (a_r w_r + a_i w_i)
  // + i (a_r w_i − a_i w_r)): complex packets cost shuffles, under WebAssembly's SIMD128 1.8x native.
  Eigen::MatrixXcd spectra(size, m);
  Matrix padded = Matrix::Zero(size, m);
  const auto transform = [&](Eigen::Index block, Eigen::ArrayXXd& re, Eigen::ArrayXXd& im) {
    const Eigen::Index start = block * L, count = std::max<Eigen::Index>(0, std::min(L, N - start));
    padded.topRows(L).setZero();
    if (count > 0) {
      padded.topRows(count).leftCols(k) = d.u_rows(start, count);
      padded.topRows(count).rightCols(ny) = d.y_rows(start, count);
    }
    for (Eigen::Index c = 0; c < m; ++c) fft.fwd(spectra.col(c).data(), padded.col(c).data(), size);
    re = spectra.topRows(bins).real().array();
    im = spectra.topRows(bins).imag().array();
  };
  Eigen::ArrayXd alternating(bins);
  for (Eigen::Index f = 0; f < bins; ++f) alternating(f) = f % 2 == 0 ? 1.0 : -1.0;
  Eigen::ArrayXXd a_re(bins, m), a_im(bins, m), next_re(bins, m), next_im(bins, m), w_re(bins, m), w_im(bins, m);
  Eigen::ArrayXXd cross_re = Eigen::ArrayXXd::Zero(bins, m * m), cross_im = Eigen::ArrayXXd::Zero(bins, m * m);
  transform(0, a_re, a_im);
  for (Eigen::Index b = 0; b < blocks; ++b) {
    transform(b + 1, next_re, next_im);
    w_re = a_re + next_re.colwise() * alternating;
    w_im = a_im + next_im.colwise() * alternating;
    for (Eigen::Index p = 0; p < m; ++p)
      for (Eigen::Index q = 0; q < m; ++q) {
        cross_re.col(p * m + q) += a_re.col(p) * w_re.col(q) + a_im.col(p) * w_im.col(q);
        cross_im.col(p * m + q) += a_re.col(p) * w_im.col(q) - a_im.col(p) * w_re.col(q);
      }
    a_re.swap(next_re);
    a_im.swap(next_im);
  }
  RecordLaggedSums record{std::vector<Matrix>(static_cast<std::size_t>(lags), Matrix(m, m)), N, d.u_inverse, d.y_inverse};
  std::vector<double> correlation(static_cast<std::size_t>(size));
  Eigen::VectorXcd spectrum(bins);
  for (Eigen::Index p = 0; p < m; ++p)
    for (Eigen::Index q = 0; q < m; ++q) {
      spectrum.real() = cross_re.col(p * m + q).matrix();
      spectrum.imag() = cross_im.col(p * m + q).matrix();
      fft.inv(correlation.data(), spectrum.data(), size);
      for (Eigen::Index tau = 0; tau < lags; ++tau) record.by_lag[static_cast<std::size_t>(tau)](p, q) = correlation[static_cast<std::size_t>(tau)];
    }
  return record;
}

// The sums stop at s = j − 1: the few terms with s >= j are subtracted directly.
std::vector<Matrix> lagged_sums(const RecordLaggedSums& record, const ScaledData& d, Eigen::Index lags, Eigen::Index j) {
  const Eigen::Index N = d.samples();
  std::vector<Matrix> sums(record.by_lag.begin(), record.by_lag.begin() + lags);
  // Remove s = j … N − 1 − τ (the last N − j samples of the record, read once).
  const Matrix tail = d.z_columns(j, N - j);
  for (Eigen::Index s = 0; s < N - j; ++s)
    for (Eigen::Index tau = 0; s + tau < N - j && tau < lags; ++tau)
      sums[static_cast<std::size_t>(tau)].noalias() -= tail.col(s) * tail.col(s + tau).transpose();
  return sums;
}

std::vector<Matrix> lagged_sums(const ScaledData& d, Eigen::Index lags, Eigen::Index j) {
  return lagged_sums(record_lagged_sums(d, lags), d, lags, j);
}

}  // namespace mechid
