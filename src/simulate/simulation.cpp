#include "simulate/simulation.hpp"

#include <algorithm>
#include <cmath>

#include "core/clamped_count.hpp"
#include "core/input_error.hpp"
#include "core/memory_limit.hpp"
#include "core/sampling_period.hpp"
#include "simulate/noise.hpp"
#include "discretize/cubic_hold.hpp"
#include "discretize/sampling.hpp"
#include "discretize/sampling_sensitivity.hpp"

namespace mechid {
void check_sample_count(double n) {
  const std::string given = std::to_string(static_cast<long long>(n));  // 64 bits in WebAssembly too
  require(n >= 3, "n must be at least 3 samples, got " + given, "n");
  require(n <= double(kMaxSamples), "n must be at most " + std::to_string(kMaxSamples) + " samples, got " + given, "n");
}

namespace {

// Noise streams start here so they never coincide with the input channels' streams.
constexpr std::uint64_t kNoiseStream = 1ULL << 32;

void check_options(const MechanicalSystem& system, const SimulationOptions& o) {
  check_sampling_period(o.h);
  check_sample_count(double(o.n));
  require(!std::isnan(o.snr_db) && o.snr_db != -INFINITY, "snr must be a number of dB or inf, got " + format_number(o.snr_db), "snr");
  for (const auto& [name, x] : {std::pair<const char*, const Vector&>{"q0", o.q0}, {"v0", o.v0}}) {
    require(x.size() == 0 || x.size() == system.dof(),
            std::string(name) + " must have " + std::to_string(system.dof()) + " entries (one per degree of freedom), got " +
                std::to_string(x.size()));
    require(x.allFinite(), std::string(name) + " has a non-finite entry");
  }
}

// The peak memory of simulate(), checked before it allocates: per sample the 2n states, q, v, a,
// the three products that make a, the input (k) held twice and t; std::bad_alloc (300 DOF × 2·10⁶
// samples, 34 GB) became a refusal naming the sizes (issue 56).
void check_memory(const MechanicalSystem& system, const SimulationOptions& o) {
  const double n = double(system.dof()), k = double(system.inputs());
  const double per_sample = sizeof(double) * (7 * n + 2 * k + 1);
  const double bytes = per_sample * double(o.n);
  require(bytes <= kMaxMemoryBytes,
          "n = " + std::to_string(o.n) + " samples of a " + std::to_string(system.dof()) + "-DOF system with " +
              std::to_string(system.inputs()) + " input(s) need about " + bytes_words(bytes) + " of memory, above the " +
              bytes_words(kMaxMemoryBytes) + " this build can use: at most " +
              std::to_string(static_cast<long long>(kMaxMemoryBytes / per_sample)) + " samples for this system, or fewer DOF",
          "n");
}

// Sub-steps per period: at least 256 per period of the input's highest frequency, where the cubic
// between sub-grid points errs by at most (3/128)(2π/256)⁴ = 8.5e-9 of a line's amplitude
// (cubic_hold.hpp; linear interpolation, used before, erred by 5e-5 on average: a floor that
// showed in the identification of noise-free data). The input's frequencies are at most Nyquist's
// 0.5/h (signals.cpp), so 128 sub-steps suffice; the clamp keeps the conversion defined whatever h is.
constexpr Eigen::Index kMaxSubsteps = 128;

int fine_substeps(const InputSignal& input, double h) {
  const double f = input.highest_frequency_hz();
  return static_cast<int>(clamped_count(std::ceil(256.0 * f * h), 1, kMaxSubsteps));
}

}  // namespace

SimulatedData simulate(const MechanicalSystem& system, const SimulationOptions& options) {
  validate(system);
  check_options(system, options);
  check_memory(system, options);
  const Eigen::Index n = system.dof(), N = options.n;
  InputOptions input_options = options.input;
  input_options.seed = options.seed;
  const InputSignal input(input_options, N, options.h, system.inputs());
  const StateSpaceModel ss = to_state_space(system);
  check_sampling_period(options.h, fastest_rate_bound(system));  // h·ω_max in [ε, 1e8]: q = 0 at h = 1e200 before

  SimulatedData out;
  out.h = options.h;
  out.t = Vector::LinSpaced(N, 0.0, static_cast<double>(N - 1) * options.h);
  out.u = input.sampled();
  Matrix states(2 * n, N);
  Vector x = Vector::Zero(2 * n);
  if (options.q0.size()) x.head(n) = options.q0;
  if (options.v0.size()) x.tail(n) = options.v0;

  if (is_piecewise_constant(input.kind())) {
    out.method = "zoh-exact";
    const ZohSampling zoh = sample_zoh(ss.A, ss.B, options.h);
    for (Eigen::Index i = 0; i < N; ++i) {
      states.col(i) = x;
      x = zoh.F * x + zoh.G * out.u.row(i).transpose();
    }
  } else {
    out.method = "fine-step";
    out.substeps = fine_substeps(input, options.h);
    const int steps = out.substeps;
    const double dt = options.h / steps;
    // The exact response to the cubic through the input at t_s − dt, t_s, t_s + dt, t_s + 2dt over
    // each sub-step (discretize/cubic_hold.hpp): x_{s+1} = F x_s + Σ_m G_m u(t_s + m dt), m = −1 … 2.
    // The forcing of every sub-step of a sample from its input grid (t_i − dt … t_i + h + dt) in
    // four matrix products, then the recursion without temporaries.
    const Eigen::Index k = out.u.cols();
    const Matrix hold = exponential_derivatives(cubic_hold_generator(ss.A, ss.B, dt), {}).exponential.topRows(2 * n);
    const Matrix F = hold.leftCols(2 * n), G = cubic_hold_weights(hold, k);
    InputGrid sub_grid(input, dt, steps + 2);
    Matrix grid(k, steps + 3), forcing(2 * n, steps);
    Vector x_next(2 * n);
    for (Eigen::Index i = 0; i < N; ++i) {
      states.col(i) = x;
      sub_grid.at(static_cast<double>(i) * options.h - dt, grid);
      forcing.noalias() = G.leftCols(k) * grid.leftCols(steps);
      for (Eigen::Index m = 1; m < 4; ++m) forcing.noalias() += G.middleCols(m * k, k) * grid.middleCols(m, steps);
      for (int s = 0; s < steps; ++s) {
        x_next.noalias() = F * x;
        x_next += forcing.col(s);
        x.swap(x_next);
      }
    }
  }
  out.q = states.topRows(n).transpose();
  out.v = states.bottomRows(n).transpose();
  // a_i = M^{-1} (L u_i - D v_i - K q_i), with u_i the value held from t_i on (eq. 1.1).
  out.a = ((out.u * system.L.transpose() - out.v * system.D - out.q * system.K) *
           system.M.llt().solve(Matrix::Identity(n, n)));
  out.noise_std = add_noise(out.q, options.snr_db, options.seed, kNoiseStream);
  return out;
}

}  // namespace mechid
