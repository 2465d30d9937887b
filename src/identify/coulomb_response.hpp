// The sampled response of M q'' + D q' + K q + F_c sign(q') + f_0 = L u(t) (the EMPS model of
// Janot, Gautier & Brunot 2019, eq. 1, with a chain's stiffness): the simulator of the output-error
// refinement of inverse-dynamic estimates (IDIM-OE, Gautier, Janot & Vandanjon 2013), which needs
// the model's free run with friction, which the linear simulators of the core do not have.
//
// Between the instants where a velocity with friction changes sign the equation is linear with a
// constant friction force, so each sub-interval of length δ is stepped exactly by the sampled model
// x⁺ = F x + G0 g_j + G1 (g_{j+1} − g_j) of intersample_model.hpp (the force linear between the
// sub-grid points g_j of the input's intersample model: held, linear, or band-limited). Where a
// velocity crosses zero within a sub-interval the sub-interval is redone by the Taylor series of the
// exact solution (x^(k+1) = A x^(k) + b^(k), the force linear in time), the crossing located on it
// by safeguarded Newton iteration, and continued from there with the new friction force: the
// switching instants are exact to rounding, which a smoothed sign integrated by fixed steps is not.
// At a crossing, the DOF sticks when the friction force that keeps its acceleration zero is within
// ±F_c (Karnopp 1985, "Computer simulation of stick-slip friction in mechanical dynamic systems",
// J. Dyn. Syst. Meas. Control 107:100-103); while it sticks that force is held over each
// sub-interval, its velocity kept zero, and the DOF released at the start of the first sub-interval
// where the force needed exceeds F_c.
#pragma once

#include "core/types.hpp"
#include "identify/intersample_model.hpp"

namespace mechid {

struct CoulombModel {
  Matrix M, D, K, L;  // n x n (M positive definite), L n x k
  Vector coulomb;     // F_c per DOF (<= 0: no friction at that DOF)
  Vector offset;      // f_0 per DOF
};

// What the simulator needs of a record's input, independent of the model: the input between samples
// as `intersample` describes it, w_k of intersample_inputs (for the step over a whole period), and
// the force L u at the model's r points per period (held: one) for the steps that split a period.
struct CoulombInput {
  double h = 0.0;
  IntersampleModel intersample;
  Matrix w;     // N x columns_per_input · k
  Matrix fine;  // (N r) x n: L u at t_k + j h / r
};
CoulombInput coulomb_input(const Matrix& u, const Matrix& L, double h, const IntersampleModel& intersample);

// The displacements q (N x n) at the samples of the input from the state x0 = [q0; v0] (2n). A period
// without a sign change or a stuck DOF takes one exact step; the others are split as described above.
// False when M is not positive definite, the model is far faster than the sampling (more than 64
// splits of a period), or the response is not finite.
bool coulomb_response(const CoulombModel& model, const CoulombInput& input, const Vector& x0, Matrix& q);

}  // namespace mechid
