// Work and peak-memory estimates of the identification methods, from the loops of their code.
// Notation: N samples (all runs), n DOF (outputs), k inputs, R runs, T = n(n+1)/2 entries of a
// symmetric matrix, Ps free entries of M, D, K (3T without a structure), P the PEM's parameters.
// A multiply-add counts 2 flops; only terms that grow with the sizes are kept.
#include "identify/method_cost.hpp"

#include <algorithm>
#include <cmath>

#include "identify/friction_diagnosis.hpp"
#include "identify/instrumental_iterations.hpp"
#include "identify/n4sid.hpp"

namespace mechid {
// Named (not anonymous): the unity build compiles this file with others, whose own helpers may be
// called validation or subspace.
namespace cost_model {

constexpr double kDouble = 8.0;  // bytes

// Iterations of a PEM (pem.cpp, levenberg_marquardt): each takes a step (damped_step: Householder
// QR of the 2P x P stack, 10/3 P³) on about 1.5 trial predictions, and most refresh the Jacobian
// (local_model). On the thesis cases the variational and exact-sampling PEMs stop after 4-12
// iterations (diagnostics.iterations, bench/guard.mjs prints them): 8 is the estimate's typical
// count; with a constrained structure (few parameters, cheap iterations) 25 (22-40 measured on
// chains of 8-24 masses from the starts of variational-zoh), but auto's refinement from its IDIM-IV
// start under a structure took 4-8 on chains of 4-50 masses (docs/results.md, "Scale"): 8.
// identify() stops the PEMs at pem_iteration_limit (100 and 60).
constexpr double kPemIterations = 8, kStructuredPemIterations = 25, kTrialsPerIteration = 1.5;

// The calibration (issue 56, item 6): each loop's counted flops times its weight are its
// flop-equivalents at kWasmFlopsPerSecond (method_cost.hpp), i.e. weight = CPU seconds measured x
// kWasmFlopsPerSecond / counted flops. Fitted together to CPU seconds of WASM runs under Node on
// spring-mass chains of 3-20 DOF and 2000-10⁵ samples and the study's 8dof runs (bench/guard.mjs;
// docs/results.md, "Work guard"), making the largest |log(measured/estimated)| over the runs above
// 1 s smallest (a grid over the weights):
//  - the subspace step (hankel_gram, the factorizations, the input fit in modal coordinates): 0.55;
//  - the friction advice's score test (friction_score_test): 0.3 (matrix products and blocked QR);
//  - the variational PEM: its rank updates of J'J (n P² a sample) 0.22, times memory_bound(8P²)
//    (3.6 MB at 20 DOF); the rest of an iteration (the sensitivity recursion, steps, predictions)
//    0.04: the typical 3-4 iterations against the 8 counted;
//  - the exact-sampling PEM: the Fréchet derivatives of the sampled model (N-independent, (2g)³ per
//    free entry) 0.6, its per-sample work 0.04 (auto's 2-4 iterations and variational-zoh's 7 at
//    8 DOF x 2·10⁴-6·10⁴ samples, where the per-sample work dominates; 16-20 DOF x 2000, where the
//    derivatives do);
//  - equation-error's rank updates 0.6 (memory-bound below 16 rows, see equation_error) plus 36000 a
//    sample (the regressor, validation and its checks: 3 DOF x 10⁵ samples run 0.5 s);
//  - inverse-dynamic's QR solves 0.4 plus 13500 a sample and output (filters, differentiation, the
//    cut-off rule's spectra, validation: 3 DOF x 10⁵ samples 0.75 s).
namespace weight {
constexpr double subspace = 0.55, friction_test = 0.3;
constexpr double variational_pem_update = 0.22, variational_pem = 0.04;
constexpr double exact_sampling_derivatives = 0.6, exact_pem = 0.04;
constexpr double equation_error = 0.6, equation_error_per_sample = 3.6e4;
constexpr double inverse_dynamic_qr = 0.4, inverse_dynamic_per_sample_output = 1.35e4;
}  // namespace weight

// The slowdown of a loop that sweeps a matrix of `bytes` once per step (rank updates, unblocked
// factorizations): once the matrix outgrows a cache of about 2 MiB it runs at the speed of memory,
// 1 + bytes / 2 MiB times slower, up to 9x (memory bandwidth against arithmetic, where it levels off).
// Measured: the variational PEM's J'J at 16-20 DOF (1.5-3.6 MB); the subspace step's modal input fit
// at 60 DOF x 2000 samples, whose 7320 x 7320 normal matrix (430 MB) took 125 s natively where its
// flops at the 16-DOF rate would take 40 s in WASM.
double memory_bound(double bytes) {
  constexpr double kCacheBytes = 2.0 * 1024 * 1024, kMaxSlowdown = 8.0;
  return 1 + std::min(bytes / kCacheBytes, kMaxSlowdown);
}

struct Cost {
  double flops = 0, bytes = 0;
  // Work adds up; memory is the largest of the steps (each frees its buffers before the next).
  Cost& then(const Cost& next) {
    flops += next.flops;
    bytes = std::max(bytes, next.bytes);
    return *this;
  }
  WorkEstimate estimate() const { return {flops, bytes}; }
};

// equation_error_fit (equation_error.cpp): per sample the n x P regressor φ is rank-updated into
// the lower triangle of the P x P normal matrix, n P² flops, P = 3T ≈ 1.5 n²: 2.25 N n⁵ in all
// (the probe's O(N n⁵)); the regressor and right-hand side 4 n P; LDLT P³/3. A rank-n update
// reads and writes all P²/2 entries for n multiply-adds each: below about 16 rows it runs at the
// speed of memory, not of arithmetic (bench/guard.mjs: 8 DOF at a third of the rate of 20 DOF),
// so it counts as max(n, 16) rows.
Cost equation_error(double N, double n) {
  const double P = 3 * n * (n + 1) / 2;
  return {weight::equation_error * (N * (std::max(n, 16.0) * P * P + 4 * n * P) + P * P * P / 3) + weight::equation_error_per_sample * N,
          kDouble * (2 * P * P + 2 * N * n)};
}

// The friction advice's score test (friction_diagnosis.cpp), which runs after an estimate whose
// residuals are not white: counted for the methods whose estimates leave such residuals on the
// chains of bench/guard.mjs (n4sid-d2c, variational, equation-error, inverse-dynamic: status
// warning), not for the exact-sampling refinement of auto and variational-zoh (white: ok). On Nf =
// friction_test_samples(N, n) samples, its C = 3n(n+1)/2 + 3n columns (with one per friction DOF)
// advance in one recursion of the 2n states, 2(2n)²C + 2n(2n)C a sample, and their rows (rows =
// Nf n) are folded into a triangular factor by sequential Householder QR, blocks of b = max(64n,
// 4C) rows: 2 rows C² (1 + C/b). Memory: the stack of C + b rows.
Cost friction_score_test(double N, double n) {
  const double Nf = static_cast<double>(friction_test_samples(static_cast<Eigen::Index>(N), static_cast<Eigen::Index>(n)));
  if (Nf < kFrictionTestMinSamples) return {};  // too few samples: the test is not made
  const double C = 3 * n * (n + 1) / 2 + 3 * n, rows = Nf * n, b = std::max(64 * n, 4 * C);
  return {weight::friction_test * (Nf * 12 * n * n * C + 2 * rows * C * C * (1 + C / b)), kDouble * (C + b) * C};
}

// The free run of a model over the record for validation (identification.cpp, finish): the
// state-space step 2 (2n)² per sample, and the simulated outputs kept (N x n). The checks around
// it (residual tests, guardrails) cost about 1500 flops per sample and output as measured
// (bench/guard.mjs: 3 DOF x 20000 samples spend 0.1 s beyond the counted work).
Cost validation(double N, double n) { return {N * (8 * n * n + 1500 * n), kDouble * 2 * N * n}; }

// The block rows of subspace_with_rule (subspace_start.cpp, choose_block_rows in n4sid.cpp): the pilot's
// min_block_rows (4n up to 8 DOF, 32 beyond), and for the second pass the cap of 64 (the rule's
// choice needs the slowest period, known only from the pilot), both limited by the samples:
// N / (2(1 + k + n)).
double block_rows(double N, double n, double k, bool pilot) {
  const double by_samples = std::floor(N / (2 * (1 + k + n)));
  const auto dof = static_cast<Eigen::Index>(n);
  const double wanted = pilot ? static_cast<double>(min_block_rows(2 * dof, dof)) : 64.0;
  return std::max(1.0, std::min({wanted, 64.0, by_samples}));
}

// subspace_identify (n4sid.cpp) with i future block rows and p past ones, m = k + n channels,
// order nx = 2n:
//  hankel_gram: p + i lagged products of the m x N channel matrix, (p + i) · 2m² N;
//  step 2 on uf = ik, wp = pm, yf = in rows: the Cholesky factor of G_uu uf³/3, its solves
//  uf² (wp + yf), Σ_ww by a rank update wp² uf, Σ_yw 2yf wp uf, the Cholesky of Σ_ww wp³/3 and
//  its solve wp² yf; gram_svd: the Gram matrix yf² wp, its tridiagonalization 4yf³/3 (the
//  eigenvalues and the 2n leading vectors by inverse iteration cost O(yf²)); more only when it
//  falls back to QR iteration with vectors (9yf³) or to the Jacobi SVD (noise-free data with a
//  small gap after the order);
//  step 4 (with the input) in F's modal coordinates (modal_input_fit.hpp, the path every case of
//  bench/guard.mjs takes): one pass forming Φ and Υ, Pg²/2 multiply-adds a sample for the Pg =
//  nx(k + 1) regressors and 2 Pg n for Υ, their recursions 4 nx k; two fits, each the normal matrix
//  of about 4 Pg² terms and its LDLT Pg³/3, the loops over Φ at memory_bound(8 Pg²);
//  fit_output_matrix's state run 6nx² a sample. (The direct form, taken when F is not
//  diagonalizable or its modal basis ill-conditioned, costs 2 nx³k + 2n nx²k + n Pg² a sample per
//  fit: 25x more at 8 DOF.)
// Memory: the (p + i)² lag blocks and the Gram matrix, ((p + i)m)² each, and Σ_ww, Σ_yw, O.
Cost subspace(double N, double n, double k, double i, bool with_input, double p = 0) {
  if (p <= 0) p = i;
  const double m = k + n, uf = i * k, wp = p * m, yf = i * n, nx = 2 * n, Pg = nx * (k + 1), rows = (p + i) * m;
  Cost c;
  c.flops = 2 * (p + i) * m * m * N + uf * uf * uf / 3 + uf * uf * (wp + yf) + wp * wp * uf + 2 * yf * wp * uf +
            wp * wp * wp / 3 + wp * wp * yf + yf * yf * wp + 4 * yf * yf * yf / 3;
  c.bytes = kDouble * (2 * rows * rows + wp * wp + 2 * yf * wp + m * N);
  if (with_input) {
    c.flops += memory_bound(kDouble * Pg * Pg) * (N * Pg * Pg + 2 * (4 * Pg * Pg + Pg * Pg * Pg / 3)) +
               N * (2 * Pg * n + 4 * nx * k + 6 * nx * nx);
    c.bytes = std::max(c.bytes, kDouble * (2 * Pg * Pg + Pg * 64 * n));  // the direct form's block, the larger
  }
  c.flops *= weight::subspace;
  return c;
}

// subspace_with_rule: the pilot (F and H only), then the identification with the input at the
// rule's block rows, or, when those are no more than the pilot's, the input fit on the pilot's
// model alone. The rule's rows grow with the slowest period over h (choose_block_rows), known only
// from the pilot: n4sid-d2c's horizon of half that period is counted as reaching the cap of 64;
// the starts of variational and auto, an eighth of it (kStartHorizonFraction), as staying within
// the pilot's rows (4n up to 8 DOF, 32 beyond): beyond them only when the slowest period exceeds 8
// times as many samples (the chains of bench/guard.mjs: 5-12 samples at 3-8 DOF; the 8dof preset at
// h = 0.005: 28). A second pass where it was not counted costs up to 1.7x the estimate (8 DOF, 6000
// samples); so does one with the pilot's rows and a longer past (the chains of docs/results.md,
// "Scale", at 16 and 24 DOF: 32 block rows, a past of 21 and 31).
Cost subspace_with_rule(double N, double n, double k, bool second_pass) {
  const double pilot = block_rows(N, n, k, true), rule = second_pass ? block_rows(N, n, k, false) : pilot;
  // Memory: the larger pass, whichever the rule takes.
  const double bytes = subspace(N, n, k, block_rows(N, n, k, false), true).bytes;
  // Past horizons of half the rows (choose_past_rows: the pilot's, and the rule's where the period's
  // eighth asks for no more, as on the chains of bench/guard.mjs).
  const auto half = [](double rows) { return std::ceil(rows / 2); };
  Cost c = rule <= pilot ? subspace(N, n, k, pilot, true, half(pilot))
                         : Cost(subspace(N, n, k, pilot, false, half(pilot))).then(subspace(N, n, k, rule, true, half(rule)));
  c.bytes = std::max(c.bytes, bytes);
  return c;
}

// The PEM loop (pem.cpp) for a model whose Jacobian evaluation costs `jacobian` and whose
// prediction costs `prediction`: per iteration a Jacobian with the normal equations accumulated
// (rank updates n P² per sample) and their Cholesky P³/3, about 1.5 damped steps (10/3 P³ each)
// and as many predictions. Memory: J'J and its factors (3P²), the damped step's 2P x P stack,
// the accumulator's block of 64 samples (64 n P).
Cost pem(double N, double n, double P, double jacobian, double prediction, double iterations, double update_weight, double weight) {
  const double iteration = jacobian + P * P * P / 3 + kTrialsPerIteration * (10.0 / 3 * P * P * P + prediction);
  return {iterations * (weight * iteration + update_weight * N * n * P * P), kDouble * (5 * P * P + 64 * n * P)};
}

// variational (variational_method.cpp): the n4sid start (subspace_with_rule), then the PEM of
// VariationalPredictor (variational_predictor.cpp), P = 3T + 2n; its sensitivity recursion per
// sample is two n x n by n x P products and the columns of Md⁻¹E_p v, 4n²P + 2nP; a prediction
// 6n² per sample. Then the validation.
Cost variational(double N, double n, double k) {
  const double P = 3 * n * (n + 1) / 2 + 2 * n;
  Cost c = subspace_with_rule(N, n, k, false);
  const double update_weight = weight::variational_pem_update * memory_bound(kDouble * P * P);
  c.then(pem(N, n, P, N * (4 * n * n * P + 2 * n * P), N * 6 * n * n, kPemIterations, update_weight, weight::variational_pem));
  c.bytes = std::max(c.bytes, kDouble * 3 * n * P);
  return c.then(validation(N, n));
}

// n4sid-d2c (baseline_d2c.cpp): subspace_with_rule, the d2c of a 2n x 2n model, validation.
Cost n4sid_d2c(double N, double n, double k) {
  return subspace_with_rule(N, n, k, true).then(validation(N, n)).then(friction_score_test(N, n));
}

// The exact-sampling PEM (exact_sampling_method.cpp, ExactSamplingPredictor), P = Ps + 2nR
// (+ nR offsets). Per Jacobian: sampled_model (intersample_model.cpp) takes the Fréchet derivative
// of exp for each of the Ps free entries (sampling_sensitivity.cpp: the exponential of a 2g x 2g
// block, g = 2n + generator columns, about 30 (2g)³ for Padé 13 with a few squarings), and for a
// band-limited input r substeps of two 2n x 2n by 2n x c products per entry (c = 2n + (r+3)·
// channels); then per sample dΦ·z (4n Ps m, m = 2n + columns of w_k), F·S (8n² (Ps + 2n)). A
// prediction is Φ·z, 4nm per sample. The covariance at the end: one more Jacobian with its
// blockwise QR (2nP² per sample). Memory: the Ps derivative matrices (g² each, held twice) and
// dΦ (2n Ps m). `iterations`: the PEM's (exact_sampling_iterations, or auto's under a structure).
Cost exact_sampling(const WorkSizes& s, double iterations) {
  const double N = s.samples, n = s.dof, Ps = s.free;
  const double m = 2 * n + s.slots * s.force_channels, g = 2 * n + s.generator_slots * s.force_channels;
  const double P = Ps + 2 * n * s.runs + (s.offset ? n * s.runs : 0);
  double sampling = Ps * 30 * std::pow(2 * g, 3);
  if (s.substeps > 1) sampling += Ps * s.substeps * 8 * n * n * (2 * n + s.slots * s.force_channels);
  const double per_sample = N * (4 * n * Ps * m + 8 * n * n * (Ps + 2 * n));
  Cost c = pem(N, n, P, per_sample, N * 4 * n * m, iterations, weight::exact_pem, weight::exact_pem);
  // The sampled model's derivatives once per Jacobian, and once more for the covariance.
  c.then({weight::exact_sampling_derivatives * (iterations + 1) * sampling + weight::exact_pem * (per_sample + 2 * N * n * P * P), 0});
  c.bytes = std::max(c.bytes, kDouble * (2 * Ps * g * g + 2 * n * Ps * m));
  return c.then(validation(N, n));
}

// The exact-sampling PEM's iterations from a start of its own (variational-zoh's): kPemIterations,
// kStructuredPemIterations under a constrained structure.
double exact_sampling_iterations(const WorkSizes& s) {
  return s.plain || s.free >= 3 * s.dof * (s.dof + 1) / 2 ? kPemIterations : kStructuredPemIterations;
}

// The output-error refinement after an inverse-dynamic fit with friction (friction_output_error.cpp):
// P = the regression's c columns plus each run's n initial displacements; kPemIterations
// Levenberg-Marquardt iterations (at most 50), each a Jacobian of 2P + 1 free runs and the QR of
// its nN x P stack (2 nN P²). Not made (no work) when one Jacobian would exceed
// kMaxOutputErrorJacobianFlops. Memory: the Jacobian and its QR copy, 2 nN P.
Cost friction_output_error(const WorkSizes& s) {
  const double N = s.samples, n = s.dof, rows = n * N;
  const double P = s.free + n + (s.offset ? n * s.runs : 0) + n * s.runs;
  const double jacobian = output_error_jacobian_flops(P, N, n, s.inputs);
  if (jacobian > kMaxOutputErrorJacobianFlops) return Cost{};
  return Cost{kPemIterations * (jacobian + 2 * rows * P * P), kDouble * 2 * rows * P};
}

// inverse-dynamic (inverse_dynamic.cpp): the regression of the filtered equation of motion has
// up to nN rows (every sample kept when the low-pass is fast; the rule decimates slower ones)
// and c = Ps (+ n friction, + nR offsets) columns, solved by column-pivoting Householder QR
// (2 rows c² per solve); two weighted passes per cut-off and up to three cut-offs (the rule's
// halvings): 6 solves. The zero-phase filters, differentiation, the cut-off rule's spectra and
// the validation by the forced record are counted per sample and output (weight:: above); the
// flops still count the dense regression's QR (the weights were fitted so), an upper bound of the
// equation-by-equation one. Memory: the regression is held by equation (least_squares_by_channel.hpp),
// each of its N rows over its own columns (an entry enters at most two equations: 2 N c in all), for
// two cut-offs at once (the halving test) and for IDIM-IV's instruments; the filtered signals (q, q',
// q'', the force and sign(q'): 5 N n) of the record and of a free run, with that free run's and the
// validation's series (2 N n each); the stacked triangles (at most 2c x c), the QR's copy of them and
// about three c x c matrices of the sandwich covariance: 14 N n + 6 N c + 7 c². Before, 3 n N c for
// the dense regression: 1.6 GB for the 48-DOF chain of docs/results.md ("Scale"), refused, where its
// equations held 1/36 of it.
Cost inverse_dynamic(const WorkSizes& s) {
  const double N = s.samples, n = s.dof, rows = n * N;
  const double c = s.free + (s.friction ? n : 0) + (s.offset ? n * s.runs : 0);
  Cost cost = Cost{weight::inverse_dynamic_qr * 6 * 2 * rows * c * c + weight::inverse_dynamic_per_sample_output * N * n,
                   kDouble * (14 * N * n + 6 * N * c + 7 * c * c)};
  if (s.friction) cost.then(friction_output_error(s));
  return cost;
}

}  // namespace cost_model

int pem_iteration_limit(bool unconstrained) { return unconstrained ? 100 : 60; }

double output_error_jacobian_flops(double parameters, double samples, double dof, double inputs) {
  return (2 * parameters + 1) * samples * (2 * dof) * (2 * dof) * (3 * dof + inputs);
}

WorkEstimate equation_error_cost(const WorkSizes& s) {
  return cost_model::equation_error(s.samples, s.dof).then(cost_model::friction_score_test(s.samples, s.dof)).estimate();
}

WorkEstimate n4sid_d2c_cost(const WorkSizes& s) { return cost_model::n4sid_d2c(s.samples, s.dof, s.inputs).estimate(); }

WorkEstimate variational_cost(const WorkSizes& s) {
  return cost_model::variational(s.samples, s.dof, s.inputs).then(cost_model::friction_score_test(s.samples, s.dof)).estimate();
}

// The variational start on the first run, then the exact-sampling PEM.
WorkEstimate variational_zoh_cost(const WorkSizes& s) {
  return cost_model::variational(s.samples / s.runs, s.dof, s.inputs)
      .then(cost_model::exact_sampling(s, cost_model::exact_sampling_iterations(s)))
      .estimate();
}

WorkEstimate inverse_dynamic_cost(const WorkSizes& s) {
  cost_model::Cost c = cost_model::inverse_dynamic(s);
  if (!s.friction) c.then(cost_model::friction_score_test(s.samples, s.dof));  // an estimate with friction has no friction advice
  return c.estimate();
}

// identify_auto (auto_method.cpp): with friction it runs inverse-dynamic. Otherwise its usual path:
// the full-rate subspace step whose n4sid-d2c estimate starts the exact-sampling PEM (measured:
// "start n4sid-d2c" on every unconstrained chain of bench/guard.mjs). With a constrained structure,
// no offsets and no rigid-body mode: the inverse-dynamic estimate with IDIM-IV's iterations (up to
// 8 free runs and regressions), from which the PEM runs over the whole record (kPemIterations; 4-8
// measured on the chains of 4-50 masses, docs/results.md "Scale"). With offsets or a free body
// IDIM-IV is not made: the subspace start and IDIM-LS's compete, and the PEM from them counts as
// kStructuredPemIterations over the whole record (the growing horizon they run over took about 22
// Jacobians on the chains before). Not counted: the paths taken when a start fails (the competition
// of decimated variational starts when the full-rate start is unusable; under a structure the
// unstructured starts and the growing horizon when IDIM-IV's iterations do not settle or the
// refinement from them does not converge); none of the calibration cases took them.
WorkEstimate auto_cost(const WorkSizes& s) {
  if (s.friction) return inverse_dynamic_cost(s);
  const bool structured = s.free < 3 * s.dof * (s.dof + 1) / 2;
  if (structured && !s.offset && !s.free_body) {
    cost_model::Cost c = cost_model::inverse_dynamic(s);
    c.then({kMaxInstrumentalIterations * cost_model::validation(s.samples, s.dof).flops, 0});  // IDIM-IV's free runs (their memory is counted above)
    return c.then(cost_model::exact_sampling(s, cost_model::kPemIterations)).estimate();
  }
  cost_model::Cost c = cost_model::subspace_with_rule(s.samples / s.runs, s.dof, s.inputs, false);
  if (structured) c.then(cost_model::inverse_dynamic(s));
  return c.then(cost_model::exact_sampling(s, cost_model::exact_sampling_iterations(s))).estimate();
}

}  // namespace mechid
