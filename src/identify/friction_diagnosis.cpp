#include "identify/friction_diagnosis.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/input_error.hpp"
#include "discretize/zoh.hpp"
#include "identify/triangular_factor.hpp"
#include "identify/velocity_sign.hpp"

namespace mechid {
namespace {

// The number of sign changes in a column of ±1 (and 0) values.
Eigen::Index reversals(const Eigen::Ref<const Vector>& sign) {
  Eigen::Index count = 0;
  double last = 0.0;
  for (Eigen::Index k = 0; k < sign.size(); ++k)
    if (sign(k) != 0) {
      if (last != 0 && sign(k) != last) ++count;
      last = sign(k);
    }
  return count;
}

// The central-difference derivative of each column of x (N x n) at step h, one-sided at the ends.
Matrix derivative(const Matrix& x, double h) {
  const Eigen::Index N = x.rows();
  Matrix d(N, x.cols());
  if (N < 3) return Matrix::Zero(N, x.cols());
  d.middleRows(1, N - 2) = (x.bottomRows(N - 2) - x.topRows(N - 2)) / (2 * h);
  d.row(0) = (x.row(1) - x.row(0)) / h;
  d.row(N - 1) = (x.row(N - 1) - x.row(N - 2)) / h;
  return d;
}

// The triangular factor of [J R_f] and Q'e for the score test, row by row: J the free run's
// sensitivity to M, D, K and its initial state, R_f the model's responses to the friction forces,
// e the free-run residual (N·n rows, each output weighted). Differentiating M q'' + D q' + K q = L u
// in X_ij (i <= j, X symmetric) gives M δq'' + D δq' + K δq = -(E_ij + E_ji) s_X with s_K = q̂,
// s_D = q̂', s_M = q̂'' of the free run q̂, i.e. the model's responses to those forces; the initial
// state's columns are the free responses; friction column p is the response to sign(q'_i) at DOF
// i = friction_dofs[p]. All columns advance in one recursion X_{t+1} = F X_t + B_t of the states,
// one matrix product a step (one response at a time was 65 % of n4sid-d2c on a 16-DOF chain of 2000
// samples, docs/results.md "Work guard"), and each sample's rows are folded into the factor by
// sequential Householder QR (triangular_factor.hpp): O(C²) memory, not the N·n x C regressor (80 MB
// of the CLI's peak on 10⁶ samples).
TriangularFactor score_test_factor(const DiscreteModel& d, const Matrix& run, const Matrix& residual, double h,
                                   const Vector& weight, const Matrix& sign, const std::vector<Eigen::Index>& friction_dofs) {
  const Eigen::Index N = run.rows(), n = run.cols(), states = d.F.rows(), entries = 3 * n * (n + 1) / 2;
  const Eigen::Index P = static_cast<Eigen::Index>(friction_dofs.size()), columns = entries + states + P;
  const Matrix velocity = derivative(run, h), acceleration = derivative(velocity, h);
  const Matrix* signals[3] = {&run, &velocity, &acceleration};
  // Column c < entries is driven at DOF i by -s_j (and at DOF j by -s_i when j != i).
  struct Drive {
    const Matrix* signal;
    Eigen::Index i, j;
  };
  std::vector<Drive> drives;
  for (const Matrix* s : signals)
    for (Eigen::Index i = 0; i < n; ++i)
      for (Eigen::Index j = i; j < n; ++j) drives.push_back({s, i, j});
  TriangularFactor factor;
  // Blocks of at least 4 x columns rows: the folds then cost about 1.25x one QR of the whole stack.
  TriangularAccumulator accumulator(factor, columns, n, std::max<Eigen::Index>(64, 4 * columns / n));
  Matrix X = Matrix::Zero(states, columns), Jt(columns, n);
  X.middleCols(entries, states).setIdentity();  // the free responses start at the unit states
  for (Eigen::Index t = 0; t < N; ++t) {
    Jt.noalias() = (weight.asDiagonal() * d.H * X).transpose();
    accumulator.add(Jt, residual.row(t).transpose().cwiseProduct(weight));
    X = d.F * X;
    for (Eigen::Index c = 0; c < entries; ++c) {
      const Drive& e = drives[static_cast<std::size_t>(c)];
      X.col(c) -= d.G.col(e.i) * (*e.signal)(t, e.j);
      if (e.j != e.i) X.col(c) -= d.G.col(e.j) * (*e.signal)(t, e.i);
    }
    for (Eigen::Index p = 0; p < P; ++p) {
      const Eigen::Index i = friction_dofs[static_cast<std::size_t>(p)];
      X.col(entries + states + p) += d.G.col(i) * sign(t, i);
    }
  }
  accumulator.finish();
  return factor;
}

}  // namespace

Eigen::Index friction_test_samples(Eigen::Index samples, Eigen::Index dof) {
  const double columns = 3.0 * double(dof) * double(dof + 1) / 2 + 3.0 * double(dof);
  return std::min<Eigen::Index>(samples, static_cast<Eigen::Index>(kFrictionTestMaxEntries / (columns * double(dof))));
}

std::optional<Advice> friction_advice(const MechanicalSystem& s, const ModalResult& modal, const ValidationReport& v,
                                      const Dataset& data) {
  const Eigen::Index n = s.dof();
  if (v.failed() || v.residuals_white || v.residual.rows() != data.y.rows() || v.residual.cols() != n ||
      v.simulated.rows() != data.y.rows() || data.y.rows() < kFrictionTestMinSamples || n == 0 || data.outputs != OutputKind::displacement ||
      modal.modes.empty() || !(data.h > 0))
    return std::nullopt;
  // A residual below 0.1 % of every output is rounding or a noise-free misfit (the noise_free note's
  // domain), not friction of any consequence; M must be invertible for the model's responses.
  if (v.nrmse.size() == 0 || v.nrmse.maxCoeff() < 1e-3) return std::nullopt;
  if (Eigen::LLT<Matrix>(s.M).info() != Eigen::Success) return std::nullopt;
  const Eigen::Index N = friction_test_samples(data.y.rows(), n);
  if (N < kFrictionTestMinSamples) return std::nullopt;
  const double fastest_hz = modal.modes.back().omega_n / (2 * M_PI), cutoff = std::min(2.0 * fastest_hz, 0.4 / data.h);
  if (!(cutoff > 0)) return std::nullopt;
  const Matrix sign = velocity_sign(data.y.topRows(N), data.h, cutoff);
  MechanicalSystem unit = s;
  unit.L = Matrix::Identity(n, n);  // a unit force at each DOF
  const DiscreteModel d = c2d_zoh(state_space_of(unit), data.h);
  // Each output weighted by its RMS: the shares do not depend on the outputs' units.
  Vector weight(n);
  for (Eigen::Index c = 0; c < n; ++c) {
    const double rms = (data.y.col(c).array() - data.y.col(c).mean()).matrix().norm() / std::sqrt(double(data.y.rows()));
    weight(c) = rms > 0 && std::isfinite(rms) ? 1.0 / rms : 0.0;
  }
  std::vector<Eigen::Index> dofs;
  for (Eigen::Index i = 0; i < n; ++i)
    if (reversals(sign.col(i)) >= 4) dofs.push_back(i);
  if (dofs.empty()) return std::nullopt;
  const Eigen::Index P = static_cast<Eigen::Index>(dofs.size());
  // The score test of the linear model against the one with friction: the residual and the friction
  // responses with what M, D, K and the initial state can explain projected out (at the linear
  // optimum the residual is already orthogonal to it), then the friction responses fitted to what
  // is left; θ = -F_c is one Gauss-Newton step from the linear estimate towards the friction model.
  // With [J R_f] = Q T, T = [T_JJ T_JR; 0 T_RR], and z = Q'e: the friction responses beyond J are
  // Q_R T_RR, the residual beyond J is Q_R z_R plus what [J R_f] cannot explain (‖e‖² − ‖z‖²).
  // Should J lack full rank, its block of T spans more than J's range (unpivoted QR), and the test
  // removes those few directions too (conservative: it can only explain less).
  const TriangularFactor f = score_test_factor(d, v.simulated.topRows(N), v.residual.topRows(N), data.h, weight, sign, dofs);
  const double power = f.residual_norm2;
  if (!(power > 0) || !f.R.allFinite() || !f.z.allFinite()) return std::nullopt;
  const Eigen::Index C = f.R.cols() - P;
  const Matrix T_RR = f.R.bottomRightCorner(P, P);
  const Vector z_R = f.z.tail(P);
  const double beyond = std::max(0.0, power - f.z.squaredNorm());  // what no column can explain
  const Eigen::ColPivHouseholderQR<Matrix> friction(T_RR);
  const Vector theta = friction.solve(z_R);
  const double rest2 = (z_R - T_RR * theta).squaredNorm() + beyond;
  const double explained = 1.0 - rest2 / power;
  if (!(explained >= kFrictionShare)) return std::nullopt;
  // Least-squares sd of θ (white residual: a lower bound, hence the strict t > 3).
  const double sigma2 = rest2 / std::max<double>(1.0, double(N * n - C - P));
  const Matrix covariance = sigma2 * (T_RR.transpose() * T_RR).inverse();
  std::vector<std::string> named;
  for (Eigen::Index p = 0; p < P; ++p) {
    const double coulomb = -theta(p), sd = std::sqrt(std::max(0.0, covariance(p, p)));
    if (coulomb > 0 && coulomb > 3 * sd) {
      named.push_back("DOF " + std::to_string(dofs[p] + 1));
    }
  }
  if (named.empty()) return std::nullopt;
  std::string which;
  for (std::size_t k = 0; k < named.size(); ++k) which += (k ? (k + 1 == named.size() ? " and " : ", ") : "") + named[k];
  return Advice{AdviceCode::friction, AdviceLevel::warning,
                "The residual jumps with the sign of the velocity of " + which +
                    ": the data seem to carry Coulomb friction, which this linear model leaves out",
                "a force F_c sign(q') at " + which + " (F_c > 0, opposing the motion), taken through the estimated model, explains " +
                    format_digits(100.0 * explained, 3) +
                    " % of the free-run residual's power beyond what a change of M, D, K and the initial state explains "
                    "(a score test at the linear estimate; outputs weighted by their RMS)",
                "identify again with a Coulomb friction force in the model: auto then starts "
                "from the inverse-dynamic estimate with a friction force per DOF and refines it by output error",
                {{"friction", "coulomb"}}};
}

}  // namespace mechid
