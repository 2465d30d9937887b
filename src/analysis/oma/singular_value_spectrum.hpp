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

// The power spectral density of each channel of a record on its own (the Measure section's running
// spectrum, issue 54): Welch's averaged periodogram (Welch 1967, IEEE Trans. Audio Electroacoust.
// 15(2), 70–73) with half-overlapping Hann segments, one-sided, in units of y² per Hz, each
// channel's mean removed first: a single channel's cross-spectral matrix is its PSD, so the
// estimate is singular_value_spectrum's run channel by channel.
struct ChannelSpectra {
  Vector freq_hz;            // 0 … 1/(2h), step 1/(segment h)
  Matrix psd;                // lines × channels, y² per Hz
  Eigen::Index segment = 0;  // samples per Welch segment
  Eigen::Index segments = 0; // segments averaged
};

// y: N × m samples at spacing h (s). segment: samples per Welch segment, 16 … N (0: the default of
// singular_value_spectrum.hpp, the largest power of two ≤ min(N/8, 8192)). Throws InputError
// (codes h, segment) for h not positive and finite, fewer than 16 samples, or a segment out of range.
ChannelSpectra channel_spectra(const Matrix& y, double h, Eigen::Index segment = 0);

}  // namespace mechid
