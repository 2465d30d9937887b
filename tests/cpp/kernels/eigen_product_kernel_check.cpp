// The WASM build's matrix-product kernels (src/core/eigen_product_kernel.hpp), natively. It is its own
// executable (mechid_kernel_tests): the header replaces Eigen's kernel in every translation unit
// that includes it, and a second definition beside mechid_core's (which keeps Eigen's) would be an
// ODR violation. Every expected value is a plain triple loop or an identity of the factorization.
#include <Eigen/Dense>

#include "core/eigen_product_kernel.hpp"

#include <catch2/catch.hpp>

#include <random>

using Eigen::Index;
using Eigen::MatrixXd;

namespace {

// Σ_l A(i, l) B(l, j), one dot product at a time.
MatrixXd naive_product(const MatrixXd& A, const MatrixXd& B) {
  MatrixXd P = MatrixXd::Zero(A.rows(), B.cols());
  for (Index i = 0; i < A.rows(); ++i)
    for (Index j = 0; j < B.cols(); ++j)
      for (Index l = 0; l < A.cols(); ++l) P(i, j) += A(i, l) * B(l, j);
  return P;
}

double relative(const MatrixXd& x, const MatrixXd& reference) { return (x - reference).norm() / (1 + reference.norm()); }

}  // namespace

TEST_CASE("the product kernel on Eigen's packed panels equals the triple loop, panel mode (stride, offset) included") {
  using namespace Eigen::internal;
  using Res = blas_data_mapper<double, Index, Eigen::ColMajor, Eigen::Unaligned, 1>;
  std::mt19937 draw(7);
  int trial = 0;
  // Every remainder of rows and columns modulo 4, a depth of 0 too; A and B with strides and
  // offsets of their own (a triangular solve passes different ones), packed from column-major and
  // from row-major storage (the two families of pack routines must give one layout).
  for (Index rows = 1; rows <= 13; ++rows)
    for (Index cols = 1; cols <= 9; ++cols, ++trial) {
      const Index depth = trial % 17 == 0 ? 0 : 1 + Index(draw() % 40);
      const bool panel = trial % 2 == 1, row_major = trial % 3 == 1;
      const Index offsetA = panel ? Index(draw() % 5) : 0, offsetB = panel ? Index(draw() % 5) : 0;
      const Index strideA = panel ? depth + offsetA + Index(draw() % 5) : depth;
      const Index strideB = panel ? depth + offsetB + Index(draw() % 5) : depth;
      const MatrixXd A = MatrixXd::Random(rows, depth), B = MatrixXd::Random(depth, cols), C0 = MatrixXd::Random(rows, cols);
      std::vector<double> blockA(std::size_t(rows * std::max<Index>(strideA, 1)) + 8, 0.0);
      std::vector<double> blockB(std::size_t(cols * std::max<Index>(strideB, 1)) + 8, 0.0);
      if (depth == 0) {
        // Nothing to pack (an empty matrix's data pointer is null): the kernel must leave C alone.
      } else if (row_major) {
        using Map = const_blas_data_mapper<double, Index, Eigen::RowMajor>;
        const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> Ar = A, Br = B;
        gemm_pack_lhs<double, Index, Map, 4, 2, Packet2d, Eigen::RowMajor, false, true>()(blockA.data(), Map(Ar.data(), depth), depth, rows, strideA, offsetA);
        gemm_pack_rhs<double, Index, Map, 4, Eigen::RowMajor, false, true>()(blockB.data(), Map(Br.data(), cols), depth, cols, strideB, offsetB);
      } else {
        using Map = const_blas_data_mapper<double, Index, Eigen::ColMajor>;
        gemm_pack_lhs<double, Index, Map, 4, 2, Packet2d, Eigen::ColMajor, false, true>()(blockA.data(), Map(A.data(), rows), depth, rows, strideA, offsetA);
        gemm_pack_rhs<double, Index, Map, 4, Eigen::ColMajor, false, true>()(blockB.data(), Map(B.data(), depth), depth, cols, strideB, offsetB);
      }
      MatrixXd C = C0;
      const double alpha = -0.75;
      gebp_kernel<double, double, Index, Res, 4, 4, false, false>()(Res(C.data(), rows), blockA.data(), blockB.data(), rows, depth, cols, alpha,
                                                                   panel ? strideA : -1, panel ? strideB : -1, offsetA, offsetB);
      INFO("rows " << rows << ", cols " << cols << ", depth " << depth << ", strides " << strideA << " " << strideB << ", offsets "
                   << offsetA << " " << offsetB << (row_major ? ", row-major" : ""));
      CHECK(relative(C, C0 + alpha * naive_product(A, B)) < 1e-14);
    }
}

