// The lagged sums of the subspace step's Gram matrix (n4sid.cpp, hankel_gram):
//   C_τ = Σ_{s<j} z(s) z(s+τ)',  τ = 0 … T − 1,  z(s) = [u(s); y(s)] on unit-RMS channels,
// by FFT in blocks. Directly they cost N T m² multiply-adds (3 DOF, 10⁶ samples, T = 108 lags:
// 3.9 G, most of the subspace step in WebAssembly); here each block of L ≥ T samples takes one real
// FFT of length 2L per channel and m² (L + 1) complex multiply-adds, the cross-spectra summed over
// the blocks and transformed back once (overlap-save: Oppenheim & Schafer 2010, §8.7.3).
#pragma once

#include <memory>
#include <vector>

#include "identify/scaled_data.hpp"

namespace mechid {

// The sums over the whole record, Σ_{s < N−τ} z(s) z(s+τ)' for τ = 0 … lags − 1: what the
// subspace step's pilot computes for the lags of the rule's largest block rows, so that the final
// step, on the same data with more block rows, takes its sums from them (subspace_start.hpp).
struct RecordLaggedSums {
  std::vector<Matrix> by_lag;  // m x m each
  // What they were computed from: the record's length and channel scales, so that sums handed to a
  // step on other data are recognised and not used (the same data give these to the bit).
  Eigen::Index samples = 0;
  Vector u_inverse, y_inverse;
  Eigen::Index lags() const { return static_cast<Eigen::Index>(by_lag.size()); }
  bool of(const ScaledData& data) const {
    return samples == data.samples() && u_inverse == data.u_inverse && y_inverse == data.y_inverse;
  }
};
RecordLaggedSums record_lagged_sums(const ScaledData& data, Eigen::Index lags);

// C_0 … C_{T−1} (each m × m, m = inputs + outputs) for s = 0 … j − 1; needs j + T − 1 <= N.
std::vector<Matrix> lagged_sums(const ScaledData& data, Eigen::Index lags, Eigen::Index j);
// The same from the record's sums of the same data (T <= record.lags()): the terms s >= j removed.
std::vector<Matrix> lagged_sums(const RecordLaggedSums& record, const ScaledData& data, Eigen::Index lags, Eigen::Index j);

}  // namespace mechid
