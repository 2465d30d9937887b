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

// [Re X, Im X] of complex columns X (one real product then serves every column), and back.
Matrix parts_of(const Eigen::MatrixXcd& X) {
  Matrix out(X.rows(), 2 * X.cols());
  out << X.real(), X.imag();
  return out;
}
Eigen::VectorXcd column_of(const Matrix& parts, Eigen::Index q) {
  const Eigen::Index P = parts.cols() / 2;
  Eigen::VectorXcd out(parts.rows());
  out.real() = parts.col(q);
  out.imag() = parts.col(P + q);
  return out;
}
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
    const auto found = std::find_if(orders_.begin(), orders_.end(), [&](const Order& o) { return o.n == n; });
    pole.order = std::size_t(found - orders_.begin());
    if (found == orders_.end()) {
      // A_n = O↑^† O↓ with O_n = U_n: R_n⁻¹ (Qᵀ U↓)_{n×n} as in ssi_cov.cpp, without S_n^{1/2} (a similarity).
      const Matrix A = Rq_.topLeftCorner(n, n).triangularView<Eigen::Upper>().solve(QtUdown_.topLeftCorner(n, n));
      const Eigen::EigenSolver<Matrix> eig(A);
      Order o;
      o.n = n;
      o.V = eig.eigenvectors();
      o.Vinv = o.V.inverse();
      o.eigenvalues = eig.eigenvalues();
      orders_.push_back(std::move(o));
    }
    const Order& order = orders_[pole.order];
    const Complex target = std::exp(q.pole * h);
    (order.eigenvalues.array() - target).abs().minCoeff(&pole.k);
    pole.mu = order.eigenvalues(pole.k);
    pole.shape = U_.topRows(m_).leftCols(n) * order.V.col(pole.k);
    orders_[pole.order].poles.push_back(poles_.size());
    poles_.push_back(std::move(pole));
  }
  for (Order& o : orders_) {
    const Eigen::Index n = o.n, P = Eigen::Index(o.poles.size());
    Eigen::MatrixXcd v(n, P), r(up, P);
    for (Eigen::Index q = 0; q < P; ++q) {
      const Pole& pole = poles_[o.poles[std::size_t(q)]];
      v.col(q) = o.V.col(pole.k);
      // r = O↓ v − μ O↑ v (not 0: A is a least-squares fit)
      r.col(q) = U_.bottomRows(up).leftCols(n) * v.col(q) - pole.mu * (U_.topRows(up).leftCols(n) * v.col(q));
    }
    o.v_parts = parts_of(v);
    o.residual_parts = parts_of(r);
    o.U_up_residual_parts = U_.topRows(up).rightCols(cols - n).transpose() * o.residual_parts;
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
  std::vector<SsiPoleDerivative> out(poles_.size());
  for (const Order& order : orders_) {
    const Eigen::Index n = order.n, rest = cols - n, P = Eigen::Index(order.poles.size());
    Matrix D = G.block(n, 0, rest, n);  // ΔU_n = U[:, n:] D (+ Z)
    for (Eigen::Index k = 0; k < n; ++k)
      for (Eigen::Index j = 0; j < rest; ++j) {
        const double gap = sigma2_(k) - sigma2_(n + j);
        D(j, k) = gap != 0.0 ? D(j, k) / gap : 0.0;
      }
    const Matrix Dv = D * order.v_parts;
    const Matrix down = QtUdown_.block(0, n, n, rest) * Dv, upper = QtUup_.block(0, n, n, rest) * Dv;
    Matrix s = D.transpose() * order.U_up_residual_parts;
    Matrix dCv = U_.topRows(m_).rightCols(rest) * Dv;
    Matrix Zdown, Zup;
    if (complement_) {
      const Matrix Zv = Z.leftCols(n) * order.v_parts;
      Zdown = Q_.leftCols(n).transpose() * Zv.bottomRows(up);
      Zup = Q_.leftCols(n).transpose() * Zv.topRows(up);
      s += Z.topRows(up).leftCols(n).transpose() * order.residual_parts;
      dCv += Zv.topRows(m_);
    }
    const Eigen::MatrixXcd Rn = Rq_.topLeftCorner(n, n).cast<Complex>();
    for (Eigen::Index q = 0; q < P; ++q) {
      const Pole& pole = poles_[order.poles[std::size_t(q)]];
      Eigen::VectorXcd t = column_of(down, q) - pole.mu * column_of(upper, q);
      if (complement_) t += column_of(Zdown, q) - pole.mu * column_of(Zup, q);
      const Eigen::VectorXcd a = Rn.triangularView<Eigen::Upper>().solve(t);
      const Eigen::VectorXcd b = Rn.triangularView<Eigen::Upper>().solve(Rn.transpose().triangularView<Eigen::Lower>().solve(column_of(s, q)));
      const Eigen::VectorXcd dAv = a + b;
      Eigen::VectorXcd coef = order.Vinv * dAv;  // y_l ΔA v_k
      const Complex dmu = coef(pole.k);
      for (Eigen::Index l = 0; l < n; ++l) coef(l) = l == pole.k ? Complex(0.0) : coef(l) / (pole.mu - order.eigenvalues(l));
      SsiPoleDerivative& d = out[order.poles[std::size_t(q)]];
      d.pole = dmu / (pole.mu * h_);
      d.shape = pole.shape;
      d.shape_derivative = column_of(dCv, q) + U_.topRows(m_).leftCols(n) * (order.V * coef);
    }
  }
  return out;
}

}  // namespace mechid
