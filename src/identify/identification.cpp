#include "identify/identification.hpp"

#include <cmath>

#include "core/input_error.hpp"
#include "identify/data_diagnoses.hpp"
#include "identify/guardrails.hpp"
#include "identify/noise_free.hpp"
#include "identify/residual_advice.hpp"
#include "model/force_matrix.hpp"
#include "model/sampling_accuracy.hpp"

namespace mechid {
namespace {

// The smallest eigenvalue of S X S with S = diag(1/√|X_ii|) (1 where X_ii = 0): X with unit
// diagonal magnitudes. Outputs in other units (q = T q', X' = T X T for diagonal T) change X's
// eigenvalues but not this one's sign nor its size relative to 1 (Sylvester's law of inertia), so a
// tolerance on it does not depend on the units; on max|X| it would (a channel in nm makes its
// entries 1e-18 of the others, and a clearly negative eigenvalue there passes as rounding).
double smallest_scaled_eigenvalue(const Matrix& X) {
  const Vector scale = X.diagonal().cwiseAbs().unaryExpr([](double d) { return d > 0 ? 1.0 / std::sqrt(d) : 1.0; });
  return smallest_eigenvalue(scale.asDiagonal() * X * scale.asDiagonal());
}

// A of eq. 1.4 without validation (estimates may be indefinite); empty when M is singular.
Matrix state_matrix(const MechanicalSystem& s) {
  const Eigen::Index n = s.M.rows();
  const Eigen::FullPivLU<Matrix> mass(s.M);
  if (!mass.isInvertible()) return Matrix();
  Matrix A = Matrix::Zero(2 * n, 2 * n);
  A.topRightCorner(n, n).setIdentity();
  A.bottomLeftCorner(n, n) = -mass.solve(s.K);
  A.bottomRightCorner(n, n) = -mass.solve(s.D);
  return A;
}

}  // namespace

void IdentifyOptions::validate() const {
  check_options(*this);  // init, blockRows, friction, lowpassHz, maxWork: their description's ranges
  require(L.allFinite(), "L has a non-finite entry: " + first_non_finite("L", L));
  for (Eigen::Index c = 0; c < L.cols(); ++c)
    require(L.col(c).cwiseAbs().maxCoeff() > 0, "column " + std::to_string(c + 1) + " of L is zero: input " +
                                                    std::to_string(c + 1) + " would act on no degree of freedom");
  require(L.size() == 0 || force_dofs.empty(), "give L or force_dofs (the DOF each input acts on), not both");
  require(!positive || structure.unconstrained(),
          "positive cannot be combined with a structure: the positive factors fill every entry; a structured fit "
          "reports whether its M, K are positive definite", "structure");
  pem.validate();
}

Matrix input_matrix(const Dataset& data, const IdentifyOptions& o) {
  const Eigen::Index n = data.y.cols(), k = data.u.cols();
  if (!o.force_dofs.empty()) {
    require(static_cast<Eigen::Index>(o.force_dofs.size()) == k,
            "force_dofs names " + std::to_string(o.force_dofs.size()) + " DOF(s) but the data have " + std::to_string(k) +
                " input column(s): give one DOF per input column");
    // About the data's mapping, not an option: no option code.
    return force_matrix(n, o.force_dofs, {"force_dofs", "the data have DOFs 1 to " + std::to_string(n) + " (one per output column)", ""});
  }
  if (o.L.size() == 0) {
    require(k == n, "the data have " + std::to_string(k) + " inputs and " + std::to_string(n) +
                        " outputs: give L (n x k) or force_dofs (the DOF each input acts on) to say where the forces act");
    return Matrix::Identity(n, n);
  }
  require(o.L.rows() == n && o.L.cols() == k, "L must be " + std::to_string(n) + "x" + std::to_string(k) +
                                                  " (outputs x inputs of the data), got " + std::to_string(o.L.rows()) +
                                                  "x" + std::to_string(o.L.cols()));
  return o.L;
}

void finish(Identification& r, const Dataset& data, const UncertaintyStep& uncertainty) {
  if (r.status == Status::failed) return;
  const MechanicalSystem& s = r.system;
  if (!s.M.allFinite() || !s.D.allFinite() || !s.K.allFinite()) {
    r.fail("the estimate has non-finite entries");
    return;
  }
  const double m_min = smallest_eigenvalue(s.M), k_min = smallest_eigenvalue(s.K), d_min = smallest_eigenvalue(s.D);
  r.M_pd = m_min > 0;
  r.K_pd = k_min > 0;
  // D: semidefinite up to rounding (1e-12 of its unit diagonal), judged unit-free.
  r.D_psd = smallest_scaled_eigenvalue(s.D) >= -1e-12;
  r.symmetric = is_symmetric(s.M) && is_symmetric(s.D) && is_symmetric(s.K);
  // The smallest eigenvalue relative to the largest magnitude: a number that does not depend on units.
  const auto indefinite = [](const char* matrix, const char* property, double smallest, const Matrix& X) {
    const double largest = Eigen::SelfAdjointEigenSolver<Matrix>(0.5 * (X + X.transpose()), Eigen::EigenvaluesOnly)
                               .eigenvalues()
                               .cwiseAbs()
                               .maxCoeff();
    return std::string("estimated ") + matrix + " is not positive " + property + " (smallest eigenvalue " +
           format_digits(smallest / std::max(largest, 1e-300), 3) + " × the largest in magnitude)";
  };
  const InputSpectrum spectrum(data.u, data.h);  // for band_warnings below, before the validation's series
  // All three negative (issue 16: the ECP rig's positive effort moves its carts negatively): one
  // warning naming the cause and the fix, instead of three "not positive" ones.
  // Unless the estimate fits poorly: then no sign advice (data_diagnoses.hpp).
  r.validation = validate_model(s, data);
  const bool all_negative = smallest_eigenvalue(-s.M) > 0 && smallest_scaled_eigenvalue(-s.K) >= -1e-12 &&
                            smallest_scaled_eigenvalue(-s.D) >= -1e-12;
  r.sign_reversed = all_negative && !fits_poorly(r.validation);
  if (all_negative) r.advise(reversed_sign_advice(r.validation));
  if (!r.M_pd && !r.sign_reversed) r.add_warning(indefinite("M", "definite", m_min, s.M));
  // A structure with a rigid body makes K singular by design: then K must still be semidefinite.
  const bool K_psd = smallest_scaled_eigenvalue(s.K) >= -1e-12;
  if (!r.K_pd && !r.sign_reversed && !(r.rigid_body && K_psd)) r.add_warning(indefinite("K", "definite", k_min, s.K));
  if (!r.D_psd && !r.sign_reversed) r.add_warning(indefinite("D", "semidefinite", d_min, s.D));
  r.modal = modal_analysis(s);
  // A structure that makes K singular (a free body) has rigid-body roots s = 0 by design: the
  // modal analysis's "unstable"/"overdamped" notes about them are no warning (D and M are checked above).
  // M > 0, D ≥ 0, K ≥ 0 has no root with Re s > 0, so the modal notes concern the roots s = 0 only.
  if (r.modal.status != Status::ok && !(r.rigid_body && K_psd && r.M_pd && r.D_psd && r.modal.status == Status::warning))
    r.add_warning("modal analysis: " + r.modal.message);
  for (const Advice& a : r.modal.advice)
    if (a.level == AdviceLevel::note) r.advice.push_back(a);  // its notes (an overdamped mode): status unchanged
  if (r.validation.status != Status::ok) r.add_warning("validation: " + r.validation.message);
  const bool exact = noise_free(r.validation);  // noise_free.hpp: then no residual or convergence test
  if (exact) r.advise(noise_free_advice(r.validation));
  if (std::optional<Advice> a = exact ? std::nullopt : residual_test_advice(r.validation, data)) r.advise(std::move(*a));
  // The causes a poor fit points to (data_diagnoses.hpp) are diagnosed once on the estimate a method
  // returns (diagnose_result, result_diagnoses.hpp), not here for every start auto finishes.
  if (uncertainty) r.uncertainty = uncertainty(r);
  if (exact) skip_convergence_test(r.uncertainty.undetermined);
  const Uncertainty& u = r.uncertainty;
  for (std::string& w : u.available ? band_warnings(spectrum, r.modal, u.omega_n, u.zeta) : band_warnings(spectrum, r.modal))
    r.add_warning(std::move(w));
  if (!r.modal.modes.empty()) {
    const double omega_max = r.modal.modes.back().omega_n;
    r.diagnostics.h_omega_max = omega_max * data.h;
    const double error = midpoint_frequency_error(omega_max, data.h);
    if (r.has_discrete && error > 0.01)  // a midpoint (variational) model
      r.add_warning("h·ω_max = " + format_number(omega_max * data.h) + ": " + midpoint_error_words(omega_max, data.h) +
                    " here; variational-zoh or auto has no such error");
  }
  r.adopt_warnings();  // those a method recorded directly
}

void validate_truth(const MechanicalSystem& t) {
  const std::vector<std::string> errors = check(t);
  require(errors.empty(), errors.empty() ? "" : "truth (the true system to compare with): " + errors.front());
}

RelativeErrors relative_errors(const MechanicalSystem& e, const MechanicalSystem& t) {
  validate_truth(t);
  require(e.M.rows() == t.M.rows(), "the true system has " + std::to_string(t.M.rows()) +
                                        " degrees of freedom, the estimate " + std::to_string(e.M.rows()));
  RelativeErrors out;
  out.M = (e.M - t.M).norm() / t.M.norm();
  out.D = (e.D - t.D).norm() / t.D.norm();
  out.K = (e.K - t.K).norm() / t.K.norm();
  const Matrix A = state_matrix(e), A_true = state_matrix(t);
  out.A = A.size() ? (A - A_true).norm() / A_true.norm() : NAN;
  return out;
}

}  // namespace mechid
