#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "identify/exact_sampling_predictor.hpp"
#include "identify/methods.hpp"
#include "identify/structure.hpp"
#include "model/presets.hpp"
#include "fixtures.hpp"

using namespace mechid;

namespace {

SystemStructure chain_structure() {
  SystemStructure s;
  s.M.pattern = MatrixPattern::diagonal;
  s.D.pattern = MatrixPattern::diagonal;
  s.K.pattern = MatrixPattern::tridiagonal;
  return s;
}

}  // namespace

TEST_CASE("structure: patterns resolve to free entries, known values are fixed, packing round-trips") {
  SystemStructure s = chain_structure();
  s.M.known = Matrix::Constant(3, 3, NAN);
  s.M.known(0, 0) = 2.5;
  const ResolvedStructure r = resolve(s, 3);
  CHECK(r.free[0] == Matrix(Eigen::Vector3d(0, 1, 1).asDiagonal()));
  CHECK(r.fixed[0](0, 0) == 2.5);
  CHECK(r.free[2](0, 2) == 0);
  CHECK(r.free[2](1, 2) == 1);
  CHECK_FALSE(r.rigid_body);
  const StructureMap map(r);
  CHECK(map.free_count() == 2 + 3 + 5);  // m22, m33; d11..d33; k11, k12, k22, k23, k33
  const MechanicalSystem full = preset("3dof");
  const MechanicalSystem projected = map.project(full);
  CHECK(projected.M(0, 0) == 2.5);
  CHECK(projected.M(1, 2) == 0.0);
  CHECK(projected.K(0, 2) == 0.0);
  CHECK(projected.K(1, 2) == full.K(1, 2));
  Matrix M, D, K;
  map.unpack(map.pack(projected.M, projected.D, projected.K), M, D, K);
  CHECK(M == projected.M);
  CHECK(D == projected.D);
  CHECK(K == projected.K);
  // A free body: K zero has a row of K fixed at zero.
  SystemStructure free_body;
  free_body.K.pattern = MatrixPattern::zero;
  CHECK(resolve(free_body, 2).rigid_body);
  CHECK(SystemStructure().unconstrained());
  CHECK_FALSE(free_body.unconstrained());
}

TEST_CASE("structure: each bad structure gives one message naming the matrix and entry") {
  SystemStructure s;
  s.D.pattern = MatrixPattern::mask;
  s.D.mask = Matrix::Ones(3, 3);
  CHECK_THROWS_WITH(resolve(s, 2), "structure D: the mask must be 2x2 (one row and column per output), got 3x3");
  s.D.mask = Matrix::Ones(2, 2);
  s.D.mask(0, 1) = 0;
  CHECK_THROWS_WITH(resolve(s, 2), "structure D: the mask is not symmetric (D[1,2] and D[2,1] differ); D is symmetric");
  s.D.mask(0, 1) = 0.5;
  CHECK_THROWS_WITH(resolve(s, 2), "structure D: mask entry D[1,2] is 0.5; use 1 (free) or 0 (zero)");
  SystemStructure known;
  known.M.pattern = MatrixPattern::diagonal;
  known.M.known = Matrix::Constant(2, 2, NAN);
  known.M.known(0, 1) = known.M.known(1, 0) = 0.3;
  CHECK_THROWS_WITH(resolve(known, 2),
                    "structure known.M: M[1,2] = 0.3 lies outside the pattern 'diagonal', where M is zero");
  known.M.known = Matrix::Constant(2, 2, NAN);
  known.M.known(1, 1) = -1;
  CHECK_THROWS_WITH(resolve(known, 2), "structure known.M: the mass M[2,2] = -1 must be > 0");
  SystemStructure no_mass;
  no_mass.M.pattern = MatrixPattern::zero;
  CHECK_THROWS_WITH(resolve(no_mass, 2), "structure M: the mass M[1,1] is fixed at zero; M must be positive definite");
  CHECK_THROWS_WITH(parse_matrix_pattern("band", "K"), Catch::Contains("structure K: unknown pattern 'band'"));
}

