// Coverage of the 95 % intervals of the DIA and IDA (Karimov et al. 2021; the median-regression
// sandwich of src/estimators/nonlinear/lad_covariance.hpp) over noise realisations, for
// docs/results.md (bench/nonlinear_intervals.mjs). Lin-Ewins oscillator as `simulate --system
// lin-ewins --sigma 10 --a0 5 --seed S` makes it (S = 1..runs), identified as `identify --method ida|dia
// --regions thresholds:0.005 --segments 20 --highpass 2 --detrend` with the mass and damping given or
// estimated. Per configuration: the mean estimate and its error, the spread over the runs against the
// reported sd (half-width / z95), the share of runs whose interval holds the truth, and the share
// whose interval holds the mean of the runs (what the interval can hold: the spread, not the bias).
// Usage: mechid_nonlinear_intervals [--runs N]   (markdown on stdout)
#include <chrono>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "core/input_error.hpp"
#include "core/normal_quantile.hpp"
#include "estimators/nonlinear/experiment.hpp"
#include "estimators/nonlinear/nonlinear.hpp"

using namespace mechid;
using namespace mechid::nonlinear;

namespace {

struct Config {
  std::string label;
  Form method;
  bool mass_given, damping_given;
};

struct Parameter {  // one parameter over the runs
  std::vector<double> value, half;
};

struct Tally {
  Parameter k, inner, mass, damping;
  int warnings = 0;
  std::string advice;
};

double mean(const std::vector<double>& x) {
  double s = 0;
  for (double v : x) s += v;
  return x.empty() ? NAN : s / static_cast<double>(x.size());
}

double sd(const std::vector<double>& x) {
  const double m = mean(x);
  double s = 0;
  for (double v : x) s += (v - m) * (v - m);
  return x.size() > 1 ? std::sqrt(s / static_cast<double>(x.size() - 1)) : NAN;
}

// "mean (error) | observed sd / mean reported sd | holds truth | holds mean"
std::string cells(const Parameter& p, double truth, bool relative) {
  if (p.value.empty() || !std::isfinite(mean(p.half))) return "given | | | ";
  const double m = mean(p.value), observed = sd(p.value), reported = mean(p.half) / kZ95;
  int truth_in = 0, mean_in = 0;
  for (std::size_t i = 0; i < p.value.size(); ++i) {
    truth_in += std::abs(p.value[i] - truth) <= p.half[i];
    mean_in += std::abs(p.value[i] - m) <= p.half[i];
  }
  const double n = static_cast<double>(p.value.size());
  char b[200];
  if (relative)
    std::snprintf(b, sizeof b, "%.4g (%+.1f %%) | %.3g / %.3g | %.0f %% | %.0f %%", m, 100 * (m - truth) / truth, observed, reported,
                  100 * truth_in / n, 100 * mean_in / n);
  else
    std::snprintf(b, sizeof b, "%.4g | %.3g / %.3g | %.0f %% | %.0f %%", m, observed, reported, 100 * truth_in / n, 100 * mean_in / n);
  return b;
}

void add(Parameter& p, double value, double half) {
  p.value.push_back(value);
  p.half.push_back(half);
}

}  // namespace

