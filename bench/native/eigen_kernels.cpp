// Eigen's kernels alone, at the shapes the identification spends its time in, for `node bench/run.mjs
// kernels` (bench/kernels.mjs): the same source compiled natively and to WebAssembly with the core's
// flags (it links mechid_core for them: wasm/CMakeLists.txt's SIMD128 and SSE mapping, and the
// product kernels of src/core/eigen_product_kernel.hpp that replace Eigen's there), so the ratio of
// the two is what the engine makes of the kernels the core runs. Prints JSON rows {kernel, ms}: ms
// per call, the best of 7 timings of `calls` calls each (10 ms or more: a browser's clock has a
// resolution of 0.1 ms) after at least 5 of them and 0.5 s of warm-up (V8 tiers WebAssembly up in
// the background while it runs).
// Profiles of `auto` (docs/results.md, "Where the time goes"): the matrix-product kernel 28-33 % of a
// call, matrix-vector products 9-10 %, the symmetric tridiagonal QR 4-7 %.
#include <Eigen/Dense>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace {

double best_ms(int calls, const std::function<void()>& kernel) {
  using clock = std::chrono::steady_clock;
  const auto ms = [&] {
    const auto t0 = clock::now();
    for (int c = 0; c < calls; ++c) kernel();
    return std::chrono::duration<double, std::milli>(clock::now() - t0).count();
  };
  double warm = 0;
  for (int timings = 0; timings < 5 || warm < 500; ++timings) warm += ms();
  double best = 1e300;
  for (int r = 0; r < 7; ++r) best = std::min(best, ms());
  return best / calls;
}

volatile double sink = 0;  // keeps each kernel's result alive

}  // namespace

int main() {
  using Eigen::MatrixXd;
  using Eigen::VectorXd;
  std::vector<std::pair<std::string, double>> rows;

  // Matrix products (Eigen's gebp kernel): square blocks as in the subspace step's LQ updates, and
  // J'J of a Gauss-Newton step (124 parameters of the 8-DOF model, 6000 residual rows).
  for (const int n : {128, 384}) {
    const MatrixXd a = MatrixXd::Random(n, n), b = MatrixXd::Random(n, n);
    MatrixXd c(n, n);
    rows.emplace_back("product " + std::to_string(n) + "x" + std::to_string(n) + " times " + std::to_string(n) + "x" + std::to_string(n),
                      best_ms(n < 200 ? 50 : 2, [&] { c.noalias() = a * b; sink = sink + c(0, 0); }));
  }
  {
    const MatrixXd j = MatrixXd::Random(6000, 124);
    MatrixXd jtj(124, 124);
    rows.emplace_back("J'J, J 6000x124", best_ms(1, [&] { jtj.noalias() = j.transpose() * j; sink = sink + jtj(0, 0); }));
  }
  // Householder QR of a tall block (the subspace step's LQ of the Hankel matrix, transposed).
  {
    const MatrixXd h = MatrixXd::Random(3000, 256);
    rows.emplace_back("Householder QR 3000x256", best_ms(1, [&] {
      Eigen::HouseholderQR<MatrixXd> qr(h);
      sink = sink + qr.matrixQR()(0, 0);
    }));
  }
  // One matrix-vector product per sample (the predictors' state recursion; 16 states for 8 DOF,
  // 6 for 3), 6000 samples.
  for (const int n : {16, 6}) {
    const MatrixXd f = MatrixXd::Random(n, n) / (2.0 * n);
    VectorXd x = VectorXd::Ones(n), y(n);
    rows.emplace_back("x <- F x, " + std::to_string(n) + " states, 6000 samples", best_ms(n > 8 ? 50 : 100, [&] {
      for (int k = 0; k < 6000; ++k) {
        y.noalias() = f * x;
        x = y;
        x(0) += 1.0;
      }
      sink = sink + x(0);
    }));
  }
  // Symmetric eigenproblem (tridiagonalization and its QR iteration).
  {
    MatrixXd s = MatrixXd::Random(200, 200);
    s = s * s.transpose() + 200.0 * MatrixXd::Identity(200, 200);
    rows.emplace_back("symmetric eigenproblem 200x200", best_ms(2, [&] {
      Eigen::SelfAdjointEigenSolver<MatrixXd> es(s);
      sink = sink + es.eigenvalues()(0);
    }));
  }

  std::printf("[");
  for (std::size_t i = 0; i < rows.size(); ++i) {
    std::printf("%s{\"kernel\":\"%s\",\"ms\":%.4f}", i ? "," : "", rows[i].first.c_str(), rows[i].second);
  }
  std::printf("]\n");
  return 0;
}
