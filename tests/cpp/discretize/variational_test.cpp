#include <catch2/catch.hpp>

#include <cmath>

#include "analysis/frequency_response.hpp"
#include "discretize/cayley.hpp"
#include "discretize/variational.hpp"
#include "model/presets.hpp"
#include "simulate/signals.hpp"

using namespace mechid;

TEST_CASE("eq. 2.26 inverts eq. 2.22 exactly, Md, Dd, Kd are symmetric with the signs of 2.25") {
  for (const char* name : {"msd", "3dof", "8dof"}) {
    const MechanicalSystem s = preset(name);
    for (double h : {1e-3, 0.05, 0.5}) {
      const DiscreteVariationalModel d = to_discrete(s, h);
      const MechanicalSystem back = to_continuous(d);
      CHECK((back.M - s.M).norm() < 1e-10 * s.M.norm());
      CHECK((back.D - s.D).norm() < 1e-10 * s.M.norm() / h);
      // K = Md + Dd + Kd cancels terms of size ‖M‖/h²: rounding errs by eps of those.
      CHECK((back.K - s.K).norm() < 1e-10 * s.K.norm() + 1e-13 * s.M.norm() / (h * h));
      CHECK((d.Md - d.Md.transpose()).norm() == 0.0);
      if (h < 0.1) {  // "h small enough" (2.25)
        CHECK(Eigen::SelfAdjointEigenSolver<Matrix>(d.Md).eigenvalues().minCoeff() > 0);
        CHECK(Eigen::SelfAdjointEigenSolver<Matrix>(d.Kd).eigenvalues().minCoeff() > 0);
        CHECK(Eigen::SelfAdjointEigenSolver<Matrix>(d.Dd).eigenvalues().maxCoeff() < 0);
      }
    }
  }
  const DiscreteVariationalModel one = to_discrete(preset("msd"), 0.1);
  CHECK(one.Md(0, 0) == Approx(15 / 0.1 + 0.1 * 2 / 4 + 0.1));
  CHECK(one.Dd(0, 0) == Approx(-(2 * 15 / 0.1 - 0.1 * 2 / 2)));
  CHECK(one.Kd(0, 0) == Approx(15 / 0.1 + 0.1 * 2 / 4 - 0.1));
}

TEST_CASE("Proposition 3.1.1: the transfer function of (2.23)-(2.24) equals the Tustin transform of (1.4) at 50 frequencies") {
  for (const char* name : {"msd", "3dof", "8dof"}) {
    const MechanicalSystem s = preset(name);
    const double h = std::string(name) == "8dof" ? 0.02 : 0.1;
    const DiscreteModel tustin = c2d_tustin(to_state_space(s), h);
    const DiscreteVariationalModel del = to_discrete(s, h);
    double worst = 0;
    for (int i = 0; i < 50; ++i) {
      const std::complex<double> z = std::polar(1.0, M_PI * (i + 0.5) / 50.0);
      const Eigen::MatrixXcd a = frequency_response(tustin, z), b = transfer_function(del, z);
      worst = std::max(worst, (a - b).norm() / a.norm());
    }
    INFO(name);
    CHECK(worst < 1e-10);
  }
}

TEST_CASE("the DEL recursion reproduces the Tustin state-space simulation sample by sample") {
  // Prop. 3.1.1 in the time domain: from rest, (2.23) and (3.15) give the same q_k.
  const MechanicalSystem s = preset("3dof");
  const double h = 0.05;
  InputOptions prbs;
  const Matrix u = InputSignal(prbs, 400, h, 3).sampled();
  const DiscreteModel tustin = c2d_tustin(to_state_space(s), h);
  Vector x = Vector::Zero(6);
  Matrix q_tustin(400, 3);
  for (Eigen::Index k = 0; k < 400; ++k) {
    q_tustin.row(k) = (tustin.H * x + tustin.J * u.row(k).transpose()).transpose();
    x = tustin.F * x + tustin.G * u.row(k).transpose();
  }
  const Matrix q_del = simulate_del(to_discrete(s, h), u, q_tustin.row(0).transpose(), q_tustin.row(1).transpose());
  CHECK((q_del - q_tustin).norm() < 1e-10 * q_tustin.norm());
}

TEST_CASE("the midpoint integrator conserves energy exactly for D = 0 over 1e5 steps") {
  MechanicalSystem s = preset("3dof");
  s.D.setZero();
  const double h = 0.1;
  const Eigen::Index N = 100000;
  Vector q0(3), q1(3);
  q0 << 1.0, -0.5, 0.25;
  q1 << 0.98, -0.45, 0.3;
  const Matrix q = simulate_del(to_discrete(s, h), Matrix::Zero(N, 3), q0, q1);
  const double e0 = midpoint_energy(s, q.row(0).transpose(), q.row(1).transpose(), h);
  double drift = 0;
  for (Eigen::Index k = 1; k + 1 < N; k += 997)
    drift = std::max(drift, std::abs(midpoint_energy(s, q.row(k).transpose(), q.row(k + 1).transpose(), h) - e0));
  drift = std::max(drift, std::abs(midpoint_energy(s, q.row(N - 2).transpose(), q.row(N - 1).transpose(), h) - e0));
  CHECK(drift < 1e-10 * e0);
  // With damping the same energy decays.
  const MechanicalSystem damped = preset("3dof");
  const Matrix qd = simulate_del(to_discrete(damped, h), Matrix::Zero(2000, 3), q0, q1);
  CHECK(midpoint_energy(damped, qd.row(1998).transpose(), qd.row(1999).transpose(), h) < 1e-3 * e0);
}

TEST_CASE("discrete force of eq. 2.24") {
  Matrix u(4, 1);
  u << 1, 2, 3, 5;
  const Matrix f = discrete_force(u, Matrix::Constant(1, 1, 2.0), 0.4);
  REQUIRE(f.rows() == 2);
  CHECK(f(0, 0) == Approx(2.0 * 0.1 * (3 + 4 + 1)));
  CHECK(f(1, 0) == Approx(2.0 * 0.1 * (5 + 6 + 2)));
}
