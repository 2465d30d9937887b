// What an identification method returns (the "identify result" of docs/interfaces.md): the
// continuous estimate, the discrete one when the method has it, status and warnings, checks,
// modes, fit, diagnostics and timing; plus the options all methods share.
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "discretize/variational.hpp"
#include "identify/dataset.hpp"
#include "identify/diagnostics.hpp"
#include "identify/pem.hpp"
#include "identify/structure.hpp"
#include "identify/undetermined_parameters.hpp"
#include "identify/validation.hpp"
#include "identify/work_limit.hpp"
#include "model/modal.hpp"

namespace mechid {

struct IdentifyOptions {
  Matrix L;                        // n x k; empty = identity (needs k = n), or from force_dofs
  std::vector<int> force_dofs;     // per input column, the DOF (1-based) its force acts on: L has
                                   // one 1 per column (a shaker or motor at one DOF); not with L
  std::string init = "n4sid";      // variational: "n4sid" or "equation-error"
  Eigen::Index block_rows = 0;     // subspace methods: 0 = the rule of choose_block_rows
  bool estimate_initial = true;    // variational PEM: estimate q_0, q_1 (else the first two samples, noise and all)
  bool positive = false;           // PEMs in M, D, K: M, K positive definite and D semidefinite by
                                   // parametrisation (positive_parametrization.hpp)
  PemOptions pem;
  // Known structure of M, D, K (issue 16): auto, variational-zoh and inverse-dynamic estimate only
  // the free entries; the other methods refuse a constrained structure.
  SystemStructure structure;
  // Coulomb friction F_c sign(q'_i) and a constant force f_0 per DOF (and run) in the model
  // M q'' + D q' + K q + F_c sign(q') + f_0 = L u (the EMPS paper's model): friction by
  // inverse-dynamic (and auto, which then runs it); the offset also by the exact-sampling PEM
  // (variational-zoh, auto without friction).
  bool coulomb_friction = false;
  bool offset = false;
  // inverse-dynamic: the zero-phase low-pass cut-off in Hz before differentiation; 0 = the rule.
  double lowpass_hz = 0.0;
  // Held-out records: each one's initial state from its first initial_window samples only, the fit
  // scored on the rest (the rule of the nonlinear system identification benchmarks, e.g. 50 samples
  // for Silverbox); 0 = the initial state from the whole record, every sample scored.
  Eigen::Index initial_window = 0;
  // The work guard (identify/work_estimate.hpp): a request whose estimated work exceeds this many
  // floating-point operations is refused before it starts (InputError with option "work");
  // +infinity lifts the guard.
  double max_work = kDefaultMaxWork;

