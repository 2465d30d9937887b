#include <catch2/catch.hpp>

#include <cmath>

#include "core/rng.hpp"
#include "identify/gauss_newton_model.hpp"
#include "identify/parameter_covariance.hpp"

using namespace mechid;

namespace {

// y_t = x_t'θ + e_t: a linear PredictorModel (one output), r = y - Xθ, J = -X.
class LinearRegression : public PredictorModel {
 public:
  LinearRegression(Matrix X, Vector y) : X_(std::move(X)), y_(std::move(y)) {}
  Eigen::Index parameter_count() const override { return X_.cols(); }
  Eigen::Index rows_per_sample() const override { return 1; }
  bool evaluate(const Vector& theta, Vector& r, const JacobianSink* sink) const override {
    r = y_ - X_ * theta;
    if (sink)
      for (Eigen::Index t = 0; t < X_.rows(); ++t) (*sink)(Matrix(-X_.row(t).transpose()));
    return true;
  }

 private:
  Matrix X_;
  Vector y_;
};

// An AR(1) series x_t = φ x_{t-1} + v_t, v white with unit variance, started stationary.
Vector ar1(Random& random, Eigen::Index N, double phi) {
  Vector x(N);
  x(0) = random.normal() / std::sqrt(1 - phi * phi);
  for (Eigen::Index t = 1; t < N; ++t) x(t) = phi * x(t - 1) + random.normal();
  return x;
}

// Regressors: a constant and two AR(1) columns (coloured regressors: with white ones the noise's
// colour would not change the OLS variance).
Matrix regressors(Random& random, Eigen::Index N, double phi) {
  Matrix X(N, 3);
  X.col(0).setOnes();
  X.col(1) = ar1(random, N, phi);
  X.col(2) = ar1(random, N, phi);
  return X;
}

// OLS estimate of y on X.
Vector least_squares(const Matrix& X, const Vector& y) { return X.colPivHouseholderQr().solve(y); }

}  // namespace

TEST_CASE("the white covariance from the triangular factor equals σ̂² (J'J)⁻¹ of the dense Jacobian") {
  Random random(7);
  const Eigen::Index N = 500;
  Matrix X = regressors(random, N, 0.5);
  X.col(2) *= 1e6;  // columns of very different size: the column scaling must not matter
  Vector y = X * Eigen::Vector3d(1.0, -2.0, 3e-6) + ar1(random, N, 0.0);
  const LinearRegression model(X, y);
  const Vector theta = least_squares(X, y);
  const ParameterCovariance c = parameter_covariance(model, theta);
  REQUIRE(c.ok);
  CHECK(c.kind == CovarianceKind::white);
  const Vector r = y - X * theta;
  const double s2 = r.squaredNorm() / static_cast<double>(N - 3);
  CHECK(c.residual_variance == Approx(s2).epsilon(1e-12));
  const Matrix expected = s2 * (X.transpose() * X).inverse();
  for (Eigen::Index i = 0; i < 3; ++i) CHECK(c.covariance(i, i) == Approx(expected(i, i)).epsilon(1e-9));
  // At the least-squares optimum the Gauss-Newton step is zero (to rounding), relative to the sd.
  for (Eigen::Index i = 0; i < 3; ++i) CHECK(std::abs(c.gauss_newton_step(i)) < 1e-8 * std::sqrt(expected(i, i)));
  // Away from it, the step is the OLS correction.
  const Vector off = theta + Eigen::Vector3d(0.1, 0.2, 1e-7);
  const ParameterCovariance moved = parameter_covariance(model, off);
  for (Eigen::Index i = 0; i < 3; ++i) CHECK(off(i) + moved.gauss_newton_step(i) == Approx(theta(i)).epsilon(1e-9));
}

TEST_CASE("the white covariance is σ̂² (J'J)⁻¹ on both sides of the switch from the normal equations to the QR") {
  // The normal equations serve when the column-scaled condition is below √(1e-4 / (P ε)) (3.9e5 for
  // P = 3: gram_determines_singular_values); nearly collinear columns put it at about 1/δ. At 1e7
  // the normal equations would lose about ε cond² ≈ 2 % of the smallest direction's variance,
  // which the tolerance below would catch.
  for (const double delta : {1e-3, 1e-7}) {
    Random random(5);
    const Eigen::Index N = 800;
    Matrix X = regressors(random, N, 0.3);
    X.col(2) = X.col(1) + delta * X.col(2);
    const Vector y = X * Eigen::Vector3d(1.0, 2.0, -1.0) + ar1(random, N, 0.0);
    const LinearRegression model(X, y);
    const Vector theta = least_squares(X, y);
    const Vector scale = X.colwise().norm().transpose();
    const Eigen::JacobiSVD<Matrix> scaled(X * scale.cwiseInverse().asDiagonal());
    const double condition = scaled.singularValues()(0) / scaled.singularValues()(2);
    INFO("δ = " << delta << ", scaled condition " << condition);
    CHECK(gram_determines_singular_values(scaled.singularValues()(0), scaled.singularValues()(2), 3) == (delta > 1e-5));
    const ParameterCovariance c = parameter_covariance(model, theta);
    REQUIRE(c.ok);
    // σ̂² (X'X)⁻¹ = σ̂² R⁻¹R⁻ᵀ from a Householder QR of X itself, which never squares the condition.
    const Matrix R = X.householderQr().matrixQR().topRows(3).triangularView<Eigen::Upper>();
    const Matrix Rinv = R.triangularView<Eigen::Upper>().solve(Matrix::Identity(3, 3));
    const double s2 = (y - X * theta).squaredNorm() / static_cast<double>(N - 3);
    const Matrix expected = s2 * Rinv * Rinv.transpose();
    for (Eigen::Index i = 0; i < 3; ++i) CHECK(c.covariance(i, i) == Approx(expected(i, i)).epsilon(1e-6));
  }
}

