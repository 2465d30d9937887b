#include "model/second_order_extraction.hpp"

#include "core/input_error.hpp"

namespace mechid {

SecondOrderExtraction extract_second_order(const StateSpaceModel& m, const Matrix& L) {
  SecondOrderExtraction out;
  const Eigen::Index n = m.C.rows();
  require(m.A.rows() == 2 * n && m.A.cols() == 2 * n && m.B.rows() == 2 * n && m.C.cols() == 2 * n,
          "second-order extraction needs A of size 2n x 2n and C of size n x 2n (n displacement outputs)");
  require(L.rows() == n && L.cols() == m.B.cols(), "L must be n x k with k the number of inputs of the model");
  if (L.cols() != n) {
    out.fail("second-order extraction needs as many independent inputs as degrees of freedom (L square)");
    return out;
  }
  Matrix T(2 * n, 2 * n);
  T << m.C, m.C * m.A;
  const Eigen::FullPivLU<Matrix> t_lu(T);
  const Eigen::FullPivLU<Matrix> cab(m.C * m.A * m.B);
  if (!t_lu.isInvertible() || !cab.isInvertible()) {
    out.fail(!t_lu.isInvertible() ? "[C; CA] is singular: the model is not observable from displacements"
                                  : "CAB is singular: no mass matrix can be extracted");
    return out;
  }
  const Matrix companion = T * m.A * t_lu.inverse();
  const Matrix M = L * cab.inverse();
  const Matrix K = -M * companion.bottomLeftCorner(n, n);
  const Matrix D = -M * companion.bottomRightCorner(n, n);
  out.system.M = 0.5 * (M + M.transpose());
  out.system.K = 0.5 * (K + K.transpose());
  out.system.D = 0.5 * (D + D.transpose());
  out.system.L = L;
  const auto problems = check(out.system);
  if (!problems.empty()) {
    out.add_warning("extracted model: " + problems.front());
  }
  return out;
}

}  // namespace mechid
