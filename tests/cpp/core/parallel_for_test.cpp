#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "core/parallel_for.hpp"
#include "thread_count.hpp"
#include "identify/exact_sampling_predictor.hpp"
#include "identify/methods.hpp"
#include "identify/pem.hpp"
#include "model/presets.hpp"
#include "../identify/fixtures.hpp"

using namespace mechid;
using mechid::testing::ThreadCount;

namespace {

// Two runs of a 5-DOF chain (2n = 10: the dynamic recursion) with an offset force per DOF and run:
// 45 free entries + 2 × 10 initial states + 2 × 5 offsets, so that the per-run columns of the
// recursion (45 + 10 + 5 = 60) fall into three blocks: the free entries in two (23 and 22
// columns), x_0 and f_0 in the third.
struct OffsetChainRuns {
  MechanicalSystem system = preset("chain5");
  std::vector<Dataset> runs{fixtures::simulated(system, 0.05, 700, 30, 4), fixtures::simulated(system, 0.05, 500, 30, 5)};
  ExactSamplingPredictor model{runs, system.L, full_structure(5), Vector(), true};
  Vector theta() const {
    Vector t = model.pack(system, model.initial_states_guess());
    t.tail(10).setLinSpaced(-0.3, 0.4);
    return t;
  }
};

}  // namespace

TEST_CASE("parallel_for runs every task exactly once, on any number of threads, nested loops included") {
  for (const int threads : {1, 2, 4}) {
    const ThreadCount use(threads);
    std::vector<std::atomic<int>> calls(1000);
    parallel_for(1000, [&](Eigen::Index t) {
      calls[static_cast<std::size_t>(t)]++;
      if (t % 100 == 0) parallel_for(3, [&](Eigen::Index) { calls[static_cast<std::size_t>(t)] += 10; });
    });
    for (std::size_t t = 0; t < calls.size(); ++t) {
      INFO(threads << " threads, task " << t);
      REQUIRE(calls[t] == (t % 100 == 0 ? 31 : 1));
    }
  }
}

// The bit-for-bit test below means something only if a second thread really runs tasks: the first
// task waits (up to 10 s) until a task has run on another thread than its own.
TEST_CASE("on 2 threads parallel_for runs tasks on a second thread") {
  const ThreadCount use(2);
  std::mutex mutex;
  std::set<std::thread::id> seen;
  parallel_for(8, [&](Eigen::Index t) {
    {
      const std::lock_guard<std::mutex> lock(mutex);
      seen.insert(std::this_thread::get_id());
    }
    if (t != 0) return;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (std::chrono::steady_clock::now() < deadline) {
      {
        const std::lock_guard<std::mutex> lock(mutex);
        if (seen.size() > 1) return;
      }
      std::this_thread::yield();
    }
  });
  CHECK(seen.size() == 2);
}

TEST_CASE("parallel_for rethrows a task's exception after every task has finished") {
  const ThreadCount use(2);
  std::atomic<int> finished{0};
  CHECK_THROWS_AS(parallel_for(50, [&](Eigen::Index t) {
                    if (t == 7) throw std::runtime_error("task 7");
                    ++finished;
                  }),
                  std::runtime_error);
  CHECK(finished == 49);
  int after = 0;  // the pool is usable again
  parallel_for(1, [&](Eigen::Index) { ++after; });
  CHECK(after == 1);
}

// Steps of 1e-5 max(1, |θ_p|): at 1e-6 the rounding of the differences of K's columns (whose
// residuals barely move) reaches 9e-6, at 1e-5 it is 1.4e-6; a block that mixed up columns, or
// missed a forcing, errs by O(1).
TEST_CASE("the exact-sampling Jacobian by column blocks matches central differences, offsets in the last block") {
  const OffsetChainRuns chain;
  const Vector theta = chain.theta();
  Vector r;
  Matrix Jt;
  REQUIRE(chain.model.residuals(theta, r, &Jt));
  double worst = 0;
  for (Eigen::Index p = 0; p < theta.size(); ++p)
    worst = std::max(worst, fixtures::central_difference_error(chain.model, theta, Jt, p, 1e-5 * std::max(1.0, std::abs(theta(p)))));
  CHECK(worst < 1e-5);
}

