#include <catch2/catch.hpp>

#include "identify/second_order.hpp"
#include "model/presets.hpp"

using namespace mechid;

namespace {

// An observer-form realisation of the variational model with held inputs (P = Md⁻¹):
// q_{k+1} = -P Dd q_k + x2_k + P (h/2) L u_k, x2_{k+1} = -P Kd q_k + P (h/2) L u_k, which is
// Md q_{k+1} + Dd q_k + Kd q_{k-1} = (h/2) L (u_k + u_{k-1}), eq. 2.23 with held inputs.
struct Realisation {
  Matrix F, G, H;
};
Realisation realise(const DiscreteVariationalModel& m) {
  const Eigen::Index n = m.Md.rows();
  const Matrix P = m.Md.inverse(), PL = 0.5 * m.h * P * m.L;
  Realisation r{Matrix::Zero(2 * n, 2 * n), Matrix(2 * n, m.L.cols()), Matrix::Zero(n, 2 * n)};
  r.F.topLeftCorner(n, n) = -P * m.Dd;
  r.F.topRightCorner(n, n).setIdentity();
  r.F.bottomLeftCorner(n, n) = -P * m.Kd;
  r.G << PL, PL;
  r.H.leftCols(n).setIdentity();
  return r;
}

}  // namespace

TEST_CASE("the second-order initialization returns Md, Dd, Kd of an exact model in any state coordinates") {
  for (const char* name : {"msd", "3dof"}) {
    const MechanicalSystem s = preset(name);
    const DiscreteVariationalModel truth = to_discrete(s, 0.1);
    const Realisation r = realise(truth);
    const Eigen::Index N = r.F.rows();
    const Matrix T = Matrix::Random(N, N) + 3.0 * Matrix::Identity(N, N);  // seeded by Eigen's rand
    const Matrix Ti = T.inverse();
    const SecondOrderInit init = second_order_init(T * r.F * Ti, T * r.G, r.H * Ti, s.L, 0.1);
    REQUIRE(init.status == Status::ok);
    INFO(name);
    CHECK((init.model.Md - truth.Md).norm() < 1e-9 * truth.Md.norm());
    CHECK((init.model.Dd - truth.Dd).norm() < 1e-9 * truth.Dd.norm());
    CHECK((init.model.Kd - truth.Kd).norm() < 1e-9 * truth.Kd.norm());
    // cond(Ω) of eq. 4.8, computed here from Ω = [H; HF] of the transformed model.
    Matrix omega(N, N);
    omega << r.H * Ti, r.H * r.F * Ti;
    const Eigen::JacobiSVD<Matrix> svd(omega);
    CHECK(init.omega_condition == Approx(svd.singularValues()(0) / svd.singularValues()(N - 1)).epsilon(1e-9));
  }
}

TEST_CASE("the second-order initialization returns the exact Md, Dd, Kd with fewer inputs than DOF") {
  // Eq. 4.15 alone fixes Md only for L square; with one or two inputs on three DOF the symmetry
  // of Kd and Dd supplies the rest (model/mass_from_symmetry.hpp).
  for (const Eigen::Index k : {1, 2}) {
    MechanicalSystem s = preset("3dof");
    s.L = Matrix(s.L.leftCols(k));
    const DiscreteVariationalModel truth = to_discrete(s, 0.1);
    const Realisation r = realise(truth);
    const SecondOrderInit init = second_order_init(r.F, r.G, r.H, s.L, 0.1);
    INFO(k << " input(s): " << init.message);
    REQUIRE(init.status == Status::ok);
    CHECK((init.model.Md - truth.Md).norm() < 1e-9 * truth.Md.norm());
    CHECK((init.model.Dd - truth.Dd).norm() < 1e-9 * truth.Dd.norm());
    CHECK((init.model.Kd - truth.Kd).norm() < 1e-9 * truth.Kd.norm());
  }
}
