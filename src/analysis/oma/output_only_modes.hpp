// Output-only (operational) modal analysis of an ambient or free-decay record of responses: the
// modes of a structure excited by unmeasured forces (traffic, wind, a tap), from covariance-driven
// SSI over increasing orders (ssi_cov.hpp; or data-driven SSI, ssi_data.hpp, or enhanced FDD,
// enhanced_fdd.hpp: OmaOptions::method), its stabilization diagram, the stable poles clustered
// into modes automatically (pole_clustering.hpp), MPC and MPD per mode, and the singular values of
// the output spectrum (singular_value_spectrum.hpp) to draw the diagram on.
#pragma once

#include <complex>
#include <limits>
#include <vector>

#include "analysis/modes_in_band.hpp"  // StabilizationOrder, StabilizationPole
#include "analysis/oma/oma_options.hpp"
#include "analysis/oma/singular_value_spectrum.hpp"
#include "core/status.hpp"

namespace mechid {

struct OmaMode {
  double freq_hz = 0.0, zeta = 0.0;  // the medians over the cluster's poles (of an ambient record: at orders up to a third of the highest; output_only_modes.cpp, estimating_poles)
  std::complex<double> pole;         // λ (rad/s) of those medians (model/pole_frequency.hpp): the mode's pole as a UFF 55 file gives it
  // Real shape in the outputs' units: the complex shape of the cluster's pole nearest the median
  // frequency, turned so that its largest component (relative to its output's RMS) is real, its
  // real part divided by its largest absolute component (so that component is +1).
  Vector shape;
  Eigen::VectorXcd complex_shape;    // that pole's C ψ, same turn and scale
  double mpc = 0.0;                  // modal phase collinearity (1: a real mode)
  double mpd_deg = 0.0;              // mean phase deviation, degrees (0: a real mode)
  Eigen::Index orders_found = 0;     // distinct orders with a pole in the cluster
  Eigen::Index poles = 0;            // poles in the cluster
  // Jackknife standard deviations (OmaOptions::sd_blocks) and the half-widths of the 95 % intervals
  // (Student's t · sd); NaN when not computed.
  double freq_hz_sd = std::numeric_limits<double>::quiet_NaN(), zeta_sd = std::numeric_limits<double>::quiet_NaN();
  double freq_hz_half95 = std::numeric_limits<double>::quiet_NaN(), zeta_half95 = std::numeric_limits<double>::quiet_NaN();
  // Jackknife standard deviation of each entry of `shape` (empty when not computed): the shape
  // pole's shape moved to first order by each block's deletion, turned onto `complex_shape` by
  // least squares (α = ψ_bᴴ ψ / ψ_bᴴ ψ_b), its real part divided by its entry where `shape` is +1 (0 there).
  Vector shape_sd;
};

struct OmaResult : Outcome {
  std::vector<OmaMode> modes;                     // by frequency
  std::vector<StabilizationOrder> stabilization;  // the poles in the band at every order
  SingularValueSpectrum spectrum;                 // of the outputs divided by their RMS (unit-free)
  Eigen::Index block_rows = 0, min_orders = 0;
  Eigen::Index max_order = 0;                     // the diagram's highest order (OmaOptions::max_order, or the second analysis's)
  bool free_decay = false;                        // the record was analysed as a free decay
  Eigen::Index sd_blocks = 0;                     // blocks of the jackknife (0: no standard deviations)
  std::vector<Eigen::Index> references;           // 0-based
  Vector toeplitz_singular_values;
};

// A cluster of stable poles whose frequency's jackknife standard deviation exceeds this fraction
// of the frequency is not a mode the record determines: it is left out of the modes and named in
// a note (its poles stay in the stabilization diagram). Measured with the defaults: the modes of
// the 5-storey shear frame (30 records of docs/results.md's "Output-only modal analysis") and of
// the F-16 GVT accelerations have a standard deviation of at most 1.5 % of their frequency; the
// clusters of noise poles that a 2-DOF record yields, with one output or two, 9-190 %
// (tests/cpp/analysis/oma/undetermined_modes_test.cpp).
inline constexpr double kMaxRelativeFrequencySd = 0.05;

// y: N × m responses (any units per column; each is divided by its RMS for the analysis and the
// shapes multiplied back), h: sampling period. Throws InputError for bad options (the option's
// code), a band beyond the Nyquist frequency (band), a constant column or a record too short for
// the block rows (data).
OmaResult output_only_modes(const Matrix& y, double h, const OmaOptions& options);

}  // namespace mechid
