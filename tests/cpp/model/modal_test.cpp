#include <catch2/catch.hpp>

#include <cmath>

#include "model/modal.hpp"
#include "model/presets.hpp"

using namespace mechid;

TEST_CASE("3dof modes: D = 0.1 K is proportional damping, so ω_n from K φ = ω² M φ and ζ = 0.05 ω_n") {
  const MechanicalSystem s = preset("3dof");
  const ModalResult r = modal_analysis(s);
  REQUIRE(r.status == Status::ok);
  REQUIRE(r.modes.size() == 3);
  const Eigen::GeneralizedSelfAdjointEigenSolver<Matrix> undamped(s.K, s.M);
  for (int i = 0; i < 3; ++i) {
    const double omega = std::sqrt(undamped.eigenvalues()(i));
    CHECK(r.modes[i].omega_n == Approx(omega).epsilon(1e-10));
    CHECK(r.modes[i].freq_hz == Approx(omega / (2 * M_PI)).epsilon(1e-10));
    CHECK(r.modes[i].zeta == Approx(0.05 * omega).epsilon(1e-10));
    CHECK(r.modes[i].complexity < 1e-20);
    // Mass-normalised and equal (up to sign) to the generalized eigenvector.
    const Vector& phi = r.modes[i].shape;
    CHECK(phi.dot(s.M * phi) == Approx(1.0).epsilon(1e-12));
    const Vector v = undamped.eigenvectors().col(i);
    CHECK(std::abs(phi.dot(s.M * v)) == Approx(1.0).epsilon(1e-10));
  }
  const Matrix shapes = (Matrix(3, 3) << r.modes[0].shape, r.modes[1].shape, r.modes[2].shape).finished();
  const Matrix mac = modal_assurance(shapes, undamped.eigenvectors());
  CHECK((mac.diagonal() - Vector::Ones(3)).norm() < 1e-10);
}

TEST_CASE("8dof roots equal an independent generalized eigen-solve of the linearised pencil") {
  const MechanicalSystem s = preset("8dof");
  const ModalResult r = modal_analysis(s);
  REQUIRE(r.modes.size() == 8);
  // (λ B - A) z = 0 with A = [0 I; -K -D], B = [I 0; 0 M]: no inverse of M formed.
  Matrix A = Matrix::Zero(16, 16), B = Matrix::Identity(16, 16);
  A.topRightCorner(8, 8).setIdentity();
  A.bottomLeftCorner(8, 8) = -s.K;
  A.bottomRightCorner(8, 8) = -s.D;
  B.bottomRightCorner(8, 8) = s.M;
  Eigen::GeneralizedEigenSolver<Matrix> pencil(A, B);
  std::vector<double> omegas, zetas;
  for (int j = 0; j < 16; ++j) {
    const std::complex<double> lambda = pencil.eigenvalues()(j);
    if (lambda.imag() > 0) {
      omegas.push_back(std::abs(lambda));
      zetas.push_back(-lambda.real() / std::abs(lambda));
    }
  }
  REQUIRE(omegas.size() == 8);
  std::vector<int> order(8);
  for (int i = 0; i < 8; ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](int a, int b) { return omegas[a] < omegas[b]; });
  for (int i = 0; i < 8; ++i) {
    CHECK(r.modes[i].omega_n == Approx(omegas[order[i]]).epsilon(1e-9));
    CHECK(r.modes[i].zeta == Approx(zetas[order[i]]).epsilon(1e-8));
  }
}

TEST_CASE("modal analysis of the 1-DOF system matches ω_n = sqrt(k/m), ζ = b/(2 sqrt(km))") {
  const ModalResult r = modal_analysis(preset("msd"));
  REQUIRE(r.modes.size() == 1);
  CHECK(r.modes[0].omega_n == Approx(std::sqrt(2.0 / 15.0)).epsilon(1e-12));
  CHECK(r.modes[0].zeta == Approx(0.2 / (2 * std::sqrt(30.0))).epsilon(1e-12));
  CHECK(r.modes[0].shape(0) == Approx(1 / std::sqrt(15.0)).epsilon(1e-12));
}

TEST_CASE("unstable and overdamped models are reported as warnings") {
  MechanicalSystem s = preset("msd");
  s.D(0, 0) = -0.2;
  CHECK(modal_analysis(s).status == Status::warning);
  s.D(0, 0) = 100.0;
  const ModalResult over = modal_analysis(s);
  CHECK(over.status == Status::warning);
  CHECK(over.modes.size() == 2);
  s.M(0, 0) = 0.0;
  CHECK(modal_analysis(s).status == Status::failed);
}
