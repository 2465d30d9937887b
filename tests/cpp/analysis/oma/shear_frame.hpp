// The 5-storey shear frame of pyOMA2's getting-started example (Pasca et al. 2024, pyOMA2 docs,
// "Example 1"): m = 25.91 kg and k = 10 kN/m per storey, ζ = 2 % in every mode, independent
// white-noise forces at every storey, accelerations at 100 Hz. Its exact modes come from
// eig(K, M) here, not typed in.
#pragma once

#include <cmath>
#include <cstdint>

#include <Eigen/Eigenvalues>

#include "core/math_constants.hpp"
#include "core/rng.hpp"
#include "model/mechanical_system.hpp"
#include "simulate/simulation.hpp"

namespace mechid::test {

struct ShearFrame {
  MechanicalSystem system;
  Vector freq_hz;  // exact, increasing
  Matrix shapes;   // mass-normalised, one column per mode
};

// Shear building: storey i is tied to storey i − 1 (the ground for i = 0) by a spring k, so K is
// tridiagonal with 2k on the diagonal (k at the top storey) and −k beside it. Damping is modal
// (not Rayleigh): D = M Φ diag(2 ζ ω_j) Φᵀ M with Φ mass-normalised, so that every mode has ζ exactly.
inline ShearFrame shear_frame(double zeta = 0.02) {
  const Eigen::Index n = 5;
  const double mass = 25.91, k = 10000.0;
  ShearFrame f;
  MechanicalSystem& s = f.system;
  s.name = "shear frame";
  s.M = mass * Matrix::Identity(n, n);
  s.K = Matrix::Zero(n, n);
  for (Eigen::Index i = 0; i < n; ++i) {
    s.K(i, i) = i + 1 < n ? 2 * k : k;
    if (i + 1 < n) s.K(i, i + 1) = s.K(i + 1, i) = -k;
  }
  const Eigen::GeneralizedSelfAdjointEigenSolver<Matrix> eig(s.K, s.M);
  const Vector omega = eig.eigenvalues().cwiseSqrt();
  f.freq_hz = omega / kTwoPi;
  f.shapes = eig.eigenvectors();
  s.D = s.M * f.shapes * (2.0 * zeta * omega).asDiagonal() * f.shapes.transpose() * s.M;
  s.D = 0.5 * (s.D + s.D.transpose());
  s.L = Matrix::Identity(n, n);
  return f;
}

// Adds white noise of `relative` times each column's RMS (about its mean).
inline void add_relative_noise(Matrix& y, double relative, std::uint64_t seed) {
  Random rng(seed);
  for (Eigen::Index c = 0; c < y.cols(); ++c) {
    const double sd = relative * std::sqrt((y.col(c).array() - y.col(c).mean()).square().mean());
    for (Eigen::Index t = 0; t < y.rows(); ++t) y(t, c) += sd * rng.normal();
  }
}

// Accelerations of the frame under independent white-noise forces at every storey (held over
// each sample: exact ZOH sampling by the project's simulator), with `noise` relative noise.
inline Matrix ambient_accelerations(const ShearFrame& f, Eigen::Index N, double h, double noise, std::uint64_t seed) {
  SimulationOptions o;
  o.h = h;
  o.n = N;
  o.input.kind = InputKind::samples;
  o.input.samples.resize(N, f.system.inputs());
  Random rng(seed);
  for (Eigen::Index i = 0; i < o.input.samples.size(); ++i) o.input.samples.data()[i] = 100.0 * rng.normal();
  Matrix a = simulate(f.system, o).a;
  add_relative_noise(a, noise, seed + 1);
  return a;
}

}  // namespace mechid::test
