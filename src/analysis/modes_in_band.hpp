// The modes of a structure in a frequency band from input/output records, when the structure has
// more modes than sensors (issue 17): FRFs (frf_estimate), LSCF poles at increasing orders (lscf),
// the stabilization diagram, the modes picked automatically as the poles that stay stable over
// consecutive orders, refined by maximum likelihood with their covariance (modal_refinement), their
// shapes at the sensors and the band model from LSFD (modal_residues).
#pragma once

#include <complex>
#include <optional>
#include <string>
#include <vector>

#include "analysis/band_and_stability_options.hpp"
#include "analysis/frf_estimate.hpp"
#include "analysis/modal_residues.hpp"
#include "analysis/reduced_model.hpp"
#include "analysis/shape_measures.hpp"

namespace mechid {

// What an output column measures: its FRF is (iω)^p times the receptance, p = 0, 1, 2.
enum class Response { displacement = 0, velocity = 1, acceleration = 2 };
Response parse_response(const std::string& text);  // "displacement", "velocity", "acceleration"
std::string to_string(Response response);

// How LSCF weights the FRF entries: by the inverse of each entry's standard deviation, or the
// same weight at every frequency of a channel (the inverse of its RMS over the band).
enum class FrfWeighting { automatic, inverse_sd, uniform };
inline constexpr EnumNames<FrfWeighting, 3> kWeightingNames{"weighting", {"auto", "inverse-sd", "uniform"}};
FrfWeighting parse_frf_weighting(const std::string& text);  // "auto", "inverse-sd", "uniform"
std::string to_string(FrfWeighting weighting);

struct ModesOptions {
  ModesOptions() { frf.method = FrfMethod::local_polynomial; }
  FrfOptions frf;                  // the band is frf.band_lo_hz … frf.band_hi_hz; random records use the LPM
  // automatic: inverse_sd for a random record's LPM estimate, uniform for a periodic record's
  // average over periods. Measured (modes_in_band_test, docs/results.md "modal"): on the 8-DOF
  // random record inverse_sd finds 7 of 8 modes where uniform finds 6; on the F-16 record (7
  // periods, a nonlinear torsion mode whose distortions inflate the variance near 7.3 Hz) uniform
  // finds the 5.2 and 7.3 Hz modes stable over 6 and 11 orders and fits a held-out period by 82 %,
  // inverse_sd loses the 7.3 Hz mode (its damping moves 7 % from order to order) and fits 31 %
  // (both measured before the Sanathanan–Koerner reweighting of modes_in_band.cpp, which raised
  // uniform's fit to 84–86 %).
  FrfWeighting weighting = FrfWeighting::automatic;
  std::vector<Response> outputs;   // one per output column (empty: all displacements)
  Eigen::Index max_order = 40;     // the highest LSCF denominator order (orders 2, 4, … max_order)
  // A pole at order n is stable against the nearest pole at order n − 2 when its frequency differs
  // by at most freq_tol (relative), its damping ratio by at most damping_tol (relative) and its
  // shape has MAC >= mac_min (the usual defaults of modal test software: 1 %, 5 %, 0.98).
  double freq_tol = 0.01, damping_tol = 0.05, mac_min = 0.98;
  Eigen::Index min_stable_orders = 5;  // a mode: poles stable in frequency and damping over this many consecutive orders
  Eigen::Index holdout_periods = 0;    // periodic records: the last periods kept out for validation
  // The output column measured at the reference input's force, in its direction (0-based; −1:
  // none): when given, the result carries the band's reduced M, D, K (reduced_model.hpp).
  Eigen::Index driving_output = -1;

