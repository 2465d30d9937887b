#include "discretize/sampling_sensitivity.hpp"

#include <cmath>

#include <unsupported/Eigen/MatrixFunctions>

namespace mechid {

Matrix sampling_generator(const Matrix& A, const Matrix& B, double h, InputSampling sampling) {
  const Eigen::Index n = A.rows(), k = B.cols(), m = n + (sampling == InputSampling::hold ? 1 : 2) * k;
  Matrix X = Matrix::Zero(m, m);
  X.topLeftCorner(n, n) = A * h;
  X.block(0, n, n, k) = B * h;
  if (sampling == InputSampling::point) X.block(n, n + k, k, k).setIdentity();  // u(t) = u_k + (t/h) Δu
  return X;
}

namespace {

// Diagonal balancing by powers of two (Parlett & Reinsch 1969, "Balancing a matrix for calculation
// of eigenvalues and eigenvectors"; EISPACK balanc without the permutations): d such that
// D⁻¹ X D has rows and columns of comparable 1-norm. Powers of two make the similarity exact in
// floating point. It undoes the scaling that the units of time put between q and q' in A h
// ([0, h I; -M⁻¹K h, -M⁻¹D h]: h against ω²h), which would otherwise add squarings, and their
// rounding, to the exponential (Higham 2005, "The scaling and squaring method for the matrix
// exponential revisited", sec. 6, recommends balancing as a preprocessing step).
Vector balancing(const Matrix& X) {
  const Eigen::Index m = X.rows();
  Vector d = Vector::Ones(m);
  Matrix B = X.cwiseAbs();
  for (int sweep = 0; sweep < 100; ++sweep) {  // converges in a few sweeps; the cap only guards
    bool changed = false;
    for (Eigen::Index i = 0; i < m; ++i) {
      const double c = B.col(i).sum() - B(i, i), r = B.row(i).sum() - B(i, i);
      if (c == 0 || r == 0) continue;  // nothing to balance against
      // An infinite norm (entries overflowing in the sum) would make the halving loop below endless
      // (inf / 4 = inf): such a row is left unbalanced; the caller's exponential reports non-finite values.
      if (!std::isfinite(c) || !std::isfinite(r)) continue;
      double f = 1.0, cf = c;
      while (cf < r / 2) { f *= 2; cf *= 4; }   // column norm c f against row norm r / f
      while (cf >= r * 2) { f /= 2; cf /= 4; }
      if ((c * f + r / f) >= 0.95 * (c + r)) continue;  // too little gain (EISPACK's 0.95)
      d(i) *= f;
      B.col(i) *= f;
      B.row(i) /= f;
      changed = true;
    }
    if (!changed) break;
  }
  return d;
}

}  // namespace

ExponentialDerivatives exponential_derivatives(const Matrix& X, const std::vector<LowRankMatrix>& directions,
                                               bool factored) {
  // e^X = D e^(D⁻¹XD) D⁻¹ and L(X, E) = D L(D⁻¹XD, D⁻¹ED) D⁻¹, with D⁻¹ Y Zᵀ D = (D⁻¹Y)(D Z)ᵀ.
  const Vector d = balancing(X), d_inv = d.cwiseInverse();
  const Matrix Xb = d_inv.asDiagonal() * X * d.asDiagonal();
  ExponentialDerivatives out;
  out.exponential = d.asDiagonal() * Xb.exp() * d_inv.asDiagonal();
  // The derivatives by Al-Mohy & Higham's algorithm (exponential_frechet.hpp), whose Padé degree and
  // squarings depend on ‖D⁻¹XD‖ alone: a direction in badly scaled units adds no squarings (and no
  // rounding) to them (review, "Minor": Jacobian error 1.8e-7 -> 1.4e-3 at output scale 1e-6 when
  // it did, with the block exponential of Van Loan 1978 used before).
  std::vector<LowRankMatrix> balanced;
  balanced.reserve(directions.size());
  for (const LowRankMatrix& E : directions) balanced.push_back({d_inv.asDiagonal() * E.left, d.asDiagonal() * E.right});
  if (factored) {
    if (auto factors = exponential_frechet_factors(Xb, balanced)) {
      // D (Y Zᵀ) D⁻¹ = (D Y)(D⁻¹ Z)ᵀ.
      for (LowRankMatrix& L : *factors) out.factors.push_back({d.asDiagonal() * L.left, d_inv.asDiagonal() * L.right});
      return out;
    }
  }
  out.derivatives = exponential_frechet_derivatives(Xb, balanced);
  for (Matrix& L : out.derivatives) L = d.asDiagonal() * L * d_inv.asDiagonal();
  return out;
}

}  // namespace mechid
