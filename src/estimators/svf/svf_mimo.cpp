#include "estimators/svf/svf_mimo.hpp"

#include <cmath>

#include "core/input_error.hpp"
#include "estimators/svf/linear_ode.hpp"

namespace mechid {
namespace {

struct MimoRegression {
  Matrix Phi;
  Vector rhs;
};

// Per sample t, n equations M φ2 + D φ1 + K φ0 = L u/Λ with φ0 = q/Λ, φ1 = s q/Λ,
// φ2 = s² q/Λ = q - λ1 φ1 - λ2 φ0; unknowns [vech M, vech D, vech K].
MimoRegression regression(const Matrix& q, const Matrix& u, const Matrix& L, double h, double p1, double p2,
                      Intersample smooth, Intersample input_rule) {
  const Eigen::Index N = q.rows(), n = q.cols(), k = u.cols(), S = n * (n + 1) / 2;
  const Eigen::Vector2d lambda = filter_lambda(p1, p2);
  const Matrix fq = state_variable_filter(q, h, p1, p2, smooth);
  const Matrix fu = state_variable_filter(u, h, p1, p2, input_rule);
  MimoRegression r{Matrix::Zero(N * n, 3 * S), Vector(N * n)};
  Vector phi[3] = {Vector(n), Vector(n), Vector(n)}, uf(k);
  for (Eigen::Index t = 0; t < N; ++t) {
    for (Eigen::Index i = 0; i < n; ++i) {
      phi[0](i) = fq(t, 2 * i);
      phi[1](i) = fq(t, 2 * i + 1);
    }
    phi[2] = q.row(t).transpose() - lambda(0) * phi[1] - lambda(1) * phi[0];
    for (Eigen::Index j = 0; j < k; ++j) uf(j) = fu(t, 2 * j);
    r.rhs.segment(t * n, n) = L * uf;
    // (X φ)_i gets X_ab φ_b when a = i and X_ab φ_a when b = i ≠ a.
    for (int m = 0; m < 3; ++m) {
      const Vector& f = phi[2 - m];  // M multiplies φ2, D φ1, K φ0
      Eigen::Index p = m * S;
      for (Eigen::Index b = 0; b < n; ++b)
        for (Eigen::Index a = 0; a <= b; ++a, ++p) {
          r.Phi(t * n + a, p) += f(b);
          if (a != b) r.Phi(t * n + b, p) += f(a);
        }
    }
  }
  return r;
}

MechanicalSystem system_of(const Vector& x, const Matrix& L) {
  const Eigen::Index n = L.rows();
  MechanicalSystem s;
  s.L = L;
  Eigen::Index p = 0;
  for (Matrix* X : {&s.M, &s.D, &s.K}) {
    X->resize(n, n);
    for (Eigen::Index b = 0; b < n; ++b)
      for (Eigen::Index a = 0; a <= b; ++a) (*X)(a, b) = (*X)(b, a) = x(p++);
  }
  return s;
}

}  // namespace

SvfMimoFit svf_fit_mechanical(const Dataset& d, const Matrix& L, double p1, double p2, Intersample smooth,
                              const RobustOptions& o) {
  const Eigen::Index N = d.y.rows(), n = d.y.cols(), k = d.u.cols(), P = 3 * n * (n + 1) / 2;
  require(L.rows() == n && L.cols() == k, "L must be " + std::to_string(n) + "x" + std::to_string(k) +
                                              " (outputs x inputs of the data), got " + std::to_string(L.rows()) + "x" +
                                              std::to_string(L.cols()));
  require(static_cast<double>(N) * n * P <= kMaxSvfRegressorEntries,
          "too many samples for the MIMO state-variable filter: " + std::to_string(N) + " samples x " +
              std::to_string(n) + " channels x " + std::to_string(P) + " unknowns exceeds " +
              format_number(kMaxSvfRegressorEntries) + " regressor entries");
  require(N * n >= 2 * P, "too few samples: " + std::to_string(N) + ", need at least " +
                              std::to_string((2 * P + n - 1) / n) + " for " + std::to_string(P) + " unknowns");
  const Intersample input_rule = d.input_sampling == InputSampling::hold ? Intersample::hold : smooth;
  const MimoRegression r = regression(d.y, d.u, L, d.h, p1, p2, smooth, input_rule);
  SvfMimoFit fit;
  fit.solution = solve_least_squares(r.Phi, r.rhs);
  if (o.robust && fit.solution.status != Status::failed) {
    LeastSquaresSolution& s = fit.solution;
    const Vector start = block_start(r.Phi, r.rhs, n, o.blocks);
    if (start.size()) s.x = start;
    for (s.iterations = 1;; ++s.iterations) {
      const MechanicalSystem current = system_of(s.x, L);
      if (!Eigen::FullPivLU<Matrix>(current.M).isInvertible()) {
        s.status = Status::failed;
        s.message = "the robust fit failed: the current estimate of M is singular";
        break;
      }
      const Matrix predicted = mechanical_response_from_rest(current, d.u, d.h, input_rule);
      if (!predicted.allFinite()) {
        s.status = Status::failed;
        s.message = "the robust fit diverged: the response of the current estimate is unstable";
        break;
      }
      const Cleaning c = huber_clean(d.y, predicted, o.huber_k);
      const MimoRegression cleaned = regression(c.cleaned, d.u, L, d.h, p1, p2, smooth, input_rule);
      const LeastSquaresSolution next = solve_least_squares(cleaned.Phi, cleaned.rhs);
      if (next.status == Status::failed) {
        s = next;
        break;
      }
      const double change = (next.x - s.x).cwiseAbs().maxCoeff();
      s.x = next.x;
      s.condition = next.condition;
      s.weights = c.weights;
      s.residuals = Eigen::Map<const Vector>(Matrix(d.y - predicted).data(), N * n);
      if (change <= o.tolerance * s.x.cwiseAbs().maxCoeff()) break;
      if (s.iterations == o.max_iterations) {
        s.add_warning("the robust (Huber) iteration did not settle in " + std::to_string(o.max_iterations) +
                      " iterations");
        break;
      }
    }
  }
  static_cast<Outcome&>(fit) = fit.solution;  // status, message and warnings of the solve
  if (fit.status != Status::failed) fit.system = system_of(fit.solution.x, L);
  return fit;
}

Matrix mechanical_response_from_rest(const MechanicalSystem& s, const Matrix& u, double h, Intersample rule) {
  const Eigen::Index n = s.M.rows();
  const Eigen::FullPivLU<Matrix> mass(s.M);
  require(mass.isInvertible(), "cannot simulate a system with a singular M");
  Matrix A = Matrix::Zero(2 * n, 2 * n), B = Matrix::Zero(2 * n, s.L.cols()), C = Matrix::Zero(n, 2 * n);
  A.topRightCorner(n, n).setIdentity();
  A.bottomLeftCorner(n, n) = -mass.solve(s.K);
  A.bottomRightCorner(n, n) = -mass.solve(s.D);
  B.bottomRows(n) = mass.solve(s.L);
  C.leftCols(n).setIdentity();
  return response_from_rest(A, B, C, u, h, rule);
}

}  // namespace mechid
