#include <catch2/catch.hpp>

#include "core/rng.hpp"
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

TEST_CASE("a past horizon shorter than the future one still recovers noise-free data up to similarity") {
  // 3dof: order 6 from 3 outputs; future 16 block rows, past 3 (the fewest that determine the state).
  const double h = 0.05;
  const Dataset d = simulated("3dof", h, 3000, INFINITY);
  const DiscreteModel truth = c2d_zoh(to_state_space(preset("3dof")), h);
  SubspaceOptions o;
  o.order = 6;
  o.block_rows = 16;
  for (const Eigen::Index past : {Eigen::Index{3}, Eigen::Index{8}, Eigen::Index{16}}) {
    o.past_rows = past;
    const SubspaceModel m = subspace_identify(d, o);
    REQUIRE(m.status == Status::ok);
    const Matrix a = markov(m.F, m.G, m.H, 40), b = markov(truth.F, truth.G, truth.H, 40);
    INFO("past " << past << ": relative Markov error " << (a - b).norm() / b.norm());
    CHECK((a - b).norm() < 1e-8 * b.norm());
  }
}

TEST_CASE("past-horizon rule: half the future's rows, at least an eighth of the slowest period, at most all") {
  CHECK(choose_past_rows(54, 6, 3, 3, 0.05, 5.4) == 27);   // 3dof h = 0.05: the rule's 54, an eighth is 14
  CHECK(choose_past_rows(64, 6, 3, 3, 0.02, 5.4) == 34);   // capped: an eighth of 5.4 s at 0.02 s
  CHECK(choose_past_rows(64, 6, 3, 3, 0.005, 5.4) == 64);  // an eighth (135) beyond the cap: all
  CHECK(choose_past_rows(12, 6, 3, 3, 0.6, 5.4) == 6);     // 2 x order from the floor
  CHECK(choose_past_rows(4, 6, 1, 1, 0.6, 5.4) == 4);      // never more than the future's
  CHECK(choose_past_rows(20, 6, 1, 1, 0.6, 0.0) == 20);    // no period known: all
  CHECK(choose_past_rows(20, 6, 1, 1, 0.6, 0.0, PeriodKnown::no) == 10);  // the pilot's, checked once the period is known
  // One input, 8 outputs, 64 rows: the projection's 512 rows need 57 past block rows of 9 channels.
  CHECK(choose_past_rows(64, 16, 1, 8, 0.005, 1.1) == 57);
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
  CHECK(choose_block_rows(6, 3, 3, 6000, 0.05, 0.0) == 12);  // 2 x order
  CHECK(choose_block_rows(6, 3, 3, 6000, 0.005, 5.4) == 64);  // capped
  CHECK(choose_block_rows(16, 8, 8, 6000, 0.0005, 5.4) == 64);  // the same cap for 8 inputs and outputs
  CHECK(choose_block_rows(16, 8, 8, 1000, 0.0005, 5.4) == 29);  // and no more than 1000 samples allow: 2 i 17 <= 1000
  CHECK(choose_block_rows(6, 3, 3, 6000, 0.2, 5.4) == 14);    // half of 5.4 s at 0.2 s
  CHECK(choose_block_rows(6, 3, 3, 6000, 0.02, 5.4, 0.08) == 22);
  CHECK(choose_block_rows(6, 3, 3, 200, 0.05, 5.4) == 14);    // limited by N: 2 i (1 + 3 + 3) <= 200
  CHECK(subspace_min_samples(14, 3, 3) == 196);
}

