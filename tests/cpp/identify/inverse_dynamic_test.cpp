#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "core/zero_phase_lowpass.hpp"
#include "identify/methods.hpp"
#include "identify/record_validation.hpp"
#include "friction_simulation.hpp"

using namespace mechid;

namespace {

// The EMPS stage's model (Janot, Gautier & Brunot 2019): a free body (K = 0) with viscous and
// Coulomb friction and a force offset, in closed loop (PD control on a two-sine reference).
fixtures::FrictionModel free_body() {
  fixtures::FrictionModel f;
  f.system.M = Matrix::Constant(1, 1, 95.0);
  f.system.D = Matrix::Constant(1, 1, 200.0);
  f.system.K = Matrix::Zero(1, 1);
  f.system.L = Matrix::Ones(1, 1);
  f.coulomb = Vector::Constant(1, 20.0);
  f.offset = Vector::Constant(1, -3.0);
  return f;
}

Dataset closed_loop_run(const fixtures::FrictionModel& f, std::uint64_t seed, double phase) {
  const fixtures::ForceLaw pd = [phase](Eigen::Index, double t, const Vector& q, const Vector& v) {
    const double r = 0.1 * std::sin(2 * M_PI * 0.5 * t + phase) + 0.05 * std::sin(2 * M_PI * 1.3 * t);
    return Vector(Vector::Constant(1, 2e4 * (r - q(0)) - 1e3 * v(0)));
  };
  return fixtures::simulate_friction(f, 1e-3, 8000, pd, 2e-6, 0.0, seed);
}

// A 2-DOF chain pushed at cart 1 (the ECP rig's layout), with Coulomb friction in both carts.
fixtures::FrictionModel chain_with_friction() {
  fixtures::FrictionModel f;
  f.system.M = Eigen::Vector2d(2.0, 1.5).asDiagonal();
  f.system.D = Eigen::Vector2d(0.8, 0.3).asDiagonal();
  f.system.K.resize(2, 2);
  f.system.K << 30.0 + 20.0, -20.0, -20.0, 20.0;
  f.system.L = Matrix::Zero(2, 1);
  f.system.L(0, 0) = 1.0;
  f.coulomb = Eigen::Vector2d(0.3, 0.2);
  f.offset = Vector::Zero(2);
  return f;
}

// Open-loop multisine force, a different phase per run.
Dataset open_loop_run(const fixtures::FrictionModel& f, double phase, std::uint64_t seed, double resolution) {
  const fixtures::ForceLaw multisine = [phase](Eigen::Index, double t, const Vector&, const Vector&) {
    double u = 0.0;
    for (int j = 1; j <= 6; ++j) u += 2.0 * std::sin(2 * M_PI * 0.25 * j * t + phase * j * j);
    return Vector(Vector::Constant(1, u));
  };
  return fixtures::simulate_friction(f, 0.005, 4000, multisine, 0.0, resolution, seed);
}

// |estimate − truth| <= 3 sd + floor·|truth| for one parameter, with the numbers in the message. The
// floor is the accuracy of the data: simulate_friction steps a discontinuous sign(q') by fixed RK4
// sub-steps, which errs by O(F_c dt) at each reversal; an estimate whose sd is below that (the
// output-error refinement on data whose only noise is encoder rounding) can only be checked to it.
void within_intervals(const char* name, double estimate, double truth, double sd, double floor = 0.0) {
  INFO(name << ": " << estimate << " ± " << sd << " (truth " << truth << ")");
  CHECK(sd > 0);
  CHECK(std::abs(estimate - truth) <= 3 * sd + floor * std::abs(truth));
}

}  // namespace

TEST_CASE("zero-phase low-pass: unit DC gain, |H|^2 of the Butterworth section, no delay") {
  const double h = 1e-3, fc = 20.0;
  const Eigen::Index N = 4000;
  Matrix x(N, 3);
  for (Eigen::Index k = 0; k < N; ++k) {
    const double t = k * h;
    x(k, 0) = 2.5;                               // constant
    x(k, 1) = std::sin(2 * M_PI * 2.0 * t);      // well inside the band
    x(k, 2) = std::sin(2 * M_PI * fc * t);       // at the cut-off: forward-backward gain 1/2
  }
  const Matrix y = zero_phase_lowpass(x, h, fc);
  const auto middle = [&](int c) { return y.col(c).segment(1000, 2000); };
  const auto input = [&](int c) { return x.col(c).segment(1000, 2000); };
  CHECK((middle(0).array() - 2.5).abs().maxCoeff() < 1e-12);
  // In the band: the same sine, neither attenuated nor shifted (|H(2 Hz)|² = 1/(1 + (2/20)^4)).
  CHECK((middle(1) - input(1) / (1 + std::pow(0.1, 4))).cwiseAbs().maxCoeff() < 1e-3);
  // At the cut-off the bilinear Butterworth section has |H| = 1/√2, so twice |H|² = 1/2, in phase.
  CHECK((middle(2) - 0.5 * input(2)).cwiseAbs().maxCoeff() < 1e-3);
  CHECK_THROWS_AS(zero_phase_lowpass(x, h, 600.0), InputError);
}

