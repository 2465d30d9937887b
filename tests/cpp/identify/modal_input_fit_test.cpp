#include <catch2/catch.hpp>

#include <cmath>

#include "core/rng.hpp"
#include "identify/modal_input_fit.hpp"

using namespace mechid;

namespace {

// F with two complex pairs and a real eigenvalue (a similarity transform of its real Jordan form),
// G, H, x0 of a 5-state, 2-input, 3-output model.
struct Model {
  Matrix F, G, H;
  Vector x0;
};

Model test_model() {
  Matrix J = Matrix::Zero(5, 5);
  const auto pair = [&](Eigen::Index c, double radius, double angle) {
    J(c, c) = J(c + 1, c + 1) = radius * std::cos(angle);
    J(c, c + 1) = radius * std::sin(angle);
    J(c + 1, c) = -radius * std::sin(angle);
  };
  pair(0, 0.995, 0.05);
  pair(2, 0.97, 0.4);
  J(4, 4) = 0.9;
  Matrix S(5, 5);
  S << 1.0, 0.3, -0.2, 0.0, 0.5,  //
      0.1, 1.2, 0.4, -0.3, 0.0,   //
      0.0, -0.5, 0.9, 0.2, 0.1,   //
      0.3, 0.0, 0.1, 1.1, -0.4,   //
      -0.2, 0.2, 0.0, 0.3, 0.8;
  Model m;
  m.F = S * J * S.inverse();
  m.G.resize(5, 2);
  m.G << 0.5, -0.1, 0.2, 0.3, -0.4, 0.1, 0.05, 0.6, 0.3, -0.2;
  m.H.resize(3, 5);
  m.H << 1.0, 0.0, 0.5, -0.2, 0.1, 0.0, 1.0, 0.3, 0.4, -0.5, 0.2, -0.3, 1.0, 0.0, 0.6;
  m.x0.resize(5);
  m.x0 << 0.4, -0.3, 0.2, 0.1, -0.5;
  return m;
}

// y_t = H x_t, x_{t+1} = F x_t + G u_t from x_0, plus white noise of standard deviation `noise`.
Dataset simulated(const Model& m, Eigen::Index N, double noise) {
  Random rng(7);
  Matrix u(N, 2), y(N, 3);
  Vector x = m.x0;
  for (Eigen::Index t = 0; t < N; ++t) {
    for (Eigen::Index j = 0; j < 2; ++j) u(t, j) = rng.normal();
    y.row(t) = (m.H * x).transpose();
    for (Eigen::Index c = 0; c < 3; ++c) y(t, c) += noise * rng.normal();
    x = m.F * x + m.G * u.row(t).transpose();
  }
  return {0.01, u, y};
}

// The least-squares (G, x0) from the explicit regressor matrix: N·ny rows, one column per
// parameter, each column the model's output for a unit parameter (a second, independent route).
void explicit_least_squares(const Model& m, const Dataset& d, Matrix& G, Vector& x0) {
  const Eigen::Index N = d.y.rows(), nx = 5, k = 2, ny = 3, P = nx * (k + 1);
  Matrix A(N * ny, P);
  for (Eigen::Index p = 0; p < P; ++p) {
    Matrix Gp = Matrix::Zero(nx, k);
    Vector x = Vector::Zero(nx);
    if (p < nx * k) Gp(p % nx, p / nx) = 1.0; else x(p - nx * k) = 1.0;
    for (Eigen::Index t = 0; t < N; ++t) {
      A.block(t * ny, p, ny, 1) = m.H * x;
      x = m.F * x + Gp * d.u.row(t).transpose();
    }
  }
  Vector b(N * ny);
  for (Eigen::Index t = 0; t < N; ++t) b.segment(t * ny, ny) = d.y.row(t).transpose();
  const Vector theta = A.colPivHouseholderQr().solve(b);
  G = Eigen::Map<const Matrix>(theta.data(), nx, k);
  x0 = theta.tail(nx);
}

ScaledData unscaled(const Dataset& d) { return ScaledData(d, ChannelScales{Vector::Ones(d.u.cols()), Vector::Ones(d.y.cols())}); }

}  // namespace

TEST_CASE("the modal form of step 4 recovers G and x0 of noise-free data exactly") {
  const Model m = test_model();
  const Dataset d = simulated(m, 400, 0.0);
  const auto fit = ModalInputFit::of(unscaled(d), m.F);
  REQUIRE(fit.has_value());
  Matrix G;
  Vector x0;
  fit->fit(m.H, G, x0);
  CHECK((G - m.G).norm() <= 1e-9 * m.G.norm());
  CHECK((x0 - m.x0).norm() <= 1e-9 * m.x0.norm());
}

TEST_CASE("the modal form of step 4 gives the least-squares G and x0 of the explicit regressors on noisy data") {
  const Model m = test_model();
  const Dataset d = simulated(m, 600, 0.3);
  const auto fit = ModalInputFit::of(unscaled(d), m.F);
  REQUIRE(fit.has_value());
  Matrix G, G_ref;
  Vector x0, x0_ref;
  explicit_least_squares(m, d, G_ref, x0_ref);
  // Two output matrices: Φ and Υ serve any H (the refit of step 4).
  for (const Matrix& H : {m.H, Matrix(m.H + 0.1 * Matrix::Ones(3, 5))}) {
    const Model other{m.F, m.G, H, m.x0};
    explicit_least_squares(other, d, G_ref, x0_ref);
    fit->fit(H, G, x0);
    CHECK((G - G_ref).norm() <= 1e-9 * G_ref.norm());
    CHECK((x0 - x0_ref).norm() <= 1e-9 * x0_ref.norm());
    CHECK((G - m.G).norm() > 1e-6 * m.G.norm());  // the noise moved the estimate: the comparison is not trivial
  }
}

TEST_CASE("the modal form of step 4 declines a defective or a strongly unstable F") {
  const Model m = test_model();
  const Dataset d = simulated(m, 6000, 0.0);
  Matrix jordan = 0.9 * Matrix::Identity(5, 5);
  jordan(0, 1) = 1.0;  // a Jordan block: no basis of eigenvectors
  CHECK_FALSE(ModalInputFit::of(unscaled(d), jordan).has_value());
  // |λ| = 1.1 over 6000 samples: 1.1^6000 = e^572 would overflow
  CHECK_FALSE(ModalInputFit::of(unscaled(d), Matrix(1.1 / 0.995 * m.F)).has_value());
  // slightly above 1 (|λ|^N = e^{6000 · 0.005} = e^30): still the modal form
  CHECK(ModalInputFit::of(unscaled(d), Matrix(1.005 / 0.995 * m.F)).has_value());
}
