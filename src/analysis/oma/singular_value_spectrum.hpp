// The singular values of the output cross-spectral matrix over frequency: the spectrum of
// frequency-domain decomposition (FDD; Brincker, Zhang & Andersen 2001, Smart Mater. Struct. 10(3),
// 441–445, eq. 5–6), on which a mode shows as a peak of the first singular value and the number of
// modes at a frequency as the number of singular values above the noise.
#pragma once

#include "core/types.hpp"

namespace mechid {

struct SingularValueSpectrum {
  Vector freq_hz;            // the lines in the band
  Matrix singular_values;    // lines × m, each row decreasing (units of y² per Hz)
  Eigen::Index segment = 0;  // Welch segment length, samples
  Eigen::Index segments = 0; // segments averaged
};

// G_yy(f) = the Welch estimate of the cross-spectral matrix (Hann windows of `segment` samples,
// half overlapping, one-sided, scaled to y²/Hz), and at each line in [lo_hz, hi_hz] its singular
// values G = U S Uᴴ (Brincker et al. 2001, eq. 6). y: N × m (means removed), segment <= N.
SingularValueSpectrum singular_value_spectrum(const Matrix& y, double h, double lo_hz, double hi_hz, Eigen::Index segment);

// The default segment: the largest power of two at most N/8 (at least 15 half-overlapping
// averages, so the spectrum's relative scatter is about 1/√15 ≈ 26 % or less) and at most 8192 (a
// frequency step of fs/8192), and at least 16 (or N).
Eigen::Index default_spectrum_segment(Eigen::Index N);

}  // namespace mechid