// The tasks (column blocks of the sensitivity recursion, row blocks of J'J) do not depend on the
// thread count, so neither do the numbers: the normal equations on 3 threads equal one thread's
// bit for bit.
TEST_CASE("the exact-sampling normal equations are the same bit for bit on 1 and 3 threads") {
  const OffsetChainRuns chain;
  Vector r1, r3;
  NormalEquations one, three;
  {
    const ThreadCount use(1);
    REQUIRE(chain.model.normal_equations(chain.theta(), r1, one, true));
  }
  {
    const ThreadCount use(3);
    REQUIRE(chain.model.normal_equations(chain.theta(), r3, three, true));
  }
  REQUIRE(one.JtJ.rows() == 75);
  CHECK(r1 == r3);
  CHECK(Matrix(one.JtJ.triangularView<Eigen::Lower>()) == Matrix(three.JtJ.triangularView<Eigen::Lower>()));
  CHECK(one.Jtr == three.Jtr);
}

// A run that leaves the data's range (1e6 times its largest output) in a later chunk: the
// recursion simulates the next chunk beside the current chunk's blocks, so its "unstable" must
// still end the Jacobian's evaluation. A 5-DOF chain made unstable (D = −0.4 M: every mode grows
// like e^{0.2 t}, by 1100 over the 700 samples) from initial positions β · 1e6 max|y| for β = 2^−14
// … 1: the free run leaves the range at times spread over the record, in the first chunk (291
// samples) for the largest β, later for smaller ones, not at all for the smallest. The normal
// equations must fail exactly when the residuals alone do, on 1 and 3 threads.
TEST_CASE("a run that diverges in a later chunk fails the exact-sampling normal equations as it fails the residuals") {
  MechanicalSystem unstable = preset("chain5");
  const std::vector<Dataset> runs{fixtures::simulated(unstable, 0.05, 700, 30, 4)};
  const ExactSamplingPredictor model{runs, unstable.L, full_structure(5), Vector(), false};
  unstable.D = -0.4 * unstable.M;
  const double range = 1e6 * runs.front().y.cwiseAbs().maxCoeff();
  int failed = 0, kept = 0;
  for (int e = 0; e <= 14; ++e) {
    INFO("beta = 2^-" << e);
    Vector x0 = Vector::Zero(10);
    x0.head(5).setConstant(range * std::ldexp(1.0, -e));
    const Vector theta = model.pack(unstable, x0);
    Vector r;
    const bool in_range = model.evaluate(theta, r, nullptr);
    (in_range ? kept : failed) += 1;
    for (const int threads : {1, 3}) {
      const ThreadCount use(threads);
      NormalEquations normal;
      CHECK(model.normal_equations(theta, r, normal, true) == in_range);
    }
  }
  CHECK(failed >= 2);
  CHECK(kept >= 1);
}

// The inverse-dynamic least squares under a chain structure: its filters (a column a task), its
// regressors (an equation a task), its sandwich covariance's meat (channel_sparse_meat, by blocks of
// 8 columns), the modal intervals (structured_uncertainty, one parameter a task) and the residual
// tests of the validation (a channel a task) on the core's threads, the same bits as on one.
TEST_CASE("the structured inverse-dynamic intervals are the same bit for bit on 1 and 3 threads") {
  const Dataset data = fixtures::simulated(preset("chain4"), 0.002, 3000, 20.0, 2);
  IdentifyOptions options;
  options.structure.M.pattern = MatrixPattern::diagonal;
  options.structure.D.pattern = MatrixPattern::tridiagonal;
  options.structure.K.pattern = MatrixPattern::tridiagonal;
  const auto run = [&](int threads) {
    const ThreadCount use(threads);
    return identify("inverse-dynamic", data, options);
  };
  const Identification one = run(1), three = run(3);
  REQUIRE(one.uncertainty.available);
  REQUIRE(one.uncertainty.omega_n.size() == 4);
  CHECK(one.uncertainty.K.maxCoeff() > 0);
  CHECK(one.uncertainty.omega_n.front() > 0);
  CHECK(one.uncertainty.M == three.uncertainty.M);
  CHECK(one.uncertainty.K == three.uncertainty.K);
  CHECK(one.uncertainty.omega_n == three.uncertainty.omega_n);
  CHECK(one.uncertainty.zeta == three.uncertainty.zeta);
  CHECK(one.system.M == three.system.M);
  CHECK(one.system.K == three.system.K);
  CHECK(one.validation.max_crosscorrelation > 0);
  CHECK(one.validation.max_crosscorrelation == three.validation.max_crosscorrelation);
  CHECK(one.validation.max_autocorrelation == three.validation.max_autocorrelation);
  CHECK(one.validation.whiteness_statistic == three.validation.whiteness_statistic);
  CHECK(one.validation.residual_whiteness_p == three.validation.residual_whiteness_p);
}