TEST_CASE("the exact-sampling predictor with a structure and two runs: Jacobian matches central differences") {
  const MechanicalSystem truth = fixtures::two_cart_chain();
  const std::vector<Dataset> runs{fixtures::simulated(truth, 0.1, 150, 30, 1), fixtures::simulated(truth, 0.1, 120, 30, 2)};
  const ExactSamplingPredictor model(runs, truth.L, StructureMap(resolve(chain_structure(), 2)), Eigen::Vector2d(1.0, 2.0));
  REQUIRE(model.parameter_count() == 7 + 2 * 4);
  MechanicalSystem start = truth;
  start.D(0, 0) *= 1.3;
  start.K(0, 1) = start.K(1, 0) = -1.7;
  Vector x0(8);
  x0 << 0.01, -0.02, 0.1, 0.0, -0.03, 0.02, 0.05, -0.1;
  const Vector theta = model.pack(start, x0);
  CHECK(model.unpack(theta).M(0, 1) == 0.0);
  Vector r;
  Matrix Jt;
  REQUIRE(model.residuals(theta, r, &Jt));
  CHECK(r.size() == (150 + 120) * 2);
  CHECK(fixtures::largest_jacobian_error(model, theta) < 1e-6);
  // The second run's initial state does not move the first run's residuals.
  CHECK(Jt.block(7 + 4, 0, 4, 150 * 2).norm() == 0.0);
}

TEST_CASE("auto with the chain template, one actuator, encoder counts and 3 runs: M, D exactly diagonal, within intervals") {
  const MechanicalSystem truth = fixtures::two_cart_chain();
  const double resolution = 1e-3;  // counts of 1/1000 of the unit: the outputs span a few hundred counts
  std::vector<Dataset> runs;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    Dataset d = fixtures::simulated(truth, 0.05, 1200, INFINITY, seed);
    d.y = (d.y / resolution).array().round().matrix();  // quantised: what an encoder gives
    runs.push_back(d);
  }
  IdentifyOptions o;
  o.force_dofs = {1};
  o.structure = chain_structure();
  const Identification r = identify("auto", runs, o);
  INFO(r.message);
  REQUIRE(r.status != Status::failed);
  REQUIRE(r.uncertainty.available);
  CHECK(r.system.M(0, 1) == 0.0);
  CHECK(r.system.D(0, 1) == 0.0);
  CHECK(r.uncertainty.M(0, 1) == 0.0);
  CHECK(r.M_pd);
  CHECK(r.K_pd);
  CHECK(r.D_psd);
  for (const auto& [X, sd, T] : {std::tuple{r.system.M, r.uncertainty.M, truth.M}, {r.system.D, r.uncertainty.D, truth.D},
                                 {r.system.K, r.uncertainty.K, truth.K}})
    for (Eigen::Index i = 0; i < 2; ++i)
      for (Eigen::Index j = i; j < 2; ++j) {
        if (T(i, j) == 0 && sd(i, j) == 0) continue;  // fixed by the structure
        const double estimate = X(i, j) / resolution;  // back from counts (M q = (M r) q_counts)
        INFO("entry (" << i << "," << j << "): " << estimate << " ± " << sd(i, j) / resolution << " truth " << T(i, j));
        CHECK(std::abs(estimate - T(i, j)) <= 3 * sd(i, j) / resolution);
      }
  CHECK(r.diagnostics.reason->find("several runs") != std::string::npos);
}

