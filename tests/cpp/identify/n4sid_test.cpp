#include <catch2/catch.hpp>

#include "discretize/zoh.hpp"
#include "identify/n4sid.hpp"
#include "model/presets.hpp"
#include "simulate/simulation.hpp"

using namespace mechid;

namespace {

Dataset simulated(const char* name, double h, Eigen::Index n, double snr, std::uint64_t seed = 1) {
  SimulationOptions o;
  o.h = h;
  o.n = n;
  o.snr_db = snr;
  o.seed = seed;
  const SimulatedData s = simulate(preset(name), o);
  return {h, s.u, s.q};
}

// Markov parameters H F^m G, m = 0..count-1, stacked.
Matrix markov(const Matrix& F, const Matrix& G, const Matrix& H, int count) {
  Matrix out(H.rows() * count, G.cols());
  Matrix X = G;
  for (int m = 0; m < count; ++m, X = F * X) out.middleRows(m * H.rows(), H.rows()) = H * X;
  return out;
}

}  // namespace

TEST_CASE("subspace identification on noise-free data recovers the system up to similarity") {
  for (const char* name : {"msd", "3dof"}) {
    const double h = 0.05;
    const Dataset d = simulated(name, h, 3000, INFINITY);
    const MechanicalSystem s = preset(name);
    const DiscreteModel truth = c2d_zoh(to_state_space(s), h);
    SubspaceOptions o;
    o.order = 2 * s.dof();
    const SubspaceModel m = subspace_identify(d, o);
    REQUIRE(m.status == Status::ok);
    const Matrix a = markov(m.F, m.G, m.H, 40), b = markov(truth.F, truth.G, truth.H, 40);
    INFO(name << ": relative Markov error " << (a - b).norm() / b.norm());
    CHECK((a - b).norm() < 1e-8 * b.norm());
    // Same eigenvalues (similarity invariant).
    Eigen::VectorXcd ea = Eigen::EigenSolver<Matrix>(m.F).eigenvalues(), eb = Eigen::EigenSolver<Matrix>(truth.F).eigenvalues();
    auto by_angle = [](const std::complex<double>& x, const std::complex<double>& y) { return std::arg(x) < std::arg(y); };
    std::sort(ea.data(), ea.data() + ea.size(), by_angle);
    std::sort(eb.data(), eb.data() + eb.size(), by_angle);
    CHECK((ea - eb).norm() < 1e-9);
  }
}

TEST_CASE("subspace identification with noise: the order gap is visible and the poles are close") {
  const Dataset d = simulated("3dof", 0.05, 6000, 15.0, 4);
  SubspaceOptions o;
  o.order = 6;
  o.block_rows = 10;
  const SubspaceModel m = subspace_identify(d, o);
  REQUIRE(m.status == Status::ok);
  CHECK(m.singular_values(5) > 3 * m.singular_values(6));
  const DiscreteModel truth = c2d_zoh(to_state_space(preset("3dof")), 0.05);
  const double true_radius = Eigen::EigenSolver<Matrix>(truth.F).eigenvalues().cwiseAbs().maxCoeff();
  const double radius = Eigen::EigenSolver<Matrix>(m.F).eigenvalues().cwiseAbs().maxCoeff();
  CHECK(radius == Approx(true_radius).epsilon(0.01));
}

TEST_CASE("block-row rule follows the sampling rate and the limits") {
  CHECK(choose_block_rows(6, 3, 6000, 0.05, 0.0) == 4);
  CHECK(choose_block_rows(6, 3, 6000, 0.005, 5.4) == 64);  // capped
  CHECK(choose_block_rows(6, 3, 6000, 0.02, 5.4) == 22);
  CHECK(choose_block_rows(6, 3, 40, 0.005, 5.4) == 18);   // limited by N
}
