#include "identify/inverse_dynamic.hpp"

#include <algorithm>
#include <cmath>

#include "core/clamped_count.hpp"
#include "core/dft.hpp"
#include "core/input_error.hpp"
#include "core/parallel_for.hpp"
#include "core/stopwatch.hpp"
#include "core/zero_phase_lowpass.hpp"
#include "identify/friction_output_error.hpp"
#include "identify/least_squares_by_channel.hpp"
#include "identify/methods.hpp"
#include "identify/structured_uncertainty.hpp"
#include "identify/parameter_covariance.hpp"
#include "identify/record_validation.hpp"
#include "identify/validation.hpp"

namespace mechid {
namespace {

// The filtered signals of one run that the regression is built from.
struct FilteredRun {
  Matrix q, v, a;  // filtered q and its central-difference derivatives (rows 1 … N−2 valid)
  Matrix force;    // L u, filtered
  Matrix sign;     // sign of the filtered velocity, filtered
  std::vector<Eigen::Index> rows;  // the samples the regression uses
};

FilteredRun filter_run(const Dataset& d, const Matrix& L, double cutoff_hz) {
  FilteredRun f;
  const Eigen::Index N = d.y.rows(), n = d.y.cols();
  const double h = d.h;
  f.q = zero_phase_lowpass(d.y, h, cutoff_hz);
  f.v = Matrix::Zero(N, n);
  f.a = Matrix::Zero(N, n);
  for (Eigen::Index k = 1; k + 1 < N; ++k) {
    f.v.row(k) = (f.q.row(k + 1) - f.q.row(k - 1)) / (2 * h);
    f.a.row(k) = (f.q.row(k + 1) - 2 * f.q.row(k) + f.q.row(k - 1)) / (h * h);
  }
  f.v.row(0) = f.v.row(1);
  f.v.row(N - 1) = f.v.row(N - 2);
  // A held force is the staircase u_k on [t_k, t_k+1): low-passed, it stands for the force at
  // t_k + h/2, so the samples that describe it at t_k are the averages (u_{k−1} + u_k)/2 (without
  // this the force lags by half a period, a phase error ωh/2 that the regression puts into D).
  Matrix u = d.u;
  if (d.input_sampling == InputSampling::hold)
    for (Eigen::Index k = N - 1; k > 0; --k) u.row(k) = 0.5 * (d.u.row(k - 1) + d.u.row(k));
  f.force = zero_phase_lowpass(u * L.transpose(), h, cutoff_hz);
  f.sign = zero_phase_lowpass(f.v.unaryExpr([](double x) { return static_cast<double>((x > 0) - (x < 0)); }), h, cutoff_hz);
  return f;
}

// The regression Φ θ = y of eq. (1) over the kept rows of every run, held by DOF (least_squares_by_
// channel.hpp): DOF i's equation over the columns it involves, one row per kept sample. Columns
// [free entries of M, D, K; F_c (n, with friction); f_0 (n per run, with offset)]; the entry (i, j)
// of M, D or K enters the equations of DOF i and j. Held whole, Φ was (N n) x P: 70 MB for the
// 24-DOF chain of docs/results.md ("Scale": 2994 samples kept), about 300 MB at 50 DOF with as many,
// where the equations' own columns (chain structure) hold 1/17 and 1/36 of that.
struct Regression : ChannelRegression {
  Matrix y;  // samples x n
};

Regression build_regression(const std::vector<FilteredRun>& runs, const StructureMap& map, const ResolvedStructure& s,
                            bool friction, bool offset) {
  const Eigen::Index n = map.dof(), Ps = map.free_count();
  const Eigen::Index R = static_cast<Eigen::Index>(runs.size());
  Eigen::Index samples = 0;
  for (const FilteredRun& f : runs) samples += static_cast<Eigen::Index>(f.rows.size());
  Regression g;
  g.parameters = Ps + (friction ? n : 0) + (offset ? n * R : 0);
  g.channels.resize(static_cast<std::size_t>(n));
  g.y = Matrix::Zero(samples, n);
  // Each equation's columns in ascending order; for those of M, D and K's free entries, which
  // signal (a, v, q: 0, 1, 2) and which of its columns they multiply in that equation (entry (i, j)
  // multiplies column j in equation i and column i in equation j).
  struct Source {
    Eigen::Index local;  // the column in the equation's regressors
    int signal;
    Eigen::Index column;
  };
  std::vector<std::vector<Source>> sources(static_cast<std::size_t>(n));
  const auto involve = [&](Eigen::Index i, Eigen::Index c) {
    std::vector<Eigen::Index>& columns = g.channels[static_cast<std::size_t>(i)].columns;
    columns.push_back(c);
    return static_cast<Eigen::Index>(columns.size()) - 1;
  };
  for (Eigen::Index c = 0; c < Ps; ++c) {
    const PackedEntry e = packed_entry(map.free_indices()[static_cast<std::size_t>(c)], n);
    sources[static_cast<std::size_t>(e.i)].push_back({involve(e.i, c), e.matrix, e.j});
    if (e.i != e.j) sources[static_cast<std::size_t>(e.j)].push_back({involve(e.j, c), e.matrix, e.i});
  }
  std::vector<Eigen::Index> friction_column(static_cast<std::size_t>(n), -1);
  std::vector<std::vector<Eigen::Index>> offset_column(static_cast<std::size_t>(n));
  for (Eigen::Index i = 0; i < n; ++i) {
    if (friction) friction_column[static_cast<std::size_t>(i)] = involve(i, Ps + i);
    if (offset)
      for (Eigen::Index run = 0; run < R; ++run) offset_column[static_cast<std::size_t>(i)].push_back(involve(i, Ps + (friction ? n : 0) + run * n + i));
  }
  // A task per equation on the core's threads (each writes its own regressors and column of y).
  parallel_for(n, [&](Eigen::Index i) {
    const auto at = static_cast<std::size_t>(i);
    Matrix& X = g.channels[at].X;
    X = Matrix::Zero(samples, static_cast<Eigen::Index>(g.channels[at].columns.size()));
    Eigen::Index row = 0;
    for (Eigen::Index run = 0; run < R; ++run) {
      const FilteredRun& f = runs[static_cast<std::size_t>(run)];
      const Matrix* signals[3] = {&f.a, &f.v, &f.q};  // multiplied by M, D, K
      for (const Eigen::Index k : f.rows) {
        double known = 0.0;  // the fixed entries' part of the left-hand side
        for (int m = 0; m < 3; ++m) known += s.fixed[m].row(i).dot(signals[m]->row(k));
        g.y(row, i) = f.force(k, i) - known;
        for (const Source& source : sources[at]) X(row, source.local) += (*signals[source.signal])(k, source.column);
        if (friction) X(row, friction_column[at]) = f.sign(k, i);
        if (offset) X(row, offset_column[at][static_cast<std::size_t>(run)]) = 1.0;
        ++row;
      }
    }
  });
  return g;
}

// The power-weighted frequency below which `fraction` of the power of the columns of x lies.
double power_quantile_hz(const Matrix& x, double h, double fraction) {
  const Eigen::Index N = x.rows();
  if (N < 4) return 0.0;
  const Dft dft(static_cast<std::size_t>(N));
  std::vector<double> power(static_cast<std::size_t>(N / 2 + 1), 0.0);
  for (Eigen::Index c = 0; c < x.cols(); ++c) {
    ComplexVector column(static_cast<std::size_t>(N));
    const double mean = x.col(c).mean();
    for (Eigen::Index t = 0; t < N; ++t) column[static_cast<std::size_t>(t)] = x(t, c) - mean;
    const ComplexVector X = dft.forward(column);
    for (std::size_t b = 1; b < power.size(); ++b) power[b] += std::norm(X[b]);
  }
  double total = 0.0;
  for (const double p : power) total += p;
  double sum = 0.0;
  for (std::size_t b = 1; b < power.size(); ++b) {
    sum += power[b];
    if (sum >= fraction * total) return static_cast<double>(b) / (static_cast<double>(N) * h);
  }
  return 0.5 / h;
}

}  // namespace

double inverse_dynamic_cutoff_hz(const std::vector<Dataset>& runs) {
  const double h = runs.front().h;
  double band = 0.0, shortest = INFINITY;
  for (const Dataset& d : runs) {
    const Eigen::Index N = d.y.rows();
    shortest = std::min(shortest, static_cast<double>(N) * h);
    if (N >= 4) band = std::max(band, power_quantile_hz(d.y.bottomRows(N - 1) - d.y.topRows(N - 1), h, 0.99));
  }
  return std::min(0.2 * 0.5 / h, std::max(5 * band, 20.0 / shortest));
}

namespace {

// The weighted least-squares estimate at one cut-off, with its sandwich covariance.
struct IdimFit : Outcome {
  double cutoff = 0.0;
  Eigen::Index step = 1, excluded_rows = 0;
  Vector theta, sd;
  ParameterCovariance covariance;
  Regression g;                                 // the regression solved, weighted
  Vector weights;                               // its weights per DOF (1/σ_i, the largest 1)
  std::vector<std::vector<Eigen::Index>> rows;  // the samples it uses, per run
};

IdimFit fit_at(const std::vector<Dataset>& runs, const Matrix& L, const StructureMap& map, const ResolvedStructure& structure,
               const IdentifyOptions& options, double cutoff) {
  IdimFit fit;
  fit.cutoff = cutoff;
  const Dataset& data = runs.front();
  const Eigen::Index n = data.y.cols();
  require(cutoff * data.h < 0.5, "lowpass_hz = " + format_number(cutoff) + " Hz is at or above the Nyquist frequency " +
                                     format_number(0.5 / data.h) + " Hz of the data", "lowpass");
  // Rows every `step` samples (the filtered signals then sampled at >= 4 × the cut-off, where the
  // residuals of neighbouring rows are nearly uncorrelated), `edge` samples (3 time constants of
  // the filter) dropped at each end, where the reflection padding still shows.
  const Eigen::Index step = clamped_count(std::floor(1.0 / (4 * cutoff * data.h)), 1);
  const Eigen::Index edge = clamped_count(std::ceil(3.0 / (2 * M_PI * cutoff * data.h))) + 1;
  fit.step = step;
  std::vector<FilteredRun> filtered;
  for (const Dataset& d : runs) {
    // In double: step and edge reach 5·10⁸ for a cut-off near 10⁻⁹/h, and 2·edge + 10·step then wrapped
    // negative in WebAssembly's 32-bit Eigen::Index (the check passed and the fit found rank 0).
    require(double(d.y.rows()) > 2.0 * double(edge) + 10.0 * double(step), "the record is too short for the low-pass at " + format_number(cutoff) +
                                                   " Hz: give a higher lowpass_hz or a longer record", "lowpass");
    filtered.push_back(filter_run(d, L, cutoff));
  }
  const bool friction = options.coulomb_friction, offset = options.offset;
  // Friction needs motion: a DOF whose filtered displacement spans no more than 10 times the noise
  // removed by the filter never moves, and sign(q') there is the sign of noise.
  if (friction)
    for (Eigen::Index i = 0; i < n; ++i) {
      bool moves = false;
      for (std::size_t run = 0; run < runs.size(); ++run) {
        const auto q = filtered[run].q.col(i);
        const double noise = (runs[run].y.col(i) - q).norm() / std::sqrt(static_cast<double>(q.size()));
        moves = moves || q.maxCoeff() - q.minCoeff() > 10 * noise;
      }
      require(moves, "friction: DOF " + std::to_string(i + 1) +
                         " does not move beyond its noise in the data, so it has no friction to estimate; identify "
                         "without friction, or with a record where it moves", "friction");
    }
  // The rows: every `step`-th sample away from the ends; with friction, none within `edge` samples
  // of a sample where a DOF moves slower than 3 % of its RMS velocity. There the carts stick or
  // reverse, the friction force is anything between −F_c and F_c, not F_c sign(q'), and the filter
  // spreads that error over its time constants (IDIM practice: Gautier 1997 excludes the samples
  // near zero velocity from the friction identification). 3 %: on the synthetic stick-slip chain of
  // tests/cpp/identify/inverse_dynamic_test.cpp, 0 % leaves F_c 2 % low (4 sd), 3 % and 10 % are
  // within 1 sd; on the EMPS record 10 % moves F_v by 5 % from the published value, 3 % by 1 %.
  for (FilteredRun& f : filtered) {
    const Eigen::Index N = f.q.rows();
    std::vector<char> slow(static_cast<std::size_t>(N), 0);
    if (friction)
      for (Eigen::Index i = 0; i < n; ++i) {
        const double rms = f.v.col(i).norm() / std::sqrt(static_cast<double>(N));
        for (Eigen::Index k = 0; k < N; ++k)
          if (std::abs(f.v(k, i)) < 0.03 * rms)
            for (Eigen::Index j = std::max<Eigen::Index>(0, k - edge); j <= std::min(N - 1, k + edge); ++j)
              slow[static_cast<std::size_t>(j)] = 1;
      }
    for (Eigen::Index k = edge; k < N - edge; k += step) {
      if (slow[static_cast<std::size_t>(k)]) ++fit.excluded_rows;
      else f.rows.push_back(k);
    }
  }
  // F_c and f_0 are told apart only where sign(q') changes: a DOF moving one way in every row used
  // makes its friction column a constant.
  if (friction)
    for (Eigen::Index i = 0; i < n; ++i) {
      bool forward = false, backward = false;
      for (const FilteredRun& f : filtered)
        for (const Eigen::Index k : f.rows) (f.v(k, i) > 0 ? forward : backward) = true;
      require(forward && backward, "friction: DOF " + std::to_string(i + 1) +
                                       " moves in one direction only in the rows used, so Coulomb friction cannot be "
                                       "told from a constant force there; excite it back and forth",
              "friction");
    }
  for (const FilteredRun& f : filtered) fit.rows.push_back(f.rows);
  Regression g = build_regression(filtered, map, structure, friction, offset);
  const Eigen::Index P = g.parameters;
  fit.weights = Vector::Ones(n);
  // Weighted least squares, weights 1/σ_i per DOF from the first (unweighted) pass's residuals,
  // applied to the equations in place once, for the second and last pass; the covariance with them.
  for (int pass = 0; pass < 2; ++pass) {
    if (pass > 0) {
      const Matrix residual = channel_residuals(g, g.y, fit.theta);
      Vector weights(n);
      for (Eigen::Index i = 0; i < n; ++i) {
        const double sigma = residual.col(i).norm() / std::sqrt(static_cast<double>(std::max<Eigen::Index>(residual.rows(), 1)));
        weights(i) = sigma > 0 ? 1.0 / sigma : 1.0;
      }
      weights /= weights.maxCoeff();
      fit.weights = weights;
      for (Eigen::Index i = 0; i < n; ++i) {
        g.channels[static_cast<std::size_t>(i)].X *= weights(i);
        g.y.col(i) *= weights(i);
      }
    }
    // The equations' stacked triangles (least_squares_by_channel.hpp: the normal equations of the
    // whole, so the same column norms, rank and solution), its columns scaled to unit norm (the
    // rank test of the QR then does not depend on units).
    const ChannelStack stack = stack_by_channel(g, g.y);
    const Vector scale = stack.T.colwise().norm().transpose().unaryExpr([](double x) { return x > 0 ? 1.0 / x : 1.0; });
    Eigen::ColPivHouseholderQR<Matrix> qr(stack.T * scale.asDiagonal());
    qr.setThreshold(1e-10);
    if (qr.rank() < P) {
      fit.fail("the data do not determine every unknown of the inverse dynamic model (rank " + std::to_string(qr.rank()) +
               " of " + std::to_string(P) + "): excite every DOF, or fix entries with a structure");
      return fit;
    }
    fit.theta = scale.asDiagonal() * qr.solve(stack.t);
  }
  // The covariance in the sandwich form (the rows are filtered signals: their residuals are coloured
  // by construction, as the accelerations' are): Ljung 1999, eq. 9.42, parameter_covariance.hpp.
  fit.covariance = regression_sandwich_covariance(g, channel_residuals(g, g.y, fit.theta));
  if (!fit.covariance.ok) {
    fit.fail("the inverse dynamic regression has non-finite residuals");
    return fit;
  }
  fit.sd = fit.covariance.covariance.diagonal().cwiseMax(0.0).cwiseSqrt();
  fit.g = std::move(g);
  return fit;
}

// The largest |θ_a − θ_b| / (3 sqrt(sd_a² + sd_b²)) over the parameters: above 1, the two fits
// differ by more than their scatter explains.
double disagreement(const IdimFit& a, const IdimFit& b) {
  const Vector bound = 3 * (a.sd.array().square() + b.sd.array().square()).sqrt();
  return ((a.theta - b.theta).cwiseAbs().array() / bound.array().max(1e-300)).maxCoeff();
}

// The instrumental-variable iterations of IDIM-IV (Janot, Vandanjon & Gautier 2014, "A generic
// instrumental variable approach for industrial robot identification", IEEE Trans. Control Syst.
// Technol. 22(1), pp. 132-145, sec. III): the regressors of (1) built from the measured q (Φ) carry
// its noise, differentiated, which biases least squares toward zero (errors in variables: on the
// 32-DOF chain of docs/results.md, "Scale", M and K came out at 6-40 % of the truth); the same
// regressors built from the free run of the previous estimate (Z: its simulated q through the same
// filter, differences, rows and weights) do not, and θ = (Zᵀ Φ)⁻¹ Zᵀ y is consistent. From the
// least-squares θ, each iteration simulates the previous estimate (validate_model: exact sampling,
// the initial state fitted; its residual tests not needed) and solves those equations; it stops when no parameter moved by more than
// a tenth of its least-squares sd, after 8 iterations, or when the estimate has no free run (M
// singular, a diverging or failed simulation; the last estimate stays). fit.sd and its covariance stay
// those of the least squares.
InstrumentalIterations instrumental_iterations(IdimFit& fit, const std::vector<Dataset>& runs, const Matrix& L, const StructureMap& map,
                            const ResolvedStructure& structure) {
  constexpr double kMoved = 0.1;  // in least-squares sd
  const Regression& g = fit.g;
  const Eigen::Index n = g.y.cols(), P = g.parameters;
  // Φ's column norms (the scaling of the unknowns, as in the least squares' QR).
  Vector phi_scale = Vector::Zero(P);
  for (const ChannelRegressors& x : g.channels)
    for (std::size_t a = 0; a < x.columns.size(); ++a) phi_scale(x.columns[a]) += x.X.col(static_cast<Eigen::Index>(a)).squaredNorm();
  phi_scale = phi_scale.unaryExpr([](double v) { return v > 0 ? 1.0 / std::sqrt(v) : 1.0; });
  InstrumentalIterations out;
  while (out.made < kMaxInstrumentalIterations) {
    MechanicalSystem model;
    model.L = L;
    map.unpack(fit.theta.head(map.free_count()), model.M, model.D, model.K);
    std::vector<FilteredRun> simulated;
    for (std::size_t run = 0; run < runs.size(); ++run) {
      ValidationReport free_run;
      try {
        free_run = validate_model(model, runs[run], 25, Series::untested);
      } catch (const InputError&) {
        return out;
      }
      if (free_run.failed() || !free_run.simulated.allFinite()) return out;
      Dataset copy = runs[run];
      copy.y = std::move(free_run.simulated);
      FilteredRun f = filter_run(copy, L, fit.cutoff);
      f.rows = fit.rows[run];
      simulated.push_back(std::move(f));
    }
    const Regression z = build_regression(simulated, map, structure, false, false);
    // Zᵀ Φ and Zᵀ y over the channels, Z weighted as Φ and y are (by the channel's weight).
    Matrix A = Matrix::Zero(P, P);
    Vector b = Vector::Zero(P), z_scale = Vector::Zero(P);
    for (Eigen::Index i = 0; i < n; ++i) {
      const ChannelRegressors& x = g.channels[static_cast<std::size_t>(i)];
      const Matrix zi = fit.weights(i) * z.channels[static_cast<std::size_t>(i)].X;
      const Matrix zx = zi.transpose() * x.X;
      const Vector zy = zi.transpose() * g.y.col(i);
      for (std::size_t a = 0; a < x.columns.size(); ++a) {
        const auto ra = static_cast<Eigen::Index>(a);
        b(x.columns[a]) += zy(ra);
        z_scale(x.columns[a]) += zi.col(ra).squaredNorm();
        for (std::size_t c = 0; c < x.columns.size(); ++c) A(x.columns[a], x.columns[c]) += zx(ra, static_cast<Eigen::Index>(c));
      }
    }
    z_scale = z_scale.unaryExpr([](double v) { return v > 0 ? 1.0 / std::sqrt(v) : 1.0; });
    Eigen::ColPivHouseholderQR<Matrix> qr(z_scale.asDiagonal() * A * phi_scale.asDiagonal());
    qr.setThreshold(1e-10);
    if (qr.rank() < P) return out;
    const Vector theta = phi_scale.asDiagonal() * qr.solve(z_scale.asDiagonal() * b);
    if (!theta.allFinite()) return out;
    ++out.made;
    const double moved = ((theta - fit.theta).cwiseAbs().array() / fit.sd.array().max(1e-300)).maxCoeff();
    fit.theta = theta;
    out.settled = moved < kMoved;
    if (out.settled) break;
  }
  return out;
}

// IDIM-LS, and with `instrumental` IDIM-IV's iterations after it (without friction, offsets or a
// rigid-body mode), whose count and end go to *instrumental.
Identification inverse_dynamic(const std::vector<Dataset>& runs, const IdentifyOptions& options,
                               InstrumentalIterations* instrumental = nullptr) {
  const Stopwatch clock;
  const Dataset& data = runs.front();
  Identification r = method_result("inverse-dynamic", data);
  const Eigen::Index n = data.y.cols();
  const Matrix L = input_matrix(data, options);
  for (const Dataset& d : runs) validate(d, 20);
  const ResolvedStructure structure = resolve(options.structure, n);
  const StructureMap map(structure);
  r.rigid_body = structure.rigid_body;
  // The cut-off: the one given, or the rule's, halved while the estimate moves by more than its
  // scatter between it and half of it (the higher of two that agree is kept: more rows, smaller sd). Noise on q, differentiated, sits on the regressor side of
  // the least squares (errors in variables) and biases the estimate toward zero by an amount that
  // grows with the bandwidth; the parallel filtering keeps the equation exact at any cut-off, so a
  // lower one loses only information. Stops at a quarter of the rule's (or where the record is too
  // short for the filter) and warns when the estimate still moves there.
  IdimFit fit = fit_at(runs, L, map, structure, options, options.lowpass_hz > 0 ? options.lowpass_hz : inverse_dynamic_cutoff_hz(runs));
  double moved_at_hz = 0.0;  // the cut-off from which halving still moved the estimate (0: it did not)
  if (fit.failed()) {
    r.fail(fit.message);
    return r;
  }
  if (options.lowpass_hz <= 0) {
    // Not below twice the fastest mode of the estimate: lower, the filter removes the response that
    // carries M and K, and the estimate moves for that reason instead.
    const auto fastest_hz = [&](const IdimFit& f) {
      MechanicalSystem s;
      s.L = L;
      map.unpack(f.theta.head(map.free_count()), s.M, s.D, s.K);
      const ModalResult modal = modal_analysis(s);
      return modal.modes.empty() ? 0.0 : modal.modes.back().omega_n / (2 * M_PI);
    };
    for (int halvings = 0; halvings < 2; ++halvings) {
      IdimFit lower;
      try {
        lower = fit_at(runs, L, map, structure, options, fit.cutoff / 2);
      } catch (const InputError&) {
        break;  // the record is too short for a lower cut-off
      }
      if (lower.failed() || disagreement(fit, lower) <= 1) break;  // agrees: keep the wider band (smaller sd)
      if (halvings == 1 || fit.cutoff / 2 < 2 * fastest_hz(fit)) {
        moved_at_hz = fit.cutoff;
        if (fit.cutoff / 2 < 2 * fastest_hz(fit)) break;
      }
      fit = std::move(lower);
    }
  }
  const bool friction = options.coulomb_friction, offset = options.offset;
  // A rigid-body mode (a row of K fixed at zero: a free body) has no free run that stays near the
  // record (it drifts, and closed-loop data need the controller): no instruments from it, as no
  // output-error refinement below.
  const bool instruments = instrumental && !friction && !offset && !structure.rigid_body;
  if (instruments) *instrumental = instrumental_iterations(fit, runs, L, map, structure);
  // The output-error refinement (IDIM-OE, friction_output_error.hpp): its estimate and intervals
  // replace those of the least squares when it verifies. When it does not and the halving test shows
  // the least squares biased, the intervals are withheld: they would not cover (review
  // numerics-e622506, problem 5: 51-69 %).
  // Made with friction only (issue 48, item 4; its cost grows as the parameters times the samples):
  // without it the halving test's warning stands as before.
  FrictionRefinement refined;
  if (!friction)
    refined.reason = "made with friction only";
  else if (structure.rigid_body)
    refined.reason = "a free body (K = 0) has no free run to compare with the record (closed-loop data need the controller)";
  else
    refined = refine_by_output_error(runs, L, map, fit.theta, friction, offset);
  if (refined.verified) {
    fit.theta = refined.theta;
    fit.covariance = refined.covariance;
    fit.sd = fit.covariance.covariance.diagonal().cwiseMax(0.0).cwiseSqrt();
    r.diagnostics.refinement = "output error: converged in " + std::to_string(refined.report.iterations) +
                               " iterations, free-run fit >= " + format_number(refined.min_fit_percent) + " %";
  } else if (friction) {
    r.diagnostics.refinement = "none: " + refined.reason;
  } else if (instruments) {
    r.method = "inverse-dynamic (instrumental variables)";
    r.diagnostics.refinement = "instrumental variables (Janot, Vandanjon & Gautier 2014): " + std::to_string(instrumental->made) +
                               " iterations from the least squares";
  }
  const bool withhold = friction && !refined.verified && moved_at_hz > 0;
  if (!friction && moved_at_hz > 0 && !instruments)
    r.add_warning("the inverse-dynamic estimate moves beyond its scatter when the low-pass cut-off is halved (from " +
                  format_number(moved_at_hz) + " Hz): noise on the differentiated outputs biases it; compare with "
                  "another lowpass_hz, or use the output-error fit (auto)");
  if (withhold)
    r.advise(Advice{AdviceCode::biased_estimator, AdviceLevel::warning,
                    "The friction estimate's intervals are withheld: the least-squares estimate is biased by noise on "
                    "the differentiated outputs, and the output-error refinement that would remove the bias could not "
                    "be made.",
                    "The inverse-dynamic estimate moves beyond its scatter when the low-pass cut-off is halved (from " +
                        format_number(moved_at_hz) + " Hz): errors in the differentiated regressors bias least squares "
                        "toward zero, and the intervals would not contain that bias. The output-error refinement "
                        "(Gautier, Janot & Vandanjon 2013) was not made: " + refined.reason + ".",
                    "Compare with another low-pass cut-off (lowpass_hz), record with less noise or faster sampling, or "
                    "identify without friction by the output-error fit (method auto)."});
  const double cutoff = fit.cutoff;
  const Vector& theta = fit.theta;
  const Vector& sd = fit.sd;
  const ParameterCovariance& c = fit.covariance;
  const Eigen::Index Ps = map.free_count();

  r.system.L = L;
  map.unpack(theta.head(Ps), r.system.M, r.system.D, r.system.K);
  Eigen::Index next = Ps;
  if (friction) {
    r.forces.coulomb = theta.segment(next, n);
    if (!withhold) r.forces.coulomb_sd = sd.segment(next, n);
    next += n;
  }
  const Eigen::Index R = static_cast<Eigen::Index>(runs.size());
  if (offset) {
    r.forces.offset = Eigen::Map<const Matrix>(theta.data() + next, n, R).transpose();
    if (!withhold) r.forces.offset_sd = Eigen::Map<const Matrix>(sd.data() + next, n, R).transpose();
  }
  r.diagnostics.lowpass_hz = cutoff;
  r.diagnostics.decimation = fit.step;
  if (friction) r.diagnostics.excluded_rows = fit.excluded_rows;
  r.diagnostics.condition = c.singular_values(0) / c.singular_values(c.singular_values.size() - 1);
  r.diagnostics.covariance = to_string(c.kind);
  r.diagnostics.covariance_max_lag = c.max_lag;
  // Validation on the first run: the free run of the model with the friction and offset forces
  // as further inputs (record_validation.hpp), as the exact-sampling PEM validates its offsets;
  // the intervals once the modes are known.
  const ForcedRecord forced = with_force_terms(r.system, r.forces, cutoff, data);
  r.system = forced.model;
  const UncertaintyStep intervals = [&](const Identification& done) {
    Uncertainty u = structured_uncertainty(map, done.system, theta, c, done.modal);
    u.residual_is_force = !refined.verified;
    return u;
  };
  // IDIM-IV's estimate has no covariance of its own here (the least squares' would not be its).
  finish(r, forced.data(), withhold || instruments ? UncertaintyStep() : intervals);
  r.system.L = L;
  r.timing_ms = clock.elapsed_ms();
  return r;
}

}  // namespace

Identification identify_inverse_dynamic(const std::vector<Dataset>& runs, const IdentifyOptions& options) {
  return inverse_dynamic(runs, options);
}

InverseDynamicStart inverse_dynamic_start(const std::vector<Dataset>& runs, const IdentifyOptions& options) {
  InverseDynamicStart start;
  start.estimate = inverse_dynamic(runs, options, &start.iterations);
  return start;
}

}  // namespace mechid
