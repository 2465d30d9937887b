// The options of output-only modal analysis (output_only_modes.hpp) and the rules they carry: the
// automatic block rows and the sizes they keep to, shared by the analysis and its work guard
// (oma_cost.hpp).
#pragma once

#include <limits>
#include <vector>

#include "analysis/band_and_stability_options.hpp"
#include "core/option_schema.hpp"
#include "core/types.hpp"
#include "identify/work_limit.hpp"  // kDefaultMaxWork

namespace mechid {

// The largest Toeplitz matrix the automatic block rows build (rows = p·m).
inline constexpr double kMaxToeplitzRows = 1200.0;
// The record holds at least this many times the largest lag (2p − 1), so that each correlation is
// an average over many products.
inline constexpr Eigen::Index kSamplesPerLag = 10;

// What the record holds: responses to unmeasured random forces (ambient, stationary), or the free
// decay after a release or a tap; auto decides from the record (output_only_modes.cpp).
enum class OmaRecord { automatic, ambient, free_decay };
inline constexpr EnumNames<OmaRecord, 3> kOmaRecordNames{"record", {"auto", "ambient", "free-decay"}};

// The identification method: covariance-driven SSI (ssi_cov.hpp), data-driven SSI with reference
// outputs (ssi_data.hpp; the same diagram, clustering and jackknife, only the observability
// matrix's estimate differs), or enhanced FDD (enhanced_fdd.hpp: f and ζ of each clear peak of the
// spectrum's first singular value from its SDOF bell; no diagram).
enum class OmaMethod { ssi_cov, ssi_data, efdd };
inline constexpr EnumNames<OmaMethod, 3> kOmaMethodNames{"method", {"ssi-cov", "ssi-data", "efdd"}};

struct OmaOptions {
  double band_lo_hz = 0.0;
  double band_hi_hz = std::numeric_limits<double>::infinity();
  Eigen::Index max_order = 60;   // the highest model order of the diagram (orders 2, 4, … max_order)
  // Block rows p of the Toeplitz matrix (lags 1 … 2p − 1). 0: automatic, p = ⌈fs / (4 f_low)⌉ with
  // f_low the band's lower edge (a tenth of its upper edge when the band starts at 0): the lags
  // span half a period of the band's lowest frequency; at least enough for max_order ((p − 1)·m >=
  // max_order and p·r >= max_order) and at most 1200/m (a Toeplitz matrix of at most 1200 rows).
  // Half a period rather than the whole one of Rainieri & Fabbrocino (2014, Operational Modal
  // Analysis of Civil Engineering Structures, sec. 4.4.3): the estimation error of a correlation
  // does not decay with the lag, so long lags add noise that SSI fits with spurious poles beside the
  // modes. Measured, 12 records of the 5-storey shear frame (band 0.5–7 Hz, 300 s): p = 40 or 50
  // found all 60 modes, p = 70 missed 1, p = 100 (a whole period of 0.5 Hz) missed 9.
  Eigen::Index block_rows = 0;
  std::vector<double> references;  // reference output columns, counted from 1 (empty: every output)
  // A pole at order n is stable against the nearest pole (in frequency) at order n − 2 when its
  // frequency differs by at most freq_tol (relative), its damping ratio by at most damping_tol
  // (relative) and its shape has MAC >= mac_min: the usual defaults 1 %, 5 %, 0.98 (Peeters & De
  // Roeck 1999, sec. 5; Magalhães et al. 2009).
  double freq_tol = 0.01, damping_tol = 0.05, mac_min = 0.98;
  // Stable poles closer than this in d = |Δf|/max f + (1 − MAC) join one cluster (Magalhães,
  // Cunha & Caetano 2009 use 0.02).
  double cluster_distance = 0.02;
  // A cluster is a mode when it holds stable poles from at least this many orders. 0: automatic,
  // a third of the orders of the diagram (at least 3). Measured, 20 records of the shear frame
  // (band 0.5–7 Hz, orders to 60): a third finds all 100 modes and no other, half misses 2 (a
  // mode whose shape loses MAC 0.98 between some higher orders, where a spurious pole appears beside it).
  Eigen::Index min_orders = 0;
  OmaRecord record = OmaRecord::automatic;
  OmaMethod method = OmaMethod::ssi_cov;
  // Standard deviations of each mode's f, ζ and shape by the delete-one jackknife over this many
  // consecutive blocks of an ambient record (0 or 1: none), var = (B − 1)/B Σ_b (θ_(b) − θ_(·))²
  // (Efron & Stein 1981; Efron & Tibshirani 1993, eq. 11.5), with θ_(b) − θ the first-order change
  // of the mode's estimate when block b leaves the correlations (output_correlations.hpp,
  // ssi_cov_sensitivity.hpp; the linear jackknife, Efron 1982, ch. 6; SSI-data: the models
  // recomputed without block b); 95 % intervals with Student's t of B − 1 degrees of freedom. Not for a free decay (its blocks are not alike).
  Eigen::Index sd_blocks = 10;
  // The work limit (floating-point operations, identify/work_limit.hpp): output_only_modes redoes
  // an analysis with longer lags (longer_lags) only when both analyses' work stays within it. The
  // callers' maxWork, not an option of the schema (check_oma_work prices the first analysis).
  double max_work = kDefaultMaxWork;

