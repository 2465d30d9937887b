#include "identify/second_order.hpp"

#include "core/input_error.hpp"
#include "core/robust_svd.hpp"
#include "model/mass_from_symmetry.hpp"

namespace mechid {

SecondOrderInit second_order_init(const Matrix& F, const Matrix& G, const Matrix& H, const Matrix& L, double h) {
  const Eigen::Index n = H.rows();
  require(F.rows() == 2 * n && F.cols() == 2 * n && G.rows() == 2 * n && H.cols() == 2 * n,
          "the second-order initialization needs a model of order 2n with n outputs");
  SecondOrderInit init;
  init.model.h = h;
  init.model.L = L;
  Matrix omega(2 * n, 2 * n);
  omega << H, H * F;
  const RobustSvd svd = robust_svd(omega);
  if (!svd.ok) {
    init.fail("Ω = [H; HF] has non-finite entries: the subspace model is unusable");
    return init;
  }
  init.omega_condition = svd.singular_values(0) / svd.singular_values(2 * n - 1);
  const Eigen::FullPivLU<Matrix> omega_lu(omega);
  if (!omega_lu.isInvertible()) {
    init.fail("Ω = [H; HF] is singular: the model has no second-order form (eq. 4.8)");
    return init;
  }
  // [F21 F22] Ω = H F²  <=>  Ω' [F21 F22]' = (H F²)'.
  const Matrix companion = Eigen::FullPivLU<Matrix>(omega.transpose()).solve((H * F * F).transpose()).transpose();
  init.F21 = companion.leftCols(n);
  init.F22 = companion.rightCols(n);
  const Matrix g_hat = omega * G;  // (4.11)
  init.B1 = g_hat.topRows(n);
  init.B2 = g_hat.bottomRows(n) - init.F22 * init.B1;  // (4.13) with J = 0
  // (4.15): Md (B1 + B2) = h L. With fewer inputs than DOF, Md is the symmetric matrix that
  // satisfies it together with the symmetry of Kd = −Md F21 and Dd = −Md F22 (model/mass_from_symmetry).
  Matrix Md;
  if (L.cols() == n) {
    const Eigen::FullPivLU<Matrix> gain(init.B1 + init.B2);
    if (!gain.isInvertible()) {
      init.fail("B1 + B2 is singular: no static gain to match (eq. 4.15)");
      return init;
    }
    Md = h * L * gain.inverse();
  } else {
    Md = mass_from_symmetry(-init.F21, -init.F22, (init.B1 + init.B2) / h, L);
    if (Md.size() == 0) {
      init.fail("with " + std::to_string(L.cols()) + " input(s) for " + std::to_string(n) +
                " degrees of freedom the gain matching of eq. 4.15 and the symmetry of Kd and Dd do not fix Md");
      return init;
    }
  }
  const Matrix Kd = -Md * init.F21, Dd = -Md * init.F22;
  init.model.Md = 0.5 * (Md + Md.transpose());
  init.model.Kd = 0.5 * (Kd + Kd.transpose());
  init.model.Dd = 0.5 * (Dd + Dd.transpose());
  return init;
}

}  // namespace mechid
