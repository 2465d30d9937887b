#include "core/tridiagonal_eigenvectors.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

namespace mechid {
namespace {

// T − σI = P L U by Gaussian elimination with partial pivoting (LAPACK's dgttrf): U has two
// superdiagonals, L one multiplier per column; a pivot below `tiny` is replaced by ± tiny, which
// perturbs T − σI by no more than that (σ is an eigenvalue: T − σI is singular to working accuracy,
// and its solves are meant to be large in the direction of the eigenvector).
struct ShiftedFactor {
  ShiftedFactor(const Vector& diagonal, const Vector& subdiagonal, double sigma, double tiny) {
    const Eigen::Index m = diagonal.size();
    d = diagonal.array() - sigma;
    du = subdiagonal;
    dl = subdiagonal;
    du2 = Vector::Zero(std::max<Eigen::Index>(m - 2, 0));
    swapped.assign(static_cast<std::size_t>(m), false);
    for (Eigen::Index i = 0; i + 1 < m; ++i) {
      if (std::abs(d(i)) >= std::abs(dl(i))) {
        if (d(i) != 0.0) {
          const double fact = dl(i) / d(i);
          dl(i) = fact;
          d(i + 1) -= fact * du(i);
        }
      } else {
        const double fact = d(i) / dl(i);
        d(i) = dl(i);
        dl(i) = fact;
        const double temp = du(i);
        du(i) = d(i + 1);
        d(i + 1) = temp - fact * d(i + 1);
        if (i + 2 < m) {
          du2(i) = du(i + 1);
          du(i + 1) = -fact * du(i + 1);
        }
        swapped[static_cast<std::size_t>(i)] = true;
      }
    }
    for (Eigen::Index i = 0; i < m; ++i)
      if (std::abs(d(i)) < tiny) d(i) = d(i) < 0 ? -tiny : tiny;
  }

  // b ← (T − σI)⁻¹ b (dgttrs, one right-hand side).
  void solve(Vector& b) const {
    const Eigen::Index m = d.size();
    for (Eigen::Index i = 0; i + 1 < m; ++i) {
      if (!swapped[static_cast<std::size_t>(i)]) {
        b(i + 1) -= dl(i) * b(i);
      } else {
        const double temp = b(i);
        b(i) = b(i + 1);
        b(i + 1) = temp - dl(i) * b(i);
      }
    }
    b(m - 1) /= d(m - 1);
    if (m > 1) b(m - 2) = (b(m - 2) - du(m - 2) * b(m - 1)) / d(m - 2);
    for (Eigen::Index i = m - 3; i >= 0; --i) b(i) = (b(i) - du(i) * b(i + 1) - du2(i) * b(i + 2)) / d(i);
  }

  Vector d, du, dl, du2;
  std::vector<bool> swapped;
};

// T v for the tridiagonal T.
Vector tridiagonal_times(const Vector& diagonal, const Vector& subdiagonal, const Vector& v) {
  const Eigen::Index m = diagonal.size();
  Vector out = diagonal.cwiseProduct(v);
  if (m > 1) {
    out.head(m - 1) += subdiagonal.cwiseProduct(v.tail(m - 1));
    out.tail(m - 1) += subdiagonal.cwiseProduct(v.head(m - 1));
  }
  return out;
}

}  // namespace

std::optional<Matrix> tridiagonal_eigenvectors(const Vector& diagonal, const Vector& subdiagonal, const Vector& eigenvalues) {
  const Eigen::Index m = diagonal.size(), w = eigenvalues.size();
  const double eps = std::numeric_limits<double>::epsilon();
  double norm = 0.0;  // ‖T‖₁
  for (Eigen::Index i = 0; i < m; ++i)
    norm = std::max(norm, std::abs(diagonal(i)) + (i > 0 ? std::abs(subdiagonal(i - 1)) : 0.0) +
                              (i + 1 < m ? std::abs(subdiagonal(i)) : 0.0));
  if (!(norm > 0) || !std::isfinite(norm)) return std::nullopt;
  const double residual_bound = 10.0 * static_cast<double>(m) * eps * norm;
  Matrix V(m, w);
  // A fixed pseudo-random start (a linear congruential sequence), the same on every machine.
  std::uint64_t state = 0x9E3779B97F4A7C15ull;
  double previous_shift = 0.0;
  for (Eigen::Index j = 0; j < w; ++j) {
    double shift = eigenvalues(j);
    if (j > 0) {
      // Equal eigenvalues would give equal factors: separate the shifts (dstein's PERTOL).
      const double separation = 10.0 * eps * std::max(std::abs(shift), norm * eps);
      if (previous_shift - shift < separation) shift = previous_shift - separation;
    }
    previous_shift = shift;
    const ShiftedFactor factor(diagonal, subdiagonal, shift, eps * norm);
    Vector v(m);
    for (Eigen::Index i = 0; i < m; ++i) {
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      v(i) = static_cast<double>(state >> 11) * 0x1.0p-53 - 0.5;
    }
    v.normalize();
    bool converged = false;
    for (int iteration = 0; iteration < 5 && !converged; ++iteration) {
      factor.solve(v);
      // Against every earlier vector, twice (Kahan: twice is enough); w is small against m.
      for (int pass = 0; pass < 2; ++pass) v -= V.leftCols(j) * (V.leftCols(j).transpose() * v);
      const double length = v.norm();
      if (!(length > 0) || !std::isfinite(length)) return std::nullopt;
      v /= length;
      converged = iteration > 0 && (tridiagonal_times(diagonal, subdiagonal, v) - eigenvalues(j) * v).norm() <= residual_bound;
    }
    if (!converged) return std::nullopt;
    V.col(j) = v;
  }
  if (!((V.transpose() * V - Matrix::Identity(w, w)).cwiseAbs().maxCoeff() <= 10.0 * static_cast<double>(m) * eps)) return std::nullopt;
  return V;
}

}  // namespace mechid
