// The inner kernels of Eigen's matrix products for the WebAssembly build: wasm/CMakeLists.txt
// force-includes this header after <Eigen/Core> in every translation unit, so that every product,
// triangular solve and rank update of double matrices there (gebp_kernel), and the general products
// of a column-major matrix with a vector (general_matrix_vector_product; not the triangular or
// selfadjoint ones, nor products small enough for Eigen's coefficient-wise path), run through
// them. The native build keeps Eigen's own kernels, which run as fast natively (docs/results.md,
// "Where the time goes").
//
// Why: Eigen 3.4's kernels are written for x86 compilers: the product's 4 x 4 register block is
// peeled 8 times over the depth, with prefetches and register pins. Under V8 (Node 20, Chromium)
// that code runs at 1.46x native (matrix-vector products 1.3-1.7x), and it was half of an 8dof
// `auto` call. These kernels compute the same blocks with the plainest loops, which V8 compiles to
// code about as fast as native (the `kernels` bench: products 0.98-0.99x native under Node; 8dof
// `auto` 1.5x -> 1.1-1.2x native). They sum over the depth in order, where Eigen's 2-row path sums
// even and odd k apart: results differ from Eigen's in the last bits.
//
// The matrix product (the GEBP step of Goto and van de Geijn, "Anatomy of high-performance matrix
// multiplication", ACM TOMS 34(3), 2008, sec. 3): res += alpha * A B for one block, with A and B
// already packed by Eigen's gemm_pack_lhs and gemm_pack_rhs. Their layout (Eigen 3.4, mr = nr = 4
// and 2-double packets, the build's EIGEN_ARCH_DEFAULT_NUMBER_OF_REGISTERS=16 with SSE2):
// - A: rows in panels of 4, then at most one panel of 2, then single rows; a panel of w rows
//   starting at row i begins at blockA + i·strideA + w·offsetA and holds, for each k, its w values;
// - B: columns in panels of 4, then single columns; a panel of w columns starting at column j
//   begins at blockB + j·strideB + w·offsetB and holds, for each k, its w values.
// strideA/strideB and offsetA/offsetB are Eigen's panel mode (triangular solves and products);
// -1 means the depth.
#pragma once

#include <Eigen/Core>

#include <type_traits>

static_assert(EIGEN_WORLD_VERSION == 3 && EIGEN_MAJOR_VERSION == 4,
              "eigen_product_kernel.hpp reads the packed layout of Eigen 3.4's gemm_pack_lhs/rhs");

