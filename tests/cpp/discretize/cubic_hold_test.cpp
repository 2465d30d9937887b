#include <catch2/catch.hpp>

#include <cmath>

#include <unsupported/Eigen/MatrixFunctions>

#include "discretize/cubic_hold.hpp"

using namespace mechid;

namespace {

// x(δ) from x(0) = 0 under u(t) by the composite Simpson rule on a fine grid: x(δ) = ∫₀^δ e^{A(δ−s)} B u(s) ds.
template <class Input>
Vector response_by_quadrature(const Matrix& A, const Matrix& B, double step, Input u) {
  const int intervals = 2000;
  const double ds = step / intervals;
  Vector x = Vector::Zero(A.rows());
  for (int i = 0; i <= intervals; ++i) {
    const double s = i * ds, weight = (i == 0 || i == intervals) ? 1 : (i % 2 ? 4 : 2);
    x += weight * ((A * (step - s)).exp() * B * u(s));
  }
  return x * ds / 3;
}

}  // namespace

TEST_CASE("the cubic hold is exact for a cubic input through its four samples") {
  // A damped 2-state system, two inputs, each a cubic in t: the weights applied to the samples at
  // −δ, 0, δ, 2δ must give the integral of the response to the cubic itself (Simpson's rule, exact
  // to rounding on the fine grid for this smooth integrand).
  Matrix A(2, 2), B(2, 2);
  A << 0, 1, -3, -0.4;
  B << 0.5, 0, 1, -2;
  const double step = 0.37;
  auto u = [&](double t) {
    Vector v(2);
    v << 1 - 2 * t + 0.5 * t * t - 1.5 * t * t * t, 0.3 + 4 * t * t * t;
    return v;
  };
  const Matrix E = cubic_hold_generator(A, B, step).exp();
  const Matrix G = cubic_hold_weights(E.topRows(2), 2);
  Vector forced = Vector::Zero(2);
  for (int m = 0; m < 4; ++m) forced += G.middleCols(2 * m, 2) * u((m - 1) * step);
  const Vector exact = response_by_quadrature(A, B, step, u);
  CHECK((forced - exact).norm() < 1e-10 * exact.norm());
  CHECK((E.topLeftCorner(2, 2) - (A * step).exp()).norm() < 1e-13);
}

TEST_CASE("the cubic hold's error on a sinusoid falls as the fourth power of ω δ, FOH's as the second") {
  // Bound of cubic_hold.hpp: at most (3/128)(ωδ)⁴ of the amplitude pointwise, so the forced response
  // over a step errs by at most that times ‖∫ e^{As} B ds‖; halving ωδ divides the error by ~16.
  Matrix A(2, 2), B(2, 1);
  A << 0, 1, -1, -0.1;
  B << 0, 1;
  const double step = 0.2;
  double error[2];
  for (int i = 0; i < 2; ++i) {
    const double omega = (i ? 0.5 : 1.0) * (M_PI / 32) / step;
    auto u = [&](double t) { return Vector::Constant(1, std::sin(omega * t + 0.3)); };
    const Matrix G = cubic_hold_weights(cubic_hold_generator(A, B, step).exp().topRows(2), 1);
    Vector forced = Vector::Zero(2);
    for (int m = 0; m < 4; ++m) forced += G.col(m) * u((m - 1) * step)(0);
    const Vector exact = response_by_quadrature(A, B, step, u);
    const double gain = response_by_quadrature(A, B, step, [](double) { return Vector::Ones(1); }).norm();
    error[i] = (forced - exact).norm();
    CHECK(error[i] <= 3.0 / 128 * std::pow(omega * step, 4) * gain);
  }
  CHECK(error[0] / error[1] > 12);
  CHECK(error[0] / error[1] < 20);
}
