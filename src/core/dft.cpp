#include "core/dft.hpp"

#include <cmath>
#include <cstdint>

namespace mechid {

namespace {
// Whether N has no prime factor above 5: Eigen's FFT (kissfft, mixed radix 2, 3, 4, 5) then takes
// it directly in O(N log N), one transform instead of Bluestein's three of length M >= 2N − 1.
bool five_smooth(std::size_t N) {
  if (N < 2) return false;
  for (const std::size_t p : {2u, 3u, 5u})
    while (N % p == 0) N /= p;
  return N == 1;
}
}  // namespace

Dft::Dft(std::size_t N) : N_(N), direct_(five_smooth(N)) {
  real_fft_.SetFlag(Eigen::FFT<double>::HalfSpectrum);
  if (direct_) return;
  chirp_.resize(N_);
  while (M_ < 2 * N_ - 1 || M_ < 2) M_ *= 2;  // Eigen's FFT does not take length 1
  for (std::size_t t = 0; t < N_; ++t) {
    // e^{iπ t²/N} has period 2N in t²: exact phases for large t. In 64 bits: t² overflows a 32-bit
    // size_t (WebAssembly's) from t = 65536 on, which gave wrong spectra for N > 65536 there.
    const std::uint64_t square = (std::uint64_t{t} * t) % (2 * std::uint64_t{N_});
    chirp_[t] = std::polar(1.0, M_PI * static_cast<double>(square) / static_cast<double>(N_));
  }
  ComplexVector b(M_, 0.0);
  b[0] = chirp_[0];
  for (std::size_t t = 1; t < N_; ++t) b[t] = b[M_ - t] = chirp_[t];
  fft_.fwd(B_, b);
}

ComplexVector Dft::forward(const ComplexVector& x) const {
  if (direct_) {
    ComplexVector X;
    fft_.fwd(X, x);
    return X;
  }
  ComplexVector a(M_, 0.0), A, c;
  for (std::size_t t = 0; t < N_; ++t) a[t] = x[t] * std::conj(chirp_[t]);
  fft_.fwd(A, a);
  for (std::size_t j = 0; j < M_; ++j) A[j] *= B_[j];
  fft_.inv(c, A);
  ComplexVector X(N_);
  for (std::size_t b = 0; b < N_; ++b) X[b] = std::conj(chirp_[b]) * c[b];
  return X;
}

ComplexVector Dft::inverse(const ComplexVector& X) const {
  // x = conj(DFT(conj(X)))/N.
  ComplexVector conjugate(N_);
  for (std::size_t b = 0; b < N_; ++b) conjugate[b] = std::conj(X[b]);
  ComplexVector x = forward(conjugate);
  for (auto& v : x) v = std::conj(v) / static_cast<double>(N_);
  return x;
}

ComplexVector Dft::half_spectrum(const std::vector<double>& x) const {
  if (direct_ && N_ % 4 == 0) {  // kissfft's real path (N/2 complex points) needs N divisible by 4
    ComplexVector X;
    real_fft_.fwd(X, x);
    return X;
  }
  ComplexVector X = forward(ComplexVector(x.begin(), x.end()));
  X.resize(N_ / 2 + 1);
  return X;
}

Eigen::MatrixXcd dft_of_columns(const Matrix& x, Eigen::Index bins) {
  const Dft dft{static_cast<std::size_t>(x.rows())};
  Eigen::MatrixXcd X(bins, x.cols());
  ComplexVector column(static_cast<std::size_t>(x.rows()));
  for (Eigen::Index c = 0; c < x.cols(); ++c) {
    for (Eigen::Index t = 0; t < x.rows(); ++t) column[std::size_t(t)] = x(t, c);
    const ComplexVector spectrum = dft.forward(column);
    for (Eigen::Index b = 0; b < bins; ++b) X(b, c) = spectrum[std::size_t(b)];
  }
  return X;
}

}  // namespace mechid
