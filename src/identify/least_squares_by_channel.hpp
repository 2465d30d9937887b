// Least squares whose rows come in samples of n channels (rows t·n + i, i = 0 … n−1) and whose
// channels each touch few of the columns: the regression of the inverse dynamic model, where row
// i is DOF i's equation of motion and an entry of M, D or K enters at most two of them (M_ij the
// equations of DOF i and j). Each channel's rows are reduced to a triangle over its own columns by
// a Householder QR (Golub & Van Loan 2013, sec. 5.2.2; the reduction of stacked blocks is the
// TSQR of Demmel et al. 2012, eq. 1): those triangles, stacked, have the normal equations of the
// whole, so every least-squares question about A (its solution, rank, R factor) is asked of a
// matrix of at most n·P rows instead of N·n. 24 DOF, chain, N·n = 71856 rows of 118 columns: the
// stack has 166 rows.
#pragma once

#include <vector>

#include "core/types.hpp"

namespace mechid {

// T and t with T'T = A'A and T't = A'b, so ‖A x − b‖² = ‖T x − t‖² + ‖b‖² − ‖t‖² for every x.
struct ChannelStack {
  Matrix T;  // rows: the channels' triangles one below the other, each over its own columns
  Vector t;
};

// A (N·n x P) and b (N·n), channels interleaved as above (n >= 1; none: an empty stack). A channel's
// columns are those with a nonzero entry in its rows; a column nonzero in every channel costs as
// much as a dense QR.
ChannelStack stack_by_channel(const Matrix& A, const Vector& b, Eigen::Index n);

// The columns with a nonzero entry in channel i's rows, per channel.
std::vector<std::vector<Eigen::Index>> columns_by_channel(const Matrix& A, Eigen::Index n);

}  // namespace mechid
