#include "analysis/shape_measures.hpp"

#include <cmath>

namespace mechid {

double complex_mac(const Eigen::VectorXcd& a, const Eigen::VectorXcd& b) {
  const double den = a.squaredNorm() * b.squaredNorm();
  return den > 0.0 ? std::norm(a.dot(b)) / den : 0.0;
}

double modal_phase_collinearity(const Eigen::VectorXcd& shape) {
  const Vector re = shape.real(), im = shape.imag();
  const double sxx = re.squaredNorm(), syy = im.squaredNorm(), sxy = re.dot(im);
  const double trace = sxx + syy, diff = std::sqrt((sxx - syy) * (sxx - syy) + 4.0 * sxy * sxy);
  return trace > 0.0 ? (diff / trace) * (diff / trace) : 0.0;  // λ1 − λ2 = diff, λ1 + λ2 = trace
}

}  // namespace mechid
