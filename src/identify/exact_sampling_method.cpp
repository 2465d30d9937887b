// variational-zoh (beyond the thesis): the thesis's variational estimate, refined by the
// structured output-error PEM in M, D, K on the exact sampled model (ZOH for held inputs, FOH
// for point samples), which removes the midpoint model's O(h²) error; weighted per channel by the
// residual spread; with the parameter covariance mapped to M, D, K and to the modes.
#include <chrono>
#include <cmath>

#include "identify/exact_sampling_predictor.hpp"
#include "identify/methods.hpp"

namespace mechid {
namespace {

// First-order sd of ω_n and ζ of each mode: central differences of the modal analysis along the
// parameters of M, D, K, then sd² = g' C g.
void modal_uncertainty(const ExactSamplingPredictor& predictor, const Vector& theta, const Matrix& covariance,
                       const ModalResult& modal, Uncertainty& u) {
  const std::size_t modes = modal.modes.size();
  const Eigen::Index Ps = predictor.system_parameter_count();
  Matrix g_omega = Matrix::Zero(modes, Ps), g_zeta = Matrix::Zero(modes, Ps);
  for (Eigen::Index p = 0; p < Ps; ++p) {
    const double step = 1e-6 * std::max(std::abs(theta(p)), theta.head(Ps).cwiseAbs().maxCoeff() * 1e-3);
    Vector plus = theta, minus = theta;
    plus(p) += step;
    minus(p) -= step;
    const ModalResult a = modal_analysis(predictor.unpack(plus)), b = modal_analysis(predictor.unpack(minus));
    if (a.modes.size() != modes || b.modes.size() != modes) return;  // a mode changes kind nearby: no linearisation
    for (std::size_t i = 0; i < modes; ++i) {
      g_omega(i, p) = (a.modes[i].omega_n - b.modes[i].omega_n) / (2 * step);
      g_zeta(i, p) = (a.modes[i].zeta - b.modes[i].zeta) / (2 * step);
    }
  }
  const Matrix C = covariance.topLeftCorner(Ps, Ps);
  for (std::size_t i = 0; i < modes; ++i) {
    u.omega_n.push_back(std::sqrt(std::max(0.0, (g_omega.row(i) * C * g_omega.row(i).transpose()).value())));
    u.zeta.push_back(std::sqrt(std::max(0.0, (g_zeta.row(i) * C * g_zeta.row(i).transpose()).value())));
  }
}

Uncertainty estimate_uncertainty(const ExactSamplingPredictor& predictor, const Vector& theta, const ModalResult& modal) {
  Uncertainty u;
  const ParameterCovariance c = parameter_covariance(predictor, theta);
  if (!c.ok) return u;
  const Vector sd = c.covariance.diagonal().cwiseMax(0.0).cwiseSqrt();
  const MechanicalSystem s = predictor.unpack(sd);  // the same packing maps sd to the entries
  u.M = s.M;
  u.D = s.D;
  u.K = s.K;
  u.residual_variance = c.residual_variance;
  modal_uncertainty(predictor, theta, c.covariance, modal, u);
  u.available = true;
  return u;
}

}  // namespace

Identification identify_variational_zoh(const Dataset& data, const IdentifyOptions& options) {
  const auto begin = std::chrono::steady_clock::now();
  Identification start = identify_variational(data, options);
  Identification r;
  r.method = "variational-zoh";
  r.h = data.h;
  r.notes.emplace_back("start", "variational");
  if (start.status == Status::failed || !start.M_pd) {
    r.status = Status::failed;
    r.message = "variational start unusable: " + (start.status == Status::failed ? start.message : "M is not positive definite");
    return r;
  }
  const Matrix L = input_matrix(data, options);
  const Eigen::Index n = data.y.cols();
  Vector x0(2 * n);
  x0 << data.y.row(0).transpose(), (data.y.row(1) - data.y.row(0)).transpose() / data.h;

  // Pass 1 unweighted; pass 2 weighted by 1/σ_c from pass 1's output errors (ML for Gaussian
  // noise of unequal variances per channel).
  ExactSamplingPredictor unweighted(data, L);
  Vector theta = unweighted.pack(start.system, x0);
  PemReport pem = levenberg_marquardt(unweighted, theta, options.pem);
  int iterations = pem.iterations;
  if (pem.status == Status::failed) {
    r.status = Status::failed;
    r.message = "exact-sampling PEM: " + pem.message;
    return r;
  }
  const Matrix errors = unweighted.output_errors(theta);
  Vector weights = Vector::Ones(n);
  for (Eigen::Index c = 0; c < n; ++c) {
    const double sigma = std::sqrt(errors.col(c).squaredNorm() / errors.rows());
    if (sigma > 0) weights(c) = 1.0 / sigma;
  }
  weights /= weights.maxCoeff();
  const ExactSamplingPredictor predictor(data, L, weights);
  pem = levenberg_marquardt(predictor, theta, options.pem);
  iterations += pem.iterations;
  r.diagnostics.emplace_back("iterations", iterations);
  r.diagnostics.emplace_back("cost", pem.cost);
  r.diagnostics.emplace_back("gradient_norm", pem.gradient_norm);
  for (const auto& [key, value] : start.diagnostics)
    if (key == "block_rows" || key == "omega_condition") r.diagnostics.emplace_back(key, value);
  r.notes.emplace_back("stop_reason", pem.stop_reason);
  r.notes.emplace_back("sampling_model", data.input_sampling == InputSampling::hold ? "zoh" : "foh");
  if (pem.status == Status::failed) {
    r.status = Status::failed;
    r.message = "exact-sampling PEM: " + pem.message;
    return r;
  }
  if (pem.status == Status::warning) r.warnings.push_back(pem.message);
  r.system = predictor.unpack(theta);
  finish(r, data);
  if (r.status != Status::failed) r.uncertainty = estimate_uncertainty(predictor, theta, r.modal);
  r.timing_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count();
  return r;
}

}  // namespace mechid
