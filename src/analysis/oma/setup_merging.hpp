// Several setups of one structure merged into one set of modes (roving sensors with shared
// reference sensors): each setup identified on its own (output_only_modes.hpp, correlations against
// the reference channels), its modes paired across setups by frequency and the MAC of their
// reference entries, each setup's shape scaled onto the others by least squares on the reference
// entries, the "post separate estimation re-scaling" (PoSER) merge (Döhler, Andersen & Mevel 2012,
// Mech. Syst. Signal Process. 24, sec. 2.2; Reynders, Magalhães, Lombaert, Cunha & De Roeck 2009,
// "Sensor placement and multi-setup merging", sec. 3.1), with each setup's standard deviations of
// f, ζ and the shape entries propagated into the merged ones.
#pragma once

#include <string>
#include <vector>

#include "analysis/oma/output_only_modes.hpp"

namespace mechid {

// One setup: its record (N × m responses, sampling period h) and its channels' names (the
// reference channels have the same name in every setup).
struct OmaSetup {
  Matrix y;
  double h = 0.0;
  std::vector<std::string> channels;
};

struct MergedOmaMode {
  // Inverse-variance means of the setups' values (plain means, sd NaN, when a setup has no sd),
  // sd = 1/√(Σ 1/σ_s²), 95 % half-widths with Student's t of Σ (B_s − 1) degrees of freedom.
  double freq_hz = 0.0, zeta = 0.0;
  double freq_hz_sd = std::numeric_limits<double>::quiet_NaN(), zeta_sd = std::numeric_limits<double>::quiet_NaN();
  double freq_hz_half95 = std::numeric_limits<double>::quiet_NaN(), zeta_half95 = std::numeric_limits<double>::quiet_NaN();
  // Over MergedOma::channels, the largest entry +1; NaN for a channel measured only in setups that
  // did not find the mode.
  Vector shape, shape_sd;
  std::vector<Eigen::Index> setups;  // the setups (0-based) that found the mode
};

struct MergedOma : Outcome {
  // The union of the setups' channels: the first setup's in its order, then each later setup's
  // channels not seen before, in its order.
  std::vector<std::string> channels;
  std::vector<std::string> references;
  std::vector<MergedOmaMode> modes;  // by frequency
  std::vector<OmaResult> setups;     // each setup's own analysis
};

// The setups' channels and references, checked, and each setup's options for output_only_modes.
struct SetupLayout {
  std::vector<std::string> channels;                          // every setup's channels, in the order first seen
  std::vector<std::string> references;                        // as given, or the channels common to every setup
  std::vector<std::vector<Eigen::Index>> channel_index;       // setup s's column c is channels[channel_index[s][c]]
  std::vector<std::vector<Eigen::Index>> reference_columns;   // setup s's column of each reference
  std::vector<OmaOptions> options;                            // `options` with setup s's reference columns (1-based)
};

// The layout merge_setups works on; throws as merge_setups does for the channels and references.
SetupLayout lay_out_setups(const std::vector<OmaSetup>& setups, std::vector<std::string> references, const OmaOptions& options);

// references: channel names present in every setup (empty: the channels common to all setups).
// Throws InputError (references) for a reference missing from a setup or no common channel, and
// (data) for a channel named twice in a setup; each setup's record as output_only_modes.
MergedOma merge_setups(const std::vector<OmaSetup>& setups, std::vector<std::string> references, const OmaOptions& options);

}  // namespace mechid