TEST_CASE("a linear model: the minimiser's last factor carried to its end gives the covariance and step at the end exactly") {
  // r = y - Xθ is linear, so the factor of the last step's start, with z + Rδ for the step δ, is the
  // factor at the end: the covariance from PemReport::final_factor needs no evaluation and is the same.
  Random random(13);
  const Eigen::Index N = 600;
  Matrix X = regressors(random, N, 0.4);
  X.col(1) *= 1e4;  // column scales far apart: nothing may depend on them
  const Vector y = X * Eigen::Vector3d(2.0, -1e-4, 0.5) + ar1(random, N, 0.0);
  const LinearRegression model(X, y);
  for (const double tolerance : {1e-2, 0.0}) {  // at the noise level (a last step is taken), or to the gradient test
    INFO("variance_tolerance " << tolerance);
    PemOptions o;
    o.variance_tolerance = tolerance;
    Vector theta = Vector::Zero(3);
    const PemReport report = levenberg_marquardt(model, theta, o);
    REQUIRE(reached_stationary_point(report.termination));
    REQUIRE(report.final_factor.R.rows() == 3);
    const ParameterCovariance carried = parameter_covariance(model, theta, report.final_factor, N);
    const ParameterCovariance fresh = parameter_covariance(model, theta);
    REQUIRE(carried.ok);
    CHECK(carried.residual_variance == Approx(fresh.residual_variance).epsilon(1e-12));
    for (Eigen::Index i = 0; i < 3; ++i) {
      const double sd = std::sqrt(fresh.covariance(i, i));
      CHECK(std::sqrt(carried.covariance(i, i)) == Approx(sd).epsilon(1e-9));
      CHECK(std::abs(carried.gauss_newton_step(i) - fresh.gauss_newton_step(i)) < 1e-9 * sd);
    }
  }
  // Without a factor (empty R) the overload evaluates the model as the plain one does.
  const Vector theta = least_squares(X, y);
  const ParameterCovariance none = parameter_covariance(model, theta, TriangularFactor(), N);
  CHECK((none.covariance - parameter_covariance(model, theta).covariance).norm() == 0.0);
}

TEST_CASE("the sandwich with R̂(τ≠0) = 0 (lag 0, one output) is the white covariance exactly") {
  Random random(3);
  const Eigen::Index N = 400;
  const Matrix X = regressors(random, N, 0.7);
  const Vector y = X * Eigen::Vector3d(0.5, 1.0, -1.0) + ar1(random, N, 0.6);
  const LinearRegression model(X, y);
  const Vector theta = least_squares(X, y);
  const ParameterCovariance white = parameter_covariance(model, theta);
  const ParameterCovariance sandwich = sandwich_covariance(model, theta, 0);
  REQUIRE(sandwich.ok);
  CHECK(sandwich.kind == CovarianceKind::sandwich);
  CHECK(sandwich.max_lag == 0);
  // (J'J)⁻¹ (J' σ̂² I J) (J'J)⁻¹ = σ̂² (J'J)⁻¹.
  CHECK((sandwich.covariance - white.covariance).norm() < 1e-10 * white.covariance.norm());
}

