#include <catch2/catch.hpp>

#include <complex>
#include <vector>

#include "analysis/oma/output_correlations.hpp"
#include "analysis/oma/ssi_cov.hpp"
#include "analysis/oma/ssi_cov_sensitivity.hpp"
#include "shear_frame.hpp"

using namespace mechid;

namespace {

// The shape divided by its entry of largest modulus (the scale and phase SSI leaves free).
Eigen::VectorXcd unit_shape(const Eigen::VectorXcd& phi) {
  Eigen::Index i = 0;
  phi.cwiseAbs().maxCoeff(&i);
  return phi / phi(i);
}

// The pole of `order` nearest `target` and its shape.
std::pair<std::complex<double>, Eigen::VectorXcd> nearest_pole(const SsiCovModels& models, Eigen::Index order, std::complex<double> target) {
  for (const SsiOrder& o : models.orders) {
    if (o.order != order) continue;
    std::size_t best = 0;
    for (std::size_t q = 1; q < o.poles.size(); ++q)
      if (std::abs(o.poles[q] - target) < std::abs(o.poles[best] - target)) best = q;
    return {o.poles[best], o.shapes.col(Eigen::Index(best))};
  }
  FAIL("no order " << order);
  return {};
}

// The analytic first-order derivatives of the poles and shapes against central finite differences
// of ssi_cov itself along the direction of one block's correlations (the jackknife's direction).
void check_against_differences(const std::vector<Eigen::Index>& references) {
  const test::ShearFrame f = test::shear_frame();
  const Matrix a = test::ambient_accelerations(f, 6000, 0.01, 0.1, 5);
  const Matrix y = a.rowwise() - a.colwise().mean();
  const Eigen::Index p = 12, lags = 2 * p - 1;
  const CorrelationBlocks blocks = block_correlation_sums(y, references, lags, 4);
  const std::vector<Matrix> R = blocks.correlations(), R1 = blocks.correlations(1);
  std::vector<Matrix> dR;
  for (std::size_t i = 0; i < R.size(); ++i) dR.push_back(R1[i] - R[i]);
  const SsiCovModels models = ssi_cov(R, p, 0.01, 20, 2);
  std::vector<SsiPoleRequest> requests;
  for (const SsiOrder& o : models.orders)
    if (o.order == 10 || o.order == 16)
      for (const auto& pole : o.poles)
        if (std::abs(pole) / (2 * 3.141592653589793) > 0.5 && std::abs(pole) / (2 * 3.141592653589793) < 7.0) requests.push_back({o.order, pole});
  REQUIRE(requests.size() >= 8);
  const std::vector<SsiPoleDerivative> d = SsiCovSensitivity(R, models, p, 0.01, requests).along(dR);
  const double eps = 1e-5;
  std::vector<Matrix> plus, minus;
  for (std::size_t i = 0; i < R.size(); ++i) plus.push_back(R[i] + eps * dR[i]), minus.push_back(R[i] - eps * dR[i]);
  const SsiCovModels mp = ssi_cov(plus, p, 0.01, 20, 2), mm = ssi_cov(minus, p, 0.01, 20, 2);
  for (std::size_t q = 0; q < requests.size(); ++q) {
    const auto [lp, sp] = nearest_pole(mp, requests[q].order, requests[q].pole);
    const auto [lm, sm] = nearest_pole(mm, requests[q].order, requests[q].pole);
    const std::complex<double> dl = (lp - lm) / (2 * eps);
    INFO("order " << requests[q].order << " pole " << requests[q].pole << ": analytic " << d[q].pole << ", differences " << dl);
    CHECK(std::abs(d[q].pole - dl) <= 1e-4 * std::abs(dl) + 1e-9);
    const Eigen::VectorXcd ds = (unit_shape(sp) - unit_shape(sm)) / (2 * eps);
    const Eigen::VectorXcd ds_analytic = (unit_shape(d[q].shape + eps * d[q].shape_derivative) - unit_shape(d[q].shape - eps * d[q].shape_derivative)) / (2 * eps);
    INFO("shape derivative: analytic " << ds_analytic.transpose() << ", differences " << ds.transpose());
    CHECK((ds_analytic - ds).norm() <= 1e-4 * ds.norm() + 1e-9);
  }
}

}  // namespace

TEST_CASE("SSI-cov sensitivities equal finite differences of ssi_cov: every output a reference", "[oma]") {
  check_against_differences({0, 1, 2, 3, 4});
}

TEST_CASE("SSI-cov sensitivities equal finite differences of ssi_cov: two references of five outputs", "[oma]") {
  check_against_differences({1, 4});
}
