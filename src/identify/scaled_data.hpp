// A record read on unit-RMS channels, the scaling the subspace step works in (n4sid.hpp, step 0).
#pragma once

#include "identify/dataset.hpp"

namespace mechid {

// Each channel divided by its RMS value (B3 of the numerics review; Verhaegen & Verdult 2007,
// sec. 9.6; Ljung 1999, sec. 14.1): the rank decisions of the subspace step (Cholesky's rcond, the
// eigenvalue floor, the singular-value gap) then compare numbers of one size whatever the units.
struct ChannelScales {
  Vector u, y;
};

// The data on unit-RMS channels, read in place: each value times 1/RMS of its channel where it is
// read, the same products a scaled copy would hold, without the copy (48 MB for 10⁶ samples of 3 DOF).
struct ScaledData {
  ScaledData(const Dataset& data, const ChannelScales& scale)
      : data(data), u_inverse(scale.u.cwiseInverse()), y_inverse(scale.y.cwiseInverse()) {}
  Eigen::Index samples() const { return data.u.rows(); }
  Eigen::Index inputs() const { return data.u.cols(); }
  Eigen::Index outputs() const { return data.y.cols(); }
  double u(Eigen::Index t, Eigen::Index j) const { return data.u(t, j) * u_inverse(j); }
  auto u_rows(Eigen::Index t, Eigen::Index count) const { return data.u.middleRows(t, count) * u_inverse.asDiagonal(); }
  auto y_rows(Eigen::Index t, Eigen::Index count) const { return data.y.middleRows(t, count) * y_inverse.asDiagonal(); }
  // z(t) … z(t + count − 1) side by side (m x count), z(t) = [u(t); y(t)] the sample the subspace
  // step's Hankel rows are made of.
  Matrix z_columns(Eigen::Index t, Eigen::Index count) const {
    Matrix zs(inputs() + outputs(), count);
    zs.topRows(inputs()) = u_rows(t, count).transpose();
    zs.bottomRows(outputs()) = y_rows(t, count).transpose();
    return zs;
  }

  const Dataset& data;
  const Vector u_inverse, y_inverse;
};

}  // namespace mechid