// append_even_blocks: ⌈count / width⌉ blocks covering [begin, end) in order, sizes within one of
// each other; appended to a list that ends at begin.
TEST_CASE("even blocks cover a range in ceil(count / width) blocks whose sizes differ by at most one") {
  for (const Eigen::Index count : {1, 5, 31, 32, 33, 118, 166, 1000})
    for (const Eigen::Index width : {1, 7, 32}) {
      INFO(count << " indices, width " << width);
      std::vector<Eigen::Index> bounds;
      append_even_blocks(bounds, 0, 10, 32);  // one block [0, 10) first
      append_even_blocks(bounds, 10, 10 + count, width);
      REQUIRE(bounds.front() == 0);
      REQUIRE(bounds[1] == 10);
      REQUIRE(bounds.back() == 10 + count);
      REQUIRE(static_cast<Eigen::Index>(bounds.size()) - 2 == (count + width - 1) / width);
      Eigen::Index smallest = count, largest = 0;
      for (std::size_t b = 1; b + 1 < bounds.size(); ++b) {
        smallest = std::min(smallest, bounds[b + 1] - bounds[b]);
        largest = std::max(largest, bounds[b + 1] - bounds[b]);
      }
      CHECK(largest <= width);
      CHECK(largest - smallest <= 1);
    }
}

// lower_triangle_blocks: row blocks [a, a + w) of the lower triangle hold w a + w (w + 1)/2
// entries; with B = ⌈rows / 32⌉ (≤ 16) blocks each holds about rows (rows + 1) / (2B) (within the
// rounding of the bounds to whole rows: up to rows entries either way).
TEST_CASE("the row blocks of the lower triangle hold equal shares of its entries") {
  for (const Eigen::Index rows : {0, 1, 32, 33, 100, 166, 600, 2000}) {
    INFO(rows << " rows");
    const std::vector<Eigen::Index> bounds = lower_triangle_blocks(rows);
    REQUIRE(bounds.front() == 0);
    REQUIRE(bounds.back() == rows);
    REQUIRE(std::is_sorted(bounds.begin(), bounds.end()));
    const auto blocks = static_cast<Eigen::Index>(bounds.size()) - 1;
    CHECK(blocks == (rows == 0 ? 0 : std::min<Eigen::Index>((rows + 31) / 32, 16)));
    for (std::size_t b = 0; b + 1 < bounds.size(); ++b) {
      const double a = static_cast<double>(bounds[b]), w = static_cast<double>(bounds[b + 1] - bounds[b]);
      const double share = static_cast<double>(rows) * static_cast<double>(rows + 1) / (2.0 * static_cast<double>(blocks));
      CHECK(std::abs(w * a + w * (w + 1) / 2 - share) <= static_cast<double>(rows));
    }
  }
}

// add_lower_outer_product against the plain product: C's lower triangle += α B B', its strict upper
// part untouched, for row counts that give one block, several and the most (16).
TEST_CASE("add_lower_outer_product adds alpha B B' to the lower triangle only, on 1 and 3 threads") {
  for (const int threads : {1, 3})
    for (const Eigen::Index rows : {1, 20, 166, 700}) {
      INFO(threads << " threads, " << rows << " rows");
      const ThreadCount use(threads);
      const Matrix B = Matrix::Random(rows, 45), C0 = Matrix::Random(rows, rows);
      Matrix C = C0;
      add_lower_outer_product(C, B, -0.5);
      const Matrix expected = C0 - 0.5 * B * B.transpose();
      const Matrix lower_error = Matrix(C.triangularView<Eigen::Lower>()) - Matrix(expected.triangularView<Eigen::Lower>());
      CHECK(lower_error.cwiseAbs().maxCoeff() < 1e-12 * 45);
      CHECK(Matrix(C.triangularView<Eigen::StrictlyUpper>()) == Matrix(C0.triangularView<Eigen::StrictlyUpper>()));
    }
}