TEST_CASE("the fewest block rows: 2 x order up to 8 outputs, the future rows of 8 outputs beyond") {
  for (Eigen::Index ny = 1; ny <= 8; ++ny) CHECK(min_block_rows(2 * ny, ny) == 4 * ny);
  CHECK(min_block_rows(6, 1) == 12);
  // A chain of n DOF, a sensor on every mass: 16 x order future rows, 4 n x 8 / n = 32 block rows.
  for (const Eigen::Index n : {9, 16, 24, 50}) CHECK(min_block_rows(2 * n, n) == 32);
  CHECK(min_block_rows(30, 12) == 40);  // ⌈16 x 30 / 12⌉
  CHECK(min_block_rows(200, 10) == 320);  // the row count, before the rule's cap of 64
  CHECK(choose_block_rows(32, 16, 16, 6000, 0.002, 0.0) == 32);
  CHECK(choose_block_rows(32, 16, 16, 6000, 0.002, 0.332, 0.125) == 32);  // the eighth: 21 rows
  CHECK(choose_block_rows(32, 16, 16, 6000, 0.002, 0.332, 0.5) == 64);   // half the period: 83, capped
}

TEST_CASE("B4: the rule's block rows are always accepted by subspace_identify (N = 200, any pilot period)") {
  const Dataset d = simulated("3dof", 0.05, 200, 20.0, 3);
  for (const double period : {0.0, 1.0, 5.4, 50.0, 1e6}) {
    SubspaceOptions o;
    o.order = 6;
    o.block_rows = choose_block_rows(6, 3, 3, 200, 0.05, period);
    INFO("period " << period << ", block rows " << o.block_rows);
    CHECK(subspace_min_samples(o.block_rows, 3, 3) <= 200);
    CHECK_NOTHROW(subspace_identify(d, o));
  }
}

TEST_CASE("block rows beyond the samples are refused by name, without overflowing a product of sizes") {
  // N = 300, 3 inputs, 3 outputs: i block rows need 2 i (1 + 3 + 3) = 14 i samples, so at most 21.
  // 1e9 made i * outputs wrap in WebAssembly's 32-bit Index ("too few for order 6"), 2^62 natively
  // (UBSan signed overflow); tests/node/numerical_robustness.test.mjs checks the same text from WASM.
  const Dataset d = simulated("3dof", 0.05, 300, 20.0, 3);
  SubspaceOptions o;
  o.order = 6;
  o.block_rows = 1'000'000'000;
  CHECK_THROWS_WITH(subspace_identify(d, o), "block rows i = 1000000000 need at least 1.4e+10 samples (2 i (1 + inputs + "
                                             "outputs)), the data have 300: give at most 21 block rows, or 0 for the rule");
  o.block_rows = Eigen::Index(1) << 62;
  CHECK_THROWS_WITH(subspace_identify(d, o), Catch::Contains("block rows i = 4611686018427387904 need at least 6.456"));
  o.block_rows = 21;  // the largest accepted
  CHECK_NOTHROW(subspace_identify(d, o));
  o.block_rows = 22;
  CHECK_THROWS_WITH(subspace_identify(d, o), Catch::Contains("need at least 308 samples"));
}

TEST_CASE("B3: the subspace model does not depend on the units of u and y") {
  const Dataset d = simulated("3dof", 0.05, 1500, 20.0, 5);
  SubspaceOptions o;
  o.order = 6;
  o.block_rows = 10;
  const SubspaceModel base = subspace_identify(d, o);
  REQUIRE(base.status == Status::ok);
  for (const double su : {1e-9, 1.0, 1e9})
    for (const double sy : {1e-9, 1e-3, 1e9}) {
      // Each channel by its own factor: u_j * su * (j + 1), y_j * sy / (j + 1).
      Dataset scaled = d;
      Vector cu(3), cy(3);
      for (int j = 0; j < 3; ++j) cu(j) = su * (j + 1), cy(j) = sy / (j + 1);
      scaled.u = d.u * cu.asDiagonal();
      scaled.y = d.y * cy.asDiagonal();
      const SubspaceModel m = subspace_identify(scaled, o);
      INFO("u x " << su << ", y x " << sy);
      REQUIRE(m.status == Status::ok);
      CHECK((m.F - base.F).norm() <= 1e-8 * base.F.norm());
      // In the units of the scaled data: G S_u^-1 and S_y H (the state is the same).
      const Matrix G = base.G * cu.cwiseInverse().asDiagonal(), H = cy.asDiagonal() * base.H;
      CHECK((m.G - G).norm() <= 1e-8 * G.norm());
      CHECK((m.H - H).norm() <= 1e-8 * H.norm());
      CHECK((m.x0 - base.x0).norm() <= 1e-8 * base.x0.norm());
    }
}

