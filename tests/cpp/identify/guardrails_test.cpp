#include <catch2/catch.hpp>

#include <algorithm>

#include "identify/guardrails.hpp"
#include "identify/methods.hpp"
#include "model/presets.hpp"
#include "simulate/simulation.hpp"

using namespace mechid;

namespace {

bool mentions(const std::vector<std::string>& warnings, const std::string& text) {
  return std::any_of(warnings.begin(), warnings.end(), [&](const std::string& w) { return w.find(text) != std::string::npos; });
}

Dataset data_of(const MechanicalSystem& s, InputKind kind, double h, Eigen::Index N) {
  SimulationOptions o;
  o.h = h;
  o.n = N;
  o.snr_db = 30;
  o.input.kind = kind;
  const SimulatedData sim = simulate(s, o);
  return {h, sim.u, sim.q, kind == InputKind::prbs ? InputSampling::hold : InputSampling::point};
}

}  // namespace

TEST_CASE("excitation order: a sine has order 2, PRBS every order asked; band power is ~1 for PRBS") {
  const Eigen::Index N = 4000;
  const double h = 0.05;
  Matrix sine(N, 1), two(N, 1);
  for (Eigen::Index t = 0; t < N; ++t) sine(t, 0) = std::sin(1.3 * t * h + 0.2);
  CHECK(excitation_order(sine, 8) == 2);
  for (Eigen::Index t = 0; t < N; ++t) two(t, 0) = std::sin(1.3 * t * h) + std::sin(2.9 * t * h);
  CHECK(excitation_order(two, 8) == 4);  // a sum of two sines: order 4 (Ljung 1999, example 13.1)
  // Finely sampled, slow sines (ωh = 0.013 and 0.029): still order 4, and five sines between
  // 0.5 and 2.9 rad/s (ωh <= 0.15) order 10, though consecutive samples are nearly equal.
  Matrix slow(N, 1), five(N, 1);
  for (Eigen::Index t = 0; t < N; ++t) slow(t, 0) = std::sin(0.26 * t * h) + std::sin(0.58 * t * h);
  CHECK(excitation_order(slow, 8) == 4);
  for (Eigen::Index t = 0; t < N; ++t) {
    five(t, 0) = 0.0;
    for (int j = 0; j < 5; ++j) five(t, 0) += std::sin((0.5 + 0.6 * j) * t * h + j);
  }
  CHECK(excitation_order(five, 12) == 10);
  const Dataset prbs = data_of(preset("3dof"), InputKind::prbs, h, N);
  CHECK(excitation_order(prbs.u, 12) == 12);
  // A PRBS of one sample per bit is white: the band power relative to the average is ≈ 1.
  const double power = relative_input_power(prbs.u, h, 20.0, 2.0);
  CHECK(power > 0.5);
  CHECK(power < 2.0);
  CHECK(relative_input_power(sine, h, 20.0, 2.0) < 1e-3);  // far from the sine's 1.3 rad/s
}

TEST_CASE("guardrail warnings fire on a single-sine input and stay silent on PRBS") {
  MechanicalSystem s = preset("3dof");
  s.L = Matrix::Zero(3, 1);
  s.L(0, 0) = 1.0;  // one force on the first mass
  IdentifyOptions o;
  o.L = s.L;
  const Identification sine = identify("variational", data_of(s, InputKind::sine, 0.05, 3000), o);
  CHECK(mentions(sine.warnings, "persistently exciting of order 2 only"));
  const Identification prbs = identify("variational", data_of(s, InputKind::prbs, 0.05, 3000), o);
  INFO(prbs.message);
  CHECK_FALSE(mentions(prbs.warnings, "persistently exciting"));
  CHECK_FALSE(mentions(prbs.warnings, "barely excited"));
  CHECK_FALSE(mentions(prbs.warnings, "suggest"));
}

TEST_CASE("suggested DOF from a clear gap in the singular values") {
  Vector sv(10);
  sv << 50, 40, 30, 20, 10, 8, 1e-3, 9e-4, 8e-4, 7e-4;
  CHECK(suggested_dof(sv) == 3);
  sv << 50, 40, 30, 20, 10, 8, 6, 5, 4, 3;  // no gap stands out
  CHECK(suggested_dof(sv) == 0);
  // Rounding-level and exactly zero values (noise-free data, a pseudo-inverse floor) are no gap.
  sv << 50, 40, 30, 20, 10, 8, 3e-14, 1e-15, 0, 0;
  CHECK(suggested_dof(sv) == 3);
}
