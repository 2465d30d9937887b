// The linear mechanical system M q'' + D q' + K q = L u (thesis eq. 1.1), its validation and its
// state-space form (thesis eq. 1.4).
#pragma once

#include <string>
#include <vector>

#include "core/types.hpp"

namespace mechid {

struct MechanicalSystem {
  std::string name;
  Matrix M, D, K;  // n x n: mass (SPD), damping (symmetric PSD), stiffness (SPD)
  Matrix L;        // n x k: where the k input forces act (full column rank)

  Eigen::Index dof() const { return M.rows(); }
  Eigen::Index inputs() const { return L.cols(); }
};

// An upper bound of |λ| over the 2n eigenvalues of M q'' + D q' + K q = 0 (rad/s), in the 1-norm:
// λ²x = -(λ M⁻¹D + M⁻¹K)x gives |λ|² ≤ |λ|·‖M⁻¹D‖ + ‖M⁻¹K‖, so
// |λ| ≤ (‖M⁻¹D‖ + sqrt(‖M⁻¹D‖² + 4‖M⁻¹K‖))/2 ≤ ‖M⁻¹D‖ + sqrt(‖M⁻¹K‖). Unlike ‖A‖ of the
// first-order form (which grows like ω² when ω > 1), it scales like the system's rates. For M
// positive definite; NaN otherwise.
double fastest_rate_bound(const MechanicalSystem& system);

// Tolerance of the symmetry check: |X(i,j) - X(j,i)| <= tol * max|X|.
inline constexpr double kSymmetryTolerance = 1e-9;

// Every property the system violates, one message each naming the matrix and the property
// (sizes, finiteness, symmetry, M and K positive definite, D positive semidefinite, L full
// column rank). Empty when the system is valid. Sizes are checked first: later checks run only
// on correctly sized matrices.
std::vector<std::string> check(const MechanicalSystem& system);

// Throws InputError with the first message of check() when the system is not valid.
void validate(const MechanicalSystem& system);

// The first non-finite entry of X as "X(i,j) = nan" (1-based), or "" when all are finite.
std::string first_non_finite(const std::string& name, const Matrix& X);

// X is square and max |X - X'| <= kSymmetryTolerance max |X| (symmetric up to rounding): the
// "symmetric" verdict of an identify result's checks.
bool is_symmetric(const Matrix& X);

// The smallest eigenvalue of X's symmetric part (X + X')/2.
double smallest_eigenvalue(const Matrix& X);

// x' = A x + B u, y = C x + D u. For a MechanicalSystem (thesis eq. 1.4): x = [q; q'], y = q,
// D = 0 (D here is the feedthrough, not the damping matrix).
struct StateSpaceModel {
  Matrix A, B, C, D;
};

// The state-space form of a valid system (thesis eq. 1.4); validates first.
StateSpaceModel to_state_space(const MechanicalSystem& system);

// The same form without the checks, for an estimate that need not be physical (K or D indefinite,
// a free body): M must be positive definite (its Cholesky factor solves for M⁻¹).
StateSpaceModel state_space_of(const MechanicalSystem& system);

}  // namespace mechid
