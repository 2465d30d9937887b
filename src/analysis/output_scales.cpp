#include "analysis/output_scales.hpp"

#include <cmath>

namespace mechid {

Vector output_levels(const FrfEstimate& frf) {
  const Eigen::Index m = frf.H1.empty() ? 0 : frf.H1.front().rows();
  Vector sum = Vector::Zero(m), count = Vector::Zero(m);
  for (const Eigen::MatrixXcd& H : frf.H1)
    for (Eigen::Index o = 0; o < m; ++o)
      for (Eigen::Index j = 0; j < H.cols(); ++j)
        if (std::isfinite(H(o, j).real()) && std::isfinite(H(o, j).imag())) sum(o) += std::norm(H(o, j)), count(o) += 1.0;
  Vector level = Vector::Ones(m);
  for (Eigen::Index o = 0; o < m; ++o) {
    const double rms = count(o) > 0.0 ? std::sqrt(sum(o) / count(o)) : 0.0;
    if (rms > 0.0 && std::isfinite(rms)) level(o) = rms;
  }
  return level;
}

void scale_outputs(FrfEstimate& frf, const Vector& factor) {
  for (Eigen::MatrixXcd& H : frf.H1) H = factor.asDiagonal() * H;
  for (Eigen::MatrixXcd& H : frf.H2) H = factor.asDiagonal() * H;
  for (Matrix& sd : frf.h1_sd) sd = factor.asDiagonal() * sd;
  if (frf.noise_sd.cols() == factor.size()) frf.noise_sd = frf.noise_sd * factor.asDiagonal();
}

void scale_outputs(ModalFit& fit, const Vector& factor) {
  const Eigen::Index m = factor.size();
  for (Eigen::Index c = 0; c < fit.residues.rows(); ++c) {
    const double s = factor(c % m);
    fit.residues.row(c) *= s;
    fit.lower(c) *= s;
    fit.upper(c) *= s;
  }
}

}  // namespace mechid
