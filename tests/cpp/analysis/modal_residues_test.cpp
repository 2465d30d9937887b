#include <catch2/catch.hpp>

#include <cmath>
#include <complex>
#include <vector>

#include "analysis/modal_residues.hpp"
#include "core/math_constants.hpp"

using namespace mechid;

namespace {

using Complex = std::complex<double>;

// Known poles, residues A_cr and residual terms L_c, U_c of two channels, and their FRF written
// out from the modal sum of modal_residues.hpp:
// H_c(ω) = Σ_r [A_cr/(iω − λ_r) + conj(A_cr)/(iω − conj λ_r)] + L_c/(iω)² + U_c.
struct KnownModalModel {
  std::vector<Complex> poles{{-0.3, 6.0}, {-0.9, 14.0}};
  Eigen::MatrixXcd residues = (Eigen::MatrixXcd(2, 2) << Complex(0.5, -2.0), Complex(-0.2, 1.1), Complex(1.5, 0.3), Complex(0.4, -0.8)).finished();
  Vector lower = Eigen::Vector2d(-3.0, 0.7), upper = Eigen::Vector2d(0.01, -0.02);
};

FrfChannels modal_sum_frf(const KnownModalModel& m, const Vector& freq_hz) {
  const Eigen::Index F = freq_hz.size();
  FrfChannels frf{freq_hz, Eigen::MatrixXcd::Zero(F, 2), Matrix::Ones(F, 2)};
  for (Eigen::Index k = 0; k < F; ++k) {
    const Complex s(0.0, kTwoPi * freq_hz(k));
    for (Eigen::Index c = 0; c < 2; ++c) {
      Complex h = m.lower(c) / (s * s) + m.upper(c);
      for (std::size_t r = 0; r < m.poles.size(); ++r)
        h += m.residues(c, Eigen::Index(r)) / (s - m.poles[r]) + std::conj(m.residues(c, Eigen::Index(r))) / (s - std::conj(m.poles[r]));
      frf.H(k, c) = h;
    }
  }
  return frf;
}

}  // namespace

TEST_CASE("LSFD on an exact modal-sum FRF returns the true residues and residual terms, and synthesize reproduces the FRF") {
  const KnownModalModel truth;
  const Vector freq = Vector::LinSpaced(150, 0.3, 3.5);  // both modes (0.95 and 2.2 Hz) inside
  FrfChannels frf = modal_sum_frf(truth, freq);
  for (const bool reweighted : {false, true}) {
    if (reweighted)  // other positive weights: the same exact solution
      for (Eigen::Index k = 0; k < freq.size(); ++k) frf.weight.row(k) << 1.0 + 0.9 * std::cos(double(k)), 2.0 + std::sin(double(3 * k));
    INFO((reweighted ? "uneven weights" : "unit weights"));
    const ModalFit fit = fit_residues(frf, truth.poles);
    REQUIRE(fit.residues.rows() == 2);
    REQUIRE(fit.residues.cols() == 2);
    CHECK((fit.residues - truth.residues).norm() < 1e-9 * truth.residues.norm());
    CHECK((fit.lower - truth.lower).norm() < 1e-9 * truth.lower.norm());
    CHECK((fit.upper - truth.upper).norm() < 1e-9 * truth.lower.norm());
    const Eigen::MatrixXcd again = synthesize(fit, freq);
    CHECK((again - frf.H).norm() < 1e-10 * frf.H.norm());
  }
}
