// Where the noise-free DIA error of Karimov et al. 2021's Table 1 comes from (docs/results.md, section
// "Nonlinear stiffness from acceleration"; bench/nonlinear_dia.mjs). Lin-Ewins oscillator
// (eqs. 18-21), known m, c and force, DIA = Algorithm 2 on eq. 14 (IRLS, no swapping), regions of
// eq. 20 on the displacement fed to the regression. Three questions:
//  H1: does the trend treatment of sec. 3.2.2 (20 fragments, detrend, 0-2 Hz out, detrend) bias
//      the DIA by itself? -> fed with the treated EXACT x and v, and with the pipeline run at
//      10 kHz where the quadrature is accurate.
//  H2: does an unknown offset per region (eq. 11's x0_j as unknowns: an intercept per region,
//      breakpoints ±x0) absorb what the treatment does to x?
//  H3: is the quadrature error of v across the sigmoid crossings systematic (a line that
//      detrending removes) or a random walk? Simpson and trapezoid against the exact v, and the
//      DIA on x, v integrated from zero (sec. 3.2.1) at 1, 2 and 5 kHz.
// Usage: mechid_nonlinear_dia_sources   (markdown on stdout)
#include <cmath>
#include <cstdio>
#include <string>
#include <tuple>

#include "core/input_error.hpp"
#include "estimators/nonlinear/nonlinear.hpp"
#include "estimators/nonlinear/filter.hpp"
#include "estimators/nonlinear/integrate.hpp"

using namespace mechid;
using namespace mechid::nonlinear;

namespace {

constexpr double kOuter = 40000.0, kGap = 5e-3;

// Algorithm 2 (eq. 14) with m = 1 and 2c = 8 known: y = a + 2c v - f = Σ_j B_j μ_j(x) (x - x0_j).
// Returns h (B_j = -k_j, then intercepts for regions with free offsets).
Vector dia(const Motion& m, const Vector& x, const Vector& v, const Regions& regions) {
  PiecewiseRegression p;
  p.form = Form::dia;
  p.regions = regions;
  p.x = x;
  p.v = v;
  p.y = m.a + 8.0 * v - m.f;
  p.fixed.resize(p.y.size(), 0);
  IrlsOptions irls;
  irls.max_iterations = 1000;
  SwapOptions swap;
  swap.enabled = false;
  return irls_with_swapping(p, classify(regions, x), irls, swap).fit.h;
}

std::string k_cell(double k) {
  char b[64];
  std::snprintf(b, sizeof b, "%.1f | %.4f", k, std::abs(k - kOuter) / kOuter);
  return b;
}

double rms(const Vector& y) { return std::sqrt(y.squaredNorm() / static_cast<double>(y.size())); }

Vector trapezoid(const Vector& y, double h) {
  Vector out = Vector::Zero(y.size());
  for (Eigen::Index i = 1; i < y.size(); ++i) out(i) = out(i - 1) + 0.5 * h * (y(i - 1) + y(i));
  return out;
}

}  // namespace

