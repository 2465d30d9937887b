#include "identify/coulomb_response.hpp"

#include <algorithm>
#include <cmath>

namespace mechid {
namespace {

// The state equation x' = A x + B f of M q'' + D q' + K q = f, x = [q; v], and what the stepping needs.
struct CoulombStepper {
  Eigen::Index n = 0;
  Matrix A, B, Minv;      // A 2n x 2n, B = [0; M⁻¹] 2n x n
  Matrix F, G0, G1;       // the exact FOH step over δ (intersample_model.hpp's sampled_model)
  double delta = 0.0;
  Vector coulomb, offset;
  int terms = 20;         // Taylor terms: δ ρ <= 1/2 makes the 20th below 1e-24 of the first
};

// The Taylor coefficients d_k = x^(k)(0) of x' = A x + B (f0 + f1 s): d_1 = A x + B f0,
// d_2 = A d_1 + B f1, d_k = A d_{k−1} beyond (the force is linear in s).
void taylor(const CoulombStepper& c, const Vector& x, const Vector& f0, const Vector& f1, Matrix& d) {
  d.resize(x.size(), c.terms + 1);
  d.col(0) = x;
  d.col(1).noalias() = c.A * x + c.B * f0;
  d.col(2).noalias() = c.A * d.col(1) + c.B * f1;
  for (int k = 3; k <= c.terms; ++k) d.col(k).noalias() = c.A * d.col(k - 1);
}

// Σ_k d_k s^k / k! (row `row` only when row >= 0) and its derivative in s.
double series(const Matrix& d, Eigen::Index row, double s, double* derivative) {
  double value = 0.0, slope = 0.0, power = 1.0;  // power = s^k / k!
  for (Eigen::Index k = 0; k < d.cols(); ++k) {
    value += d(row, k) * power;
    if (k + 1 < d.cols()) slope += d(row, k + 1) * power;
    power *= s / static_cast<double>(k + 1);
  }
  if (derivative) *derivative = slope;
  return value;
}

Vector series_state(const Matrix& d, double s) {
  Vector x = Vector::Zero(d.rows());
  double power = 1.0;
  for (Eigen::Index k = 0; k < d.cols(); ++k) {
    x += d.col(k) * power;
    power *= s / static_cast<double>(k + 1);
  }
  return x;
}

// The root of the velocity of DOF i in (0, s_end) on the series, where it changes sign.
double crossing(const Matrix& d, Eigen::Index row, double s_end) {
  double lo = 0.0, hi = s_end;
  const double f_lo = series(d, row, lo, nullptr);
  double s = s_end * f_lo / (f_lo - series(d, row, hi, nullptr));
  for (int it = 0; it < 60; ++it) {
    double slope = 0.0;
    const double f = series(d, row, s, &slope);
    if ((f > 0) == (f_lo > 0)) lo = s;
    else hi = s;
    double next = slope != 0.0 ? s - f / slope : 0.5 * (lo + hi);
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (std::abs(next - s) <= 1e-15 * s_end || hi - lo <= 1e-15 * s_end) return next;
    s = next;
  }
  return s;
}

// The friction forces φ of the stuck DOFs that keep their accelerations zero, given the force f
// without them: (M⁻¹)_SS φ_S = (M⁻¹ f)_S.
Vector sticking_forces(const CoulombStepper& c, const std::vector<char>& stuck, const Vector& f) {
  std::vector<Eigen::Index> S;
  for (Eigen::Index i = 0; i < c.n; ++i)
    if (stuck[static_cast<std::size_t>(i)]) S.push_back(i);
  Vector phi = Vector::Zero(c.n);
  if (S.empty()) return phi;
  const Eigen::Index m = static_cast<Eigen::Index>(S.size());
  Matrix W(m, m);
  Vector rhs(m);
  const Vector a = c.Minv * f;
  for (Eigen::Index p = 0; p < m; ++p) {
    rhs(p) = a(S[static_cast<std::size_t>(p)]);
    for (Eigen::Index q = 0; q < m; ++q) W(p, q) = c.Minv(S[static_cast<std::size_t>(p)], S[static_cast<std::size_t>(q)]);
  }
  const Vector x = W.ldlt().solve(rhs);
  for (Eigen::Index p = 0; p < m; ++p) phi(S[static_cast<std::size_t>(p)]) = x(p);
  return phi;
}

// The force on the right-hand side at state x and input force g, without friction: g − D v − K q − f_0,
// minus the friction of the sliding DOFs (sign s).
Vector force_without_sticking(const CoulombStepper& c, const Matrix& D, const Matrix& K, const Vector& x, const Vector& g,
                              const std::vector<int>& sign) {
  Vector f = g - D * x.tail(c.n) - K * x.head(c.n) - c.offset;
  for (Eigen::Index i = 0; i < c.n; ++i) f(i) -= c.coulomb(i) * sign[static_cast<std::size_t>(i)];
  return f;
}

}  // namespace

CoulombInput coulomb_input(const Matrix& u, const Matrix& L, double h, const IntersampleModel& intersample) {
  CoulombInput in;
  in.h = h;
  in.intersample = intersample;
  in.w = intersample_inputs(u, intersample);
  const int r = intersample.kind == IntersampleKind::band_limited ? intersample.substeps : 1;
  in.fine = r > 1 ? Matrix(band_limited_interpolation(u, r, intersample.detrended) * L.transpose()) : Matrix(u * L.transpose());
  return in;
}

bool coulomb_response(const CoulombModel& model, const CoulombInput& input, const Vector& x0, Matrix& q) {
  const Eigen::Index n = model.M.rows();
  const double h = input.h;
  const Eigen::Index N = input.w.rows();
  const Eigen::LLT<Matrix> llt(model.M);
  if (llt.info() != Eigen::Success || !model.M.allFinite() || !model.D.allFinite() || !model.K.allFinite()) return false;
  CoulombStepper c;
  c.n = n;
  c.Minv = llt.solve(Matrix::Identity(n, n));
  c.A = Matrix::Zero(2 * n, 2 * n);
  c.A.topRightCorner(n, n).setIdentity();
  c.A.bottomLeftCorner(n, n) = -c.Minv * model.K;
  c.A.bottomRightCorner(n, n) = -c.Minv * model.D;
  c.B = Matrix::Zero(2 * n, n);
  c.B.bottomRows(n) = c.Minv;
  c.coulomb = model.coulomb.size() ? model.coulomb : Vector::Zero(n);
  c.offset = model.offset.size() ? model.offset : Vector::Zero(n);
  // Sub-intervals of a split period: those of the intersample model, split further until
  // δ ρ(A) <= 1/2 (ρ the largest |eigenvalue| of A), where the Taylor series converges fast.
  const int r = input.intersample.kind == IntersampleKind::band_limited ? input.intersample.substeps : 1;
  const Eigen::ComplexEigenSolver<Matrix> eig(c.A, false);
  if (eig.info() != Eigen::Success) return false;
  const double rho = eig.eigenvalues().cwiseAbs().maxCoeff();
  if (!std::isfinite(rho)) return false;
  const int split = std::max(1, static_cast<int>(std::ceil(2.0 * rho * h / r)));
  if (split > 64) return false;
  const int R = r * split;
  c.delta = h / R;
  const SampledModelDerivatives sub = sampled_model(c.A, c.B, c.delta, IntersampleModel{IntersampleKind::linear, 1, false});
  c.F = sub.Phi.leftCols(2 * n);
  c.G0 = sub.Phi.middleCols(2 * n, n);
  c.G1 = sub.Phi.middleCols(3 * n, n);
  // The step over a whole period: the input as the intersample model has it, the constant force held.
  const Matrix BL = c.B * model.L;
  const Matrix period = sampled_model(c.A, BL, h, input.intersample).Phi;
  const Matrix Fh = period.leftCols(2 * n), Gu = period.rightCols(period.cols() - 2 * n);
  const Matrix Gc = sampled_model(c.A, c.B, h, IntersampleModel{IntersampleKind::hold, 1, false}).Phi.rightCols(n);
  const Eigen::Index w_cols = input.w.cols();
  Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> whole(2 * n, 2 * n + w_cols + n);
  whole << Fh, Gu, -Gc;
  Vector stacked(whole.cols());
  const bool held = input.intersample.kind == IntersampleKind::hold;
  const Matrix& fine = input.fine;
  Vector g(n), g_next(n);
  const auto input_at = [&](Eigen::Index k, int j, Vector& out) {  // sub-point j of R in period k
    const int a = j / split, b = j % split;
    const Eigen::Index row = std::min<Eigen::Index>(k * r + a, fine.rows() - 1);
    out = fine.row(row).transpose();
    if (held || b == 0 || row + 1 >= fine.rows()) return;
    out += (fine.row(row + 1).transpose() - out) * (static_cast<double>(b) / split);
  };

  q.resize(N, n);
  Vector x = x0;
  std::vector<int> sign(static_cast<std::size_t>(n), 0);
  std::vector<char> stuck(static_cast<std::size_t>(n), 0);
  const auto is_stuck = [&](Eigen::Index i) { return stuck[static_cast<std::size_t>(i)] != 0; };
  input_at(0, 0, g);
  {
    const Vector a = c.Minv * force_without_sticking(c, model.D, model.K, x, g, sign);
    for (Eigen::Index i = 0; i < n; ++i) {
      const double v = x(n + i) != 0.0 ? x(n + i) : a(i);
      sign[static_cast<std::size_t>(i)] = (v > 0) - (v < 0);
      stuck[static_cast<std::size_t>(i)] = c.coulomb(i) > 0 && x(n + i) == 0.0;
      if (is_stuck(i)) sign[static_cast<std::size_t>(i)] = 0;
    }
  }
  const double scale = 1e12 * std::max(1.0, x0.cwiseAbs().maxCoeff() + fine.cwiseAbs().maxCoeff());
  Matrix d;
  Vector xn(2 * n), e(n), phi = Vector::Zero(n);
  const auto constant_force = [&]() {  // friction (sliding or sticking) and offset, on the left-hand side
    e = c.offset + phi;
    for (Eigen::Index i = 0; i < n; ++i)
      if (!is_stuck(i)) e(i) += c.coulomb(i) * sign[static_cast<std::size_t>(i)];
  };
  const auto sign_changed = [&](const Vector& state) {
    for (Eigen::Index i = 0; i < n; ++i)
      if (c.coulomb(i) != 0 && !is_stuck(i) && sign[static_cast<std::size_t>(i)] * state(n + i) <= 0 && state(n + i) != 0) return true;
    return false;
  };
  for (Eigen::Index k = 0; k < N; ++k) {
    q.row(k) = x.head(n).transpose();
    if (k + 1 == N) break;
    bool split_period = std::any_of(stuck.begin(), stuck.end(), [](char s) { return s != 0; });
    if (!split_period) {
      // One exact step over the period, x⁺ = [F Γ_u −Γ_c] [x; w_k; e], by plain loops (the sizes are
      // small and the step runs N times per simulation).
      phi.setZero();
      constant_force();
      double* z = stacked.data();
      for (Eigen::Index i = 0; i < 2 * n; ++i) z[i] = x(i);
      for (Eigen::Index j = 0; j < w_cols; ++j) z[2 * n + j] = input.w(k, j);
      for (Eigen::Index i = 0; i < n; ++i) z[2 * n + w_cols + i] = e(i);
      for (Eigen::Index i = 0; i < 2 * n; ++i) {
        const double* row = whole.data() + i * whole.cols();
        double sum = 0.0;
        for (Eigen::Index j = 0; j < whole.cols(); ++j) sum += row[j] * z[j];
        xn(i) = sum;
      }
      split_period = sign_changed(xn);
    }
    if (split_period) {
      xn = x;
      for (int j = 0; j < R; ++j) {
        input_at(k, j, g);
        if (held) g_next = g;
        else if (j + 1 < R) input_at(k, j + 1, g_next);
        else input_at(k + 1, 0, g_next);
        // The stuck DOFs: released when the force that would hold them exceeds F_c.
        phi = sticking_forces(c, stuck, force_without_sticking(c, model.D, model.K, xn, g, sign));
        bool released = false;
        for (Eigen::Index i = 0; i < n; ++i)
          if (is_stuck(i) && std::abs(phi(i)) > c.coulomb(i)) {
            stuck[static_cast<std::size_t>(i)] = 0;
            sign[static_cast<std::size_t>(i)] = phi(i) > 0 ? 1 : -1;
            released = true;
          }
        if (released) phi = sticking_forces(c, stuck, force_without_sticking(c, model.D, model.K, xn, g, sign));
        constant_force();
        Vector next = c.F * xn + c.G0 * (g - e) + c.G1 * (g_next - g);
        if (sign_changed(next)) {
          // Redo the sub-interval by the series, from crossing to crossing.
          double s0 = 0.0;
          Vector xs = xn;
          const Vector slope = (g_next - g) / c.delta;
          for (int event = 0; event < 4 * static_cast<int>(n) + 4; ++event) {
            taylor(c, xs, g + slope * s0 - e, slope, d);
            const double rest = c.delta - s0;
            double first = rest;
            Eigen::Index which = -1;
            for (Eigen::Index i = 0; i < n; ++i) {
              if (c.coulomb(i) == 0 || is_stuck(i)) continue;
              if (sign[static_cast<std::size_t>(i)] * series(d, n + i, rest, nullptr) >= 0) continue;
              const double s = crossing(d, n + i, rest);
              if (s < first) {
                first = s;
                which = i;
              }
            }
            if (which < 0) {
              xs = series_state(d, rest);
              break;
            }
            xs = series_state(d, first);
            xs(n + which) = 0.0;
            s0 += first;
            // Stick, or slide the other way: the force that would hold it against F_c.
            stuck[static_cast<std::size_t>(which)] = 1;
            sign[static_cast<std::size_t>(which)] = 0;
            const Vector hold = sticking_forces(c, stuck, force_without_sticking(c, model.D, model.K, xs, g + slope * s0, sign));
            if (std::abs(hold(which)) > c.coulomb(which)) {
              stuck[static_cast<std::size_t>(which)] = 0;
              sign[static_cast<std::size_t>(which)] = hold(which) > 0 ? 1 : -1;
            } else {
              phi(which) = hold(which);
            }
            constant_force();
          }
          next = xs;
        }
        for (Eigen::Index i = 0; i < n; ++i)
          if (is_stuck(i)) next(n + i) = 0.0;
        xn = next;
      }
    }
    x = xn;
    for (Eigen::Index i = 0; i < n; ++i)  // a DOF that starts to move from an exact balance
      if (!is_stuck(i) && sign[static_cast<std::size_t>(i)] == 0) sign[static_cast<std::size_t>(i)] = (x(n + i) > 0) - (x(n + i) < 0);
    if (!x.allFinite() || x.cwiseAbs().maxCoeff() > scale) return false;
  }
  return true;
}

}  // namespace mechid
