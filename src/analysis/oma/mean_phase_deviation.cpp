#include "analysis/oma/mean_phase_deviation.hpp"

#include <algorithm>
#include <cmath>

#include <Eigen/SVD>

#include "core/math_constants.hpp"

namespace mechid {

double mean_phase_deviation_deg(const Eigen::VectorXcd& shape) {
  Matrix reim(shape.size(), 2);
  reim.col(0) = shape.real();
  reim.col(1) = shape.imag();
  const Eigen::JacobiSVD<Matrix> svd(reim, Eigen::ComputeFullV);
  const Eigen::Vector2d line = svd.matrixV().col(0);
  double weighted = 0.0, total = 0.0;
  for (Eigen::Index j = 0; j < shape.size(); ++j) {
    const double magnitude = std::abs(shape(j));
    if (!(magnitude > 0.0)) continue;
    const double along = std::abs(shape(j).real() * line(0) + shape(j).imag() * line(1)) / magnitude;
    weighted += magnitude * std::acos(std::min(1.0, along));
    total += magnitude;
  }
  return total > 0.0 ? weighted / total * 180.0 / kPi : 0.0;
}

}  // namespace mechid
