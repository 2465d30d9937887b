// Least squares whose rows come in samples of n channels and whose channels each involve few of the
// columns: the regression of the inverse dynamic model, where channel i is DOF i's equation of
// motion and an entry of M, D or K enters at most two of them (M_ij the equations of DOF i and j).
// The regression is held channel by channel, each over its own columns (at 24 DOF a channel has
// about 7 of the 118), and each channel's rows are reduced to a triangle by a Householder QR (Golub
// & Van Loan 2013, sec. 5.2.2; the reduction of stacked blocks is the TSQR of Demmel et al. 2012,
// eq. 1): those triangles, stacked, have the normal equations of the whole, so every least-squares
// question about it (its solution, rank, R factor) is asked of a matrix of at most n·P rows instead
// of N·n. 24-DOF chain, N·n = 71856 rows of 118 columns: the stack has 164 rows.
#pragma once

#include <vector>

#include "core/types.hpp"

namespace mechid {

// One channel's regressors: its N samples' rows over the columns it involves.
struct ChannelRegressors {
  std::vector<Eigen::Index> columns;  // the regression's columns, ascending
  Matrix X;                           // N x columns.size()
};

// A regression X θ ≈ y held by channel: y is N x n, column i channel i's right-hand side.
struct ChannelRegression {
  std::vector<ChannelRegressors> channels;  // n of them, each with N rows
  Eigen::Index parameters = 0;              // P, the columns of the whole
};

// The residuals y − X θ, N x n.
Matrix channel_residuals(const ChannelRegression& g, const Matrix& y, const Vector& theta);

// T and t with T'T = X'X and T't = X'y for the whole regression (X's rows t·n + i being channel i's
// row t), so ‖X θ − y‖² = ‖T θ − t‖² + ‖y‖² − ‖t‖² for every θ.
struct ChannelStack {
  Matrix T;  // rows: the channels' triangles one below the other, each over its own columns
  Vector t;
};
ChannelStack stack_by_channel(const ChannelRegression& g, const Matrix& y);

// The regression of a dense A (N·n x P, rows t·n + i: sample t, channel i; N·n rows, n >= 1), each
// channel over the columns with a nonzero entry in its rows.
ChannelRegression split_by_channel(const Matrix& A, Eigen::Index n);

}  // namespace mechid