  // Throws InputError naming the first bad option and its value: init not n4sid or
  // equation-error, block_rows < 0, a non-finite L or a zero column of L (an input acting on no
  // DOF), both L and force_dofs, or a bad pem option. The sizes of L and the DOFs of force_dofs
  // are checked against the data by input_matrix; positive together with a constrained structure
  // (the factors of positive_parametrization.hpp cannot keep a pattern); lowpass_hz < 0; max_work
  // not > 0.
  void validate() const;
};

// IdentifyOptions' options (option_schema.hpp); L, forceDofs and structure are matrices and
// lists read by their own parsers.
template <class Visitor>
void describe(IdentifyOptions& o, Visitor& v) {
  v(Option{"init", "variational: the start of the fit, a subspace model (n4sid) or one least-squares solve (equation-error)"},
    choice_field(o.init, {"n4sid", "equation-error"}, "init"));
  v(Option{"blockRows", "subspace methods: block rows of the Hankel matrices (0: the rule of choose_block_rows)"}
        .at_least(0)
        .message("block_rows", ">= 0 (0 = the rule)"),
    o.block_rows);
  v(Option{"estimateInitial", "variational PEM: estimate q_0, q_1 (else the first two samples, noise and all)"},
    o.estimate_initial);
  v(Option{"positive", "PEMs in M, D, K: M, K positive definite and D semidefinite by construction"}, o.positive);
  auto friction_name = [&o] { return std::string(o.coulomb_friction ? "coulomb" : "none"); };
  auto set_friction = [&o](const std::string& text) {
    require(text == "coulomb" || text == "none", "friction must be 'coulomb' or 'none', got '" + text + "'", "friction");
    o.coulomb_friction = text == "coulomb";
  };
  v(Option{"friction", "Coulomb friction F_c sign(q') per DOF (inverse-dynamic; auto runs it), or none"},
    ChoiceField{{"none", "coulomb"}, friction_name, set_friction});
  v(Option{"offset", "a constant force f_0 per DOF and run (inverse-dynamic, variational-zoh, auto)"}, o.offset);
  v(Option{"lowpassHz", "inverse-dynamic: the zero-phase low-pass cut-off in Hz before differentiation (0: the rule)"}
        .at_least(0)
        .message("lowpass_hz", "a frequency in Hz >= 0 (0 = the rule)")
        .with_code("lowpass"),
    o.lowpass_hz);
  v(Option{"initialWindow", "held-out records: the initial state from their first N samples only, the rest scored (0: the whole record)"}
        .at_least(0)
        .message("initialWindow", "a number of samples >= 0 (0 = the whole record)"),
    o.initial_window);
  v(Option{"maxWork", "the work guard: refuse a request estimated to need more floating-point operations (Infinity: no limit)"}
        .above(0)
        .infinity_allowed()
        .message("maxWork", "a positive number of floating-point operations (Infinity: no limit)")
        .with_code("work"),
    o.max_work);
}

// Standard deviations of the estimate (first order: the PEM's parameter covariance mapped
// linearly); a 95 % interval is ± half_width95(sd) (core/interval95.hpp: z95 · sd). Only for methods that estimate a covariance. Entries
// the data do not determine keep their (large) sd and are listed in `undetermined`; the result
// then carries a warning naming them.
struct Uncertainty {
  bool available = false;
  Matrix M, D, K;                       // sd of each entry
  std::vector<double> omega_n, zeta;    // sd per mode, in the order of Identification::modal
  double residual_variance = 0.0;       // of the weighted residuals (≈ 1 when the weights are 1/σ)
  bool residual_is_force = false;       // inverse-dynamic: residuals of the equation of motion (forces), not outputs
  CovarianceKind covariance = CovarianceKind::white;  // white, or sandwich for coloured residuals
  Eigen::Index max_lag = 0;             // sandwich: the Bartlett window's largest lag
  std::vector<UndeterminedEntry> undetermined;
};

// The run-to-run spread of an estimate from several runs of one experiment (identify/run_spread.hpp).
struct RunSpread {
  Eigen::Index runs = 0;   // runs whose own estimate succeeded (the spread needs at least 2)
  Matrix M, D, K;          // sample sd of each entry across the runs' own estimates
  // The largest ratio, over the diagonal entries, of the spread to the RMS of the sd each run's
  // own estimate reports; 0 when a run has no sd. Noise alone gives about 1 (the ratio² of one
  // entry is then χ²_{runs-1}/(runs-1)-distributed).
  double ratio = 0.0;
  char matrix = 'M';       // the entry of that ratio (0-based row = col = index)
  Eigen::Index index = 0;
};

// Friction and offset estimates (issue 16), one entry per DOF; empty when not asked for.
struct ForceTerms {
  Vector coulomb, coulomb_sd;  // F_c per DOF and its sd
  Matrix offset, offset_sd;    // f_0: one row per run, one column per DOF
};

// The free-run fit of an estimate on a record kept back from identification (identify's held-out
// runs, issue 16's `--validate`): the record's name and validate_record's report (status failed,
// with the reason, when the record cannot be simulated: accelerations, a diverging free run).
struct RecordFit {
  std::string name;
  ValidationReport report;
};

struct Identification : Outcome {
  std::string method;
  double h = 0.0;
  MechanicalSystem system;                 // the continuous estimate (M, D, K symmetric; L given)
  bool has_discrete = false;
  DiscreteVariationalModel discrete;       // Md, Dd, Kd when has_discrete
  bool M_pd = false, K_pd = false, D_psd = false;
  bool symmetric = false;                  // M, D and K symmetric up to rounding (is_symmetric)
  // M negative definite, D and K negative semidefinite: the data describe a positive force moving
  // the outputs negatively (a sign convention of the rig); flipping the input's sign fixes it.
  bool sign_reversed = false;
  ModalResult modal;
  ValidationReport validation;
  Uncertainty uncertainty;
  RunSpread run_spread;                    // runs = 0 unless several runs were given
  ForceTerms forces;
  // The structure made K singular (a free body): rigid-body modes by design, no warning for them.
  bool rigid_body = false;
  Diagnostics diagnostics;
  double timing_ms = 0.0;
  // One per held-out run given to identify, in their order; empty when none were given or the
  // identification failed.
  std::vector<RecordFit> validation_records;
};

// The input matrix to use: options.L, or the identity when empty (then k must equal n).
// Throws InputError when the sizes disagree with the data.
Matrix input_matrix(const Dataset& data, const IdentifyOptions& options);

// Computes a result's Uncertainty once its modes and validation are known (so that it can
// follow the modes and decide by validation.residuals_white).
using UncertaintyStep = std::function<Uncertainty(const Identification&)>;

// Completes a result whose `system` is set: definiteness checks (warnings), modes, validation
// with its residual tests (warnings), the uncertainty when a step is given (not for a failed
// result), the guardrails on the modes (which the intervals can overrule), and the final status
// (failed stays failed; warnings make ok a warning).
void finish(Identification& result, const Dataset& data, const UncertaintyStep& uncertainty = nullptr);

// ‖X̂ - X‖_F/‖X‖_F for M, D, K and A of eq. 1.4 (NaN for A when M̂ is singular). Throws
// InputError when the two systems differ in size.
struct RelativeErrors {
  double M = 0, D = 0, K = 0, A = 0;
};
RelativeErrors relative_errors(const MechanicalSystem& estimate, const MechanicalSystem& truth);

// Throws InputError when the true system given to compare with is not a valid system (a
// non-finite entry, with its matrix and 1-based entry; sizes; symmetry; definiteness), its
// message starting with "truth". Checked before identifying, so that a bad truth is refused
// whether or not the identification succeeds (issue 20: NaN in truth was accepted).
void validate_truth(const MechanicalSystem& truth);

}  // namespace mechid