TEST_CASE("the sandwich sd of an OLS estimate with AR(1) noise matches its true variance, the white one does not") {
  Random random(11);
  const Eigen::Index N = 4000;
  const double phi = 0.8;  // regressors and noise alike: variance inflation ≈ (1+φ²)/(1-φ²) = 4.6
  const Matrix X = regressors(random, N, phi);
  const Vector y = X * Eigen::Vector3d(1.0, 0.5, -0.5) + ar1(random, N, phi);
  const LinearRegression model(X, y);
  const Vector theta = least_squares(X, y);
  // The true covariance given X: (X'X)⁻¹ X'ΣX (X'X)⁻¹, Σ_ts = φ^|t-s|/(1-φ²) (unit innovations).
  Matrix SX = Matrix::Zero(N, 3);  // Σ X by the AR(1) recursion: (ΣX)_t = Σ_s φ^|t-s| x_s / (1-φ²)
  Matrix forward = Matrix::Zero(N, 3), backward = Matrix::Zero(N, 3);
  for (Eigen::Index t = 0; t < N; ++t) forward.row(t) = X.row(t) + (t > 0 ? Matrix(phi * forward.row(t - 1)) : Matrix::Zero(1, 3));
  for (Eigen::Index t = N - 1; t >= 0; --t) backward.row(t) = X.row(t) + (t + 1 < N ? Matrix(phi * backward.row(t + 1)) : Matrix::Zero(1, 3));
  SX = (forward + backward - X) / (1 - phi * phi);
  const Matrix inverse = (X.transpose() * X).inverse();
  const Matrix truth = inverse * X.transpose() * SX * inverse;
  const ParameterCovariance sandwich = sandwich_covariance(model, theta);
  const ParameterCovariance white = parameter_covariance(model, theta);
  REQUIRE(sandwich.ok);
  INFO("bandwidth " << sandwich.max_lag);
  CHECK(sandwich.max_lag > 10);  // Andrews' rule for φ = 0.8, N = 4000: about 50
  for (Eigen::Index i = 1; i < 3; ++i) {
    const double true_sd = std::sqrt(truth(i, i));
    const double sandwich_sd = std::sqrt(sandwich.covariance(i, i)), white_sd = std::sqrt(white.covariance(i, i));
    INFO("θ" << i << ": true sd " << true_sd << ", sandwich " << sandwich_sd << ", white " << white_sd);
    CHECK(sandwich_sd == Approx(true_sd).epsilon(0.2));
    CHECK(white_sd < 0.7 * true_sd);  // the white formula understates it (the review's B11)
  }
}

TEST_CASE("the sandwich of a regression held by channel equals the streamed one (three outputs, channel-sparse columns)") {
  // r_t = y_t − X_t θ with 3 outputs per sample; column p of X is nonzero in the outputs its mask
  // names (the inverse dynamic regression's pattern), the noise AR(1) in each output and correlated
  // across them, so that every lag covariance has off-diagonal entries.
  Random random(5);
  const Eigen::Index N = 600, n = 3;
  const std::vector<std::vector<Eigen::Index>> channels = {{0}, {0, 1}, {1}, {1, 2}, {2}, {0, 1, 2}};
  const Eigen::Index P = static_cast<Eigen::Index>(channels.size());
  Matrix X = Matrix::Zero(N * n, P);
  for (Eigen::Index p = 0; p < P; ++p) {
    const Vector x = ar1(random, N, 0.6);
    for (const Eigen::Index i : channels[static_cast<std::size_t>(p)])
      for (Eigen::Index t = 0; t < N; ++t) X(t * n + i, p) = x(t) + 0.3 * random.normal();
  }
  // Output i sees the common noise i samples late: R̂(τ) is far from symmetric, so a kernel
  // transposed at τ < 0 would show.
  const Vector common = ar1(random, N, 0.7);
  Vector y = X * Vector::LinSpaced(P, 1.0, 2.0);
  for (Eigen::Index i = 0; i < n; ++i) {
    const Vector own = ar1(random, N, 0.5);
    for (Eigen::Index t = 0; t < N; ++t) y(t * n + i) += (t >= 2 * i ? common(t - 2 * i) : 0.0) + own(t);
  }
  class Streamed : public PredictorModel {
   public:
    Streamed(const Matrix& X, const Vector& y, Eigen::Index n) : X_(X), y_(y), n_(n) {}
    Eigen::Index parameter_count() const override { return X_.cols(); }
    Eigen::Index rows_per_sample() const override { return n_; }
    bool evaluate(const Vector& theta, Vector& r, const JacobianSink* sink) const override {
      r = y_ - X_ * theta;
      if (sink)
        for (Eigen::Index row = 0; row < r.size(); row += n_) (*sink)(Matrix(-X_.middleRows(row, n_).transpose()));
      return true;
    }

   private:
    const Matrix& X_;
    const Vector& y_;
    Eigen::Index n_;
  };
  // Away from the least-squares solution, so that the Gauss-Newton step (and the sign of z) is not 0.
  const Vector theta = least_squares(X, y) + Vector::Constant(P, 0.05);
  const Vector r = y - X * theta;
  for (const Eigen::Index lag : {Eigen::Index(0), Eigen::Index(7), Eigen::Index(-1)}) {
    INFO("max_lag " << lag);
    const Matrix e = Eigen::Map<const Matrix>(r.data(), n, N).transpose();  // N x n
    const ParameterCovariance streamed = sandwich_covariance(Streamed(X, y, n), theta, lag),
                              held = regression_sandwich_covariance(split_by_channel(X, n), e, lag);
    REQUIRE(streamed.ok);
    REQUIRE(held.ok);
    CHECK(held.max_lag == streamed.max_lag);
    if (lag < 0) CHECK(held.max_lag > 0);
    CHECK((held.covariance - streamed.covariance).norm() < 1e-10 * streamed.covariance.norm());
    CHECK((held.singular_values - streamed.singular_values).norm() < 1e-10 * streamed.singular_values.norm());
    CHECK(held.residual_variance == Approx(streamed.residual_variance).epsilon(1e-12));
    CHECK(streamed.gauss_newton_step.norm() > 0.01);
    CHECK((held.gauss_newton_step - streamed.gauss_newton_step).norm() < 1e-10 * streamed.gauss_newton_step.norm());
  }
}
