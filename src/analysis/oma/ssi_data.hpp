// Data-driven stochastic subspace identification with reference outputs (reference-based SSI-data;
// Peeters & De Roeck 1999, "Reference-based stochastic subspace identification for output-only
// modal analysis", Mech. Syst. Signal Process. 13(6), 855–878, sec. 4): the projection of the
// future outputs on the past reference outputs, computed by an LQ (QR) factorisation of the block
// Hankel matrix of the record, has the column space of the observability matrix; from there the
// same SVD and shift step as SSI-cov (ssi_cov.hpp, ssi_models_of) gives A, C and the modes.
#pragma once

#include <vector>

#include "analysis/oma/ssi_cov.hpp"
#include "core/types.hpp"

namespace mechid {

// The block Hankel matrix of p block rows (Peeters & De Roeck 1999, eq. 30), column k = 0 … N − 2p:
//   H = [Y_p^ref; Y_f],  Y_p^ref column k = [y_ref,k; …; y_ref,k+p−1] (p·r rows),
//                        Y_f column k     = [y_{k+p}; …; y_{k+2p−1}]   (p·m rows),
// and its LQ factorisation H = L Qᵀ (eq. 33) with L = [L11 0; L21 L22]. The projection of the
// future on the past references is P = Y_f / Y_p^ref = L21 Q1ᵀ (eq. 35–36), P = O_p X̂ (O_p the
// observability matrix), so the SVD of P and that of L21 share U and S: L21 is all SSI needs.
// L is Rᵀ for the QR of Hᵀ = [Y_p^refᵀ | Y_fᵀ], and only its first p·r columns' part is kept:
// [R11 R12] (p·r × (p·r + p·m)), L21 = R12ᵀ. The QR is accumulated over chunks of Hᵀ's rows
// (samples), so memory stays about 3·p·r·(p·r + p·m) numbers whatever N: [R11 R12] of the rows so
// far stacked on the next chunk is factored again (Golub & Van Loan 2013, sec. 6.5.1, updating a
// QR by appended rows), Householder on the first p·r columns applied to the rest.
//
// The record's Hankel columns are split into `blocks` consecutive blocks; each block keeps the
// normal-equation parts G11_b = R11_bᵀ R11_b = Y_p,b Y_p,bᵀ and G12_b = R11_bᵀ R12_b = Y_p,b Y_f,bᵀ
// of its own [R11_b R12_b], so that the record without block b (the jackknife of
// output_only_modes.cpp) has R11 = chol(G11 − G11_b)ᵀ and R12 = R11⁻ᵀ (G12 − G12_b): the same
// L21 as the QR of the remaining columns. The whole record's [R11 R12] is the QR of the blocks'
// stacked [R11_b R12_b] (exact: both give the same R11ᵀR11 and R11ᵀR12).
struct SsiDataFactors {
  Eigen::Index outputs = 0, block_rows = 0;
  Matrix r12;                   // the whole record's R12 (p·r × p·m): L21 = R12ᵀ
  std::vector<Matrix> g11, g12; // each block's Y_p Y_pᵀ and Y_p Y_fᵀ (empty for one block)
};

// y: N × m outputs (means removed), references: 0-based columns (r of them), p block rows,
// blocks >= 1 (N − 2p + 1 >= blocks · p·r, so each block's R11 has full rank in practice).
SsiDataFactors ssi_data_factors(const Matrix& y, const std::vector<Eigen::Index>& references, Eigen::Index p, Eigen::Index blocks);

// The SSI models at orders step, 2·step, …, max_order of the whole record (left_out = −1) or of the
// record without block left_out: ssi_models_of(L21) (ssi_cov.hpp), L21 as above.
SsiCovModels ssi_data(const SsiDataFactors& factors, Eigen::Index left_out, double h, Eigen::Index max_order, Eigen::Index step = 2);

}  // namespace mechid