TEST_CASE("structure, runs and positive: methods that cannot honour them say so") {
  const MechanicalSystem truth = fixtures::two_cart_chain();
  const Dataset d = fixtures::simulated(truth, 0.05, 600, 40, 1);
  IdentifyOptions o;
  o.force_dofs = {1};
  o.structure = chain_structure();
  for (const std::string method : {"variational", "n4sid-d2c", "equation-error"})
    CHECK_THROWS_WITH(identify(method, d, o),
                      "method " + method + " cannot honour a structure (its estimate has every entry of M, D, K or of the "
                      "discrete Md, Dd, Kd, eq. 2.22, free); use variational-zoh, inverse-dynamic or auto");
  // Reversed signs: no positive start for the structured refinement; the failure names the cause.
  Dataset reversed = d;
  reversed.u = -reversed.u;
  const Identification flipped = identify("auto", reversed, o);
  CHECK(flipped.failed());
  CHECK(flipped.sign_reversed);
  CHECK_THAT(flipped.message, Catch::Contains("a positive force moves the outputs negatively; flip the sign"));
  o.positive = true;
  CHECK_THROWS_WITH(identify("auto", d, o), Catch::Contains("positive cannot be combined with a structure"));
  IdentifyOptions plain;
  plain.force_dofs = {1};
  CHECK_THROWS_WITH(identify("n4sid-d2c", std::vector<Dataset>{d, d}, plain),
                    "method n4sid-d2c takes one record, got 2 runs; variational-zoh, inverse-dynamic or auto take several");
  Dataset other = d;
  other.h = 0.1;
  CHECK_THROWS_WITH(identify("auto", std::vector<Dataset>{d, other}, plain),
                    "run 2 is sampled at h = 0.1, run 1 at h = 0.05: runs of one experiment need one sampling period");
}

TEST_CASE("a rigid body by the structure silences only what it explains: an indefinite K still warns") {
  const MechanicalSystem truth = fixtures::two_cart_chain();
  const Dataset d = fixtures::simulated(truth, 0.05, 400, 40, 1);
  const auto warnings_for = [&](double k22) {
    Identification r;
    r.system = truth;
    r.system.K = Matrix::Zero(2, 2);
    r.system.K(1, 1) = k22;  // DOF 1 without a spring: its row of K fixed at zero
    r.rigid_body = true;
    finish(r, d);
    std::string all;
    for (const std::string& w : r.warnings) all += w + "\n";
    return all;
  };
  const std::string stable = warnings_for(2.0), unstable = warnings_for(-0.5);
  CHECK(stable.find("K is not positive") == std::string::npos);
  CHECK(stable.find("unstable") == std::string::npos);
  CHECK(unstable.find("estimated K is not positive definite") != std::string::npos);
  CHECK(unstable.find("unstable root") != std::string::npos);
}

// auto with a constrained structure refines over a growing horizon (auto_method.cpp, refine);
// variational-zoh refines the same structure over the whole record from its own start. Both
// are the exact-sampling PEM of one record, so where both converge they reach one optimum: every
// free entry of M, D, K agrees to a tenth of its standard deviation.
TEST_CASE("auto with a chain structure (growing horizon) ends where the whole-record refinement ends") {
  const MechanicalSystem truth = preset("chain6");
  const Dataset d = fixtures::simulated(truth, 0.002, 4000, 20.0, 3);
  IdentifyOptions o;
  o.structure.M.pattern = MatrixPattern::diagonal;
  o.structure.D.pattern = MatrixPattern::tridiagonal;
  o.structure.K.pattern = MatrixPattern::tridiagonal;
  const Identification grown = identify("auto", d, o), whole = identify("variational-zoh", d, o);
  REQUIRE(grown.status != Status::failed);
  REQUIRE(whole.status != Status::failed);
  REQUIRE(grown.uncertainty.available);
  for (const auto& [A, B, sd] : {std::tuple{grown.system.M, whole.system.M, grown.uncertainty.M},
                                 {grown.system.D, whole.system.D, grown.uncertainty.D},
                                 {grown.system.K, whole.system.K, grown.uncertainty.K}})
    for (Eigen::Index i = 0; i < 6; ++i)
      for (Eigen::Index j = i; j < 6; ++j) {
        if (sd(i, j) == 0) continue;  // fixed by the structure
        INFO("entry (" << i << "," << j << "): " << A(i, j) << " against " << B(i, j) << ", sd " << sd(i, j));
        CHECK(std::abs(A(i, j) - B(i, j)) < 0.1 * sd(i, j));
      }
}
