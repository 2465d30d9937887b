// The diagnostics of an identify result (docs/interfaces.md, "diagnostics"): one named, optional field
// per key any method writes, so code reads them by name and decides on typed values (the PEM's
// termination is an enum). for_each yields the fields that are set as (key, number) or
// (key, text), the numbers first, for the serialisers: the JSON keys are the field names.
#pragma once

#include <optional>
#include <string>

#include "core/types.hpp"
#include "identify/pem.hpp"

namespace mechid {

struct Diagnostics {
  // Subspace step (n4sid, variational's start).
  std::optional<Eigen::Index> block_rows;     // block rows of the Hankel matrices used
  std::optional<Eigen::Index> suggested_dof;  // DOF count the singular values suggest (0 = no clear gap)
  std::optional<double> omega_condition;      // cond(Ω) of the second-order initialization (eq. 4.8)
  // PEM (variational, variational-zoh).
  std::optional<Eigen::Index> iterations;     // LM iterations (variational-zoh: summed over passes; svf: robust iterations)
  std::optional<Eigen::Index> curvature_evaluations;  // LM's fresh factors of J (variational-zoh: summed over passes)
  std::optional<Eigen::Index> weighting_passes;  // variational-zoh: channel-weighting passes
  std::optional<Eigen::Index> covariance_max_lag;  // variational-zoh, sandwich covariance: the window's largest lag
  std::optional<double> initial_cost, cost, gradient_norm;
  std::optional<TerminationType> stop_reason;    // why the (last) PEM stopped
  // Every method with modes; acceleration outputs.
  std::optional<double> h_omega_max;          // h times the fastest identified ω_n
  std::optional<double> prefilter_cutoff_hz;  // acceleration high-pass cut-off
  std::optional<Eigen::Index> prefilter_discarded;  // samples dropped while it settled
  // inverse-dynamic: the zero-phase low-pass cut-off and the decimation of the rows.
  std::optional<double> lowpass_hz;
  std::optional<Eigen::Index> decimation, excluded_rows;  // rows every decimation-th sample; with friction, those near zero velocity left out
  // SVF.
  std::optional<double> p1, p2, condition, output_error, residual_rms;
  std::optional<Eigen::Index> downweighted, pairs_evaluated;
  // Texts.
  std::optional<std::string> n4sid_retry;     // why the subspace start was retried with more block rows
  std::optional<std::string> init;            // variational: the initializer used
  std::optional<std::string> start;           // variational-zoh: the method of the start
  std::optional<std::string> sampling_model;  // variational-zoh: "zoh", "foh" or "band-limited"
  std::optional<std::string> input_sampling;  // inputSampling 'auto': what was read off the data, and why
  std::optional<std::string> covariance;      // variational-zoh: "white" or "sandwich" (coloured residuals)
  std::optional<std::string> choice, reason;  // auto: the estimate returned and why
  std::optional<std::string> refinement;      // inverse-dynamic: the output-error refinement made, or why not
  std::optional<std::string> outputs;         // acceleration outputs: what the prefilter did
  std::optional<std::string> form, intersample_outputs, intersample_inputs;  // SVF

  // Calls visit(key, double) for each number set, then visit(key, const std::string&) for each text.
  template <class Visit>
  void for_each(Visit&& visit) const {
    const auto number = [&](const char* key, const auto& field) {
      if (field) visit(std::string(key), static_cast<double>(*field));
    };
    number("block_rows", block_rows);
    number("suggested_dof", suggested_dof);
    number("omega_condition", omega_condition);
    number("iterations", iterations);
    number("curvature_evaluations", curvature_evaluations);
    number("weighting_passes", weighting_passes);
    number("covariance_max_lag", covariance_max_lag);
    number("initial_cost", initial_cost);
    number("cost", cost);
    number("gradient_norm", gradient_norm);
    number("h_omega_max", h_omega_max);
    number("prefilter_cutoff_hz", prefilter_cutoff_hz);
    number("prefilter_discarded", prefilter_discarded);
    number("lowpass_hz", lowpass_hz);
    number("decimation", decimation);
    number("excluded_rows", excluded_rows);
    number("p1", p1);
    number("p2", p2);
    number("condition", condition);
    number("output_error", output_error);
    number("residual_rms", residual_rms);
    number("downweighted", downweighted);
    number("pairs_evaluated", pairs_evaluated);
    const auto text = [&](const char* key, const std::optional<std::string>& field) {
      if (field) visit(std::string(key), *field);
    };
    text("n4sid_retry", n4sid_retry);
    text("refinement", refinement);
    text("init", init);
    text("start", start);
    if (stop_reason) {
      visit(std::string("stop_reason"), to_string(*stop_reason));
      visit(std::string("termination"), termination_code(*stop_reason));
    }
    text("sampling_model", sampling_model);
    text("input_sampling", input_sampling);
    text("covariance", covariance);
    text("choice", choice);
    text("reason", reason);
    text("outputs", outputs);
    text("form", form);
    text("intersample_outputs", intersample_outputs);
    text("intersample_inputs", intersample_inputs);
  }
};

}  // namespace mechid
