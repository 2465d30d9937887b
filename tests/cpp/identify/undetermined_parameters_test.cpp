#include <catch2/catch.hpp>

#include <cmath>

#include "fixtures.hpp"
#include "identify/methods.hpp"
#include "identify/undetermined_parameters.hpp"

using namespace mechid;
using fixtures::simulated;

namespace {

MechanicalSystem filled(double m, double d, double k) {
  MechanicalSystem s;
  s.M = Matrix::Constant(2, 2, m);
  s.D = Matrix::Constant(2, 2, d);
  s.K = Matrix::Constant(2, 2, k);
  return s;
}

}  // namespace

TEST_CASE("undetermined entries: sd beyond sqrt(|X_ii X_jj|), or a Gauss-Newton step beyond the sd") {
  MechanicalSystem estimate = filled(0, 0, 0);
  estimate.M << 1, 0, 0, 4;  // scale of M[1,2]: 2
  estimate.D << 0.1, 0.05, 0.05, 0.4;  // scale of D[1,2]: 0.2
  estimate.K << 1, -1, -1, 9;
  MechanicalSystem sd = filled(0.01, 0.01, 0.01);
  sd.D(0, 1) = sd.D(1, 0) = 0.21;  // just above its scale
  sd.M(0, 1) = sd.M(1, 0) = 1.99;  // just below
  MechanicalSystem step = filled(0, 0, 0);
  step.K(1, 1) = 0.011;  // beyond its sd
  step.K(0, 0) = 0.009;  // within
  const std::vector<UndeterminedEntry> u = undetermined_entries(estimate, sd, step);
  REQUIRE(u.size() == 2);
  CHECK(entry_name(u[0]) == "D[1,2]");
  CHECK(u[0].reason == UndeterminedReason::sd_exceeds_scale);
  CHECK(entry_name(u[1]) == "K[2,2]");
  CHECK(u[1].reason == UndeterminedReason::not_converged);
  const std::optional<Advice> a = undetermined_advice(u);
  REQUIRE(a.has_value());
  CHECK(a->code == AdviceCode::undetermined);
  CHECK(a->level == AdviceLevel::warning);
  CHECK(a->message.find("The data do not determine the damping coupling of DOF 1 and 2 (D[1,2])") == 0);
  CHECK(a->message.find("the stiffness of DOF 2 (K[2,2]") == std::string::npos);  // not converged: in the detail
  CHECK(a->detail.find("K[2,2]: a Gauss-Newton step") != std::string::npos);
  CHECK(a->action.find("modal or proportional damping") != std::string::npos);
  CHECK_FALSE(undetermined_advice({}).has_value());
}

// Numerics review e622506, problem 4: m11 = 2.47 ± 2.92 (95 %) held negative masses without a word.
TEST_CASE("undetermined entries: a mass or stiffness whose 95 % interval holds 0, but not a damping") {
  MechanicalSystem estimate = filled(0, 0, 0);
  estimate.M << 2.47, 0, 0, 1;
  estimate.D << 0.1, 0, 0, 0.1;
  estimate.K << 5, 0, 0, 2;
  MechanicalSystem sd = filled(0.001, 0.001, 0.001);
  sd.M(0, 0) = 2.92 / 1.959963984540054;  // half-width 2.92: the interval reaches below 0
  sd.K(1, 1) = 1.0;                       // 2 ± 1.96: just above 0, determined
  sd.D(0, 0) = 0.06;                      // 0.1 ± 0.118 reaches 0, but a damping may be 0: not this rule
  const std::vector<UndeterminedEntry> u = undetermined_entries(estimate, sd, filled(0, 0, 0));
  REQUIRE(u.size() == 1);
  CHECK(entry_name(u[0]) == "M[1,1]");
  CHECK(u[0].reason == UndeterminedReason::interval_contains_zero);
  CHECK(reason_code(u[0].reason) == "interval_contains_zero");
  const std::optional<Advice> a = undetermined_advice(u);
  REQUIRE(a.has_value());
  CHECK(a->message == "The data do not determine the mass of DOF 1 (M[1,1]): its value is uncertain, and the 95 % interval of a mass or stiffness includes negative values.");
  sd.K(1, 1) = 1.03;  // 2 ± 2.02: now it holds 0
  CHECK(undetermined_entries(estimate, sd, filled(0, 0, 0)).size() == 2);
}

// The review's case (B8, D5): modes at 1 and 100 rad/s, ζ = 0.01, coupled shapes, h = 0.003, PRBS
// held, SNR 40 (N shortened from 20000 to 6000 to stay fast; the damping is as poorly determined).
// Done-when: no entry off by more than 3 of its own sd unless it is named, and then the status is
// a warning whose text names it.
TEST_CASE("modes at 1 and 100 rad/s: every entry is within 3 sd of the truth or named undetermined in a warning") {
  MechanicalSystem s;
  s.M = Matrix::Identity(2, 2);
  Matrix V(2, 2);
  V << std::cos(0.5), -std::sin(0.5), std::sin(0.5), std::cos(0.5);  // coupled mode shapes
  s.K = V * Eigen::Vector2d(1.0, 1e4).asDiagonal() * V.transpose();
  s.D = V * Eigen::Vector2d(0.02, 2.0).asDiagonal() * V.transpose();  // 2ζω, ζ = 0.01
  s.L = Matrix::Identity(2, 2);
  IdentifyOptions o;
  o.L = s.L;
  const Identification r = identify("variational-zoh", simulated(s, 0.003, 6000, 40.0, 2), o);
  REQUIRE(r.status != Status::failed);
  REQUIRE(r.uncertainty.available);
  std::string warnings;
  for (const std::string& w : r.warnings) warnings += w + "\n";
  INFO(warnings);
  int named = 0;
  for (const char X : {'M', 'D', 'K'}) {
    const Matrix& estimate = X == 'M' ? r.system.M : X == 'D' ? r.system.D : r.system.K;
    const Matrix& truth = X == 'M' ? s.M : X == 'D' ? s.D : s.K;
    const Matrix& sd = X == 'M' ? r.uncertainty.M : X == 'D' ? r.uncertainty.D : r.uncertainty.K;
    for (Eigen::Index j = 0; j < 2; ++j)
      for (Eigen::Index i = 0; i <= j; ++i) {
        bool listed = false;
        for (const UndeterminedEntry& e : r.uncertainty.undetermined) listed = listed || (e.matrix == X && e.row == i && e.col == j);
        const std::string name = std::string(1, X) + "[" + std::to_string(i + 1) + "," + std::to_string(j + 1) + "]";
        INFO(name << ": estimate " << estimate(i, j) << ", truth " << truth(i, j) << ", sd " << sd(i, j));
        if (!listed) CHECK(std::abs(estimate(i, j) - truth(i, j)) <= 3 * sd(i, j));
        if (listed) {
          CHECK(warnings.find(name) != std::string::npos);
          ++named;
        }
      }
  }
  if (named > 0) CHECK(r.status == Status::warning);
  // The phenomenon is there: the damping is known to tens of per cent at best.
  CHECK(r.uncertainty.D(0, 0) > 0.1 * std::abs(s.D(0, 0)));
}