// An input that does not excite every future block row (one sine: the future inputs' rows span a
// plane; a multisine with fewer lines than block rows the same) leaves their Gram block singular:
// the projection must not depend on the rounding in its null space. Noise-free, the poles are the system's; noisy, they equal, to 1e-8, those of the same
// data changed in their last bits (relative 1e-14, independent per entry).
TEST_CASE("a sine input (rank-deficient future inputs): the poles, and no dependence on rounding") {
  const double h = 0.05;
  const DiscreteModel truth = c2d_zoh(to_state_space(preset("msd")), h);
  const auto sine_record = [h](double snr) {
    SimulationOptions o;
    o.h = h;
    o.n = 3000;
    o.snr_db = snr;
    o.seed = 7;
    o.input.kind = InputKind::sine;
    const SimulatedData s = simulate(preset("msd"), o);
    return Dataset{h, s.u, s.q};
  };
  const auto poles = [](const Matrix& F) {
    Eigen::VectorXcd e = Eigen::EigenSolver<Matrix>(F).eigenvalues();
    std::sort(e.data(), e.data() + e.size(), [](const std::complex<double>& x, const std::complex<double>& y) { return std::arg(x) < std::arg(y); });
    return e;
  };
  SubspaceOptions o;
  o.order = 2;
  o.block_rows = 8;
  const SubspaceModel exact = subspace_identify(sine_record(INFINITY), o);
  REQUIRE(exact.status == Status::ok);
  INFO("noise-free poles off by " << (poles(exact.F) - poles(truth.F)).norm());
  CHECK((poles(exact.F) - poles(truth.F)).norm() < 1e-6);

  const Dataset noisy = sine_record(20.0);
  Dataset nudged = noisy;
  Random rng(3);
  for (Eigen::Index t = 0; t < nudged.y.rows(); ++t)
    for (Eigen::Index c = 0; c < nudged.y.cols(); ++c) nudged.y(t, c) *= 1.0 + 1e-14 * rng.normal();
  const SubspaceModel m1 = subspace_identify(noisy, o), m2 = subspace_identify(nudged, o);
  REQUIRE(m1.status == Status::ok);
  REQUIRE(m2.status == Status::ok);
  INFO("poles moved by " << (poles(m1.F) - poles(m2.F)).norm() << ", off the truth's by " << (poles(m1.F) - poles(truth.F)).norm());
  CHECK((poles(m1.F) - poles(m2.F)).norm() < 1e-8);
  CHECK((poles(m1.F) - poles(truth.F)).norm() < 0.02);
}

// Step 1's lagged sums handed over from a step on other data (another record of the same length)
// are not used: the model is the one computed from scratch, to the bit.
TEST_CASE("lagged sums of other data are not taken by the subspace step") {
  const Dataset a = simulated("3dof", 0.05, 3000, 20.0, 1), b = simulated("3dof", 0.05, 3000, 20.0, 2);
  SubspaceOptions o;
  o.order = 6;
  o.block_rows = 12;
  o.estimate_input = false;
  o.sum_lags = 64;
  const SubspaceModel of_a = subspace_identify(a, o), alone = subspace_identify(b, o);
  REQUIRE(of_a.sums);
  o.sums = of_a.sums;
  const SubspaceModel handed = subspace_identify(b, o), again = subspace_identify(a, o);
  CHECK(handed.F == alone.F);
  CHECK(handed.sums != of_a.sums);
  CHECK(again.sums == of_a.sums);  // the same data: taken
}