  // Throws InputError (the option's code) for an option out of range or an empty band.
  void validate() const;
};

template <class Visitor>
void describe(OmaOptions& o, Visitor& v) {
  describe_band(o.band_lo_hz, o.band_hi_hz, v);
  v(Option{"maxOrder", "the highest SSI model order of the stabilization diagram (orders 2, 4, ...)"}
        .at_least(2)
        .at_most(400)
        .message("oma: max_order", "in 2 ... 400")
        .with_code("max_order"),
    o.max_order);
  v(Option{"blockRows", "block rows of the correlations' Toeplitz matrix (0: from fs/(2 f_low) of the band, at most 1200/outputs)"}
        .at_least(0)
        .at_most(100000)
        .with_code("block_rows"),
    o.block_rows);
  v(Option{"references", "reference output columns counted from 1 (none: every output)"}.at_least(1).with_code("references"), o.references);
  describe_stability(o.freq_tol, o.damping_tol, o.mac_min, {"oma: freq_tol", "oma: damping_tol", "oma: mac_min"}, v);
  v(Option{"clusterDistance", "stable poles closer than this in |df|/f + (1 - MAC) form one mode (default 0.02)"}
        .above(0)
        .message("oma: cluster_distance", "positive")
        .with_code("tolerances"),
    o.cluster_distance);
  v(Option{"minOrders", "a mode: a cluster of stable poles from at least this many orders (0: a third of the orders, at least 3)"}
        .at_least(0)
        .with_code("tolerances"),
    o.min_orders);
  v(Option{"sdBlocks", "standard deviations of f and zeta by the jackknife over this many blocks of an ambient record (0: none)"}
        .at_least(0)
        .at_most(1000)
        .with_code("sd_blocks"),
    o.sd_blocks);
  v(Option{"record", "ambient (stationary responses), free-decay (after a release or a tap), or auto: free decay when the last "
                     "quarter's RMS is below a quarter of the first quarter's"},
    choice_field(o.record, kOmaRecordNames));
  v(Option{"method", "ssi-cov (covariance-driven SSI, Peeters & De Roeck 1999), ssi-data (data-driven SSI with reference outputs, "
                     "the same paper: slower, the same diagram and intervals) or efdd (enhanced frequency-domain decomposition, "
                     "Brincker, Ventura & Andersen 2001: f and zeta of each clear peak of the first singular value, no intervals)"},
    choice_field(o.method, kOmaMethodNames));
}

// The block rows p of SSI (OmaOptions::block_rows, or the rule there) for m outputs and r
// references; InputError "block_rows" when the given ones are too few for max_order.
Eigen::Index oma_block_rows(const OmaOptions& options, double h, Eigen::Index m, Eigen::Index r);

}  // namespace mechid
