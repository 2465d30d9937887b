#include <catch2/catch.hpp>

#include <cmath>

#include "analysis/conditioning.hpp"
#include "core/input_error.hpp"
#include "model/presets.hpp"

using namespace mechid;

TEST_CASE("R = T^{-1} for any n, and R(T(Γ)) round-trips to 1e-10") {
  for (Eigen::Index n : {1, 3, 8})
    for (double h : {1e-3, 0.1, 2.0, 10.0}) {
      const Matrix T = variational_operator_T(n, h), R = variational_operator_R(n, h);
      CHECK((R * T - Matrix::Identity(3 * n, 3 * n)).norm() < 1e-12 * std::sqrt(3.0 * n) * T.norm() * R.norm());
      const MechanicalSystem s = preset(n == 1 ? "msd" : n == 3 ? "3dof" : "8dof");
      Matrix gamma(3 * n, n);
      gamma << s.M, s.K, s.D;
      CHECK((R * (T * gamma) - gamma).norm() < 1e-10 * gamma.norm());
    }
}

TEST_CASE("scalar κ(h) equals the ratio of the closed-form singular values (3.35) to 1e-9 over (1e-3, 10)") {
  for (int i = 0; i <= 200; ++i) {
    const double h = std::pow(10.0, -3.0 + 4.0 * i / 200.0);
    const Vector numeric = singular_values_R(h), closed = singular_values_R_closed_form(h);
    INFO("h = " << h);
    for (int j = 0; j < 3; ++j) CHECK(std::abs(numeric(j) - closed(j)) < 1e-9 * closed(j));
    CHECK(numeric(0) / numeric(2) == Approx(kappa_closed_form(h)).epsilon(1e-9));
  }
  // (3.36) takes σ+/σ-; between √5 - 1 and √5 + 1 the middle value √2 is the largest instead.
  CHECK(kappa_closed_form(2.0) == Approx(2.0).epsilon(1e-12));
  CHECK(kappa_eq_3_36(2.0) == Approx(std::sqrt(2.0)).epsilon(1e-12));
  CHECK(kappa_eq_3_36(0.5) == Approx(kappa_closed_form(0.5)).epsilon(1e-12));
  CHECK(kappa_eq_3_36(4.0) == Approx(kappa_closed_form(4.0)).epsilon(1e-12));
  // The interval's ends: (3.36) is right just outside it and wrong just inside.
  const auto agrees = [](double h) { return std::abs(kappa_eq_3_36(h) / kappa_closed_form(h) - 1) < 1e-9; };
  CHECK(agrees((std::sqrt(5.0) - 1) * 0.999));
  CHECK_FALSE(agrees((std::sqrt(5.0) - 1) * 1.001));
  CHECK_FALSE(agrees((std::sqrt(5.0) + 1) * 0.999));
  CHECK(agrees((std::sqrt(5.0) + 1) * 1.001));
  // κ ∝ 1/h² as h → 0 (3.36): the closed form at tiny h, where the naive formula cancels.
  CHECK(kappa_closed_form(1e-4) * 1e-8 == Approx(kappa_closed_form(1e-5) * 1e-10).epsilon(1e-6));
}

TEST_CASE("per-matrix amplification grows like 1, 1/h, 1/h^2 for M, D, K (Remark 2)") {
  const MechanicalSystem s = preset("3dof");
  const ParameterAmplification a1 = parameter_amplification(s, 1e-3), a2 = parameter_amplification(s, 1e-4);
  CHECK(std::log10(a2.M / a1.M) == Approx(0.0).margin(0.01));
  CHECK(std::log10(a2.D / a1.D) == Approx(1.0).margin(0.01));
  CHECK(std::log10(a2.K / a1.K) == Approx(2.0).margin(0.01));
}

TEST_CASE("kappa(h) is the 2-norm condition number of R for any n: σmax/σmin of the full operator") {
  for (Eigen::Index n : {1, 2, 4})
    for (double h : {1e-3, 0.1, 1.0, 2.0, 10.0}) {
      INFO("n = " << n << ", h = " << h);
      const Vector sigma = Eigen::JacobiSVD<Matrix>(variational_operator_R(n, h)).singularValues();
      CHECK(kappa(h) == Approx(sigma(0) / sigma(sigma.size() - 1)).epsilon(1e-10));
      // cond₂(R) = ‖R‖₂ ‖R⁻¹‖₂ with R⁻¹ = T (eq. 3.28).
      const double norm_R = Eigen::JacobiSVD<Matrix>(variational_operator_R(n, h)).singularValues()(0);
      const double norm_T = Eigen::JacobiSVD<Matrix>(variational_operator_T(n, h)).singularValues()(0);
      CHECK(kappa(h) == Approx(norm_R * norm_T).epsilon(1e-9));
    }
  CHECK_THROWS_AS(kappa(0.0), InputError);
}

TEST_CASE("conditioning_table: one row per h with κ, σ, the closed forms and, with a system, the amplification") {
  const MechanicalSystem s = preset("3dof");
  const std::vector<double> steps = {0.01, 2.0, 5.0};
  const auto rows = conditioning_table(steps, &s);
  REQUIRE(rows.size() == 3);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const ConditioningRow& r = rows[i];
    CHECK(r.h == steps[i]);
    CHECK(r.kappa == Approx(r.sigma(0) / r.sigma(2)).epsilon(1e-14));
    CHECK(r.kappa == Approx(r.kappa_closed_form).epsilon(1e-9));
    CHECK(r.has_amplification);
    const ParameterAmplification a = parameter_amplification(s, steps[i]);
    CHECK(r.amplification.M == a.M);
    CHECK(r.amplification.K == a.K);
    CHECK(r.amplification.D == a.D);
  }
  CHECK(rows[1].kappa == Approx(2.0).epsilon(1e-9));  // h = 2: κ = 2 where (3.36) says √2
  CHECK(rows[1].kappa_eq_3_36 == Approx(std::sqrt(2.0)).epsilon(1e-9));
  CHECK_FALSE(conditioning_table({0.1}, nullptr).front().has_amplification);
  CHECK_THROWS_MATCHES(conditioning_table({}, nullptr), InputError,
                       Catch::Message("give between 1 and 10000 sampling periods h"));
  CHECK_THROWS_AS(conditioning_table(std::vector<double>(10001, 0.1), nullptr), InputError);
  CHECK_THROWS_AS(conditioning_table({-1.0}, nullptr), InputError);
}