  // Throws InputError (codes max_order, tolerances, holdout, band, and frf's) for an option out of
  // its range (describe below), a band without its upper frequency, held-out periods of a record
  // that is not periodic; what depends on the record is checked by modes_in_band.
  void validate() const;
};

// ModesOptions' options (core/option_schema.hpp): frf's (method lpm by default), then its own;
// outputs (a list of response kinds) and drivingOutput (1-based in JS) have their own parsers.
template <class Visitor>
void describe(ModesOptions& o, Visitor& v) {
  describe(o.frf, v);
  v(Option{"weighting", "LSCF weights: auto (inverse-sd for the LPM, uniform for periods), inverse-sd, uniform"},
    choice_field(o.weighting, kWeightingNames));
  v(Option{"maxOrder", "the highest LSCF model order of the stabilization diagram"}
        .at_least(2)
        .at_most(400)
        .message("modes: max_order", "in 2 … 400")
        .with_code("max_order"),
    o.max_order);
  // Each tolerance named in its message (freq_tol, damping_tol, mac_min; each host words them).
  describe_stability(o.freq_tol, o.damping_tol, o.mac_min, {"modes: freq_tol", "modes: damping_tol", "modes: mac_min"}, v);
  v(Option{"minStableOrders", "a mode: poles stable in frequency and damping over this many consecutive orders"}
        .at_least(1)
        .message("modes: min_stable_orders", "at least 1")
        .with_code("tolerances"),
    o.min_stable_orders);
  v(Option{"holdoutPeriods", "periodic records: the last periods kept out for validation"}.at_least(0).with_code("holdout"),
    o.holdout_periods);
}

struct StabilizationPole {
  double freq_hz = 0.0, zeta = 0.0;
  bool stable_freq = false, stable_damping = false, stable_shape = false;
  bool stable = false;  // all three
};

struct StabilizationOrder {
  Eigen::Index order = 0;
  std::vector<StabilizationPole> poles;  // the poles in the band with Im λ > 0, by frequency
};

struct BandMode {
  std::complex<double> pole;        // λ (rad/s), Im λ > 0
  double freq_hz = 0.0, zeta = 0.0;  // |λ|/2π, −Re λ/|λ|
  // From the maximum-likelihood refinement's covariance (modal_refinement.hpp); when it failed (a
  // warning says so), from the scatter over the batches, NaN when fewer than 3 found the mode.
  double freq_hz_sd = 0.0, zeta_sd = 0.0;
  // Residues at the outputs for the reference input, in the outputs' units; turned so that the
  // largest component relative to its output's level (output_scales.hpp) is real positive.
  Eigen::VectorXcd shape;
  double mpc = 0.0;                 // modal phase collinearity of the shape divided by the outputs' levels (1 = a real mode)
  Eigen::Index order = 0;           // the order the pole was taken from
  Eigen::Index stable_orders = 0;   // consecutive orders over which its poles were stable in frequency and damping
  Eigen::Index batches = 0;         // batches in which it was found (0: the refinement's covariance gave the sd)
};

struct BandValidation {
  double fit_percent_band = 0.0;    // 100 (1 − ‖y_band − ŷ‖/‖y_band‖): the output's part in the band
  double fit_percent = 0.0;         // the same against the whole output (mean removed)
};

struct ModesInBand : Outcome {
  FrfEstimate frf;
  std::vector<StabilizationOrder> stabilization;
  std::vector<BandMode> modes;      // by frequency
  ModalFit model;                   // the band model: the modes' poles and LSFD residues (receptance form)
  std::vector<Eigen::MatrixXcd> model_H;  // the band model's FRF at frf.freq_hz (outputs × inputs, the outputs' own kind)
  Eigen::Index reference_input = 0;
  Eigen::Index batches = 0;          // batches the standard deviations came from (0: the refinement's covariance)
  std::vector<BandValidation> validation;  // per output, when holdout_periods > 0
  std::optional<ReducedModel> reduced;     // when options.driving_output >= 0: the band's M, D, K, or why it cannot be formed
};

// The 0-based ModesOptions::driving_output of an output column counted from 1 as the user gives it
// (the option drivingOutput): InputError with option "drivingOutput" unless it is a whole number
// >= 1; a column beyond Eigen::Index's range is kept as the largest index (modes_in_band then
// refuses it against the record's outputs, with the same option).
Eigen::Index driving_output_of_column(double column);

// u: N × k forces, y: N × m responses, h: sampling period. Throws InputError on bad options.
ModesInBand modes_in_band(const Matrix& u, const Matrix& y, double h, const ModesOptions& options);

}  // namespace mechid
