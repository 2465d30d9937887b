// The modes in a band do not depend on the outputs' units (output_scales.hpp, and the cap on the
// weights 1/σ̂ in modes_in_band.cpp): the same record with its outputs in m/s², in g and mm/s², and
// in µm/s² gives the same modes, and shapes scaled by the units.
#include <catch2/catch.hpp>

#include <cmath>

#include "analysis/modes_in_band.hpp"
#include "core/rng.hpp"
#include "model/modal.hpp"
#include "model/presets.hpp"
#include "sampled_records.hpp"

using namespace mechid;

namespace {

Matrix normal_force(Eigen::Index N, std::uint64_t seed) {
  Random rng(seed);
  Matrix u(N, 1);
  for (Eigen::Index i = 0; i < N; ++i) u(i, 0) = rng.normal();
  return u;
}

double relative_gap(double a, double b) { return std::abs(a - b) / std::abs(b); }

}  // namespace

TEST_CASE("modes in a band: the same modes whatever the outputs' units, shapes scaled by them", "[repeats]") {
  // The 8-DOF preset, a white force on DOF 1, noise-free accelerations of DOFs 1, 4, 7 (N = 20 000,
  // h = 0.02 s): the LPM's standard deviations are its misfit and rounding, 1e-10 … 1e-2 of each
  // channel's level. Measured before the cap on the weights and the outputs' levels: in g, g, mm/s²
  // the 0.89 Hz mode was lost and the others moved by up to 5e-5 in frequency.
  const MechanicalSystem s = preset("8dof");
  const double h = 0.02;
  const Matrix u = normal_force(20000, 21);
  const Matrix y = test::respond(test::sampled(s, 0, {0, 3, 6}, true, h), u);
  ModesOptions o;
  o.frf.band_lo_hz = 0.5;
  o.frf.band_hi_hz = 5.0;
  o.outputs.assign(3, Response::acceleration);
  const ModesInBand si = modes_in_band(u, y, h, o);
  // Against the truth: every mode of the preset, the frequencies within 1e-6 and the damping ratios
  // within 1e-4 (noise-free; the ZOH-sampled record against the continuous modes).
  const ModalResult truth = modal_analysis(s);
  REQUIRE(si.modes.size() == 8);
  for (std::size_t i = 0; i < 8; ++i) {
    CHECK(relative_gap(si.modes[i].freq_hz, truth.modes[i].freq_hz) < 1e-6);
    CHECK(relative_gap(si.modes[i].zeta, truth.modes[i].zeta) < 1e-4);
  }
  const double g = 9.80665;
  for (const Vector& factor : {Vector((Vector(3) << 1.0 / g, 1.0 / g, 1000.0).finished()), Vector((Vector(3) << 1.0, 1.0 / g, 1e-6).finished())}) {
    INFO("outputs multiplied by " << factor.transpose());
    const ModesInBand r = modes_in_band(u, y * factor.asDiagonal(), h, o);
    CHECK(r.status == si.status);
    CHECK(r.reference_input == si.reference_input);
    REQUIRE(r.modes.size() == si.modes.size());
    for (std::size_t i = 0; i < r.modes.size(); ++i) {
      const BandMode &a = r.modes[i], &b = si.modes[i];
      INFO("mode " << i + 1 << ": " << a.freq_hz << " Hz, zeta " << a.zeta << " against " << b.freq_hz << ", " << b.zeta);
      CHECK(relative_gap(a.freq_hz, b.freq_hz) < 1e-9);
      CHECK(relative_gap(a.zeta, b.zeta) < 1e-9);
      CHECK(relative_gap(a.freq_hz_sd, b.freq_hz_sd) < 1e-6);
      CHECK(relative_gap(a.zeta_sd, b.zeta_sd) < 1e-6);
      CHECK(std::abs(a.mpc - b.mpc) < 1e-9);
      // The shape in the outputs' units: each entry multiplied by its output's factor.
      const Eigen::VectorXcd expected = factor.asDiagonal() * b.shape;
      for (Eigen::Index o2 = 0; o2 < 3; ++o2) CHECK(std::abs(a.shape(o2) - expected(o2)) < 1e-8 * std::abs(expected(o2)));
    }
    // The band model's FRF in the outputs' units too.
    for (std::size_t f = 0; f < r.model_H.size(); f += 97)
      for (Eigen::Index o2 = 0; o2 < 3; ++o2)
        CHECK(std::abs(r.model_H[f](o2, 0) - factor(o2) * si.model_H[f](o2, 0)) < 1e-8 * std::abs(factor(o2) * si.model_H[f](o2, 0)));
  }
}
