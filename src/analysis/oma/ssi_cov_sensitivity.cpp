#include "analysis/oma/ssi_cov_sensitivity.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include <Eigen/Eigenvalues>
#include <Eigen/LU>
#include <Eigen/QR>

namespace mechid {
namespace {
using Complex = std::complex<double>;
}  // namespace

SsiCovSensitivity::SsiCovSensitivity(const std::vector<Matrix>& R, const SsiCovModels& models, Eigen::Index block_rows, double h,
                                     const std::vector<SsiPoleRequest>& requests)
    : p_(block_rows), m_(R.front().rows()), K_(0), h_(h) {
  T_ = block_toeplitz(R, p_);
  U_ = models.U;
  const Eigen::Index cols = U_.cols(), up = (p_ - 1) * m_;
  for (const SsiPoleRequest& q : requests) K_ = std::max(K_, q.order);
  if (K_ < 1 || K_ > std::min(cols, up)) throw std::logic_error("ssi_cov_sensitivity: an order beyond the models'");
  sigma2_ = models.singular_values.head(cols).array().square().matrix();
  TtU_ = T_.transpose() * U_.leftCols(K_);
  UtT_ = U_.transpose() * T_;
  complement_ = T_.rows() > cols;
  const Eigen::HouseholderQR<Matrix> qr(U_.topRows(up).leftCols(K_));
  Q_ = qr.householderQ() * Matrix::Identity(up, K_);
  Rq_ = qr.matrixQR().topRows(K_).triangularView<Eigen::Upper>();
  QtUdown_ = Q_.transpose() * U_.bottomRows(up);
  QtUup_ = Q_.transpose() * U_.topRows(up);
  for (const SsiPoleRequest& q : requests) {
    Pole pole;
    const Eigen::Index n = pole.n = q.order;
    // A_n = O↑^† O↓ with O_n = U_n: R_n⁻¹ (Qᵀ U↓)_{n×n} as in ssi_cov.cpp, without S_n^{1/2} (a similarity).
    const Matrix A = Rq_.topLeftCorner(n, n).triangularView<Eigen::Upper>().solve(QtUdown_.topLeftCorner(n, n));
    const Eigen::EigenSolver<Matrix> eig(A);
    pole.eigenvalues = eig.eigenvalues();
    const Complex target = std::exp(q.pole * h);
    (pole.eigenvalues.array() - target).abs().minCoeff(&pole.k);
    pole.mu = pole.eigenvalues(pole.k);
    pole.V = eig.eigenvectors();
    pole.Vinv = pole.V.inverse();
    const Eigen::VectorXcd v = pole.V.col(pole.k);
    pole.residual = U_.bottomRows(up).leftCols(n) * v - pole.mu * (U_.topRows(up).leftCols(n) * v);
    pole.U_up_residual = U_.topRows(up).rightCols(cols - n).transpose() * pole.residual;
    pole.shape = U_.topRows(m_).leftCols(n) * v;
    poles_.push_back(std::move(pole));
  }
}

// Along ΔT (the Toeplitz matrix of dR):
// 1. The left singular vectors are the eigenvectors of M = T Tᵀ, ΔM = ΔT Tᵀ + T ΔTᵀ, and u_k moves
//    out of span(U_n) by Σ_{j>n} u_j (u_jᵀ ΔM u_k)/(σ_k² − σ_j²) (first-order eigenvector
//    perturbation; Reynders et al. 2008, eq. 37); with fewer references than outputs, T's left null
//    space adds (I − U Uᵀ) ΔT v_k / σ_k. The motion inside span(U_n) is left out: it changes O_n's
//    basis, not the poles or shapes.
// 2. A = P⁻¹ O↑ᵀ O↓ (P = O↑ᵀ O↑ = R_nᵀ R_n): ΔA v = O↑^†(ΔO↓ − μ ΔO↑) v + P⁻¹ ΔO↑ᵀ r (r above).
// 3. Δμ = y_k ΔA v_k with y_k the left eigenvector (row k of V⁻¹); Δv_k = Σ_{l≠k} v_l (y_l ΔA v_k)/(μ_k − μ_l)
//    (simple eigenvalues); λ = ln μ / h gives Δλ = Δμ / (μ h); the shape C v moves by ΔC v + C Δv.
std::vector<SsiPoleDerivative> SsiCovSensitivity::along(const std::vector<Matrix>& dR) const {
  const Matrix dT = block_toeplitz(dR, p_);
  const Eigen::Index cols = U_.cols(), up = (p_ - 1) * m_;
  const Matrix dT_TtU = dT * TtU_;                                            // ΔT Tᵀ U_K
  const Matrix G = U_.transpose() * dT_TtU + UtT_ * (dT.transpose() * U_.leftCols(K_));  // Uᵀ ΔM U_K
  Matrix Z;  // (I − U Uᵀ) ΔT V_K S_K⁻¹ = (I − U Uᵀ) ΔT Tᵀ U_K S_K⁻²
  if (complement_) Z = (dT_TtU - U_ * (U_.transpose() * dT_TtU)) * sigma2_.head(K_).cwiseInverse().asDiagonal();
  std::vector<SsiPoleDerivative> out;
  Matrix D;  // ΔU_n's coefficients on U[:, n:], for the order of the previous pole (the poles come by order)
  Eigen::Index D_order = -1;
  for (const Pole& pole : poles_) {
    const Eigen::Index n = pole.n, rest = cols - n;
    if (n != D_order) {
      D = G.block(n, 0, rest, n);
      for (Eigen::Index k = 0; k < n; ++k)
        for (Eigen::Index j = 0; j < rest; ++j) {
          const double gap = sigma2_(k) - sigma2_(n + j);
          D(j, k) = gap != 0.0 ? D(j, k) / gap : 0.0;
        }
      D_order = n;
    }
    const Eigen::VectorXcd v = pole.V.col(pole.k);
    const Eigen::VectorXcd Dv = D.cast<Complex>() * v;  // ΔO_n v = U[:, n:] D v (+ Z v)
    Eigen::VectorXcd t = QtUdown_.block(0, n, n, rest).cast<Complex>() * Dv - pole.mu * (QtUup_.block(0, n, n, rest).cast<Complex>() * Dv);
    Eigen::VectorXcd s = D.transpose().cast<Complex>() * pole.U_up_residual;
    Eigen::VectorXcd dCv = U_.topRows(m_).rightCols(rest).cast<Complex>() * Dv;
    if (complement_) {
      const Eigen::VectorXcd Zv = Z.leftCols(n).cast<Complex>() * v;
      t += Q_.leftCols(n).transpose().cast<Complex>() * (Zv.tail(up) - pole.mu * Zv.head(up));
      s += Z.topRows(up).leftCols(n).transpose().cast<Complex>() * pole.residual;
      dCv += Zv.head(m_);
    }
    const Eigen::MatrixXcd Rn = Rq_.topLeftCorner(n, n).cast<Complex>();
    const Eigen::VectorXcd a = Rn.triangularView<Eigen::Upper>().solve(t);
    const Eigen::VectorXcd b = Rn.triangularView<Eigen::Upper>().solve(Rn.transpose().triangularView<Eigen::Lower>().solve(s));
    const Eigen::VectorXcd dAv = a + b;
    Eigen::VectorXcd coef = pole.Vinv * dAv;  // y_l ΔA v_k
    const Complex dmu = coef(pole.k);
    for (Eigen::Index l = 0; l < n; ++l) coef(l) = l == pole.k ? Complex(0.0) : coef(l) / (pole.mu - pole.eigenvalues(l));
    SsiPoleDerivative d;
    d.pole = dmu / (pole.mu * h_);
    d.shape = pole.shape;
    d.shape_derivative = dCv + U_.topRows(m_).leftCols(n).cast<Complex>() * (pole.V * coef);
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace mechid
