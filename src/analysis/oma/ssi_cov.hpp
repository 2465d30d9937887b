// Covariance-driven stochastic subspace identification (SSI-cov; Peeters & De Roeck 1999, Mech.
// Syst. Signal Process. 13(6), 855–878, sec. 3): the block Toeplitz matrix of output correlations
// is factored by an SVD into an observability matrix, from which A and C of the stochastic
// state-space model x_{k+1} = A x_k + w_k, y_k = C x_k + v_k follow for every model order.
#pragma once

#include <complex>
#include <vector>

#include "core/types.hpp"

namespace mechid {

// One model order's modes: the continuous-time poles with Im λ > 0 (one of each conjugate pair)
// and their shapes C·ψ at the outputs (columns, in the outputs' units).
struct SsiOrder {
  Eigen::Index order = 0;
  std::vector<std::complex<double>> poles;  // λ = ln(μ)/h, rad/s
  Eigen::MatrixXcd shapes;                  // m × poles
};

struct SsiCovModels {
  Vector singular_values;      // of the block Toeplitz matrix (its rank shows the model order)
  std::vector<SsiOrder> orders;
  Matrix U;                    // its left singular vectors (thin SVD), for ssi_cov_sensitivity.hpp
};

// R: the correlations R_0 … R_{2p−1} (output_correlations.hpp; each m × r), p = block_rows.
// The block Toeplitz matrix T = [R_p … R_1; R_{p+1} … R_2; …; R_{2p−1} … R_p] (p·m × p·r, eq. 20)
// equals O_p Γ_p, with O_p = [C; CA; …; CA^{p−1}] (eq. 21); its SVD T = U S Vᵀ gives, for order n,
// O_n = U_n S_n^{1/2} (eq. 23), C = the first m rows of O_n and A = O_n↑^† O_n↓ from the shift
// structure of O (eq. 24: O without its last block row times A equals O without its first). The
// eigenvalues μ of A are the discrete poles: λ = ln(μ)/h, f = |λ|/2π, ζ = −Re λ/|λ| (eq. 26–27);
// the mode shapes are C ψ for A's eigenvectors ψ (eq. 28). The orders are step, 2·step, …,
// max_order (at most min((p − 1)·m, p·r)). One QR of U↑ serves every order: U↑'s first n columns are Q_n R_n, so
// O_n↑^† O_n↓ = S_n^{−1/2} R_n^{−1} (Qᵀ U↓)_{n×n} S_n^{1/2}.
// The block Toeplitz matrix T above (p·m × p·r) of the correlations R_1 … R_{2p−1}.
Matrix block_toeplitz(const std::vector<Matrix>& R, Eigen::Index block_rows);

SsiCovModels ssi_cov(const std::vector<Matrix>& R, Eigen::Index block_rows, double h, Eigen::Index max_order, Eigen::Index step = 2);

// The models of any matrix T = O_p Z whose column space is that of the observability matrix O_p
// (p·m rows, m outputs): the SVD and shift step above, shared by SSI-cov (T the block Toeplitz
// matrix) and SSI-data (ssi_data.hpp: T the factor L21 of the projection of the future outputs on
// the past references, Peeters & De Roeck 1999, sec. 4). Orders up to min(max_order, (p − 1)·m, T's columns).
SsiCovModels ssi_models_of(const Matrix& T, Eigen::Index m, double h, Eigen::Index max_order, Eigen::Index step = 2);

}  // namespace mechid
