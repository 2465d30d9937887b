#include "analysis/frequency_response.hpp"

namespace mechid {
namespace {

using Complex = std::complex<double>;

Eigen::MatrixXcd response(const Matrix& A, const Matrix& B, const Matrix& C, const Matrix& D, Complex x) {
  const Eigen::MatrixXcd resolvent = x * Eigen::MatrixXcd::Identity(A.rows(), A.cols()) - A.cast<Complex>();
  return C.cast<Complex>() * resolvent.partialPivLu().solve(B.cast<Complex>()) + D.cast<Complex>();
}

}  // namespace

Eigen::MatrixXcd frequency_response(const StateSpaceModel& m, Complex s) { return response(m.A, m.B, m.C, m.D, s); }
Eigen::MatrixXcd frequency_response(const DiscreteModel& m, Complex z) { return response(m.F, m.G, m.H, m.J, z); }

}  // namespace mechid
