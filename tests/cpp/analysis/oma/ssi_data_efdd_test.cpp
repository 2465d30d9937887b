#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "analysis/mac.hpp"
#include "analysis/oma/enhanced_fdd.hpp"
#include "analysis/oma/output_only_modes.hpp"
#include "analysis/oma/ssi_cov.hpp"
#include "analysis/oma/ssi_data.hpp"
#include "core/math_constants.hpp"
#include "shear_frame.hpp"

using namespace mechid;
using test::ShearFrame;
using test::shear_frame;

namespace {

double real_mac_with(const Vector& shape, const Vector& exact) {
  return mac_matrix(shape.cast<std::complex<double>>(), exact.cast<std::complex<double>>())(0, 0);
}

}  // namespace

TEST_CASE("SSI-data: the streamed LQ factor equals the one of the whole Hankel matrix", "[oma][ssi-data]") {
  // A small record: the Hankel matrix formed whole and factored by one QR against the factor
  // accumulated chunk by chunk and block by block, compared through L21 L21ᵀ (the same up to the
  // signs of Q's columns); and a block left out against the QR of the remaining columns.
  const ShearFrame f = shear_frame();
  const Matrix y = test::ambient_accelerations(f, 2000, 0.01, 0.1, 7);
  const std::vector<Eigen::Index> refs{1, 3};
  const Eigen::Index p = 6, m = 5, r = 2, pr = p * r, columns = 2000 - 2 * p + 1;
  const auto hankel_t = [&](Eigen::Index from, Eigen::Index to) {
    Matrix Ht(to - from, pr + p * m);
    for (Eigen::Index k = from; k < to; ++k) {
      for (Eigen::Index b = 0; b < p; ++b)
        for (Eigen::Index j = 0; j < r; ++j) Ht(k - from, b * r + j) = y(k + b, refs[std::size_t(j)]);
      for (Eigen::Index a = 0; a < p; ++a) Ht.row(k - from).segment(pr + a * m, m) = y.row(k + p + a);
    }
    return Ht;
  };
  const auto l21_gram = [&](const Matrix& Ht) {
    const Eigen::HouseholderQR<Matrix> qr(Ht);
    const Matrix R12 = qr.matrixQR().topRows(pr).rightCols(p * m);
    return Matrix(R12.transpose() * R12);
  };
  const SsiDataFactors factors = ssi_data_factors(y, refs, p, 4);
  const Matrix whole = l21_gram(hankel_t(0, columns));
  CHECK((factors.r12.transpose() * factors.r12 - whole).norm() <= 1e-9 * whole.norm());
  // block 2 left out: columns [2·columns/4, 3·columns/4) removed
  Matrix rest(columns - (3 * columns / 4 - 2 * columns / 4), pr + p * m);
  rest << hankel_t(0, 2 * columns / 4), hankel_t(3 * columns / 4, columns);
  // the replicate's L21 has the singular values √eig(L21 L21ᵀ) of the remaining columns' factor
  const SsiCovModels left = ssi_data(factors, 2, 0.01, 10);
  const Eigen::SelfAdjointEigenSolver<Matrix> direct(l21_gram(rest));
  const Vector sv = direct.eigenvalues().reverse().cwiseMax(0.0).cwiseSqrt();
  CHECK((left.singular_values.head(10) - sv.head(10)).norm() <= 1e-6 * sv(0));
}

TEST_CASE("SSI-data finds the shear frame's five modes, as SSI-cov does", "[oma][ssi-data]") {
  // pyOMA2's record (300 s at 100 Hz, 10 % noise), the defaults but the band and the method.
  const ShearFrame f = shear_frame();
  const Matrix a = test::ambient_accelerations(f, 30001, 0.01, 0.1, 11);
  OmaOptions o;
  o.band_lo_hz = 0.5;
  o.band_hi_hz = 7.0;
  const OmaResult cov = output_only_modes(a, 0.01, o);
  o.method = OmaMethod::ssi_data;
  const OmaResult data = output_only_modes(a, 0.01, o);
  CHECK(data.status == Status::ok);
  REQUIRE(data.modes.size() == 5);
  REQUIRE(cov.modes.size() == 5);
  for (Eigen::Index j = 0; j < 5; ++j) {
    const OmaMode& mode = data.modes[std::size_t(j)];
    INFO("mode " << j + 1 << ": exact " << f.freq_hz(j) << " Hz; ssi-data " << mode.freq_hz << " Hz ± " << mode.freq_hz_half95 << ", zeta "
                 << mode.zeta << " ± " << mode.zeta_half95 << "; ssi-cov " << cov.modes[std::size_t(j)].freq_hz << " Hz, zeta "
                 << cov.modes[std::size_t(j)].zeta);
    CHECK(std::abs(mode.freq_hz - f.freq_hz(j)) <= 0.005 * f.freq_hz(j));
    // inside its own 99 % interval (the 95 % half-width times t_0.995/t_0.975 for 9 degrees of freedom)
    CHECK(std::abs(mode.freq_hz - f.freq_hz(j)) <= 3.2498 / 2.2622 * mode.freq_hz_half95);
    CHECK(std::abs(mode.zeta - 0.02) <= 3.2498 / 2.2622 * mode.zeta_half95);
    CHECK(real_mac_with(mode.shape, f.shapes.col(j)) >= 0.99);
    // the two methods agree within the intervals of either
    CHECK(std::abs(mode.freq_hz - cov.modes[std::size_t(j)].freq_hz) <= mode.freq_hz_half95 + cov.modes[std::size_t(j)].freq_hz_half95);
    CHECK(std::abs(mode.zeta - cov.modes[std::size_t(j)].zeta) <= mode.zeta_half95 + cov.modes[std::size_t(j)].zeta_half95);
  }
}

