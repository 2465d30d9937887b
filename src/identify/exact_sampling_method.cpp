// variational-zoh (beyond the thesis): the thesis's variational estimate, refined by the
// structured output-error PEM in M, D, K on the exact sampled model (ZOH for held inputs, FOH
// for point samples), which removes the midpoint model's O(h²) error; weighted per channel by the
// residual spread; with the parameter covariance mapped to M, D, K and to the modes.
#include <cmath>

#include "core/stopwatch.hpp"
#include "identify/exact_sampling_predictor.hpp"
#include "identify/parameter_covariance.hpp"
#include "identify/methods.hpp"
#include "identify/structured_uncertainty.hpp"
#include "identify/positive_parametrization.hpp"
#include "identify/record_validation.hpp"

namespace mechid {
namespace {

// The covariance of θ̂ mapped to sd of M, D, K, of the modes and of the offsets (offset_sd), with the
// entries the data do not determine. The sandwich form for coloured residuals: always for acceleration outputs (the
// s²/B(s) prefilter colours the noise, acceleration_outputs.hpp), otherwise when the whiteness
// test fails.
// The white covariance starts from the PEM's last factor carried to θ (`last`, when it has one)
// instead of a Jacobian of its own: that Jacobian was about an eighth of an 8dof `auto` call
// (docs/results.md, "Where the time goes").
Uncertainty estimate_uncertainty(const ExactSamplingPredictor& predictor, const Vector& theta, const ModalResult& modal,
                                 bool coloured, const TriangularFactor& last, Matrix& offset_sd) {
  const ParameterCovariance c = coloured ? sandwich_covariance(predictor, theta)
                                         : parameter_covariance(predictor, theta, last, predictor.residual_count());
  if (!c.ok) return Uncertainty();
  offset_sd = predictor.offsets(c.covariance.diagonal().cwiseMax(0.0).cwiseSqrt());
  return structured_uncertainty(predictor.structure(), predictor.unpack(theta), theta, c, modal);
}

// 1/σ_c per output channel (1 where σ_c = 0), scaled to a largest weight of 1.
Vector inverse_spread_weights(const Vector& sigma) {
  Vector weights = Vector::Ones(sigma.size());
  for (Eigen::Index c = 0; c < sigma.size(); ++c)
    if (sigma(c) > 0) weights(c) = 1.0 / sigma(c);
  return weights / weights.maxCoeff();
}

// The same with σ_c from a model's free-run output errors.
Vector channel_weights(const Matrix& errors) {
  return inverse_spread_weights((errors.colwise().squaredNorm() / static_cast<double>(errors.rows())).cwiseSqrt().transpose());
}

// The first pass's weights from the start's validation: its free-run errors when it was validated on
// these data; when on others of the same record (a start from decimated data, auto_method.cpp),
// σ_c = nrmse_c × the spread of y_c (nrmse = ‖y - ŷ‖/‖y - mean y‖, and decimation keeps the
// spread); all 1 without a validation. Measured (8dof, N = 6000, seeds 2 and 4, h = 0.0005 ... 0.002,
// decimated starts; docs/results.md, "Where the time goes"): from unit weights the second
// pass took 2-3 iterations with 1-2 fresh factors, from these 2 iterations with 1.
Vector start_weights(const Identification& start, const Dataset& data) {
  const ValidationReport& v = start.validation;
  const Eigen::Index n = data.y.cols();
  if (v.simulated.rows() == data.y.rows()) return channel_weights(data.y - v.simulated);
  if (v.simulated.rows() == 0 || v.nrmse.size() != n || !v.nrmse.allFinite()) return Vector::Ones(n);
  const Vector spread = (data.y.rowwise() - data.y.colwise().mean()).colwise().norm().transpose() /
                        std::sqrt(static_cast<double>(data.y.rows()));
  return inverse_spread_weights(v.nrmse.cwiseProduct(spread));
}

}  // namespace

Identification refine_exact_sampling(const std::vector<Dataset>& runs, const IdentifyOptions& options,
                                     const Identification& start, Intervals intervals) {
  const Stopwatch clock;
  const Dataset& data = runs.front();
  Identification r = method_result("variational-zoh", data);
  r.diagnostics.start = start.method;
  if (start.sign_reversed) {  // the sign convention, not the data, makes the start unusable: say so
    r.sign_reversed = true;
    r.fail(start.method + " start has M, D and K all negative: in these data a positive force moves the outputs "
           "negatively; flip the sign of the input columns (or of every output column) and identify again");
    return r;
  }
  if (start.failed() || !start.M_pd) {
    r.fail(start.method + " start unusable: " + (start.failed() ? start.message : "M is not positive definite"));
    return r;
  }
  const Matrix L = input_matrix(data, options);
  const Eigen::Index n = data.y.cols();
  const ResolvedStructure structure = resolve(options.structure, n);
  const StructureMap map(structure);
  r.rigid_body = structure.rigid_body;
  // Weighted by 1/σ_c (maximum likelihood for Gaussian noise of unequal variances per channel),
  // σ_c first from the start's free-run output errors, then from the refined model's while they
  // differ by more than 3 standard errors of a σ estimated from N residuals (≈ 1/√(2N) relative,
  // Gaussian errors): the start's model error inflates them at coarse h, while changes within the
  // sampling error of σ̂ change the estimate only to second order. At most 3 passes. In the first
  // pass the weights are checked after every accepted step too (from its residuals, at no cost):
  // when they have moved, the pass stops there and the next begins with the new ones, before a
  // Jacobian is formed for a cost about to change. Measured (8dof, N = 6000, h = 0.0005 … 0.002,
  // ad hoc): the start's errors inflate σ_c until the first step, after which the weights hold; 7
  // iterations in two full passes became 4 (1 + 3), with M, D, K the same to 3 digits.
  Vector weights = start_weights(start, data);
  // The start projected onto the structure (its fixed entries set). The first run's x_0 is the one
  // the start's validation fitted by least squares to its free run (validation.hpp; the same
  // physical state at t = 0 when the start came from decimated data), the other runs' from their
  // first samples, [y_0; (y_1 - y_0)/h], whose velocity carries the noise divided by h. Measured
  // (8dof, N = 6000, seed 2, h = 0.0005 ... 0.02; docs/results.md, "Where the time goes"):
  // from the fitted x_0 the first weighting pass starts at a cost 2-13000 times lower, and at h =
  // 0.001 the weights settle in two passes instead of three.
  Vector theta = [&] {  // the first predictor only packs θ: freed before the passes build theirs
    const ExactSamplingPredictor first(runs, L, map, Vector(), options.offset);
    Vector initial_states = first.initial_states_guess();
    const Vector& fitted = start.validation.initial_state;  // empty unless its free run succeeded
    if (fitted.size() == 2 * n) initial_states.head(2 * n) = fitted;
    return first.pack(start.system, initial_states);
  }();
  PemReport pem;
  int iterations = 0, curvature_evaluations = 0, passes = 0;
  Eigen::Index samples = 0;
  for (const Dataset& d : runs) samples += d.y.rows();
  const int max_passes = 3;
  const double sampling_error = 1.0 / std::sqrt(2.0 * static_cast<double>(samples));
  Vector refined;
  const auto moved = [&]() { return (refined.array() / weights.array() - 1.0).abs().maxCoeff() > 3 * sampling_error; };
  for (;;) {
    const ExactSamplingPredictor predictor(runs, L, map, weights, options.offset);
    const StepObserver reweigh = [&](const Vector&, const Vector& residuals) {
      // Only the first pass, whose weights come from the start's model errors, stops early; later
      // passes run to their end (on coloured acceleration residuals, stopping every pass used up the
      // passes and left 2 of 100 runs unconverged, bench uncertainty).
      if (passes > 0) return false;
      refined = channel_weights(predictor.output_errors_of(residuals));
      return moved();
    };
    pem = structured_pem(predictor, theta, n, options.positive, options.pem, reweigh);
    if (passes == 0) r.diagnostics.initial_cost = pem.initial_cost;
    iterations += pem.iterations;
    curvature_evaluations += pem.curvature_evaluations;
    ++passes;
    if (pem.failed()) {
      r.fail("exact-sampling PEM: " + pem.message);
      return r;
    }
    if (pem.termination != TerminationType::stopped_after_step) {
      refined = channel_weights(predictor.output_errors(theta));
      if (passes == max_passes || !moved()) break;
    }
    weights = refined;
  }
  const ExactSamplingPredictor predictor(runs, L, map, weights, options.offset);
  r.diagnostics.iterations = iterations;
  r.diagnostics.curvature_evaluations = curvature_evaluations;
  r.diagnostics.weighting_passes = passes;
  r.diagnostics.cost = pem.cost;
  r.diagnostics.gradient_norm = pem.gradient_norm;
  r.diagnostics.block_rows = start.diagnostics.block_rows;  // the subspace step's, when the start had one
  r.diagnostics.omega_condition = start.diagnostics.omega_condition;
  r.diagnostics.stop_reason = pem.termination;
  r.diagnostics.sampling_model = to_string(predictor.intersample());
  if (pem.status == Status::warning) r.add_warning(pem.message);
  r.system = predictor.unpack(theta);
  r.forces.offset = predictor.offsets(theta);
  // The uncertainty after validation, whose residual tests (validation.hpp) decide the covariance;
  // validation of the model with its offset as a further input (record_validation.hpp).
  const ForcedRecord forced = with_force_terms(r.system, r.forces, 0.0, data);
  r.system = forced.model;
  Matrix offset_sd;
  finish(r, forced.data(), [&](const Identification& done) {
    if (intervals == Intervals::skipped) return Uncertainty();
    const bool coloured = data.outputs == OutputKind::acceleration || !done.validation.residuals_white;
    return estimate_uncertainty(predictor, theta, done.modal, coloured, pem.final_factor, offset_sd);
  });
  r.system.L = L;
  if (options.offset) r.forces.offset_sd = offset_sd.size() ? offset_sd : Matrix::Constant(runs.size(), n, NAN);
  if (r.uncertainty.available) {
    r.diagnostics.covariance = to_string(r.uncertainty.covariance);
    if (r.uncertainty.covariance == CovarianceKind::sandwich) r.diagnostics.covariance_max_lag = r.uncertainty.max_lag;
  }
  r.timing_ms = clock.elapsed_ms();
  return r;
}

Identification identify_variational_zoh(const std::vector<Dataset>& runs, const IdentifyOptions& options) {
  const Identification start = identify_variational(runs.front(), options);
  Identification r = refine_exact_sampling(runs, options, start);
  r.timing_ms += start.timing_ms;
  return r;
}

}  // namespace mechid
