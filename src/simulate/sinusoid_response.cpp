#include "simulate/sinusoid_response.hpp"

#include <cmath>
#include <complex>

#include <unsupported/Eigen/MatrixFunctions>

#include "core/input_error.hpp"
#include "core/sampling_period.hpp"

namespace mechid {

Vector SineSum::at(double t) const {
  Vector u = offset;
  for (const Term& term : terms) u(term.channel) += term.amplitude * std::sin(term.omega * t + term.phase);
  return u;
}

SampledResponse sinusoid_response(const StateSpaceModel& m, const SineSum& input, const Vector& x0, double h,
                                  Eigen::Index N) {
  check_sampling_period(h);
  require(N >= 1, "n must be at least 1 sample, got " + std::to_string(N));
  const Eigen::Index n = m.A.rows(), k = m.B.cols();
  require(input.offset.size() == k, "the input has " + std::to_string(input.offset.size()) + " channels, the model " +
                                        std::to_string(k));
  require(x0.size() == n, "the initial state has " + std::to_string(x0.size()) + " entries, the model " + std::to_string(n));
  using Complex = std::complex<double>;
  using ComplexMatrix = Eigen::MatrixXcd;
  // Particular solution of the constants.
  Vector xc = Vector::Zero(n);
  if (input.offset.cwiseAbs().maxCoeff() > 0) {
    const Eigen::FullPivLU<Matrix> lu(m.A);
    require(lu.isInvertible(), "a constant input needs an invertible A (the system has an integrator)");
    xc = -lu.solve(m.B * input.offset);
  }
  // Complex amplitude X = (iωI - A)⁻¹ B_j a e^{iφ} of each sinusoid.
  std::vector<Eigen::VectorXcd> amplitudes;
  for (const SineSum::Term& term : input.terms) {
    require(term.channel >= 0 && term.channel < k, "a sinusoid acts on input " + std::to_string(term.channel + 1) +
                                                       " but the model has " + std::to_string(k));
    const ComplexMatrix S = Complex(0, term.omega) * ComplexMatrix::Identity(n, n) - m.A.cast<Complex>();
    const Eigen::FullPivLU<ComplexMatrix> lu(S);
    require(lu.isInvertible(), "a sinusoid at ω = " + format_number(term.omega) + " rad/s excites an undamped mode");
    amplitudes.push_back(lu.solve(m.B.col(term.channel).cast<Complex>() * (term.amplitude * std::polar(1.0, term.phase))));
  }
  auto particular = [&](double t) {
    Vector x = xc;
    for (std::size_t i = 0; i < amplitudes.size(); ++i)
      x += (amplitudes[i] * std::polar(1.0, input.terms[i].omega * t)).imag();
    return x;
  };
  const Matrix F = (m.A * h).exp();
  SampledResponse r;
  r.t.resize(N);
  r.u.resize(N, k);
  r.x.resize(N, n);
  Vector homogeneous = x0 - particular(0.0);
  for (Eigen::Index i = 0; i < N; ++i) {
    const double t = static_cast<double>(i) * h;
    r.t(i) = t;
    r.u.row(i) = input.at(t).transpose();
    r.x.row(i) = (particular(t) + homogeneous).transpose();
    homogeneous = F * homogeneous;
  }
  r.y = r.x * m.C.transpose();
  return r;
}

}  // namespace mechid
