// The exact sampled model of x' = A x + B u as one matrix Φ = [F, Γ] acting on z_k = [x_k; w_k]
// (x_{k+1} = Φ z_k), for held inputs (ZOH: w_k = u_k) or inputs linear over each period (FOH:
// w_k = [u_k; u_{k+1} - u_k]), and its derivatives along directions (dA, dB): the structured
// output-error PEM in M, D, K needs both (issue "beyond the thesis", exact sampling model).
#pragma once

#include "core/types.hpp"
#include "discretize/exponential_frechet.hpp"
#include "discretize/variational.hpp"

namespace mechid {

// The generator X = Ā h of the augmented system whose exponential holds Φ in its first rows
// (Van Loan 1978): ZOH [A B; 0 0] h, FOH [A h, B h, 0; 0, 0, I; 0, 0, 0] (as sample_zoh/foh).
Matrix sampling_generator(const Matrix& A, const Matrix& B, double h, InputSampling sampling);

// e^X and its Fréchet derivatives L(X, E_p) = d/dε e^{X + ε E_p} for several directions given by
// their factors (Al-Mohy & Higham 2009, exponential_frechet.hpp). X is balanced by an exact diagonal similarity first, so
// that the accuracy does not depend on the units of q, u and t.
// With `factored`, the derivatives come in factors (exponential_frechet_factors) when X needs no
// squaring, and `derivatives` stays empty; otherwise they come dense.
struct ExponentialDerivatives {
  Matrix exponential;
  std::vector<Matrix> derivatives;
  std::vector<LowRankMatrix> factors;  // L(X, E_p) = factors[p].dense(), when given
};
ExponentialDerivatives exponential_derivatives(const Matrix& X, const std::vector<LowRankMatrix>& directions,
                                               bool factored = false);

}  // namespace mechid
