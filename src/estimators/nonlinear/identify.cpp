#include "estimators/nonlinear/identify.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/input_error.hpp"
#include "estimators/nonlinear/bias_advice.hpp"
#include "estimators/nonlinear/differentiate.hpp"
#include "estimators/nonlinear/lad_covariance.hpp"
#include "estimators/nonlinear/piecewise_intervals.hpp"

namespace mechid::nonlinear {
namespace {

void check_input(const AccelerationData& d, const PiecewiseOptions& o) {
  require(d.a.size() > 0, "no acceleration samples: the data need an acceleration column (a1)");
  require(d.a.size() >= kMinAccelerationSamples, "the acceleration record is too short: " + std::to_string(d.a.size()) +
                                                     " samples, at least " + std::to_string(kMinAccelerationSamples) + " needed");
  // h and the finiteness of a: checked by reconstruct().
  require(d.f.size() == 0 || d.f.size() == d.a.size(), "the force has " + std::to_string(d.f.size()) +
                                                           " samples but the acceleration has " + std::to_string(d.a.size()));
  for (Eigen::Index i = 0; i < d.f.size(); ++i)
    require(std::isfinite(d.f(i)), "force sample " + std::to_string(i + 1) + " is not a finite number");
  if (o.mass) require(std::isfinite(*o.mass) && *o.mass > 0, "the mass must be a positive number, got " + format_number(*o.mass));
  if (o.damping)
    require(std::isfinite(*o.damping) && *o.damping >= 0, "the damping must be >= 0, got " + format_number(*o.damping));
  const bool has_force = d.f.size() > 0 && d.f.cwiseAbs().maxCoeff() > 0;
  require(o.mass || has_force, "the mass cannot be estimated from free vibration (no force): give the mass");
  validate(o.regions);
  validate(o.reconstruction, d.a.size());
  validate(o.irls);
  validate(o.swap);
}

// The regression of eq. 14 (DIA) or eq. 16 (IDA) with known terms moved to the left-hand side.
// Signals in the roles of the paper's notation: `acc` is a (DIA) or j (IDA), `vel` is v or a,
// `force` is f or ḟ; the stiffness multiplies x - x0 (DIA) or v (IDA).
struct Roles {
  Vector acc, vel, force;
};

PiecewiseRegression build(const ReconstructedSignals& s, const Roles& r, const PiecewiseOptions& o, Form form) {
  PiecewiseRegression p;
  p.form = form;
  p.regions = o.regions;
  p.x = s.x;
  p.v = s.v;
  p.y = r.acc;
  std::vector<Vector> columns;
  if (o.mass) {
    p.y -= r.force / *o.mass;
    if (o.damping) p.y += (2.0 * *o.damping / *o.mass) * r.vel;  // known A = -2c/m
    else columns.push_back(r.vel);                               // A estimated
  } else if (o.damping) {
    columns.push_back(r.force - 2.0 * *o.damping * r.vel);       // coefficient 1/m
  } else {
    columns.push_back(r.force);                                  // 1/m
    columns.push_back(r.vel);                                    // -2c/m
  }
  p.fixed.resize(p.y.size(), static_cast<Eigen::Index>(columns.size()));
  for (std::size_t k = 0; k < columns.size(); ++k) p.fixed.col(static_cast<Eigen::Index>(k)) = columns[k];
  return p;
}

}  // namespace

PiecewiseIdentification identify_piecewise(const AccelerationData& d, const PiecewiseOptions& o) {
  check_input(d, o);
  PiecewiseIdentification r;
  r.method = o.method == Form::dia ? "dia" : "ida";
  r.regions = o.regions;
  r.signals = reconstruct(d.a, d.h, o.reconstruction);
  const ReconstructedSignals& s = r.signals;
  const Vector f = d.f.size() ? d.f : Vector::Zero(d.a.size());

  Roles roles;
  if (o.method == Form::dia) roles = {s.a, s.v, f};
  else roles = {s.j, s.a, differentiate4(f, d.h)};
  const PiecewiseRegression p = build(s, roles, o, o.method);

  // Initialization of Algorithms 2 and 3: incidence vectors from the reconstructed displacement.
  r.initial_region = classify(o.regions, s.x);
  require_populated(o.regions, r.initial_region, 2 * unknowns(p));
  SwapOptions swap = o.swap;
  if (!swap.enabled) swap.enabled = o.method == Form::ida;  // Karimov et al. 2021: Algorithm 3 in the IDA, Algorithm 2 in the DIA
  const SwapResult fit = irls_with_swapping(p, r.initial_region, o.irls, swap);
  r.final_region = fit.region;
  r.swaps = fit.swaps;
  r.iterations = fit.fit.iterations;
  r.converged = fit.fit.converged;
  if (fit.fit.failed()) {
    r.fail(fit.fit.message);
    return r;
  }
  if (fit.fit.status == Status::warning) r.add_warning(fit.fit.message);

  // Physical parameters from h: 1/m, -2c/m, -k_j/m, k_j x0_j / m.
  const Vector& h = fit.fit.h;
  Eigen::Index col = 0;
  r.mass_estimated = !o.mass;
  r.damping_estimated = !o.damping;
  if (o.mass) {
    r.mass = *o.mass;
    r.damping = o.damping ? *o.damping : -0.5 * h(col++) * r.mass;
  } else {
    r.mass = 1.0 / h(col++);
    r.damping = o.damping ? *o.damping : -0.5 * h(col++) * r.mass;
    if (!(r.mass > 0)) r.add_warning("the estimated mass " + format_number(r.mass) + " is not positive");
  }
  std::vector<Eigen::Index> count(static_cast<std::size_t>(o.regions.classes()), 0);
  for (const int g : r.final_region) ++count[static_cast<std::size_t>(o.regions.regions[static_cast<std::size_t>(g)].stiffness)];
  for (int c = 0; c < o.regions.classes(); ++c) {
    StiffnessEstimate e;
    e.name = o.regions.stiffness_names[static_cast<std::size_t>(c)];
    e.k = -h(stiffness_column(p, c)) * r.mass;
    const Eigen::Index ic = intercept_column(p, c);
    e.offset = ic >= 0 && e.k != 0 ? h(ic) * r.mass / e.k : NAN;
    e.samples = count[static_cast<std::size_t>(c)];
    r.stiffness.push_back(e);
  }
  // m = 1/h_0 overflows when the fit drives h_0 to (almost) zero, e.g. a huge l1 penalty lambda shrinks all of h;
  // k_j = -h_j m overflows when a given mass is beyond the data's scale (mass 1e300): never report a non-finite
  // estimate as a result.
  const auto non_finite_stiffness = std::find_if(r.stiffness.begin(), r.stiffness.end(),
                                                 [](const StiffnessEstimate& e) { return !std::isfinite(e.k); });
  if (!std::isfinite(r.mass) || !std::isfinite(r.damping) || !h.allFinite() || non_finite_stiffness != r.stiffness.end()) {
    std::string what = "mass " + format_number(r.mass) + ", damping " + format_number(r.damping);
    if (non_finite_stiffness != r.stiffness.end()) what += ", stiffness " + non_finite_stiffness->name + " " + format_number(non_finite_stiffness->k);
    std::string hint = "; check that the record is excited and the force is given";
    if (o.irls.lambda > 0 && !std::isfinite(r.mass))
      hint = ": the l1 penalty lambda " + format_number(o.irls.lambda) + " shrinks the coefficients to zero; use a smaller lambda (0: none)";
    else if (o.mass)
      hint = ": the given mass " + format_number(*o.mass) + " is beyond the scale of the data; give it in the units of the force and acceleration";
    r.stiffness.clear();
    r.fail("the fitted coefficients give a non-finite estimate (" + what + ")" + hint);
    return r;
  }
  if (r.damping_estimated && r.damping < 0)
    r.add_warning("the estimated damping " + format_number(r.damping) + " is negative");

  // Intervals: the sandwich of the IRLS's median regression on the final classification (no
  // intervals under the l1 penalty on h, whose estimate is shrunk on purpose).
  if (o.irls.lambda == 0) {
    const HalfWidths w = half_widths(p, h, lad_covariance(design(p, fit.region), fit.fit.residual).covariance, r.mass,
                                     r.mass_estimated, r.damping_estimated);
    r.mass_half95 = w.mass;
    r.damping_half95 = w.damping;
    for (std::size_t c = 0; c < r.stiffness.size(); ++c) {
      r.stiffness[c].k_half95 = w.k[c];
      r.stiffness[c].offset_half95 = w.offset[c];
    }
  }
  advise_documented_bias(r, o.method, r.mass_estimated, r.damping_estimated);

  // Classification changes and fit of eq. 14 / 16.
  const auto regions = static_cast<Eigen::Index>(o.regions.regions.size());
  r.changes = Matrix::Zero(regions, regions);
  for (std::size_t i = 0; i < r.final_region.size(); ++i) {
    if (r.final_region[i] == r.initial_region[i]) continue;
    ++r.changed;
    r.changes(r.initial_region[i], r.final_region[i]) += 1;
  }
  r.y = p.y;
  r.y_fit = p.y - fit.fit.residual;
  const double spread = (p.y.array() - p.y.mean()).matrix().norm();
  r.nrmse = spread > 0 ? fit.fit.residual.norm() / spread : 0.0;
  r.fit_percent = 100.0 * (1.0 - r.nrmse);
  return r;
}

Vector estimated_force(const PiecewiseIdentification& r, const Vector& x) {
  const std::vector<Region>& regions = r.regions.regions;
  if (r.stiffness.size() != static_cast<std::size_t>(r.regions.classes())) return Vector::Constant(x.size(), NAN);
  // Per region: F = k (x - offset) + shift, shift chosen for continuity where the offset is unknown.
  const auto count = regions.size();
  std::vector<double> k(count), offset(count), shift(count, 0.0);
  std::vector<bool> known(count);
  for (std::size_t g = 0; g < count; ++g) {
    const StiffnessEstimate& e = r.stiffness[static_cast<std::size_t>(regions[g].stiffness)];
    k[g] = e.k;
    known[g] = !regions[g].free_offset || std::isfinite(e.offset);
    offset[g] = !regions[g].free_offset ? regions[g].offset : (std::isfinite(e.offset) ? e.offset : 0.0);
  }
  const auto home = static_cast<std::size_t>(region_of(r.regions, 0.0));
  auto at = [&](std::size_t g, double value) { return k[g] * (value - offset[g]) + shift[g]; };
  for (std::size_t g = home + 1; g < count; ++g)
    if (!known[g]) shift[g] = at(g - 1, regions[g].lower) - at(g, regions[g].lower);
  for (std::size_t g = home; g-- > 0;)
    if (!known[g]) shift[g] = at(g + 1, regions[g].upper) - at(g, regions[g].upper);
  Vector F(x.size());
  for (Eigen::Index i = 0; i < x.size(); ++i) F(i) = at(static_cast<std::size_t>(region_of(r.regions, x(i))), x(i));
  return F;
}

}  // namespace mechid::nonlinear
