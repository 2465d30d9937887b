#include "discretize/exponential_frechet.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

#include <Eigen/LU>

#include "core/parallel_for.hpp"

namespace mechid {
namespace {

// Padé approximant r_m = q_m⁻¹ p_m of degree m to e^x, p_m(x) = Σ b_j x^j, q_m(x) = p_m(−x) (Higham
// 2005, "The scaling and squaring method for the matrix exponential revisited", SIAM J. Matrix
// Anal. Appl. 26(4), eq. 2.1; the coefficients of Eigen's exponential), and ℓ_m, the largest ‖X‖₁
// for which the backward errors ΔX of the exponential and ΔE of the derivative stay within the unit
// roundoff in double precision (Al-Mohy & Higham 2009, Table 6.1; a little below Higham 2005's θ_m
// for e^X alone, which bound ΔX only).
struct Pade {
  int degree;
  double ell;
  std::array<double, 14> b;
};
constexpr Pade kPade[] = {
    {3, 1.08e-2, {120, 60, 12, 1}},
    {5, 2.00e-1, {30240, 15120, 3360, 420, 30, 1}},
    {7, 7.83e-1, {17297280, 8648640, 1995840, 277200, 25200, 1512, 56, 1}},
    {9, 1.78e0, {17643225600., 8821612800., 2075673600, 302702400, 30270240, 2162160, 110880, 3960, 90, 1}},
    {13, 4.74e0, {64764752532480000., 32382376266240000., 7771770303897600., 1187353796428800., 129060195264000.,
                               10559470521600., 670442572800., 33522128640., 1323241920., 40840800, 960960, 16380, 182, 1}},
};

// The derivatives, dense in `out`, or with `factors` given in factors there when no squaring is
// needed (false when it is, or X is not finite: nothing is computed then).
bool frechet(const Matrix& X, const std::vector<LowRankMatrix>& directions, std::vector<Matrix>& out,
             std::vector<LowRankMatrix>* factors) {
  out.clear();
  if (factors) factors->clear();
  if (directions.empty()) return true;
  const Eigen::Index n = X.rows();
  if (n == 0) {
    if (factors)
      factors->assign(directions.size(), LowRankMatrix{Matrix(0, 0), Matrix(0, 0)});
    else
      out.assign(directions.size(), Matrix(0, 0));
    return true;
  }
  const Matrix I = Matrix::Identity(n, n);
  // Algorithm 6.4: the lowest degree whose ℓ_m covers ‖X‖₁, else m = 13 with X scaled by 2^-s into
  // its range. A non-finite X has no derivative: NaN, as its exponential (the callers test for it).
  const double norm = X.cwiseAbs().colwise().sum().maxCoeff();
  if (!std::isfinite(norm)) {
    if (factors) return false;
    out.assign(directions.size(), Matrix::Constant(n, n, NAN));
    return true;
  }
  const Pade* pade = std::find_if(std::begin(kPade), std::end(kPade), [&](const Pade& p) { return norm <= p.ell; });
  int s = 0;
  if (pade == std::end(kPade)) {
    pade = &kPade[4];
    s = static_cast<int>(std::ceil(std::log2(norm / pade->ell)));  // ≥ 1; ≤ 1024 for a finite norm
  }
  if (factors && s > 0) return false;
  const double scale = std::ldexp(1.0, -s);
  const Matrix A = scale * X, A2 = A * A;
  const auto& b = pade->b;
  // r_m(A) = (V − U)⁻¹ (V + U), U = A · odd(A²), V = even(A²) (Higham 2005, eqs. 2.3 and 2.4).
  Matrix odd, U, V;
  if (pade->degree < 13) {
    std::vector<Matrix> powers{I, A2};  // A^{2j}
    for (int j = 2; 2 * j <= pade->degree; ++j) powers.push_back(A2 * powers.back());
    odd = Matrix::Zero(n, n);
    V = Matrix::Zero(n, n);
    for (std::size_t j = 0; j < powers.size(); ++j) {
      odd += b[2 * j + 1] * powers[j];
      V += b[2 * j] * powers[j];
    }
  } else {
    const Matrix A4 = A2 * A2, A6 = A4 * A2;
    const Matrix W1 = b[13] * A6 + b[11] * A4 + b[9] * A2, Z1 = b[12] * A6 + b[10] * A4 + b[8] * A2;
    odd = A6 * W1 + b[7] * A6 + b[5] * A4 + b[3] * A2 + b[1] * I;  // W
    V = A6 * Z1 + b[6] * A6 + b[4] * A4 + b[2] * A2 + b[0] * I;
  }
  U = A * odd;
  const Eigen::PartialPivLU<Matrix> denominator(V - U);
  // R_k = r_m(A)^(2^k), k = 0 … max(s, 1) − 1: r_m(A) itself, and the factors of the squaring phase.
  std::vector<Matrix> squares{denominator.solve(V + U)};
  for (int k = 1; k < s; ++k) squares.push_back(squares.back() * squares.back());
  const Matrix& R = squares.front();
  // Differentiating (V − U) R = V + U: dR = (V − U)⁻¹ (dU + dV + (dU − dV) R). U and V are the odd
  // and even parts of p_m(A) = Σ_k b_k A^k, and L(A^k, E) = Σ_{i+j=k−1} A^i E A^j, so along
  // E = Y Zᵀ (Y, Z scaled with A): dU ± dV = Σ_{i+j<m} (±1)^{i+j} b_{i+j+1} (A^i Y)(Aᵀ^j Z)ᵀ and
  //   dR = (V − U)⁻¹ Σ_i (A^i Y) G_iᵀ,  G_i = Σ_{j<m−i} b_{i+j+1} (Aᵀ^j Z + (−1)^{i+j} Rᵀ Aᵀ^j Z).
  // The same sums as the term-by-term derivative of Al-Mohy & Higham's Algorithm 6.4, in another
  // order. The directions go in blocks of a fixed size (the same bits on any thread count: each
  // block's products do not depend on the threads), each block's Krylov steps one product.
  const int degree = pade->degree;
  const Eigen::Index P = static_cast<Eigen::Index>(directions.size());
  if (factors)
    factors->resize(directions.size());
  else
    out.resize(directions.size());
  parallel_for_blocks(P, 8, [&](Eigen::Index p0, Eigen::Index count) {
    std::vector<Eigen::Index> offset{0};  // the block's directions' columns in [Y_p0 Y_p0+1 …]
    for (Eigen::Index p = p0; p < p0 + count; ++p) {
      const LowRankMatrix& E = directions[static_cast<std::size_t>(p)];
      if (E.left.rows() != n || E.right.rows() != n || E.left.cols() != E.right.cols())
        throw std::invalid_argument("exponential_frechet_derivatives: a direction's factors do not fit X");
      offset.push_back(offset.back() + E.left.cols());
    }
    const Eigen::Index c = offset.back();
    // Column block i of KY and KZ: A^i Y and Aᵀ^i Z, i = 0 … m − 1.
    Matrix KY(n, degree * c), KZ(n, degree * c);
    for (Eigen::Index p = p0; p < p0 + count; ++p) {
      const LowRankMatrix& E = directions[static_cast<std::size_t>(p)];
      const Eigen::Index o = offset[static_cast<std::size_t>(p - p0)];
      KY.middleCols(o, E.left.cols()) = scale * E.left;
      KZ.middleCols(o, E.right.cols()) = E.right;
    }
    for (int i = 1; i < degree; ++i) {
      KY.middleCols(i * c, c).noalias() = A * KY.middleCols((i - 1) * c, c);
      KZ.middleCols(i * c, c).noalias() = A.transpose() * KZ.middleCols((i - 1) * c, c);
    }
    const Matrix RKZ = R.transpose() * KZ, QKY = denominator.solve(KY);
    Matrix G = Matrix::Zero(n, degree * c);
    for (int i = 0; i < degree; ++i)
      for (int j = 0; i + j < degree; ++j) {
        const double coefficient = b[static_cast<std::size_t>(i + j + 1)];
        G.middleCols(i * c, c) += coefficient * KZ.middleCols(j * c, c);
        G.middleCols(i * c, c) += ((i + j) % 2 == 0 ? coefficient : -coefficient) * RKZ.middleCols(j * c, c);
      }
    for (Eigen::Index p = p0; p < p0 + count; ++p) {
      const Eigen::Index o = offset[static_cast<std::size_t>(p - p0)], r = offset[static_cast<std::size_t>(p - p0 + 1)] - o;
      Matrix left(n, degree * r), right(n, degree * r);
      for (int i = 0; i < degree; ++i) {
        left.middleCols(i * r, r) = QKY.middleCols(i * c + o, r);
        right.middleCols(i * r, r) = G.middleCols(i * c + o, r);
      }
      if (factors) {
        (*factors)[static_cast<std::size_t>(p)] = {std::move(left), std::move(right)};
        continue;
      }
      Matrix L = Matrix::Zero(n, n);
      if (r > 0) L.noalias() = left * right.transpose();
      for (int k = 0; k < s; ++k) L = squares[k] * L + L * squares[k];  // L(B², F) = B L(B, F) + L(B, F) B
      out[static_cast<std::size_t>(p)] = std::move(L);
    }
  });
  return true;
}

}  // namespace

std::vector<Matrix> exponential_frechet_derivatives(const Matrix& X, const std::vector<LowRankMatrix>& directions) {
  std::vector<Matrix> dense;
  frechet(X, directions, dense, nullptr);
  return dense;
}

std::optional<std::vector<LowRankMatrix>> exponential_frechet_factors(const Matrix& X, const std::vector<LowRankMatrix>& directions) {
  std::vector<Matrix> unused;
  std::vector<LowRankMatrix> factors;
  if (!frechet(X, directions, unused, &factors)) return std::nullopt;
  return factors;
}

}  // namespace mechid
