#include "discretize/zoh.hpp"

#include <cmath>
#include <sstream>
#include <unsupported/Eigen/MatrixFunctions>

#include "core/math_constants.hpp"
#include "discretize/sampling.hpp"

namespace mechid {
namespace {

std::string eigenvalue_text(std::complex<double> z) {
  std::ostringstream out;
  out.precision(6);
  out << z.real() << (z.imag() < 0 ? " - " : " + ") << std::abs(z.imag()) << "i";
  return out.str();
}

}  // namespace

DiscreteModel c2d_zoh(const StateSpaceModel& m, double h) {
  validate_shapes(m);
  validate_step(h);
  const ZohSampling zoh = sample_zoh(m.A, m.B, h);
  return {zoh.F, zoh.G, m.C, m.D, h};
}

ConversionResult d2c_zoh(const DiscreteModel& d) {
  validate_shapes(d);
  ConversionResult result;
  const Eigen::Index n = d.F.rows();
  const Eigen::VectorXcd lambda = Eigen::EigenSolver<Matrix>(d.F, false).eigenvalues();
  const double scale = std::max(1.0, d.F.norm());
  std::string bad, near;
  for (const auto z : lambda) {
    const bool on_axis = z.real() <= 0.0 && std::abs(z.imag()) <= 1e-12 * scale;
    if (on_axis || std::abs(z) <= 1e-14 * scale) {
      result.eigenvalues.push_back(z);
      bad += (bad.empty() ? "" : ", ") + eigenvalue_text(z);
    } else if (std::abs(std::arg(z)) > 0.95 * kPi) {
      result.eigenvalues.push_back(z);
      near += (near.empty() ? "" : ", ") + eigenvalue_text(z);
    }
  }
  if (!bad.empty()) {
    result.status = Status::failed;
    result.message = "no real matrix logarithm: F has eigenvalues on the closed negative real axis (" + bad +
                     "); the sampling period is beyond the band of that mode, or F is not the ZOH sample of a real model";
    return result;
  }
  result.model.A = d.F.log() / d.h;
  // ∫_0^h e^{As} ds from expm([A I; 0 0] h); it is invertible when A h has no eigenvalue 2πik, k ≠ 0.
  const Matrix integral = sample_zoh(result.model.A, Matrix::Identity(n, n), d.h).G;
  const Eigen::FullPivLU<Matrix> lu(integral);
  if (!lu.isInvertible()) {
    result.status = Status::failed;
    result.message = "the ZOH input integral ∫e^{As}ds is singular: B cannot be recovered from G";
    return result;
  }
  result.model.B = lu.solve(d.G);
  result.model.C = d.H;
  result.model.D = d.J;
  if (!near.empty()) {
    result.add_warning("eigenvalues of F close to the negative real axis (" + near +
                     "): modes near the Nyquist frequency, the logarithm is ill-conditioned and may alias");
  }
  return result;
}

}  // namespace mechid
