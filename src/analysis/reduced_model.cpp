#include "analysis/reduced_model.hpp"

#include <cassert>
#include <cmath>

#include "analysis/shape_measures.hpp"
#include "core/enum_names.hpp"
#include "core/input_error.hpp"
#include "core/math_constants.hpp"

namespace mechid {
namespace {

using Complex = std::complex<double>;

constexpr EnumNames<ReducedModelReason, 6> kReasonNames{
    "reduced-model reason", {"none", "mode-count", "no-driving-point", "driving-point-out-of-range", "negative-modal-mass", "singular-shapes"}};
constexpr EnumNames<ReducedModelCaveat, 2> kCaveatNames{"reduced-model caveat", {"complex-modes", "ill-conditioned"}};

std::string hz(Complex pole) { return format_digits(std::abs(pole) / (2.0 * kPi)) + " Hz"; }

}  // namespace

std::string to_string(ReducedModelReason reason) { return kReasonNames.name(reason); }
std::string to_string(ReducedModelCaveat caveat) { return kCaveatNames.name(caveat); }

ReducedModel reduced_model(const ModalFit& fit, Eigen::Index outputs, Eigen::Index input, Eigen::Index driving_output,
                           const ReducedModelOptions& options) {
  const Eigen::Index m = outputs, R = Eigen::Index(fit.poles.size());
  assert(m >= 1 && input >= 0 && fit.residues.cols() == R && (R == 0 || fit.residues.rows() >= m * (input + 1)));
  ReducedModel r;
  r.driving_output = driving_output;
  r.input = input;
  r.condition = NAN;
  const auto refuse = [&r](ReducedModelReason reason, const std::string& why) {
    r.reason = reason;
    r.fail("reduced model: cannot: " + why);
    return r;
  };
  if (driving_output < 0)
    return refuse(ReducedModelReason::no_driving_point,
                  "no driving point is given; name the output column measured at the force, in its direction");
  if (driving_output >= m)
    return refuse(ReducedModelReason::driving_point_out_of_range, "the driving point is output " + std::to_string(driving_output + 1) +
                                                                      " but the record has " + std::to_string(m) + " outputs");
  if (R != m)
    return refuse(ReducedModelReason::mode_count,
                  "the band has " + std::to_string(R) + " mode" + (R == 1 ? "" : "s") + " and " + std::to_string(m) + " sensor" +
                      (m == 1 ? "" : "s") + "; a reduced M, D, K needs as many modes as sensors (change the band so that it holds " +
                      std::to_string(m) + " modes, or measure as many points as the band has modes)");

  // Mass-normalised real shapes from the residues. For viscous damping proportional to M and K
  // with mass-normalised real modes φ_r (Φᵀ M Φ = I, Φᵀ K Φ = diag ω_r², Φᵀ D Φ = diag 2ζ_r ω_r)
  // the receptance is
  //   H(s) = Σ_r φ_r φ_rᵀ / (s² + 2ζ_r ω_r s + ω_r²) = Σ_r φ_r φ_rᵀ / ((s − λ_r)(s − λ̄_r)),
  // λ_r = −ζ_r ω_r + i ω_dr, and the partial fractions 1/((s−λ)(s−λ̄)) = [1/(s−λ) − 1/(s−λ̄)]/(2 i ω_d)
  // give the residue of channel (c, d), force at d, response at c:
  //   A_cr = φ_cr φ_dr / (2 i ω_dr)
  // (Ewins, Modal Testing: Theory, Practice and Application, 2nd ed. 2000, ch. 2, MDOF systems
  // with proportional viscous damping; Heylen, Lammens & Sas, Modal Analysis Theory and Testing,
  // ch. 2 and its scaling of modes from the driving-point residue). So Q_cr = 2 i ω_dr A_cr =
  // φ_cr φ_dr: the driving-point term Q_dr = φ_dr² is positive (1/modal mass of the shape scaled
  // to 1 at d), φ_dr = √Q_dr and φ_cr = Q_cr/φ_dr.
  // A measured or non-proportionally damped mode has complex Q_r: it is turned by the phase θ_r
  // (in (−π/2, π/2]) that makes Q_dr real and its real part is kept; a Q_dr that turns negative
  // is a negative modal mass.
  r.shapes = Matrix::Constant(m, m, NAN);
  r.omega_n = r.zeta = r.mpc = r.driving_phase = r.modal_scale = Vector::Constant(m, NAN);
  std::string complex_modes;
  for (Eigen::Index k = 0; k < m; ++k) {
    const Complex pole = fit.poles[std::size_t(k)];
    const Eigen::VectorXcd Q = Complex(0.0, 2.0 * pole.imag()) * fit.residues.col(k).segment(m * input, m);
    double theta = std::arg(Q(driving_output));
    if (theta > kPi / 2) theta -= kPi;
    if (theta <= -kPi / 2) theta += kPi;
    const Vector turned = (Q * std::polar(1.0, -theta)).real();
    const double scale = turned(driving_output);
    r.omega_n(k) = std::abs(pole);
    r.zeta(k) = -pole.real() / std::abs(pole);
    r.mpc(k) = modal_phase_collinearity(Q);
    r.driving_phase(k) = theta;
    r.modal_scale(k) = scale;
    if (!(scale > 0.0))
      return refuse(ReducedModelReason::negative_modal_mass,
                    "the mode at " + hz(pole) + " has a driving-point term of the wrong sign (a negative modal mass): the driving point (output " +
                        std::to_string(driving_output + 1) + ") is not at the force, or the force/response sign is flipped");
    r.shapes.col(k) = turned / std::sqrt(scale);
    if (r.mpc(k) < options.min_mpc) complex_modes += (complex_modes.empty() ? "" : ", ") + hz(pole) + " (MPC " + format_digits(r.mpc(k), 2) + ")";
  }

  // Φ square: Φᵀ M Φ = I gives M = Φ^{-T} Φ^{-1}, and K, D from the modal diagonals.
  const Eigen::JacobiSVD<Matrix> svd(r.shapes);
  const Vector sigma = svd.singularValues();
  r.condition = sigma(m - 1) > 0.0 ? sigma(0) / sigma(m - 1) : INFINITY;
  if (!(r.condition <= options.max_condition))
    return refuse(ReducedModelReason::singular_shapes,
                  "the mass-normalised shapes are singular or too badly conditioned to invert (condition number " + format_digits(r.condition) +
                      ", limit " + format_digits(options.max_condition) +
                      "): two modes look alike at these sensors; place the sensors where the band's modes differ");
  const Matrix inverse = r.shapes.fullPivLu().inverse();
  const auto congruence = [&inverse](const Vector& diagonal) {
    const Matrix X = inverse.transpose() * diagonal.asDiagonal() * inverse;
    return Matrix(0.5 * (X + X.transpose()));
  };
  r.M = congruence(Vector::Ones(m));
  r.K = congruence(r.omega_n.cwiseAbs2());
  r.D = congruence(2.0 * r.zeta.cwiseProduct(r.omega_n));
  if (!r.M.allFinite() || !r.D.allFinite() || !r.K.allFinite()) {
    r.M = r.D = r.K = Matrix();
    return refuse(ReducedModelReason::singular_shapes, "M, D, K overflow: the shapes are too small to invert in floating point (rescale the record's units)");
  }

  if (!complex_modes.empty()) {
    r.caveats.push_back(ReducedModelCaveat::complex_modes);
    r.add_warning("reduced model: strongly complex modes at " + complex_modes + ", below MPC " + format_digits(options.min_mpc, 2) +
                  ": their real shapes are approximations (non-proportional damping, or noisy residues), so M, D, K are too");
  }
  if (r.condition > options.warn_condition) {
    r.caveats.push_back(ReducedModelCaveat::ill_conditioned);
    r.add_warning("reduced model: the shapes' condition number is " + format_digits(r.condition) + " (above " +
                  format_digits(options.warn_condition) + "): errors in the shapes reach M, D, K amplified up to that many times");
  }
  return r;
}

}  // namespace mechid
