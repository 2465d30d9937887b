// Automatic grouping of the stable poles of a stabilization diagram into modes, with no hand
// picking: hierarchical clustering of the poles on a distance that combines frequency and shape
// (Magalhães, Cunha & Caetano 2009, Mech. Syst. Signal Process. 23(2), 316–329, sec. 3; Reynders,
// Houbrechts & De Roeck 2012, Mech. Syst. Signal Process. 29, 228–250, sec. 3.2).
#pragma once

#include <complex>
#include <vector>

#include "core/types.hpp"

namespace mechid {

struct CandidatePole {
  Eigen::Index order = 0;
  std::complex<double> pole;  // λ, rad/s
  Eigen::VectorXcd shape;
};

// d(i, j) = |f_i − f_j| / max(f_i, f_j) + (1 − MAC(φ_i, φ_j)) (Magalhães et al. 2009, eq. 1).
double pole_distance(const CandidatePole& a, const CandidatePole& b);

// The clusters (indices into `poles`, by increasing frequency of their median) of average-linkage
// hierarchical clustering cut at distance `cutoff` (Magalhães et al. 2009: the clusters are the
// groups joined below the cut; average linkage, i.e. the mean distance between the members of two
// groups, as there). Computed by the nearest-neighbour chain (Murtagh 1983, Comput. J. 26(4)): a
// pair of reciprocal nearest groups is merged when it is closer than the cut, and set aside when it
// is not (average linkage is reducible, so no later merge can bring it below the cut); O(n²) time
// and memory for n poles.
std::vector<std::vector<std::size_t>> cluster_poles(const std::vector<CandidatePole>& poles, double cutoff);

}  // namespace mechid
