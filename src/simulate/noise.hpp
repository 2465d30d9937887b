// White Gaussian measurement noise at a given signal-to-noise ratio per channel:
// noise variance = signal variance / 10^(SNR/10) (variance about the channel's mean).
#pragma once

#include <cstdint>
#include <vector>

#include "core/types.hpp"

namespace mechid {

// Adds noise to each column of `signals` (N x channels) in place, channel c drawing from
// Random::derived(seed, stream + c). Returns the noise standard deviation of each channel.
// An infinite SNR adds nothing.
std::vector<double> add_noise(Matrix& signals, double snr_db, std::uint64_t seed, std::uint64_t stream);

// 10 log10(var(clean) / var(noisy - clean)) per column: the SNR actually realised.
Vector measured_snr_db(const Matrix& clean, const Matrix& noisy);

}  // namespace mechid
