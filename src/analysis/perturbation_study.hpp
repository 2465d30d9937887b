// The Monte Carlo perturbation experiments of thesis sec. 3.2 (Figs. 3.1, 3.2) and appendix A.4
// (Fig. A.1) on a 1-DOF system m q'' + d q' + k q = u (eq. 3.19), at h_i = 2π/(i ω_B) with the
// 3 dB bandwidth ω_B of eq. 3.22:
//  zoh:       perturb every entry of F, g (c2d of eq. 3.20) by N(0, (rel ‖F‖_F)²), d2c; errors of
//             A and b (eq. 3.25) and, after second-order extraction, of m, d, k (eq. A.17);
//  midpoint:  perturb m_d, k_d, d_d by N(0, (rel ‖Γd‖)²), map back by R (eq. 3.30); errors of
//             m, d, k (eq. 3.40).
// An error is ‖RMS over samples of (estimate - true)‖ / ‖true‖ (the sample averages of 3.24).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/option_schema.hpp"
#include "model/mechanical_system.hpp"

namespace mechid {

// ω_B = ω_n sqrt(1 - 2ζ² + sqrt(4ζ⁴ - 4ζ² + 2)) (eq. 3.22).
double bandwidth_3db(double omega_n, double zeta);

struct PerturbationOptions {
  std::vector<double> multiples = {1, 2, 3};  // i in h_i = 2π/(i ω_B), each > 0
  int samples = 50;
  double relative = 0.05;
  std::uint64_t seed = 1;

  // describe(*this, OptionRangeCheck), and between 1 and 1000 multiples.
  void validate() const;
};

// PerturbationOptions' options (core/option_schema.hpp), the facade's group `perturbation`.
template <class Visitor>
void describe(PerturbationOptions& o, Visitor& v) {
  Option multiples{"multiples", "the sampling multiples i of h_i = 2π/(i ω_B) (Bruschetta 2011, eq. 3.22), 1 to 1000 of them"};
  v(multiples.above(0).message("sampling multiple i", "> 0"), o.multiples);
  Option samples{"samples", "the Monte Carlo samples per multiple and method (the averages of Bruschetta 2011, eq. 3.24)"};
  v(samples.at_least(2).at_most(100000).message("samples", "between 2 and 100000"), o.samples);
  Option relative{"relative", "the perturbation's standard deviation relative to ‖F‖_F (zoh, eq. 3.25) or ‖Γd‖ (midpoint, eq. 3.40)"};
  v(relative.above(0).message("relative perturbation", "> 0"), o.relative);
  v(Option{"seed", "the seed of the perturbations (sample j of row r draws from its own derived stream)"}, o.seed);
}

struct PerturbationRow {
  double i = 0, h = 0;
  std::string method;            // "zoh" or "midpoint"
  double A = NAN, b = NAN;       // zoh only
  double m = NAN, d = NAN, k = NAN;
  int failures = 0;              // zoh: samples whose d2c or extraction failed (left out of the RMS)
};

// Rows for each multiple, zoh then midpoint; sample j of row r draws from Random::derived(seed, ·).
// Throws InputError for a system with more than one DOF or bad options.
std::vector<PerturbationRow> perturbation_study(const MechanicalSystem& system, const PerturbationOptions& options);

}  // namespace mechid
