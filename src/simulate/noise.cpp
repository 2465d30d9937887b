#include "simulate/noise.hpp"

#include <cmath>

#include "core/rng.hpp"

namespace mechid {
namespace {

double variance(const Vector& x) { return (x.array() - x.mean()).square().mean(); }

}  // namespace

std::vector<double> add_noise(Matrix& signals, double snr_db, std::uint64_t seed, std::uint64_t stream) {
  std::vector<double> stddev(static_cast<std::size_t>(signals.cols()), 0.0);
  if (std::isinf(snr_db) && snr_db > 0) return stddev;
  for (Eigen::Index c = 0; c < signals.cols(); ++c) {
    const double sd = std::sqrt(variance(signals.col(c)) / std::pow(10.0, snr_db / 10.0));
    Random rng = Random::derived(seed, stream + static_cast<std::uint64_t>(c));
    for (Eigen::Index i = 0; i < signals.rows(); ++i) signals(i, c) += sd * rng.normal();
    stddev[static_cast<std::size_t>(c)] = sd;
  }
  return stddev;
}

Vector measured_snr_db(const Matrix& clean, const Matrix& noisy) {
  Vector snr(clean.cols());
  for (Eigen::Index c = 0; c < clean.cols(); ++c)
    snr(c) = 10.0 * std::log10(variance(clean.col(c)) / variance(noisy.col(c) - clean.col(c)));
  return snr;
}

}  // namespace mechid