namespace Eigen {
namespace internal {
namespace mechid_product {

using Packet = Packet2d;
using ResMapper = blas_data_mapper<double, Index, ColMajor, Unaligned, 1>;
// The build this header is written for: Eigen's products on 2-double packets with a 4 x 4 register
// block. Without these (FMA, AVX, another register count) the specializations below would match no
// kernel Eigen calls, and its own would run, silently.
using Traits = gebp_traits<double, double, false, false, Architecture::Target>;
static_assert(std::is_same<packet_traits<double>::type, Packet>::value, "Eigen's double packet is Packet2d");
static_assert(Traits::mr == 4 && Traits::nr == 4 && Traits::LhsProgress == 2,
              "Eigen's product kernel is 4 x 4 on 2-double packets (EIGEN_ARCH_DEFAULT_NUMBER_OF_REGISTERS=16, no FMA)");

// cols[c] += alpha · Σ_k A(:, k) B(k, c) for a panel of 2·Packets rows and Cols columns.
template <int Packets, int Cols>
EIGEN_ALWAYS_INLINE void panel_block(double* const* cols, const double* A, const double* B, Index depth, double alpha) {
  Packet acc[Packets][Cols];
  for (int r = 0; r < Packets; ++r)
    for (int c = 0; c < Cols; ++c) acc[r][c] = pset1<Packet>(0.0);
  for (Index k = 0; k < depth; ++k) {
    Packet a[Packets];
    for (int r = 0; r < Packets; ++r) a[r] = ploadu<Packet>(A + 2 * (Packets * k + r));
    for (int c = 0; c < Cols; ++c) {
      const Packet b = pset1<Packet>(B[Cols * k + c]);
      for (int r = 0; r < Packets; ++r) acc[r][c] = padd(acc[r][c], pmul(a[r], b));
    }
  }
  const Packet a = pset1<Packet>(alpha);
  for (int c = 0; c < Cols; ++c)
    for (int r = 0; r < Packets; ++r) pstoreu(cols[c] + 2 * r, padd(ploadu<Packet>(cols[c] + 2 * r), pmul(a, acc[r][c])));
}

// The same for a single row.
template <int Cols>
EIGEN_ALWAYS_INLINE void row_block(double* const* cols, const double* A, const double* B, Index depth, double alpha) {
  double acc[Cols] = {};
  for (Index k = 0; k < depth; ++k)
    for (int c = 0; c < Cols; ++c) acc[c] += A[k] * B[Cols * k + c];
  for (int c = 0; c < Cols; ++c) *cols[c] += alpha * acc[c];
}

// Columns j … j + Cols − 1 of res, every row of A (B: that column panel, already offset).
template <int Cols>
EIGEN_ALWAYS_INLINE void column_panel(const ResMapper& res, Index j, const double* blockA, const double* B, Index rows,
                                      Index depth, double alpha, Index strideA, Index offsetA) {
  double* cols[Cols];
  const auto point = [&](Index i) {
    for (int c = 0; c < Cols; ++c) cols[c] = &res(i, j + c);
  };
  const Index fours = rows / 4 * 4, twos = fours + (rows - fours) / 2 * 2;
  Index i = 0;
  for (; i < fours; i += 4) point(i), panel_block<2, Cols>(cols, blockA + i * strideA + 4 * offsetA, B, depth, alpha);
  for (; i < twos; i += 2) point(i), panel_block<1, Cols>(cols, blockA + i * strideA + 2 * offsetA, B, depth, alpha);
  for (; i < rows; ++i) point(i), row_block<Cols>(cols, blockA + i * strideA + offsetA, B, depth, alpha);
}

}  // namespace mechid_product

template <>
EIGEN_DONT_INLINE inline void gebp_kernel<double, double, Index, mechid_product::ResMapper, 4, 4, false, false>::operator()(
    const mechid_product::ResMapper& res, const double* blockA, const double* blockB, Index rows, Index depth,
    Index cols, double alpha, Index strideA, Index strideB, Index offsetA, Index offsetB) {
  if (strideA == -1) strideA = depth;
  if (strideB == -1) strideB = depth;
  const Index fours = cols / 4 * 4;
  for (Index j = 0; j < fours; j += 4)
    mechid_product::column_panel<4>(res, j, blockA, blockB + j * strideB + 4 * offsetB, rows, depth, alpha, strideA, offsetA);
  for (Index j = fours; j < cols; ++j)
    mechid_product::column_panel<1>(res, j, blockA, blockB + j * strideB + offsetB, rows, depth, alpha, strideA, offsetA);
}

// The matrix-vector product res += alpha · A x, A column-major (lhs), x with any increment (rhs):
// rows in blocks of 8 (4 packets) held in registers over all columns, then the remaining rows (up to
// 3 packets) in one more pass, then an odd last row. Each pass reads x once and A's columns in order.
namespace mechid_product {
using VectorLhs = const_blas_data_mapper<double, Index, ColMajor>;
using VectorRhs = const_blas_data_mapper<double, Index, RowMajor>;

// res(i … i + 2·Packets − 1) += alpha · Σ_j A(i …, j) x(j).
template <int Packets>
EIGEN_ALWAYS_INLINE void row_pass(Index i, Index cols, const VectorLhs& A, const VectorRhs& x, double* res, double alpha) {
  Packet acc[Packets];
  for (int r = 0; r < Packets; ++r) acc[r] = pset1<Packet>(0.0);
  for (Index j = 0; j < cols; ++j) {
    const Packet b = pset1<Packet>(x(j, 0));
    const double* a = &A(i, j);
    for (int r = 0; r < Packets; ++r) acc[r] = padd(acc[r], pmul(ploadu<Packet>(a + 2 * r), b));
  }
  const Packet a = pset1<Packet>(alpha);
  for (int r = 0; r < Packets; ++r) pstoreu(res + i + 2 * r, padd(ploadu<Packet>(res + i + 2 * r), pmul(a, acc[r])));
}
}  // namespace mechid_product

template <>
EIGEN_DONT_INLINE inline void general_matrix_vector_product<Index, double, mechid_product::VectorLhs, ColMajor, false, double,
                                                          mechid_product::VectorRhs, false, 0>::run(
    Index rows, Index cols, const mechid_product::VectorLhs& A, const mechid_product::VectorRhs& x, double* res,
    Index /*resIncr: 1, as Eigen asserts*/, double alpha) {
  Index i = 0;
  for (; i + 8 <= rows; i += 8) mechid_product::row_pass<4>(i, cols, A, x, res, alpha);
  switch ((rows - i) / 2) {
    case 3: mechid_product::row_pass<3>(i, cols, A, x, res, alpha), i += 6; break;
    case 2: mechid_product::row_pass<2>(i, cols, A, x, res, alpha), i += 4; break;
    case 1: mechid_product::row_pass<1>(i, cols, A, x, res, alpha), i += 2; break;
    default: break;
  }
  if (i < rows) {
    double sum = 0;
    for (Index j = 0; j < cols; ++j) sum += A(i, j) * x(j, 0);
    res[i] += alpha * sum;
  }
}

}  // namespace internal
}  // namespace Eigen