TEST_CASE("inverse-dynamic: a free body with Coulomb friction and offset in closed loop (EMPS-like) within its intervals") {
  const fixtures::FrictionModel truth = free_body();
  const Dataset data = closed_loop_run(truth, 7, 0.0);
  IdentifyOptions o;
  o.force_dofs = {1};
  o.structure.K.pattern = MatrixPattern::zero;
  o.coulomb_friction = true;
  o.offset = true;
  for (const std::string method : {"inverse-dynamic", "auto"}) {
    const Identification r = identify(method, data, o);
    INFO(method << ": " << r.message);
    REQUIRE(r.status != Status::failed);
    REQUIRE(r.uncertainty.available);
    within_intervals("M", r.system.M(0, 0), 95.0, r.uncertainty.M(0, 0));
    within_intervals("Fv", r.system.D(0, 0), 200.0, r.uncertainty.D(0, 0));
    within_intervals("Fc", r.forces.coulomb(0), 20.0, r.forces.coulomb_sd(0));
    within_intervals("f0", r.forces.offset(0, 0), -3.0, r.forces.offset_sd(0, 0));
    CHECK(r.system.K(0, 0) == 0.0);
    CHECK(r.uncertainty.K(0, 0) == 0.0);
    CHECK(r.rigid_body);
    for (const std::string& w : r.warnings) {  // the rigid-body mode is no finding
      CHECK(w.find("unstable") == std::string::npos);
      CHECK(w.find("K is not positive") == std::string::npos);
    }
    if (method == "auto") CHECK(r.diagnostics.choice == std::string("inverse-dynamic"));
  }
}

TEST_CASE("inverse-dynamic: a 2-DOF chain with one actuator, encoder counts, Coulomb friction and 3 runs") {
  const fixtures::FrictionModel truth = chain_with_friction();
  const double resolution = 1e-5;  // encoder counts of 10 µm (the carts move by ~0.1)
  std::vector<Dataset> runs;
  for (int i = 0; i < 3; ++i) {
    runs.push_back(open_loop_run(truth, 0.7 * i, 11 + i, resolution));
    runs.back().y /= resolution;  // the data in counts
  }
  IdentifyOptions o;
  o.force_dofs = {1};
  o.structure.M.pattern = MatrixPattern::diagonal;
  o.structure.D.pattern = MatrixPattern::diagonal;
  o.structure.K.pattern = MatrixPattern::tridiagonal;
  o.coulomb_friction = true;
  const Identification r = identify("inverse-dynamic", runs, o);
  INFO(r.message);
  REQUIRE(r.status != Status::failed);
  // In counts the matrices are per count: M_counts = resolution · M.
  CHECK(r.system.M(0, 1) == 0.0);
  CHECK(r.system.D(0, 1) == 0.0);
  // The data are accurate to ~1e-4 relative (RK4 over sign switches, see within_intervals).
  const double floor = 1e-4;
  for (int i = 0; i < 2; ++i) {
    within_intervals("m_i", r.system.M(i, i) / resolution, truth.system.M(i, i), r.uncertainty.M(i, i) / resolution, floor);
    within_intervals("d_i", r.system.D(i, i) / resolution, truth.system.D(i, i), r.uncertainty.D(i, i) / resolution, floor);
    within_intervals("Fc_i", r.forces.coulomb(i), truth.coulomb(i), r.forces.coulomb_sd(i), floor);
    for (int j = i; j < 2; ++j)
      within_intervals("k_ij", r.system.K(i, j) / resolution, truth.system.K(i, j), r.uncertainty.K(i, j) / resolution, floor);
  }
  CHECK(r.diagnostics.refinement.value_or("").rfind("output error", 0) == 0);
  // Held out: a fourth run, simulated with its friction, fits by more than 95 % in both carts.
  Dataset held_out = open_loop_run(truth, 2.9, 21, resolution);
  held_out.y /= resolution;
  const ValidationReport v = validate_record(r.system, r.forces, *r.diagnostics.lowpass_hz, held_out);
  REQUIRE(v.status != Status::failed);
  CHECK(v.fit_percent.minCoeff() > 95.0);
}

TEST_CASE("inverse-dynamic and friction: bad input names the problem") {
  const fixtures::FrictionModel truth = chain_with_friction();
  const Dataset data = open_loop_run(truth, 0.0, 3, 0.0);
  IdentifyOptions o;
  o.force_dofs = {1};
  o.coulomb_friction = true;
  CHECK_THROWS_WITH(identify("variational-zoh", data, o),
                    "method variational-zoh has no friction term; use inverse-dynamic or auto");
  // A cart whose sensor recorded nothing: named before any work (issue 56).
  Dataset still = data;
  still.y.col(1).setZero();
  CHECK_THROWS_WITH(identify("inverse-dynamic", still, o), Catch::Contains("output q2 is zero in every sample"));
  // A cart that does not move, its sensor's noise alone (at the Nyquist frequency, which the
  // low-pass filter takes out): no friction to estimate.
  for (Eigen::Index i = 0; i < still.y.rows(); ++i) still.y(i, 1) = i % 2 ? 1e-6 : -1e-6;
  CHECK_THROWS_WITH(identify("inverse-dynamic", still, o),
                    Catch::Contains("friction: DOF 2 does not move beyond its noise"));
  o.lowpass_hz = 150.0;  // Nyquist is 100 Hz
  CHECK_THROWS_WITH(identify("inverse-dynamic", data, o), Catch::Contains("is at or above the Nyquist frequency"));
  // A validation record with other columns.
  const Identification r = identify("inverse-dynamic", data, IdentifyOptions{o.L, {1}});
  REQUIRE(r.status != Status::failed);
  Dataset other = data;
  other.y.conservativeResize(Eigen::NoChange, 1);
  CHECK_THROWS_WITH(validate_record(r.system, r.forces, 10.0, other),
                    "the record has 1 input and 1 output column(s); the model has 1 and 2");
}
