#include "estimators/ekf/linear_oscillator.hpp"

#include <algorithm>
#include <cmath>

#include "core/input_error.hpp"

namespace mechid {

LinearOscillator::LinearOscillator(double m, double b, double k, std::vector<std::string> estimated)
    : m_(m), b_(b), k_(k), estimated_(std::move(estimated)) {
  require(std::isfinite(m) && m > 0, "m must be a positive number, got " + format_number(m));
  require(std::isfinite(b) && b >= 0, "b must be a number >= 0, got " + format_number(b));
  require(std::isfinite(k) && k > 0, "k must be a positive number, got " + format_number(k));
  for (const std::string& name : estimated_)
    require(name == "b" || name == "k", "unknown parameter '" + name + "' of the linear oscillator (expected b or k)");
  require(estimated_.size() <= 2 && (estimated_.size() < 2 || estimated_[0] != estimated_[1]),
          "each of b and k can be estimated once");
  std::sort(estimated_.begin(), estimated_.end());
}

Vector LinearOscillator::true_theta() const {
  Vector theta(parameters());
  for (Eigen::Index i = 0; i < theta.size(); ++i) theta(i) = estimated_[static_cast<std::size_t>(i)] == "b" ? b_ : k_;
  return theta;
}

Acceleration LinearOscillator::acceleration(const Vector& s, const Vector& v, const Vector& theta, const Vector& u,
                                            bool jacobians) const {
  double b = b_, k = k_;
  for (Eigen::Index i = 0; i < theta.size(); ++i) (estimated_[static_cast<std::size_t>(i)] == "b" ? b : k) = theta(i);
  Acceleration out;
  out.a = Vector::Constant(1, (u(0) - b * v(0) - k * s(0)) / m_);
  if (!jacobians) return out;
  out.ds = Matrix::Constant(1, 1, -k / m_);
  out.dv = Matrix::Constant(1, 1, -b / m_);
  out.dtheta.resize(1, theta.size());
  for (Eigen::Index i = 0; i < theta.size(); ++i)
    out.dtheta(0, i) = estimated_[static_cast<std::size_t>(i)] == "b" ? -v(0) / m_ : -s(0) / m_;
  return out;
}

}  // namespace mechid
