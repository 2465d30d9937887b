// The discrete Fourier transform of any length N in O(M log M) (M >= 2N − 1 a power of two), by
// Bluestein's chirp-z identity: the data's own bins, not a zero-padded grid. Lengths whose prime
// factors are 2, 3 and 5 (1000, 6000, 10⁶) go to Eigen's mixed-radix FFT directly: on 10⁶
// samples that is one transform of 10⁶ points instead of three of 2²¹, and no 2²¹-point buffers.
#pragma once

#include <complex>
#include <cstddef>
#include <vector>

#include <unsupported/Eigen/FFT>

#include "core/types.hpp"

namespace mechid {

using ComplexVector = std::vector<std::complex<double>>;

// X_b = Σ_t x_t e^{−2πi b t/N} for b = 0 … N−1, from b·t = (b² + t² − (b − t)²)/2 (Oppenheim &
// Schafer 2010, §9.6.2): X_b = w̄_b Σ_t (x_t w̄_t) w_{b−t} with w_j = e^{iπ j²/N}, a convolution
// done by FFTs. The chirp's transform is computed once per length and shared by every call.
class Dft {
 public:
  explicit Dft(std::size_t N);
  std::size_t size() const { return N_; }
  ComplexVector forward(const ComplexVector& x) const;
  // x_t = (1/N) Σ_b X_b e^{2πi b t/N}: the inverse of forward.
  ComplexVector inverse(const ComplexVector& X) const;
  // Bins 0 … ⌊N/2⌋ of forward(x) for real x (the rest are their conjugates). A 5-smooth N that is
  // a multiple of 4 goes to Eigen's real FFT, one complex transform of N/2 points: half the work
  // and half the buffers (10⁶ samples: 8 MB each instead of 16).
  ComplexVector half_spectrum(const std::vector<double>& x) const;

 private:
  std::size_t N_, M_ = 1;
  bool direct_ = false;  // N is 5-smooth: Eigen's FFT of length N, no chirp
  ComplexVector chirp_, B_;
  mutable Eigen::FFT<double> fft_;
  mutable Eigen::FFT<double> real_fft_;  // HalfSpectrum set: real input, bins 0 … N/2 out
};

// Bins 0 … bins − 1 of the DFT of each column of x (rows: bins), e.g. bins = N/2 + 1 for real data.
Eigen::MatrixXcd dft_of_columns(const Matrix& x, Eigen::Index bins);

}  // namespace mechid
