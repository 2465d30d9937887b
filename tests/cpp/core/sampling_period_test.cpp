// The shared sampling-period checks (core/sampling_period.hpp) and the rate bound they use
// (fastest_rate_bound, model/mechanical_system.hpp): issue 20, item 9.
#include <catch2/catch.hpp>

#include <Eigen/Eigenvalues>
#include <cmath>
#include <limits>

#include "analysis/conditioning.hpp"
#include "core/input_error.hpp"
#include "core/sampling_period.hpp"
#include "discretize/by_name.hpp"
#include "model/presets.hpp"
#include "simulate/simulation.hpp"

using namespace mechid;
using Catch::Contains;

namespace {

// Largest |λ| of the first-order form A = [0 I; -M⁻¹K -M⁻¹D], by an eigen-solver: the quantity
// fastest_rate_bound bounds.
double spectral_radius(const MechanicalSystem& s) {
  const Eigen::Index n = s.dof();
  Matrix A = Matrix::Zero(2 * n, 2 * n);
  A.topRightCorner(n, n) = Matrix::Identity(n, n);
  const Eigen::LLT<Matrix> mass(s.M);
  A.bottomLeftCorner(n, n) = -mass.solve(s.K);
  A.bottomRightCorner(n, n) = -mass.solve(s.D);
  return Eigen::EigenSolver<Matrix>(A, false).eigenvalues().cwiseAbs().maxCoeff();
}

}  // namespace

TEST_CASE("check_sampling_period refuses non-positive, non-finite, subnormal and absurd h, naming the value") {
  CHECK_NOTHROW(check_sampling_period(1e-300));
  CHECK_NOTHROW(check_sampling_period(1e300));
  CHECK_THROWS_WITH(check_sampling_period(1e-320), Contains("between 1e-300 and 1e300") && Contains("1e-320"));
  CHECK_THROWS_WITH(check_sampling_period(1e301), Contains("between 1e-300 and 1e300"));
  CHECK_THROWS_WITH(check_sampling_period(0.0), Contains("h must be a positive number of seconds, got 0"));
  CHECK_THROWS_WITH(check_sampling_period(std::nan(""), "dt"), Contains("dt must be a positive number"));
  CHECK_THROWS_AS(check_sampling_period(INFINITY), InputError);
}

TEST_CASE("fastest_rate_bound is an upper bound of the eigenvalues' modulus, tight within 2x on the presets") {
  for (const std::string& name : preset_names()) {
    const MechanicalSystem s = preset(name);
    const double rho = spectral_radius(s), bound = fastest_rate_bound(s);
    INFO(name << ": spectral radius " << rho << ", bound " << bound);
    CHECK(bound >= rho * (1 - 1e-12));
    CHECK(bound <= 2.0 * rho * std::sqrt(static_cast<double>(s.dof())));
  }
  // A fast 1-DOF system: ‖A‖₁ ≈ ω² = 1e18, the bound stays at ω = 1e9 (units do not matter).
  MechanicalSystem fast = preset("msd");
  fast.M(0, 0) = 1.0, fast.D(0, 0) = 2.0, fast.K(0, 0) = 1e18;
  CHECK(fastest_rate_bound(fast) == Approx(1e9).epsilon(1e-6));
  CHECK(spectral_radius(fast) == Approx(1e9).epsilon(1e-6));
}

TEST_CASE("simulate and discretize refuse h for which h·ω_max leaves [eps, 1e8], and are exact just inside") {
  const MechanicalSystem msd = preset("msd");  // m = 15, b = 0.2, k = 2: static gain 1/k = 0.5
  const double rate = fastest_rate_bound(msd);
  SimulationOptions o;
  o.n = 4;
  o.input.kind = InputKind::step;
  for (const double h : {1e200, 1e10}) {
    o.h = h;
    CHECK_THROWS_WITH(simulate(msd, o), Contains("is too long for this system") && Contains("above 1e8"));
  }
  o.h = 1e-300;
  CHECK_THROWS_WITH(simulate(msd, o), Contains("is too short for this system") && Contains("below double precision"));
  // Just inside the upper limit every transient has decayed: a unit step gives q = 1/k after one step.
  o.h = 0.5 * kMaxStepTimesRate / rate;
  const SimulatedData d = simulate(msd, o);
  CHECK(d.q(1, 0) == Approx(0.5).epsilon(1e-6));
  for (const char* method : {"zoh", "tustin", "euler", "variational"}) {
    INFO(method);
    CHECK_THROWS_WITH(discretize(msd, 1e200, method), Contains("too long"));
    CHECK_THROWS_WITH(discretize(msd, 1e-300, method), Contains("too short"));
    CHECK_NOTHROW(discretize(msd, 0.1, method));
  }
}

TEST_CASE("conditioning_table refuses steps outside [1e-12, 1e12], and at both ends the SVD agrees with the closed form") {
  CHECK_THROWS_WITH(conditioning_table({1e-320}, nullptr), Contains("between 1e-300 and 1e300"));
  CHECK_THROWS_WITH(conditioning_table({0.1, 1e200}, nullptr), Contains("h = 1e+200 is outside"));
  const MechanicalSystem s = preset("3dof");
  for (const ConditioningRow& row : conditioning_table({kMinConditioningStep, kMaxConditioningStep}, &s)) {
    INFO("h = " << row.h);
    CHECK(std::isfinite(row.kappa));
    CHECK(row.kappa == Approx(row.kappa_closed_form).epsilon(1e-6));
    CHECK(std::isfinite(row.amplification.M));
    CHECK(std::isfinite(row.amplification.K));
    CHECK(std::isfinite(row.amplification.D));
  }
}
