#include "analysis/perturbation_study.hpp"

#include <cmath>

#include "core/input_error.hpp"
#include "core/math_constants.hpp"
#include "core/rng.hpp"
#include "discretize/variational.hpp"
#include "discretize/zoh.hpp"
#include "model/second_order_extraction.hpp"

namespace mechid {
namespace {

// Accumulates squared deviations entry-wise; rms() is ‖sqrt(mean of squares)‖_F / ‖truth‖_F.
struct RmsError {
  Matrix truth, sum;
  int count = 0;
  explicit RmsError(const Matrix& t) : truth(t), sum(Matrix::Zero(t.rows(), t.cols())) {}
  void add(const Matrix& estimate) {
    sum += (estimate - truth).array().square().matrix();
    ++count;
  }
  double relative() const { return count ? (sum / count).cwiseSqrt().norm() / truth.norm() : NAN; }
};

PerturbationRow zoh_row(const MechanicalSystem& s, double h, const PerturbationOptions& o, Random& rng) {
  const StateSpaceModel truth = to_state_space(s);
  const DiscreteModel sampled = c2d_zoh(truth, h);
  const double sd = o.relative * sampled.F.norm();
  RmsError A(truth.A), b(truth.B), m(s.M), d(s.D), k(s.K);
  PerturbationRow row;
  row.method = "zoh";
  for (int j = 0; j < o.samples; ++j) {
    DiscreteModel perturbed = sampled;
    for (Eigen::Index e = 0; e < perturbed.F.size(); ++e) perturbed.F(e) += sd * rng.normal();
    for (Eigen::Index e = 0; e < perturbed.G.size(); ++e) perturbed.G(e) += sd * rng.normal();
    const ConversionResult continuous = d2c_zoh(perturbed);
    if (continuous.status == Status::failed) {
      ++row.failures;
      continue;
    }
    A.add(continuous.model.A);
    b.add(continuous.model.B);
    const SecondOrderExtraction second = extract_second_order(continuous.model, s.L);
    if (second.status == Status::failed) {
      ++row.failures;
      continue;
    }
    m.add(second.system.M);
    d.add(second.system.D);
    k.add(second.system.K);
  }
  row.A = A.relative();
  row.b = b.relative();
  row.m = m.relative();
  row.d = d.relative();
  row.k = k.relative();
  return row;
}

PerturbationRow midpoint_row(const MechanicalSystem& s, double h, const PerturbationOptions& o, Random& rng) {
  const DiscreteVariationalModel discrete = to_discrete(s, h);
  const double size = std::sqrt(discrete.Md.squaredNorm() + discrete.Kd.squaredNorm() + discrete.Dd.squaredNorm());
  const double sd = o.relative * size;
  RmsError m(s.M), d(s.D), k(s.K);
  for (int j = 0; j < o.samples; ++j) {
    DiscreteVariationalModel perturbed = discrete;
    perturbed.Md(0, 0) += sd * rng.normal();
    perturbed.Kd(0, 0) += sd * rng.normal();
    perturbed.Dd(0, 0) += sd * rng.normal();
    const MechanicalSystem back = to_continuous(perturbed);
    m.add(back.M);
    d.add(back.D);
    k.add(back.K);
  }
  PerturbationRow row;
  row.method = "midpoint";
  row.m = m.relative();
  row.d = d.relative();
  row.k = k.relative();
  return row;
}

}  // namespace

double bandwidth_3db(double omega_n, double zeta) {
  const double z2 = zeta * zeta;
  return omega_n * std::sqrt(1.0 - 2.0 * z2 + std::sqrt(4.0 * z2 * z2 - 4.0 * z2 + 2.0));
}

void PerturbationOptions::validate() const {
  require(!multiples.empty() && multiples.size() <= 1000, "give between 1 and 1000 sampling multiples i", "multiples");
  check_options(*this);
}

std::vector<PerturbationRow> perturbation_study(const MechanicalSystem& s, const PerturbationOptions& o) {
  validate(s);
  require(s.dof() == 1 && s.inputs() == 1, "the perturbation study uses a 1-DOF system with one input (eq. 3.19), got " +
                                               std::to_string(s.dof()) + " DOF");
  o.validate();
  const double m = s.M(0, 0), d = s.D(0, 0), k = s.K(0, 0);
  const double omega_n = std::sqrt(k / m), zeta = d / (2.0 * m * omega_n);
  require(zeta < 1.0 / std::sqrt(2.0), "the 3 dB bandwidth of eq. 3.22 needs zeta < 1/sqrt(2), got " + format_number(zeta));
  const double omega_b = bandwidth_3db(omega_n, zeta);
  std::vector<PerturbationRow> rows;
  for (std::size_t r = 0; r < o.multiples.size(); ++r) {
    const double i = o.multiples[r];
    const double h = kTwoPi / (i * omega_b);
    Random rng_zoh = Random::derived(o.seed, 2 * r), rng_mid = Random::derived(o.seed, 2 * r + 1);
    for (PerturbationRow row : {zoh_row(s, h, o, rng_zoh), midpoint_row(s, h, o, rng_mid)}) {
      row.i = i;
      row.h = h;
      rows.push_back(row);
    }
  }
  return rows;
}

}  // namespace mechid
