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

// An overdamped mode is a property of the system, not a fault (numerics review e622506, problem 6):
// a note `overdamped` that leaves the status ok; an unstable root is a warning.
TEST_CASE("an unstable model is a warning, an overdamped one an overdamped note with status ok") {
  MechanicalSystem s = preset("msd");
  s.D(0, 0) = -0.2;
  CHECK(modal_analysis(s).status == Status::warning);
  s.D(0, 0) = 100.0;
  const ModalResult over = modal_analysis(s);
  CHECK(over.status == Status::ok);
  REQUIRE(over.advice.size() == 1);
  CHECK(over.advice[0].code == AdviceCode::overdamped);
  CHECK(over.advice[0].level == AdviceLevel::note);
  CHECK(over.warnings.empty());
  CHECK(over.modes.size() == 1);  // one DOF, one (overdamped) mode: its two real roots are paired (B9)
  s.M(0, 0) = 0.0;
  CHECK(modal_analysis(s).status == Status::failed);
}

// The roots of m s² + d s + k: ω_n = √(k/m), ζ = d/(2√(km)) whatever the sign of 1 − ζ².
static void check_dof(const Mode& mode, double m, double d, double k) {
  CHECK(mode.omega_n == Approx(std::sqrt(k / m)).epsilon(1e-10));
  CHECK(mode.zeta == Approx(d / (2 * std::sqrt(k * m))).epsilon(1e-10));
}

TEST_CASE("an overdamped DOF (ζ = 2) is one mode with ω_n = √(λ1 λ2) = 1 and ζ = 2, not two modes with ζ = 1 (B9)") {
  MechanicalSystem s = preset("msd");
  s.M(0, 0) = 1.0;
  s.K(0, 0) = 1.0;
  s.D(0, 0) = 4.0;  // roots −2 ± √3: 0.268 and 3.73 rad/s
  const ModalResult r = modal_analysis(s);
  REQUIRE(r.modes.size() == 1);
  CHECK(r.modes[0].omega_n == Approx(1.0).epsilon(1e-12));
  CHECK(r.modes[0].zeta == Approx(2.0).epsilon(1e-12));
  CHECK(r.modes[0].eigenvalue.real() == Approx(-2.0 + std::sqrt(3.0)).epsilon(1e-12));  // the slower root
  CHECK(r.modes[0].shape(0) == Approx(1.0).epsilon(1e-12));
  CHECK(r.modes[0].complexity < 1e-12);
  // Continuity through critical damping: ζ just below and just above 1 both give ζ ≈ 1, ω_n ≈ 1.
  for (const double d : {2.0 - 1e-6, 2.0 + 1e-6}) {
    s.D(0, 0) = d;
    const ModalResult near = modal_analysis(s);
    REQUIRE(near.modes.size() == 1);
    CHECK(near.modes[0].omega_n == Approx(1.0).epsilon(1e-6));
    CHECK(near.modes[0].zeta == Approx(d / 2).epsilon(1e-6));
  }
}

TEST_CASE("real roots are paired by DOF (shape), not by size: two overdamped DOFs with interleaved roots, one underdamped") {
  // Decoupled DOFs (m, d, k): roots of the first −0.27, −3.73, of the second −0.42, −9.58 (sorted
  // neighbours belong to different DOFs); the third is underdamped. An orthogonal change of
  // coordinates Q keeps M = I and the damping proportional per DOF but couples the matrices.
  const double d[3] = {4.0, 10.0, 0.1}, k[3] = {1.0, 4.0, 9.0};
  const Eigen::HouseholderQR<Matrix> qr(Matrix::Random(3, 3));
  const Matrix Q = qr.householderQ();
  MechanicalSystem s;
  s.M = Matrix::Identity(3, 3);
  s.D = Q * Vector(Eigen::Vector3d(d[0], d[1], d[2])).asDiagonal() * Q.transpose();
  s.K = Q * Vector(Eigen::Vector3d(k[0], k[1], k[2])).asDiagonal() * Q.transpose();
  s.L = Matrix::Identity(3, 3);
  const ModalResult r = modal_analysis(s);
  REQUIRE(r.modes.size() == 3);
  for (int i = 0; i < 3; ++i) {  // sorted by ω_n = √k: DOF i is mode i
    check_dof(r.modes[i], 1.0, d[i], k[i]);
    CHECK(std::abs(r.modes[i].shape.dot(Q.col(i))) == Approx(1.0).epsilon(1e-9));
    CHECK(r.modes[i].complexity < 1e-9);
  }
  CHECK(r.status == Status::ok);  // two overdamped modes are named in a note
  REQUIRE(r.advice.size() == 1);
  CHECK(r.advice[0].message.find("2 modes are overdamped") == 0);
}

TEST_CASE("modes of a 1-DOF system with m = 1.5e-299 (A ~ 1e298) are finite and match the closed-form roots") {
  // Fuzz finding system-json-164: unscaled, the eigen-solve overflowed and gave NaN with status ok.
  MechanicalSystem s = preset("msd");
  s.M(0, 0) = 1.5e-299;
  const double m = s.M(0, 0), d = s.D(0, 0), k = s.K(0, 0);
  const ModalResult r = modal_analysis(s);
  INFO(r.message);
  REQUIRE(r.status == Status::warning);  // the unresolved root (and a note: overdamped, d² >> 4 m k)
  REQUIRE(r.modes.size() == 1);
  // Roots -d/m ~ -1.3e298 and -k/d = -10: 297 orders apart, beyond double precision, so the slow
  // root is noise; the result is finite and a warning.
  CHECK(std::isfinite(r.modes[0].omega_n));
  CHECK(std::isfinite(r.modes[0].zeta));
  CHECK(r.warnings.size() == 1);  // the unresolved root
  REQUIRE(r.advice.size() == 1);
  CHECK(r.advice[0].code == AdviceCode::overdamped);
  CHECK(r.modes[0].shape.allFinite());
}

TEST_CASE("modal analysis fails (never NaN with ok) when M⁻¹K overflows double") {
  MechanicalSystem s = preset("msd");
  s.M(0, 0) = 1e-300;
  s.K(0, 0) = 1e300;
  const ModalResult r = modal_analysis(s);
  CHECK(r.status == Status::failed);
  CHECK(r.modes.empty());
}