TEST_CASE("products, triangular solves, rank updates and factorizations through the kernel match their definitions") {
  std::mt19937 draw(11);
  for (int trial = 0; trial < 40; ++trial) {
    const Index m = 1 + Index(draw() % 70), n = 1 + Index(draw() % 70), k = 1 + Index(draw() % 70);
    const MatrixXd A = MatrixXd::Random(m, k), B = MatrixXd::Random(k, n), C0 = MatrixXd::Random(m, n);
    INFO("m " << m << ", n " << n << ", k " << k);
    MatrixXd C = C0;
    C.noalias() += 0.5 * A * B;
    CHECK(relative(C, C0 + 0.5 * naive_product(A, B)) < 1e-14);
    // Row-major operands are packed by the other pack routines into the same layout.
    const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> Ar = A, Br = B;
    CHECK(relative(Ar * Br, naive_product(A, B)) < 1e-14);
    MatrixXd S = MatrixXd::Random(m, m);
    S = (S * S.transpose()).eval() + double(m) * MatrixXd::Identity(m, m);
    const MatrixXd L = S.triangularView<Eigen::Lower>();
    const MatrixXd X = S.triangularView<Eigen::Lower>().solve(C0);
    CHECK(relative(naive_product(L, X), C0) < 1e-13);
    MatrixXd R = MatrixXd::Zero(m, m);
    R.selfadjointView<Eigen::Lower>().rankUpdate(A);
    const MatrixXd AAt = naive_product(A, A.transpose());
    CHECK(relative(MatrixXd(R.triangularView<Eigen::Lower>()), MatrixXd(AAt.triangularView<Eigen::Lower>())) < 1e-14);
    const Eigen::LLT<MatrixXd> llt(S);
    CHECK(relative(naive_product(llt.matrixL().toDenseMatrix(), llt.matrixU().toDenseMatrix()), S) < 1e-14);
  }
  // Sizes past Eigen's cache blocking (several depth and row blocks) and a blocked Householder QR.
  const MatrixXd A = MatrixXd::Random(700, 330), B = MatrixXd::Random(330, 290);
  CHECK(relative(A * B, naive_product(A, B)) < 1e-14);
  const Eigen::HouseholderQR<MatrixXd> qr(A);
  const MatrixXd Q = qr.householderQ() * MatrixXd::Identity(700, 330);
  CHECK(relative(naive_product(Q, MatrixXd(qr.matrixQR().topRows(330).triangularView<Eigen::Upper>())), A) < 1e-13);
}

TEST_CASE("the matrix-vector kernel equals the defining sums, for every row count modulo 8 and a strided vector") {
  using namespace Eigen::internal;
  using Lhs = const_blas_data_mapper<double, Index, Eigen::ColMajor>;
  using Rhs = const_blas_data_mapper<double, Index, Eigen::RowMajor>;
  std::mt19937 draw(5);
  for (int trial = 0; trial < 200; ++trial) {
    const Index rows = 1 + Index(draw() % 40), cols = Index(draw() % 30), lda = rows + Index(draw() % 3), incx = 1 + Index(draw() % 3);
    const MatrixXd storage = MatrixXd::Random(lda, std::max<Index>(cols, 1));
    const Eigen::VectorXd xs = Eigen::VectorXd::Random(std::max<Index>(cols * incx, 1)), r0 = Eigen::VectorXd::Random(rows);
    Eigen::VectorXd r = r0;
    const double alpha = 1.25;
    general_matrix_vector_product<Index, double, Lhs, Eigen::ColMajor, false, double, Rhs, false, 0>::run(
        rows, cols, Lhs(storage.data(), lda), Rhs(xs.data(), incx), r.data(), 1, alpha);
    Eigen::VectorXd expected = r0;
    for (Index i = 0; i < rows; ++i)
      for (Index j = 0; j < cols; ++j) expected(i) += alpha * storage(i, j) * xs(j * incx);
    INFO("rows " << rows << ", cols " << cols << ", lda " << lda << ", incx " << incx);
    CHECK(relative(r, expected) < 1e-14);
  }
  // Through Eigen's API: a block of a matrix times a row of another (copied or read with its stride).
  const MatrixXd A = MatrixXd::Random(37, 29), X = MatrixXd::Random(5, 29);
  Eigen::VectorXd y = Eigen::VectorXd::Zero(23);
  y.noalias() += A.block(3, 0, 23, 29) * X.row(2).transpose();
  CHECK(relative(y, naive_product(A.block(3, 0, 23, 29), X.row(2).transpose())) < 1e-14);
}
