// The reduced M, D, K of a frequency band (issue 17, item 4): when a band holds as many modes as
// there are sensors and one sensor measures at the force (the driving point), the band model's
// residues give mass-normalised real shapes Φ (sensors × modes) and the model
//   M = Φ^{-T} Φ^{-1},  K = Φ^{-T} diag(ω_r²) Φ^{-1},  D = Φ^{-T} diag(2 ζ_r ω_r) Φ^{-1}
// in the sensors' coordinates, whose modes are the band's modes (ω_r = |λ_r|, ζ_r = −Re λ_r/|λ_r|).
// It is exact for a structure with proportional damping whose DOFs are the sensors; with
// non-proportional damping the shapes are the real parts of nearly real modes (the modes' MPC and
// the phase taken off at the driving point are reported). The relation of residues to shapes, the
// refusals and their thresholds are in reduced_model.cpp.
#pragma once

#include <string>
#include <vector>

#include "analysis/modal_residues.hpp"
#include "core/status.hpp"

namespace mechid {

// Why a reduced model could not be formed (Status::failed), typed for callers; `none` when it was.
enum class ReducedModelReason {
  none,
  mode_count,                  // the band's modes are not as many as the sensors
  no_driving_point,            // no driving-point output was given
  driving_point_out_of_range,  // the driving-point output is not one of the outputs
  negative_modal_mass,         // a mode's driving-point term has the wrong sign
  singular_shapes,             // Φ is singular or too badly conditioned to invert
};
std::string to_string(ReducedModelReason reason);  // "mode-count", "no-driving-point", …

// What makes a reduced model that was formed doubtful (each also a warning with a message).
enum class ReducedModelCaveat {
  complex_modes,     // a mode's MPC is below ReducedModelOptions::min_mpc: its real shape is an approximation
  ill_conditioned,   // κ(Φ) above ReducedModelOptions::warn_condition: shape errors are amplified up to κ times
};
std::string to_string(ReducedModelCaveat caveat);  // "complex-modes", "ill-conditioned"

struct ReducedModelOptions {
  // A mode with MPC below this is strongly complex (MPC 0.9: the residues' phases scatter by
  // roughly ±10° about a common line; modal test practice takes 0.8–0.9 as the edge of "real").
  double min_mpc = 0.9;
  // κ(Φ) (2-norm) above warn_condition is a caveat; above max_condition the model is refused.
  double warn_condition = 1e3, max_condition = 1e8;
};

struct ReducedModel : Outcome {
  ReducedModelReason reason = ReducedModelReason::none;
  std::vector<ReducedModelCaveat> caveats;
  Eigen::Index driving_output = -1;  // 0-based output column at the force
  Eigen::Index input = 0;            // the input whose residues were used (the band model's reference input)
  Matrix shapes;                     // Φ: sensors × modes, mass-normalised real shapes
  Vector omega_n, zeta;              // per mode: |λ_r| (rad/s), −Re λ_r/|λ_r|
  Vector mpc;                        // per mode: MPC of its residues at the sensors
  Vector driving_phase;              // per mode: the phase (rad) taken off so that its driving-point term is real
  Vector modal_scale;                // per mode: φ_dr² = 2 ω_dr i A_dr rotated (1/modal mass at the driving point)
  double condition = 0.0;            // κ(Φ) = σ_max/σ_min; NaN before it is computed
  Matrix M, D, K;                    // sensors × sensors; empty unless not failed
};

// The reduced model of the band model `fit` (channels o + outputs·j, receptance residues) from the
// residues of input `input` and the driving point `driving_output` (0-based; −1: none given).
ReducedModel reduced_model(const ModalFit& fit, Eigen::Index outputs, Eigen::Index input, Eigen::Index driving_output,
                           const ReducedModelOptions& options = {});

}  // namespace mechid
