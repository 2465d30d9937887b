#include "model/second_order_extraction.hpp"

#include "core/input_error.hpp"
#include "model/mass_from_symmetry.hpp"

namespace mechid {

SecondOrderExtraction extract_second_order(const StateSpaceModel& m, const Matrix& L) {
  SecondOrderExtraction out;
  const Eigen::Index n = m.C.rows();
  require(m.A.rows() == 2 * n && m.A.cols() == 2 * n && m.B.rows() == 2 * n && m.C.cols() == 2 * n,
          "second-order extraction needs A of size 2n x 2n and C of size n x 2n (n displacement outputs)");
  require(L.rows() == n && L.cols() == m.B.cols(), "L must be n x k with k the number of inputs of the model");
  Matrix T(2 * n, 2 * n);
  T << m.C, m.C * m.A;
  const Eigen::FullPivLU<Matrix> t_lu(T);
  const Matrix R = m.C * m.A * m.B;  // M⁻¹L
  if (!t_lu.isInvertible()) {
    out.fail("[C; CA] is singular: the model is not observable from displacements");
    return out;
  }
  const Matrix companion = T * m.A * t_lu.inverse();
  Matrix M;
  if (L.cols() == n) {  // Luş et al.: M = L (CAB)⁻¹
    const Eigen::FullPivLU<Matrix> cab(R);
    if (!cab.isInvertible()) {
      out.fail("CAB is singular: no mass matrix can be extracted");
      return out;
    }
    M = L * cab.inverse();
  } else {
    M = mass_from_symmetry(-companion.bottomLeftCorner(n, n), -companion.bottomRightCorner(n, n), R, L);
    if (M.size() == 0) {
      out.fail("with " + std::to_string(L.cols()) + " input(s) for " + std::to_string(n) +
               " degrees of freedom the mass matrix is undetermined: M·CAB = L and the symmetry of K and D do "
               "not fix it");
      return out;
    }
  }
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
