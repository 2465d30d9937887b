#include "discretize/exponential_frechet.hpp"

#include <algorithm>
#include <array>
#include <cmath>

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

}  // namespace

std::vector<Matrix> exponential_frechet_derivatives(const Matrix& X, const std::vector<Matrix>& directions) {
  std::vector<Matrix> out;
  if (directions.empty()) return out;
  const Eigen::Index n = X.rows();
  if (n == 0) return std::vector<Matrix>(directions.size(), Matrix(0, 0));
  const Matrix I = Matrix::Identity(n, n);
  // Algorithm 6.4: the lowest degree whose ℓ_m covers ‖X‖₁, else m = 13 with X scaled by 2^-s into
  // its range. A non-finite X has no derivative: NaN, as its exponential (the callers test for it).
  const double norm = X.cwiseAbs().colwise().sum().maxCoeff();
  if (!std::isfinite(norm)) return std::vector<Matrix>(directions.size(), Matrix::Constant(n, n, NAN));
  const Pade* pade = std::find_if(std::begin(kPade), std::end(kPade), [&](const Pade& p) { return norm <= p.ell; });
  int s = 0;
  if (pade == std::end(kPade)) {
    pade = &kPade[4];
    s = static_cast<int>(std::ceil(std::log2(norm / pade->ell)));  // ≥ 1; ≤ 1024 for a finite norm
  }
  const double scale = std::ldexp(1.0, -s);
  const Matrix A = scale * X, A2 = A * A;
  const auto& b = pade->b;
  // r_m(A) = (V − U)⁻¹ (V + U), U = A · odd(A²), V = even(A²), and the derivatives dU, dV of U, V
  // along E, differentiated term by term and sharing the powers of A (Al-Mohy & Higham 2009).
  Matrix odd, U, V;
  std::vector<Matrix> powers{I, A2};  // A^{2j}
  Matrix A4, A6, W1, Z1;
  if (pade->degree < 13) {
    for (int j = 2; 2 * j <= pade->degree; ++j) powers.push_back(A2 * powers.back());
    odd = Matrix::Zero(n, n);
    V = Matrix::Zero(n, n);
    for (std::size_t j = 0; j < powers.size(); ++j) {
      odd += b[2 * j + 1] * powers[j];
      V += b[2 * j] * powers[j];
    }
  } else {
    A4 = A2 * A2;
    A6 = A4 * A2;
    W1 = b[13] * A6 + b[11] * A4 + b[9] * A2;
    Z1 = b[12] * A6 + b[10] * A4 + b[8] * A2;
    odd = A6 * W1 + b[7] * A6 + b[5] * A4 + b[3] * A2 + b[1] * I;  // W
    V = A6 * Z1 + b[6] * A6 + b[4] * A4 + b[2] * A2 + b[0] * I;
  }
  U = A * odd;
  const Eigen::PartialPivLU<Matrix> denominator(V - U);
  // R_k = r_m(A)^(2^k), k = 0 … max(s, 1) − 1: r_m(A) itself, and the factors of the squaring phase.
  std::vector<Matrix> squares{denominator.solve(V + U)};
  for (int k = 1; k < s; ++k) squares.push_back(squares.back() * squares.back());
  // One task per direction (core/parallel_for.hpp): each reads the shared powers and factors
  // only, and is computed the same way on any thread, so the derivatives are the same bits.
  out.resize(directions.size());
  parallel_for(static_cast<Eigen::Index>(directions.size()), [&](Eigen::Index p) {
    const Matrix E = scale * directions[static_cast<std::size_t>(p)];
    Matrix dU, dV;
    const Matrix M2 = A * E + E * A;  // L(A², E)
    if (pade->degree < 13) {
      // M_{2j} = L(A^{2j}, E) = A² M_{2j−2} + M_2 A^{2j−2}.
      Matrix M = M2, d_odd = b[3] * M2;
      dV = b[2] * M2;
      for (std::size_t j = 2; j < powers.size(); ++j) {
        M = A2 * M + M2 * powers[j - 1];
        d_odd += b[2 * j + 1] * M;
        dV += b[2 * j] * M;
      }
      dU = A * d_odd + E * odd;
    } else {
      const Matrix M4 = A2 * M2 + M2 * A2, M6 = A4 * M2 + M4 * A2;
      const Matrix dW = A6 * (b[13] * M6 + b[11] * M4 + b[9] * M2) + M6 * W1 + b[7] * M6 + b[5] * M4 + b[3] * M2;
      dU = A * dW + E * odd;
      dV = A6 * (b[12] * M6 + b[10] * M4 + b[8] * M2) + M6 * Z1 + b[6] * M6 + b[4] * M4 + b[2] * M2;
    }
    // Differentiating (V − U) R = V + U: dR = (V − U)⁻¹ (dU + dV + (dU − dV) R).
    Matrix L = denominator.solve(dU + dV + (dU - dV) * squares.front());
    for (int k = 0; k < s; ++k) L = squares[k] * L + L * squares[k];  // L(B², F) = B L(B, F) + L(B, F) B
    out[static_cast<std::size_t>(p)] = std::move(L);
  });
  return out;
}

}  // namespace mechid