TEST_CASE("enhanced FDD: f and zeta of a two-mode free decay from the SDOF bells", "[oma][efdd]") {
  // Two masses on springs (a 2-DOF chain), modal damping ζ = 1 % and 2 %: the closed form is
  // eig(K, M). Released from a displacement holding both modes, 120 s at 50 Hz, 1 % noise.
  MechanicalSystem s;
  s.M = Matrix::Identity(2, 2);
  s.K.resize(2, 2);
  s.K << 2 * 400.0, -400.0, -400.0, 400.0;
  const Eigen::GeneralizedSelfAdjointEigenSolver<Matrix> eig(s.K, s.M);
  const Vector omega = eig.eigenvalues().cwiseSqrt();
  const Vector zeta = (Vector(2) << 0.01, 0.02).finished();
  s.D = s.M * eig.eigenvectors() * (2.0 * zeta.cwiseProduct(omega)).asDiagonal() * eig.eigenvectors().transpose() * s.M;
  s.D = 0.5 * (s.D + s.D.transpose());
  s.L = Matrix::Identity(2, 2);
  SimulationOptions o;
  o.h = 0.02;
  o.n = 6001;
  o.input.kind = InputKind::samples;
  o.input.samples = Matrix::Zero(o.n, 2);
  o.q0 = eig.eigenvectors().rowwise().sum();
  Matrix a = simulate(s, o).a;
  test::add_relative_noise(a, 0.01, 3);
  OmaOptions options;
  options.band_lo_hz = 0.5;
  options.band_hi_hz = 10.0;
  options.method = OmaMethod::efdd;
  const OmaResult r = output_only_modes(a, o.h, options);
  CHECK(r.free_decay);
  REQUIRE(r.modes.size() == 2);
  for (Eigen::Index j = 0; j < 2; ++j) {
    const OmaMode& mode = r.modes[std::size_t(j)];
    const double exact_hz = omega(j) / kTwoPi;
    INFO("mode " << j + 1 << ": exact " << exact_hz << " Hz, zeta " << zeta(j) << "; efdd " << mode.freq_hz << " Hz, zeta " << mode.zeta);
    CHECK(std::abs(mode.freq_hz - exact_hz) <= 0.005 * exact_hz);
    CHECK(std::abs(mode.zeta - zeta(j)) <= 0.1 * zeta(j));
    CHECK(real_mac_with(mode.shape, eig.eigenvectors().col(j)) >= 0.99);
    CHECK(std::isnan(mode.freq_hz_sd));
  }
}

TEST_CASE("enhanced FDD finds the shear frame's five frequencies in an ambient record", "[oma][efdd]") {
  const ShearFrame f = shear_frame();
  const Matrix a = test::ambient_accelerations(f, 30001, 0.01, 0.1, 11);
  OmaOptions o;
  o.band_lo_hz = 0.5;
  o.band_hi_hz = 7.0;
  o.method = OmaMethod::efdd;
  const OmaResult r = output_only_modes(a, 0.01, o);
  REQUIRE(r.modes.size() == 5);
  for (Eigen::Index j = 0; j < 5; ++j) {
    const OmaMode& mode = r.modes[std::size_t(j)];
    INFO("mode " << j + 1 << ": exact " << f.freq_hz(j) << " Hz; efdd " << mode.freq_hz << " Hz, zeta " << mode.zeta);
    CHECK(std::abs(mode.freq_hz - f.freq_hz(j)) <= 0.005 * f.freq_hz(j));
    // EFDD's damping from one 300 s ambient record scatters more than SSI's (measured on three
    // records: 0.018 ... 0.030 for 0.02): a sanity bound here, the decrement itself is checked on
    // the free decay above and the scatter over 20 records in the bench (docs/results.md, oma)
    CHECK(std::abs(mode.zeta - 0.02) <= 0.5 * 0.02);
    CHECK(real_mac_with(mode.shape, f.shapes.col(j)) >= 0.99);
  }
}
