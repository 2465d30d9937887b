#include "analysis/modal_refinement.hpp"

#include <algorithm>
#include <cmath>

#include "core/math_constants.hpp"

namespace mechid {
namespace {

using Complex = std::complex<double>;

// Lines over which the residuals' correlation is summed: the local polynomial method's window
// spans 9 lines, and its FRF errors are correlated across it (Pintelon et al., IEEE Trans. Instrum.
// Meas. 59, 2010, sec. IV).
constexpr Eigen::Index kLags = 8;

// The sampled band model's regressors for a channel of derivative order p at freq_hz (F × (2R + 2)):
// per pole, the real and imaginary parts of its residue B multiply 1/(z − μ) + 1/(z − μ̄) and
// i(1/(z − μ) − 1/(z − μ̄)), z = e^{iωh}, μ = e^{λh}; then the residual terms (iω)^{p−2}, (iω)^p.
Eigen::MatrixXcd sampled_regressors(const Vector& freq_hz, int p, double h, const std::vector<Complex>& poles) {
  const auto R = Eigen::Index(poles.size());
  Eigen::MatrixXcd X(freq_hz.size(), 2 * R + 2);
  for (Eigen::Index f = 0; f < freq_hz.size(); ++f) {
    const Complex s(0.0, kTwoPi * freq_hz(f)), z = std::exp(s * h);
    for (Eigen::Index q = 0; q < R; ++q) {
      const Complex mu = std::exp(poles[std::size_t(q)] * h), a = 1.0 / (z - mu), b = 1.0 / (z - std::conj(mu));
      X(f, 2 * q) = a + b;
      X(f, 2 * q + 1) = Complex(0.0, 1.0) * (a - b);
    }
    X(f, 2 * R) = std::pow(s, p - 2);
    X(f, 2 * R + 1) = std::pow(s, p);
  }
  return X;
}

struct Evaluation {
  std::vector<Complex> poles;
  double cost = 0.0;
  Matrix J;  // 2FC × 2R: the projected Jacobian of the weighted model, real parts then imaginary per channel
  Vector r;  // 2FC: the weighted residuals
  Eigen::Index equations = 0;  // real equations of nonzero weight (lines without input power have none)
};

// The cost at `poles` with the linear parameters solved for, and Kaufman's Jacobian: the model's
// derivative at fixed B, ∂/∂Re λ [B/(z − μ) + B̄/(z − μ̄)] = B h μ/(z − μ)² + B̄ h μ̄/(z − μ̄)² and
// ∂/∂Im λ = i (B h μ/(z − μ)² − B̄ h μ̄/(z − μ̄)²), projected on the complement of the regressors.
Evaluation evaluate(const FrfChannels& frf, const std::vector<int>& power, double h, const std::vector<Complex>& poles) {
  const auto R = Eigen::Index(poles.size());
  const Eigen::Index F = frf.freq_hz.size(), C = frf.H.cols();
  Evaluation e{poles, 0.0, Matrix(2 * F * C, 2 * R), Vector(2 * F * C), 2 * (frf.weight.array() > 0.0).count()};
  std::vector<Complex> mu;
  for (Complex p : poles) mu.push_back(std::exp(p * h));
  for (Eigen::Index c = 0; c < C; ++c) {
    const Eigen::MatrixXcd X = sampled_regressors(frf.freq_hz, power[std::size_t(c)], h, poles);
    const auto [A, b] = weighted_channel_equations(X, frf, c);
    const auto qr = A.colPivHouseholderQr();
    const Vector theta = qr.solve(b);
    e.r.segment(2 * F * c, 2 * F) = b - A * theta;
    Eigen::MatrixXcd D(F, 2 * R);
    for (Eigen::Index f = 0; f < F; ++f) {
      const Complex z = std::exp(Complex(0.0, kTwoPi * frf.freq_hz(f) * h));
      for (Eigen::Index q = 0; q < R; ++q) {
        const Complex m = mu[std::size_t(q)], a = 1.0 / (z - m), abar = 1.0 / (z - std::conj(m));
        const Complex B(theta(2 * q), theta(2 * q + 1));
        const Complex term = B * h * m * a * a, term_bar = std::conj(B) * h * std::conj(m) * abar * abar;
        D(f, 2 * q) = frf.weight(f, c) * (term + term_bar);
        D(f, 2 * q + 1) = frf.weight(f, c) * Complex(0.0, 1.0) * (term - term_bar);
      }
    }
    Matrix Dr(2 * F, 2 * R);
    Dr << D.real(), D.imag();
    e.J.middleRows(2 * F * c, 2 * F) = Dr - A * qr.solve(Dr);
  }
  e.cost = e.r.squaredNorm();
  return e;
}

// The weighted residuals' autocorrelation ρ_l at l = 1 … kLags lines, pooled over the series (each
// channel's real and imaginary parts), with Bartlett's taper 1 − l/(kLags + 1), which keeps the
// Toeplitz matrix of the ρ positive semidefinite (Newey & West, Econometrica 55, 1987, p. 704).
Vector tapered_autocorrelation(const Vector& r, Eigen::Index F) {
  double r0 = 0.0;
  Vector rho = Vector::Zero(kLags + 1);
  for (Eigen::Index s = 0; s < r.size() / F; ++s) {
    const auto x = r.segment(s * F, F);
    r0 += x.squaredNorm();
    for (Eigen::Index l = 1; l <= std::min(kLags, F - 1); ++l) rho(l) += x.head(F - l).dot(x.tail(F - l));
  }
  for (Eigen::Index l = 1; l <= kLags; ++l) rho(l) *= (1.0 - double(l) / double(kLags + 1)) / std::max(r0, 1e-300);
  rho(0) = 1.0;
  return rho;
}

// The loss of pole q's precision from weights 1/σ̂ whose variances σ̂² are estimates with ν degrees
// of freedom. With x_f = σ_f²/σ̂_f², v = var(x)/E[x]² = 1/(ν − 2) (σ̂² a scaled χ² with 2ν real
// degrees of freedom), and α_f the share of the pole's information on line f of a channel, the
// variance grows by 1 + v (1 − Σ_f Σ_g α_f α_g ρ_fg) to second order in the weights' errors (a
// delta-method expansion of (Σ α x)⁻² Σ α x²), ρ_fg the correlation of x_f and x_g. Independent
// weights on many lines give (ν − 1)/(ν − 2), the sample ML factor of Pintelon & Schoukens 2012,
// sec. 10.3 ((M − 2)/(M − 3) for M periods); a narrow mode whose few lines share one estimated
// variance loses almost nothing, a common factor of the weights not moving the estimate. The
// variances of neighbouring lines are taken correlated as their windows overlap, ρ_fg = 1 − |f −
// g|/(kLags + 1) (the LPM's window of kLags + 1 lines); the channels' are independent. Measured
// on 100 runs of the 8-DOF bench (LPM weights, before modes_in_band took those poles' covariance
// from pole_covariance_for_errors): with (ν − 1)/(ν − 2) for every pole the narrowest mode's
// intervals were 25 % too wide, with this loss 16–19 %; it now serves inverse-sd weights from
// averaged segments or periods (docs/results.md, section modal).
double estimated_weights_loss(const Matrix& J, Eigen::Index q, Eigen::Index F, double weight_dof) {
  if (weight_dof <= 2.0) return 1.0;
  const Eigen::Index C = J.rows() / (2 * F);
  Matrix info(F, C);  // the pole's information per line and channel, real and imaginary parts together
  for (Eigen::Index c = 0; c < C; ++c) {
    for (Eigen::Index f = 0; f < F; ++f) {
      info(f, c) = J.row(2 * F * c + f).segment(2 * q, 2).squaredNorm() + J.row(2 * F * c + F + f).segment(2 * q, 2).squaredNorm();
    }
  }
  const double total = info.sum();
  if (!(total > 0.0)) return (weight_dof - 1.0) / (weight_dof - 2.0);
  double shared = 0.0;
  for (Eigen::Index c = 0; c < C; ++c) {
    const Vector a = info.col(c) / total;
    shared += a.squaredNorm();
    for (Eigen::Index l = 1; l <= std::min(kLags, F - 1); ++l) {
      shared += 2.0 * (1.0 - double(l) / double(kLags + 1)) * a.head(F - l).dot(a.tail(F - l));
    }
  }
  return 1.0 + (1.0 - shared) / (weight_dof - 2.0);
}

// s² N⁻¹ (Jᵀ T J) N⁻¹ with N = JᵀJ: the residual variance per real equation s² = V/(equations −
// parameters), and T the residuals' correlation across neighbouring lines (Toeplitz in the lines
// of each series, from tapered_autocorrelation), the errors of an LPM or Welch FRF being
// correlated across its window: a mode spanning many lines (J slowly varying) has its variance
// inflated by about 1 + 2 Σ ρ_l, a narrow one whose Jacobian changes sign across its few lines
// less. Each pole's block is then scaled by estimated_weights_loss. (The scores' own long-run
// covariance, a Newey–West sandwich on J_f r_f, is biased low here: Jᵀr = 0 at the optimum and a
// pole's scores live on the few lines of its resonance; measured: 88 % coverage instead of 95 %.)
Matrix covariance_of(const Evaluation& e, Eigen::Index F, Eigen::Index linear_parameters, double weight_dof) {
  const Vector rho = tapered_autocorrelation(e.r, F);
  const Matrix N = e.J.transpose() * e.J;
  Matrix correlated = N;
  for (Eigen::Index s = 0; s < e.J.rows() / F; ++s) {
    const auto Js = e.J.middleRows(s * F, F);
    for (Eigen::Index l = 1; l <= std::min(kLags, F - 1); ++l) {
      const Matrix cross = rho(l) * Js.topRows(F - l).transpose() * Js.bottomRows(F - l);
      correlated += cross + cross.transpose();
    }
  }
  const Matrix Ninv = N.inverse();
  const double dof = double(e.equations - e.J.cols() - linear_parameters);
  Vector scale(e.J.cols());
  for (Eigen::Index q = 0; q < e.J.cols() / 2; ++q) scale.segment(2 * q, 2).setConstant(std::sqrt(estimated_weights_loss(e.J, q, F, weight_dof)));
  return (e.cost / dof) * scale.asDiagonal() * Ninv * correlated * Ninv * scale.asDiagonal();
}

}  // namespace

RefinedPoles refine_poles(const FrfChannels& frf, const std::vector<int>& power, double h, const std::vector<Complex>& start, double weight_dof,
                          int max_iterations) {
  const auto R = Eigen::Index(start.size());
  Evaluation current = evaluate(frf, power, h, start);
  RefinedPoles out;
  out.cost_start = current.cost;
  double damping = 1e-3;  // Marquardt's: N + damping · diag(N)
  for (int it = 0; it < max_iterations && !out.converged; ++it) {
    const Matrix N = current.J.transpose() * current.J;
    const Vector g = current.J.transpose() * current.r;
    bool accepted = false;
    while (!accepted && damping <= 1e8) {
      Matrix Nd = N;
      Nd.diagonal() += damping * N.diagonal();
      const Vector step = Nd.ldlt().solve(g);
      std::vector<Complex> poles = current.poles;
      bool valid = step.allFinite();
      for (Eigen::Index q = 0; q < R && valid; ++q) {
        poles[std::size_t(q)] += Complex(step(2 * q), step(2 * q + 1));
        valid = poles[std::size_t(q)].real() < 0.0 && poles[std::size_t(q)].imag() > 0.0;
      }
      Evaluation next = valid ? evaluate(frf, power, h, poles) : current;
      if (valid && next.cost < current.cost) {
        out.converged = (current.cost - next.cost) < 1e-10 * current.cost;
        current = std::move(next);
        damping = std::max(damping / 10.0, 1e-12);
        accepted = true;
        out.iterations = it + 1;
      } else {
        damping *= 10.0;
      }
    }
    if (!accepted) out.converged = true;  // no step decreases V: a minimum to working precision
  }
  out.poles = current.poles;
  out.cost = current.cost;
  out.covariance = covariance_of(current, frf.freq_hz.size(), frf.H.cols() * (2 * R + 2), weight_dof);
  return out;
}

Eigen::MatrixXcd sampled_band_frf(const FrfChannels& frf, const std::vector<int>& power, double h, const std::vector<Complex>& poles,
                                  const Vector& freq_hz) {
  Eigen::MatrixXcd out(freq_hz.size(), frf.H.cols());
  for (Eigen::Index c = 0; c < frf.H.cols(); ++c) {
    const int p = power[std::size_t(c)];
    const auto [A, b] = weighted_channel_equations(sampled_regressors(frf.freq_hz, p, h, poles), frf, c);
    const Vector theta = A.colPivHouseholderQr().solve(b);
    out.col(c) = sampled_regressors(freq_hz, p, h, poles) * theta.cast<Complex>();
  }
  return out;
}

Matrix pole_covariance_for_errors(const FrfChannels& frf, const std::vector<int>& power, double h, const std::vector<Complex>& poles,
                                  const FrfErrorCovariance& errors) {
  const Evaluation e = evaluate(frf, power, h, poles);
  const Eigen::Index F = frf.freq_hz.size(), C = frf.H.cols(), P = e.J.cols();
  // Line f of channel c as one complex row (row c·F + f): its real equation's row + i · its imaginary one's.
  Eigen::MatrixXcd rows(C * F, P);
  for (Eigen::Index c = 0; c < C; ++c)
    rows.middleRows(c * F, F) = e.J.middleRows(2 * F * c, F).cast<Complex>() + Complex(0.0, 1.0) * e.J.middleRows(2 * F * c + F, F).cast<Complex>();
  const auto row = [&](Eigen::Index c, Eigen::Index f) { return rows.row(c * F + f); };
  // Cov(weighted residuals) between (Re, Im) of line f and line g is ½ [[Re κ, −Im κ], [Im κ, Re κ]]
  // with κ = w_f w_g E[e_f conj e_g] (circular errors), so Jᵀ Σ J = ½ Re Σ_fg J_fᴴ κ_fg J_g.
  Eigen::MatrixXcd S = Eigen::MatrixXcd::Zero(P, P);
  for (Eigen::Index c1 = 0; c1 < C; ++c1)
    for (Eigen::Index c2 = 0; c2 < C; ++c2)
      for (Eigen::Index f = 0; f < F; ++f) {
        if (!(frf.weight(f, c1) > 0.0)) continue;
        Eigen::RowVectorXcd sum = Eigen::RowVectorXcd::Zero(P);
        for (Eigen::Index g = std::max<Eigen::Index>(0, f - errors.lags); g <= std::min(F - 1, f + errors.lags); ++g) {
          if (!(frf.weight(g, c2) > 0.0)) continue;
          const Complex kappa = errors.at(f, g, c1, c2);
          if (kappa != 0.0) sum += frf.weight(f, c1) * frf.weight(g, c2) * kappa * row(c2, g);
        }
        S.noalias() += row(c1, f).adjoint() * sum;
      }
  const Eigen::LDLT<Matrix> N(e.J.transpose() * e.J);
  const Vector pivots = N.vectorD().cwiseAbs();
  if (N.info() != Eigen::Success || !(pivots.minCoeff() > 1e-12 * pivots.maxCoeff())) return Matrix::Constant(P, P, NAN);  // undetermined poles
  return N.solve(N.solve(Matrix(0.5 * S.real())).transpose());
}

std::pair<double, double> freq_zeta_sd(Complex pole, const Matrix& cov) {
  const double sigma = pole.real(), omega = pole.imag(), mod = std::abs(pole), mod3 = mod * mod * mod;
  const Eigen::Vector2d df(sigma / (kTwoPi * mod), omega / (kTwoPi * mod));  // ∂(|λ|/2π)/∂(Re λ, Im λ)
  const Eigen::Vector2d dz(-omega * omega / mod3, sigma * omega / mod3);      // ∂(−Re λ/|λ|)/∂(Re λ, Im λ)
  return {std::sqrt(df.dot(cov * df)), std::sqrt(dz.dot(cov * dz))};
}

}  // namespace mechid