int main(int argc, char** argv) {
  int runs = 100;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--runs" && i + 1 < argc) runs = std::atoi(argv[++i]);
    else {
      std::fprintf(stderr, "usage: mechid_nonlinear_intervals [--runs N]\n");
      return 1;
    }
  }
  const std::vector<Config> configs = {{"IDA, m and c given", Form::ida, true, true},
                                       {"IDA, m given, c estimated", Form::ida, true, false},
                                       {"IDA, m and c estimated", Form::ida, false, false},
                                       {"DIA, m and c given", Form::dia, true, true},
                                       {"DIA, m and c estimated", Form::dia, false, false}};
  try {
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<Tally> noisy(configs.size()), clean(configs.size());
    for (int seed = 0; seed <= runs; ++seed) {  // seed 0: the noise-free record
      ExperimentOptions eo;
      eo.sigma = seed == 0 ? 0.0 : 10.0;
      eo.a0 = seed == 0 ? 0.0 : 5.0;
      eo.seed = static_cast<std::uint64_t>(std::max(seed, 1));
      const Experiment e = simulate_experiment("lin-ewins", eo);
      AccelerationData d;
      d.h = e.motion.h;
      d.a = e.measured;
      d.f = e.motion.f;
      for (std::size_t c = 0; c < configs.size(); ++c) {
        PiecewiseOptions o;
        o.method = configs[c].method;
        o.regions = threshold_regions(5e-3);
        o.reconstruction.segments = 20;
        o.reconstruction.highpass_hz = 2;
        o.reconstruction.detrend = true;
        if (configs[c].mass_given) o.mass = e.system.mass;
        if (configs[c].damping_given) o.damping = e.system.damping;
        const PiecewiseIdentification r = identify_piecewise(d, o);
        Tally& t = seed == 0 ? clean[c] : noisy[c];
        if (r.status != Status::ok) ++t.warnings;
        t.advice.clear();
        for (const Advice& a : r.advice) t.advice += (t.advice.empty() ? "" : ", ") + kAdviceCodeNames.name(a.code) + (a.level == AdviceLevel::note ? " (note)" : " (warning)");
        add(t.k, r.stiffness[0].k, r.stiffness[0].k_half95);
        add(t.inner, r.stiffness[1].k, r.stiffness[1].k_half95);
        if (r.mass_estimated) add(t.mass, r.mass, r.mass_half95);
        if (r.damping_estimated) add(t.damping, r.damping, r.damping_half95);
      }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const Experiment truth = simulate_experiment("lin-ewins", ExperimentOptions{});
    const double k_true = truth.system.stiffness[0], k_inner = truth.system.stiffness[1];
    std::printf("Command: `npm run build:native && node bench/run.mjs nonlinear_intervals` (tool `build-native/mechid_nonlinear_intervals`, source `bench/native/nonlinear_intervals.cpp`).\n\n");
    std::printf("Lin-Ewins oscillator of Karimov et al. 2021 (m = %g, c = %g, k_outer = %g, k_inner = %g), 20 s at 1 kHz, as `simulate --system lin-ewins --sigma 10 --a0 5 --seed S` (S = 1..%d); `identify --method ida|dia --regions thresholds:0.005 --segments 20 --highpass 2 --detrend`, with `--mass 1 --damping 4` where given. Each cell: mean over the runs (its error against the truth) | observed sd over the runs / mean reported sd (95 %% half-width / 1.96) | share of the runs whose 95 %% interval holds the truth | share whose interval holds the runs' mean.\n\n",
                truth.system.mass, truth.system.damping, k_true, k_inner, runs);
    std::printf("| method | status warning | advice | k_outer | k_inner | mass | damping |\n|---|---|---|---|---|---|---|\n");
    for (std::size_t c = 0; c < configs.size(); ++c) {
      const Tally& t = noisy[c];
      std::printf("| %s, σ = 10 | %d of %d | %s | %s | %s | %s | %s |\n", configs[c].label.c_str(), t.warnings, runs, t.advice.c_str(),
                  cells(t.k, k_true, true).c_str(), cells(t.inner, k_inner, false).c_str(), cells(t.mass, truth.system.mass, true).c_str(),
                  cells(t.damping, truth.system.damping, true).c_str());
    }
    std::printf("\nNoise-free record (one run): estimate ± 95 %% half-width.\n\n| method | status | advice | k_outer | k_inner | mass | damping |\n|---|---|---|---|---|---|---|\n");
    auto one = [](const Parameter& p) {
      if (p.value.empty()) return std::string("given");
      char b[80];
      std::snprintf(b, sizeof b, "%.6g ± %.3g", p.value[0], p.half[0]);
      return std::string(b);
    };
    for (std::size_t c = 0; c < configs.size(); ++c) {
      const Tally& t = clean[c];
      std::printf("| %s | %s | %s | %s | %s | %s | %s |\n", configs[c].label.c_str(), t.warnings ? "warning" : "ok", t.advice.c_str(),
                  one(t.k).c_str(), one(t.inner).c_str(), one(t.mass).c_str(), one(t.damping).c_str());
    }
    std::printf("\n(%.0f s in all, native.)\n", seconds);
  } catch (const InputError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}