int main() {
  try {
    const PiecewiseOscillator le = lin_ewins();
    const Regions thresholds = threshold_regions(kGap);
    const Regions free_offsets = breakpoint_regions({-kGap, kGap});
    const ReconstructionOptions treated{20, 2.0, true};
    const Motion m = simulate(le, 1e-3, 20000, 50);
    const Motion fine = simulate(le, 1e-4, 200000, 5);  // another chaotic trajectory, same system

    const Vector xt = treat_fragments(m.x, 1e-3, treated), vt = treat_fragments(m.v, 1e-3, treated);
    const ReconstructedSignals s = reconstruct(m.a, 1e-3, treated);
    const ReconstructedSignals s10 = reconstruct(fine.a, 1e-4, treated);

    std::printf("Noise-free Lin-Ewins record, 20 s; DIA (Algorithm 2, eq. 14) with known m, c, force; "
                "\"treated\" = 20 fragments, detrend, 0-2 Hz out, detrend (sec. 3.2.2).\n\n");
    std::printf("| x, v fed to the DIA | sampling | k1 (outer) | rel. error |\n|---|---|---|---|\n");
    std::printf("| exact x, v (simulation) | 1 kHz | %s |\n", k_cell(-dia(m, m.x, m.v, thresholds)(0)).c_str());
    std::printf("| treated exact x, treated exact v | 1 kHz | %s |\n", k_cell(-dia(m, xt, vt, thresholds)(0)).c_str());
    std::printf("| treated exact x, exact v | 1 kHz | %s |\n", k_cell(-dia(m, xt, m.v, thresholds)(0)).c_str());
    std::printf("| exact x, treated exact v | 1 kHz | %s |\n", k_cell(-dia(m, m.x, vt, thresholds)(0)).c_str());
    std::printf("| integrated (Simpson) and treated | 1 kHz | %s |\n", k_cell(-dia(m, s.x, s.v, thresholds)(0)).c_str());
    std::printf("| integrated (Simpson) and treated | 10 kHz | %s |\n", k_cell(-dia(fine, s10.x, s10.v, thresholds)(0)).c_str());
    for (const auto& [label, x, v] : {std::tuple<const char*, const Vector&, const Vector&>{"exact", m.x, m.v},
                                      {"treated exact", xt, vt}, {"integrated and treated", s.x, s.v}}) {
      const Vector h = dia(m, x, v, free_offsets);
      std::printf("| %s, intercept per region (H2): k left / right | 1 kHz | %.1f / %.1f | %.4f / %.4f |\n", label, -h(0),
                  -h(2), std::abs(-h(0) - kOuter) / kOuter, std::abs(-h(2) - kOuter) / kOuter);
    }

    // H1: what the treatment removes from the exact displacement.
    const Vector low = m.x - ideal_highpass(m.x, 1e-3, 2.0);
    std::printf("\nExact x (1 kHz record): rms %.2e m, 0-2 Hz part (whole record) rms %.2e m (%.1f %% of rms); "
                "the treatment changes it by rms %.2e m (x0 = %.0e m).\n",
                rms(m.x), rms(low), 100.0 * rms(low) / rms(m.x), rms(xt - m.x), kGap);

    // H3: velocity error of cumulative quadrature from zero against the exact v, and per crossing of ±x0.
    const Vector es = cumulative_simpson(m.a, 1e-3) - m.v, et = trapezoid(m.a, 1e-3) - m.v;
    int crossings = 0, positive = 0;
    double sum = 0, sum2 = 0;
    for (Eigen::Index i = 1; i < m.x.size(); ++i) {
      if ((std::abs(m.x(i - 1)) < kGap) == (std::abs(m.x(i)) < kGap)) continue;
      const double e = et(i) - et(i - 1);  // the trapezoid's error over this period
      ++crossings;
      positive += e > 0;
      sum += e;
      sum2 += e * e;
    }
    std::printf("\nVelocity integrated from zero at 1 kHz against the exact v (rms %.3f m/s): error at 20 s / largest "
                "/ rms: Simpson %.1e / %.1e / %.1e m/s, trapezoid %.1e / %.1e / %.1e m/s; Simpson's error minus its "
                "straight line: rms %.1e m/s. Trapezoid over the %d sampling periods that cross ±x0: error per "
                "crossing rms %.1e m/s, %d positive and %d negative, sum %.1e m/s against sqrt(N) rms = %.1e m/s.\n",
                rms(m.v), es(es.size() - 1), es.cwiseAbs().maxCoeff(), rms(es), et(et.size() - 1), et.cwiseAbs().maxCoeff(),
                rms(et), rms(detrend_linear(es)), crossings, std::sqrt(sum2 / crossings), positive, crossings - positive, sum,
                std::sqrt(sum2));

    // H3: double integration from zero (sec. 3.2.1, no treatment) against the sampling rate.
    std::printf("\nDouble integration from zero (sec. 3.2.1, no treatment), each rate its own simulation:\n\n"
                "| sampling | rule | rms error of x (m) | k1 (outer) | rel. error |\n|---|---|---|---|---|\n");
    for (const int rate : {1, 2, 5}) {
      const double h = 1e-3 / rate;
      const Motion r = simulate(le, h, 20000 * rate, 50 / rate);
      const Vector vs = cumulative_simpson(r.a, h), vz = trapezoid(r.a, h);
      for (const auto& [rule, v, x] : {std::tuple<const char*, Vector, Vector>{"Simpson", vs, cumulative_simpson(vs, h)},
                                       {"trapezoid", vz, trapezoid(vz, h)}})
        std::printf("| %d kHz | %s | %.1e | %s |\n", rate, rule, rms(x - r.x), k_cell(-dia(r, x, v, thresholds)(0)).c_str());
    }
  } catch (const InputError& e) {
    std::fprintf(stderr, "mechid_nonlinear_dia_sources: %s\n", e.what());
    return 1;
  }
  return 0;
}
