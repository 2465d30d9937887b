// The test of whether each output responds to the inputs (identify/output_response.hpp): its
// statistic against a second computation and against its χ² law, and the refusal of an output of
// noise only by every method that starts from a subspace model.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/rng.hpp"
#include "fixtures.hpp"
#include "identify/methods.hpp"
#include "identify/output_response.hpp"
#include "identify/subspace_start.hpp"

using namespace mechid;

namespace {

// A stable model of 6 states and 2 inputs (poles 0.9-0.99 in pairs) with white Gaussian inputs.
SubspaceModel six_state_model() {
  SubspaceModel m;
  m.F = Matrix::Zero(6, 6);
  for (int i = 0; i < 3; ++i) {
    const double r = 0.9 + 0.03 * i, angle = 0.2 + 0.3 * i;
    m.F.block(2 * i, 2 * i, 2, 2) << r * std::cos(angle), -r * std::sin(angle), r * std::sin(angle), r * std::cos(angle);
  }
  m.G = Matrix(6, 2);
  m.G << 1, 0, 0.5, 1, -1, 0.2, 0.3, -0.7, 0.8, 0.4, -0.2, 1;
  m.H = Matrix::Identity(1, 6);
  m.x0 = Vector::Zero(6);
  return m;
}

Matrix normals(Random& random, Eigen::Index rows, Eigen::Index cols) {
  Matrix X(rows, cols);
  for (Eigen::Index i = 0; i < rows; ++i)
    for (Eigen::Index j = 0; j < cols; ++j) X(i, j) = random.normal();
  return X;
}

// The model's states driven by u, all of them (the test keeps none).
Matrix states(const SubspaceModel& m, const Matrix& u) {
  Matrix X(u.rows(), m.F.rows());
  Vector x = m.x0;
  for (Eigen::Index t = 0; t < u.rows(); ++t) {
    X.row(t) = x.transpose();
    x = m.F * x + m.G * u.row(t).transpose();
  }
  return X;
}

}  // namespace

TEST_CASE("the share of an output's variance the simulated states explain is that of a least-squares fit with an intercept") {
  const SubspaceModel m = six_state_model();
  Random random(3);
  const Eigen::Index N = 3000;
  Dataset d{0.01, normals(random, N, 2), Matrix(N, 2), InputSampling::hold};
  const Matrix X = states(m, d.u);
  Vector c(6);
  c << 1, -2, 0.5, 0, 3, 1;
  d.y.col(0) = X * c + 20 * normals(random, N, 1) + Vector::Constant(N, 5.0);  // a response, strong noise, an offset
  d.y.col(1) = normals(random, N, 1);                                            // noise alone
  // The second computation: the residual of a QR least-squares fit on [1, X].
  Matrix A(N, 7);
  A << Vector::Ones(N), X;
  const auto qr = A.colPivHouseholderQr();
  const std::vector<OutputResponse> tests = output_responses(d, m);
  REQUIRE(tests.size() == 2);
  for (Eigen::Index j = 0; j < 2; ++j) {
    const Vector y = d.y.col(j);
    const double total = (y.array() - y.mean()).square().sum(), residual = (y - A * qr.solve(y)).squaredNorm();
    CHECK(tests[j].explained == Approx(1 - residual / total).epsilon(1e-9).margin(1e-12));
    CHECK(tests[j].states == 6);
    CHECK(tests[j].statistic == Approx((N - 7) * tests[j].explained / (1 - tests[j].explained)).epsilon(1e-12));
  }
  CHECK(tests[0].p_value < 1e-12);
  CHECK(tests[1].p_value > kResponseSignificance);  // with seed 3; the law of the statistic is the next test's
}

TEST_CASE("for an output independent of the inputs the statistic follows χ² with as many degrees of freedom as states") {
  const SubspaceModel m = six_state_model();
  Random random(11);
  const int records = 400;
  double sum = 0.0;
  int below_5_percent = 0, refused = 0;
  for (int i = 0; i < records; ++i) {
    const Eigen::Index N = 1000;
    const Dataset d{0.01, normals(random, N, 2), normals(random, N, 1), InputSampling::hold};
    const std::vector<OutputResponse> tests = output_responses(d, m);
    REQUIRE(tests.size() == 1);
    sum += tests[0].statistic;
    below_5_percent += tests[0].p_value < 0.05;
    refused += tests[0].p_value >= kResponseSignificance;
  }
  // χ²(6): mean 6, variance 12: the mean of 400 within 4 standard errors (0.17 each); the share
  // below 5 % within 4 binomial standard errors (1.1 %) of 5 %.
  CHECK(std::abs(sum / records - 6.0) < 4 * std::sqrt(12.0 / records));
  CHECK(std::abs(below_5_percent / double(records) - 0.05) < 4 * std::sqrt(0.05 * 0.95 / records));
  CHECK(refused >= records - 4);  // 1 in 1000 expected through
}

TEST_CASE("an output of noise only is refused, named, by every method that starts from a subspace model") {
  const Dataset dead = fixtures::noise_only_last_output();
  for (const char* method : {"n4sid-d2c", "variational", "variational-zoh", "auto"}) {
    INFO(method);
    try {
      identify(method, dead, IdentifyOptions());
      FAIL("not refused");
    } catch (const OutputWithoutResponse& e) {
      CHECK(std::string(e.what()).rfind("output q3 does not respond to the inputs", 0) == 0);
    }
  }
  // The same record with q3's own response: every output responds, nothing is refused.
  Dataset alive = fixtures::simulated(uniform_chain(3), 0.02, 20000, 30);
  const std::vector<OutputResponse> tests = output_responses(alive, subspace_with_rule(alive, IdentifyOptions()));
  REQUIRE(tests.size() == 3);
  for (const OutputResponse& t : tests) CHECK(t.p_value < 1e-12);
}
