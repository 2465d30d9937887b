#include <catch2/catch.hpp>

#include <cmath>

#include <unsupported/Eigen/MatrixFunctions>

#include "discretize/exponential_frechet.hpp"
#include "discretize/sampling_sensitivity.hpp"
#include "model/presets.hpp"

using namespace mechid;

namespace {

// The second method: Van Loan 1978, L(X, E) is the upper-right block of exp([X E; 0 X]) (Eigen's
// scaling-and-squaring exponential of the 2n x 2n block).
Matrix van_loan(const Matrix& X, const Matrix& E) {
  const Eigen::Index n = X.rows();
  Matrix block = Matrix::Zero(2 * n, 2 * n);
  block.topLeftCorner(n, n) = X;
  block.topRightCorner(n, n) = E;
  block.bottomRightCorner(n, n) = X;
  return block.exp().topRightCorner(n, n);
}

double relative_gap(const Matrix& a, const Matrix& b) { return (a - b).norm() / b.norm(); }

// A dense direction E in factors: E Iᵀ.
LowRankMatrix factored(const Matrix& E) { return {E, Matrix::Identity(E.cols(), E.cols())}; }

}  // namespace

// ‖X‖₁ from 0.01 to 1000 takes every Padé degree (3, 5, 7, 9, 13) and 13 with up to 8 squarings;
// 0.9, 2 and 5 lie between Al-Mohy & Higham's ℓ_m and Higham 2005's θ_m (Eigen's e^X), where the
// two choices of degree or squarings differ. Directions of full rank, rank one and two (as the
// PEM's), rank zero, and more than one block of 8 directions.
TEST_CASE("Al-Mohy-Higham Fréchet derivatives of exp equal Van Loan's block exponential at every Padé degree") {
  std::srand(7);
  const Matrix R = Matrix::Random(7, 7) - 2.0 * Matrix::Identity(7, 7);  // shifted left: e^X stays of moderate size
  const Matrix unit = R / R.cwiseAbs().colwise().sum().maxCoeff();
  std::vector<LowRankMatrix> directions{factored(Matrix::Random(7, 7)), factored(Matrix::Zero(7, 7)), {Matrix(7, 0), Matrix(7, 0)}};
  for (int p = 0; p < 9; ++p) directions.push_back({Matrix::Random(7, 1 + p % 2), Matrix::Random(7, 1 + p % 2)});
  for (const double norm : {0.01, 0.15, 0.5, 0.9, 1.5, 2.0, 4.0, 5.0, 40.0, 1000.0}) {
    const Matrix X = norm * unit;
    const std::vector<Matrix> L = exponential_frechet_derivatives(X, directions);
    REQUIRE(L.size() == directions.size());
    INFO("‖X‖₁ = " << norm);
    for (std::size_t p = 0; p < directions.size(); ++p) {
      INFO("direction " << p);
      if (p == 1 || p == 2)
        CHECK(L[p] == Matrix::Zero(7, 7));
      else
        CHECK(relative_gap(L[p], van_loan(X, directions[p].dense())) < 1e-11);
    }
  }
}

// The generator of a sampled 8-DOF chain (ZOH and FOH), directions as the exact-sampling PEM's
// (∂A in the rows of q'' only): the derivatives the predictor uses, through the balancing of
// exponential_derivatives, against Van Loan's on the unbalanced generator.
TEST_CASE("exponential_derivatives of a sampled 8-DOF generator equal Van Loan's block exponential") {
  const MechanicalSystem s = preset("8dof");
  const Eigen::Index n = s.M.rows(), k = s.L.cols();
  const Matrix Minv = s.M.inverse();
  Matrix A = Matrix::Zero(2 * n, 2 * n), B = Matrix::Zero(2 * n, k);
  A.topRightCorner(n, n).setIdentity();
  A.bottomLeftCorner(n, n) = -Minv * s.K;
  A.bottomRightCorner(n, n) = -Minv * s.D;
  B.bottomRows(n) = Minv * s.L;
  for (const InputSampling sampling : {InputSampling::hold, InputSampling::point}) {
    for (const double h : {0.0005, 0.02, 0.5}) {
      const Matrix X = sampling_generator(A, B, h, sampling);
      std::srand(11);
      Matrix E = Matrix::Zero(X.rows(), X.cols());
      E.block(n, 0, n, 2 * n + k) = h * Matrix::Random(n, 2 * n + k);
      const ExponentialDerivatives d = exponential_derivatives(X, {factored(E)});
      INFO("h = " << h << (sampling == InputSampling::hold ? ", ZOH" : ", FOH"));
      CHECK(relative_gap(d.derivatives[0], van_loan(X, E)) < 1e-10);
    }
  }
}

// L is linear in E and the algorithm's choices depend on X alone: a direction scaled by 2^-40 (a
// parameter in badly scaled units) gives the derivative scaled by 2^-40, to the last bit.
TEST_CASE("Fréchet derivatives of exp scale exactly with the direction, and a non-finite X gives NaN") {
  std::srand(3);
  const Matrix X = 3.0 * Matrix::Random(5, 5), E = Matrix::Random(5, 5);
  const double tiny = std::ldexp(1.0, -40);
  const std::vector<Matrix> L = exponential_frechet_derivatives(X, {factored(E), factored(tiny * E)});
  CHECK(L[1] == tiny * L[0]);
  // A non-finite X (a diverged model) gives NaN, not a hang in the squaring count.
  Matrix bad = X;
  bad(0, 0) = INFINITY;
  CHECK(exponential_frechet_derivatives(bad, {factored(E)}).front().hasNaN());
}
