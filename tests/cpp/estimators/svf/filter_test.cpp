// The realisation of 1/Λ(s) (src/estimators/svf/filter.cpp, src/estimators/svf/intersample.cpp) against closed-form
// continuous responses: step (hold rule: exact), ramp (linear rule: exact), cubic (cubic rule:
// exact), and the O(h²)/O(h⁴) convergence of the linear/cubic rules on a sinusoid.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/input_error.hpp"
#include "estimators/svf/filter.hpp"

using namespace mechid;

namespace {

// Closed forms for z'' + λ1 z' + λ2 z = x(t) from rest, Λ = (s + p1)(s + p2), p1 ≠ p2:
// homogeneous part C1 e^{-p1 t} + C2 e^{-p2 t} fitted to z(0) = zp(0) + C1 + C2 = 0 and
// z'(0) = zp'(0) - p1 C1 - p2 C2 = 0, for a polynomial particular solution zp.
struct Filter {
  double p1, p2;
  double l1() const { return p1 + p2; }
  double l2() const { return p1 * p2; }
  // [z, z'] for x = t^3 (cubic), t (ramp) or 1 (step): zp = Σ a_m t^m solves Λ(d/dt) zp = x.
  std::pair<double, double> response(int degree, double t) const {
    double a[4] = {0, 0, 0, 0};
    // Coefficients from the top down: λ2 a_m + λ1 (m+1) a_{m+1} + (m+2)(m+1) a_{m+2} = [m == degree].
    for (int m = degree; m >= 0; --m) {
      const double next1 = m + 1 <= 3 ? a[m + 1] : 0.0, next2 = m + 2 <= 3 ? a[m + 2] : 0.0;
      a[m] = ((m == degree ? 1.0 : 0.0) - l1() * (m + 1) * next1 - (m + 2) * (m + 1) * next2) / l2();
    }
    const double zp0 = a[0], dzp0 = a[1];
    // C1 + C2 = -zp0, p1 C1 + p2 C2 = dzp0.
    const double C2 = (dzp0 + p1 * zp0) / (p2 - p1), C1 = -zp0 - C2;
    double z = C1 * std::exp(-p1 * t) + C2 * std::exp(-p2 * t), dz = -p1 * C1 * std::exp(-p1 * t) - p2 * C2 * std::exp(-p2 * t);
    for (int m = 0; m <= 3; ++m) {
      z += a[m] * std::pow(t, m);
      if (m > 0) dz += m * a[m] * std::pow(t, m - 1);
    }
    return {z, dz};
  }
};

double worst_error(const Filter& f, int degree, Intersample rule, double h, Eigen::Index N) {
  Vector x(N);
  for (Eigen::Index i = 0; i < N; ++i) x(i) = std::pow(i * h, degree);
  const Matrix z = state_variable_filter(x, h, f.p1, f.p2, rule);
  double worst = 0.0, scale = 0.0;
  for (Eigen::Index i = 0; i < N; ++i) {
    const auto [exact, dexact] = f.response(degree, i * h);
    worst = std::max({worst, std::abs(z(i, 0) - exact), std::abs(z(i, 1) - dexact)});
    scale = std::max({scale, std::abs(exact), std::abs(dexact)});
  }
  return worst / scale;
}

}  // namespace

TEST_CASE("the hold realisation reproduces the continuous step response of 1/Λ", "[svf]") {
  const Filter f{0.7, 2.3};
  CHECK(worst_error(f, 0, Intersample::hold, 0.1, 200) < 1e-13);
  // Step response in closed form, checked once by hand: z = [1 - (p2 e^{-p1 t} - p1 e^{-p2 t})/(p2 - p1)]/(p1 p2).
  const double t = 1.5, z = (1 - (2.3 * std::exp(-0.7 * t) - 0.7 * std::exp(-2.3 * t)) / 1.6) / (0.7 * 2.3);
  CHECK(f.response(0, t).first == Approx(z).epsilon(1e-14));
}

TEST_CASE("the linear realisation reproduces the ramp response, the cubic one the cubic response", "[svf]") {
  const Filter f{0.4, 3.0};
  CHECK(worst_error(f, 1, Intersample::linear, 0.25, 100) < 1e-12);
  CHECK(worst_error(f, 3, Intersample::cubic, 0.25, 100) < 1e-11);
  // The hold rule is not exact for a ramp: the test can tell the rules apart.
  CHECK(worst_error(f, 1, Intersample::hold, 0.25, 100) > 1e-3);
  CHECK(worst_error(f, 3, Intersample::linear, 0.25, 100) > 1e-5);
}

TEST_CASE("linear and cubic realisations of a sinusoid converge as h² and h⁴", "[svf]") {
  // x = sin(ω t): the exact filtered response is Im[e^{iωt}/Λ(iω)] plus a decaying transient.
  const double p1 = 1.0, p2 = 2.0, w = 2.0, T = 6.0;
  auto error = [&](Intersample rule, double h) {
    const Eigen::Index N = static_cast<Eigen::Index>(std::llround(T / h)) + 1;
    Vector x(N);
    for (Eigen::Index i = 0; i < N; ++i) x(i) = std::sin(w * i * h);
    const Matrix z = state_variable_filter(x, h, p1, p2, rule);
    // Closed form: particular P sin + Q cos with (λ2 - ω²) P - λ1 ω Q = 1, λ1 ω P + (λ2 - ω²) Q = 0.
    const double a = p1 * p2 - w * w, c = (p1 + p2) * w, det = a * a + c * c, P = a / det, Q = -c / det;
    // Homogeneous part from z(0) = 0 (Q + C1 + C2 = 0) and z'(0) = 0 (P ω - p1 C1 - p2 C2 = 0).
    const double C2 = (P * w + p1 * Q) / (p2 - p1), C1 = -Q - C2;
    const double t = (N - 1) * h;
    const double exact = P * std::sin(w * t) + Q * std::cos(w * t) + C1 * std::exp(-p1 * t) + C2 * std::exp(-p2 * t);
    return std::abs(z(N - 1, 0) - exact);
  };
  const double linear_slope = std::log2(error(Intersample::linear, 0.1) / error(Intersample::linear, 0.05));
  const double cubic_slope = std::log2(error(Intersample::cubic, 0.1) / error(Intersample::cubic, 0.05));
  CHECK(linear_slope == Approx(2.0).margin(0.2));
  CHECK(cubic_slope == Approx(4.0).margin(0.3));
}

TEST_CASE("filter input errors name the argument", "[svf]") {
  const Vector x = Vector::Ones(10);
  CHECK_THROWS_WITH(state_variable_filter(x, 0.1, 0.0, 1.0, Intersample::hold),
                    "filter pole p1 must be a positive number (a stable filter), got 0");
  CHECK_THROWS_WITH(state_variable_filter(x, 0.1, 1.0, -2.0, Intersample::hold),
                    "filter pole p2 must be a positive number (a stable filter), got -2");
  CHECK_THROWS_WITH(state_variable_filter(x, -0.1, 1.0, 2.0, Intersample::cubic), "h must be a positive number of seconds, got -0.1");
  Vector bad = x;
  bad(3) = NAN;
  CHECK_THROWS_WITH(state_variable_filter(bad, 0.1, 1.0, 2.0, Intersample::cubic), "the signal to filter has a non-finite sample");
  CHECK_THROWS_WITH(parse_intersample("spline"), "unknown intersample rule 'spline' (expected hold, linear or cubic)");
}
