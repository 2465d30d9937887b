#include "identify/modal_input_fit.hpp"

#include <algorithm>
#include <cmath>

#include "core/parallel_for.hpp"

namespace mechid {

std::optional<ModalInputFit> ModalInputFit::of(const ScaledData& d, const Matrix& F) {
  const Eigen::Index nx = F.rows(), k = d.inputs(), ny = d.outputs(), N = d.samples(), P = nx * (k + 1);
  if (!F.allFinite()) return std::nullopt;
  const Eigen::EigenSolver<Matrix> eigen(F);
  if (eigen.info() != Eigen::Success) return std::nullopt;
  const Eigen::VectorXcd lambda = eigen.eigenvalues();
  const Eigen::MatrixXcd V = eigen.eigenvectors();

  // The real modal basis T: a real eigenvector per real eigenvalue, the real and imaginary parts
  // of one eigenvector per complex pair (F [v_r v_i] = [v_r v_i] [[a, b], [−b, a]] for λ = a + ib).
  // That eigenvector is turned by e^{iα} with v'v real, which makes v_r ⊥ v_i (the best-conditioned
  // pair of that plane).
  struct Block {
    Eigen::Index column;
    std::complex<double> lambda;
    bool pair;
  };
  std::vector<Block> blocks;
  ModalInputFit fit(nx, k);
  fit.T_.resize(nx, nx);
  Eigen::Index column = 0;
  for (Eigen::Index e = 0; e < nx; ++e) {
    const std::complex<double> l = lambda(e);
    // |λ|^N below e^300 (a noisy model of a lightly damped system may have |λ| slightly above 1);
    // beyond, λ^t could overflow, and the direct form drops such x0 terms.
    if (!(static_cast<double>(N) * std::log(std::abs(l)) <= kMaxGrowthExponent)) return std::nullopt;
    if (l.imag() < 0) continue;                      // a pair is taken at its member with Im λ > 0
    const bool pair = l.imag() > 0;
    if (column + (pair ? 2 : 1) > nx) return std::nullopt;
    if (pair) {
      Eigen::VectorXcd v = V.col(e);
      const std::complex<double> vv = (v.transpose() * v).value();
      v *= std::polar(1.0, -0.5 * std::arg(vv));
      fit.T_.col(column) = v.real();
      fit.T_.col(column + 1) = v.imag();
    } else {
      fit.T_.col(column) = V.col(e).real();
    }
    blocks.push_back({column, l, pair});
    column += pair ? 2 : 1;
  }
  if (column != nx) return std::nullopt;
  const Vector basis = Eigen::JacobiSVD<Matrix>(fit.T_).singularValues();
  if (!(basis(nx - 1) > 0 && basis(0) / basis(nx - 1) <= kMaxBasisCondition)) return std::nullopt;

  // Parameter a = j nx + c (column c of T⁻¹G for input j < k, of T⁻¹x0 for j = k) has the
  // regressor φ_a (HT)_c for a real block; for a pair at columns c, c + 1 with (p, q) = (φ_a, φ_{a+1}):
  // [c1 c2] [[p, q], [−q, p]] (g1, g2)' = g1 (p c1 − q c2) + g2 (q c1 + p c2).
  fit.terms_.resize(static_cast<std::size_t>(P));
  for (Eigen::Index j = 0; j <= k; ++j)
    for (const Block& b : blocks) {
      const Eigen::Index a = j * nx + b.column;
      const auto slot = static_cast<std::size_t>(a);
      if (!b.pair) {
        fit.terms_[slot] = {{a, b.column, 1.0}};
        continue;
      }
      fit.terms_[slot] = {{a, b.column, 1.0}, {a + 1, b.column + 1, -1.0}};
      fit.terms_[slot + 1] = {{a + 1, b.column, 1.0}, {a, b.column + 1, 1.0}};
    }

  // One pass: σ_j(t+1) = λ σ_j(t) + u_j(t) from σ_j(0) = 0 for each block and input, and λ^t for x0;
  // φ(t) of 64 samples side by side, added to Φ by one rank update and to Υ by one product.
  const auto nb = static_cast<Eigen::Index>(blocks.size());
  Eigen::ArrayXcd rate(nb);
  for (Eigen::Index m = 0; m < nb; ++m) rate(m) = blocks[static_cast<std::size_t>(m)].lambda;
  Eigen::ArrayXXcd sigma = Eigen::ArrayXXcd::Zero(nb, k + 1);
  sigma.col(k).setOnes();
  constexpr Eigen::Index kBlock = 64;
  Matrix phi(P, kBlock);
  fit.Phi_ = Matrix::Zero(P, P);
  fit.Upsilon_ = Matrix::Zero(P, ny);
  for (Eigen::Index t0 = 0; t0 < N; t0 += kBlock) {
    const Eigen::Index b = std::min(kBlock, N - t0);
    for (Eigen::Index s = 0; s < b; ++s) {
      for (Eigen::Index j = 0; j <= k; ++j)
        for (Eigen::Index m = 0; m < nb; ++m) {
          const std::complex<double> z = sigma(m, j);
          const Block& block = blocks[static_cast<std::size_t>(m)];
          const Eigen::Index a = j * nx + block.column;
          phi(a, s) = z.real();
          if (block.pair) phi(a + 1, s) = z.imag();
        }
      for (Eigen::Index j = 0; j < k; ++j) sigma.col(j) = rate * sigma.col(j) + std::complex<double>(d.u(t0 + s, j), 0.0);
      sigma.col(k) *= rate;
    }
    add_lower_outer_product(fit.Phi_, phi.leftCols(b));  // P² b / 2: by blocks of rows on the core's threads
    fit.Upsilon_.noalias() += phi.leftCols(b) * d.y_rows(t0, b);
  }
  fit.Phi_ = Matrix(fit.Phi_.selfadjointView<Eigen::Lower>());
  return fit;
}

void ModalInputFit::fit(const Matrix& H, Matrix& G, Vector& x0) const {
  const Eigen::Index P = nx_ * (k_ + 1);
  const Matrix HT = H * T_;
  const Matrix K = HT.transpose() * HT;  // (HT)'(HT)
  const Matrix Xi = Upsilon_ * HT;       // Σ_t φ(t) ((HT)' y_t)'
  Matrix normal(P, P);
  Vector rhs(P);
  for (Eigen::Index a = 0; a < P; ++a) {
    const std::vector<Term>& ta = terms_[static_cast<std::size_t>(a)];
    double r = 0.0;
    for (const Term& t : ta) r += t.sign * Xi(t.phi, t.column);
    rhs(a) = r;
    for (Eigen::Index b = 0; b <= a; ++b) {
      double sum = 0.0;
      for (const Term& t : ta)
        for (const Term& u : terms_[static_cast<std::size_t>(b)]) sum += t.sign * u.sign * Phi_(t.phi, u.phi) * K(t.column, u.column);
      normal(a, b) = sum;
    }
  }
  const Vector theta = normal.selfadjointView<Eigen::Lower>().ldlt().solve(rhs);
  G = T_ * Eigen::Map<const Matrix>(theta.data(), nx_, k_);
  x0 = T_ * theta.tail(nx_);
}

}  // namespace mechid
