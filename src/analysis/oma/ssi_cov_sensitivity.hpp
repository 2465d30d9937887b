// First-order sensitivities of SSI-cov's poles and shapes (ssi_cov.hpp) to a perturbation of the
// output correlations: the derivative of each requested pole λ and shape C ψ along a direction ΔR,
// from the perturbation of the Toeplitz matrix's left singular subspace, of A = O↑^† O↓ and of
// A's eigenpairs (Reynders, Pintelon & De Roeck 2008, Mech. Syst. Signal Process. 22(4), 948–969,
// sec. 4; Döhler & Mevel 2013, Mech. Syst. Signal Process. 38(2), 346–366, sec. 3). Used for the
// standard deviations of output_only_modes.cpp: the jackknife of the estimate's first-order
// expansion, one product of Toeplitz-sized matrices per block instead of one SVD per block.
#pragma once

#include <complex>
#include <vector>

#include "analysis/oma/ssi_cov.hpp"

namespace mechid {

// A pole of the models: its order and its value λ (rad/s); the order's eigenvalue nearest e^{λh}.
struct SsiPoleRequest {
  Eigen::Index order = 0;
  std::complex<double> pole;
};

struct SsiPoleDerivative {
  std::complex<double> pole;   // dλ along the direction (rad/s per unit of the direction)
  Eigen::VectorXcd shape;      // C ψ of this module's scaling (below) and its derivative
  Eigen::VectorXcd shape_derivative;
};

// The models of ssi_cov(R, block_rows, h, …) (their U) and the requested poles; each request's
// order must be one of the models' orders (at most U's columns).
class SsiCovSensitivity {
 public:
  SsiCovSensitivity(const std::vector<Matrix>& R, const SsiCovModels& models, Eigen::Index block_rows, double h,
                    const std::vector<SsiPoleRequest>& requests);
  // The derivatives of the requested poles along dR (the same sizes as R), in the requests' order.
  std::vector<SsiPoleDerivative> along(const std::vector<Matrix>& dR) const;

 private:
  // One request's eigenpair of A_n in the basis O_n = U_n (the poles and shapes do not depend on
  // the basis of O_n's columns) and the products along() reuses.
  struct Order {
    Eigen::Index n = 0;
    Eigen::MatrixXcd V, Vinv;       // A_n's right eigenvectors (columns) and their inverse (left ones, rows)
    Eigen::VectorXcd eigenvalues;
    std::vector<std::size_t> poles; // the requests at this order (in poles_)
    Matrix v_parts;                 // their v's real parts, then their imaginary parts (n × 2P)
    Matrix residual_parts;          // their r's likewise ((p − 1)m × 2P)
    Matrix U_up_residual_parts;     // U↑[:, n:]ᵀ r likewise
  };
  struct Pole {
    Eigen::Index n = 0, k = 0;
    std::size_t order = 0;          // in orders_
    std::complex<double> mu;        // e^{λh}
    Eigen::VectorXcd shape;         // C v
  };
  Eigen::Index p_, m_, K_;
  double h_;
  Matrix T_, U_, TtU_, UtT_;  // T, its thin U, Tᵀ U_K, Uᵀ T
  Vector sigma2_;             // σ_j²
  Matrix Q_, Rq_;             // thin QR of U↑'s first K columns
  Matrix QtUdown_, QtUup_;    // Q_Kᵀ U↓, Q_Kᵀ U↑ (every column of U)
  bool complement_;           // T has more rows than U has columns (fewer references than outputs)
  std::vector<Order> orders_;
  std::vector<Pole> poles_;
};

}  // namespace mechid
