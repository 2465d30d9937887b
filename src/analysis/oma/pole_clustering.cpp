#include "analysis/oma/pole_clustering.hpp"

#include <algorithm>
#include <limits>

#include "analysis/shape_measures.hpp"
#include "core/math_constants.hpp"

namespace mechid {

double pole_distance(const CandidatePole& a, const CandidatePole& b) {
  const double fa = std::abs(a.pole) / kTwoPi, fb = std::abs(b.pole) / kTwoPi;
  return std::abs(fa - fb) / std::max(fa, fb) + (1.0 - complex_mac(a.shape, b.shape));
}

std::vector<std::vector<std::size_t>> cluster_poles(const std::vector<CandidatePole>& poles, double cutoff) {
  const std::size_t n = poles.size();
  Matrix d(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(n));
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j <= i; ++j) d(Eigen::Index(i), Eigen::Index(j)) = d(Eigen::Index(j), Eigen::Index(i)) = i == j ? 0.0 : pole_distance(poles[i], poles[j]);
  std::vector<std::vector<std::size_t>> members(n);
  for (std::size_t i = 0; i < n; ++i) members[i] = {i};
  std::vector<bool> open(n, true);  // a group that may still merge
  std::size_t open_count = n;
  std::vector<std::size_t> chain;
  while (open_count > 1) {
    if (chain.empty())
      for (std::size_t i = 0; i < n; ++i)
        if (open[i]) { chain.push_back(i); break; }
    const std::size_t a = chain.back();
    // a's nearest open group, the previous one of the chain on a tie (so that the chain ends).
    std::size_t b = chain.size() > 1 ? chain[chain.size() - 2] : n;
    double best = b < n ? d(Eigen::Index(a), Eigen::Index(b)) : std::numeric_limits<double>::infinity();
    for (std::size_t j = 0; j < n; ++j)
      if (open[j] && j != a && d(Eigen::Index(a), Eigen::Index(j)) < best) best = d(Eigen::Index(a), Eigen::Index(j)), b = j;
    if (chain.size() < 2 || b != chain[chain.size() - 2]) {
      chain.push_back(b);
      continue;
    }
    chain.pop_back();
    chain.pop_back();
    if (!(best < cutoff)) {  // reciprocal nearest groups beyond the cut: both are final
      open[a] = open[b] = false;
      open_count -= 2;
      continue;
    }
    // Merge b into a; the average linkage's update (Lance & Williams 1967).
    const double na = double(members[a].size()), nb = double(members[b].size());
    for (std::size_t j = 0; j < n; ++j) {
      if (!open[j] || j == a || j == b) continue;
      const double v = (na * d(Eigen::Index(a), Eigen::Index(j)) + nb * d(Eigen::Index(b), Eigen::Index(j))) / (na + nb);
      d(Eigen::Index(a), Eigen::Index(j)) = d(Eigen::Index(j), Eigen::Index(a)) = v;
    }
    members[a].insert(members[a].end(), members[b].begin(), members[b].end());
    members[b].clear();
    open[b] = false;
    --open_count;
  }
  std::vector<std::vector<std::size_t>> clusters;
  for (auto& m : members)
    if (!m.empty()) clusters.push_back(std::move(m));
  auto median_freq = [&](const std::vector<std::size_t>& c) {
    std::vector<double> f;
    for (std::size_t i : c) f.push_back(std::abs(poles[i].pole));
    std::nth_element(f.begin(), f.begin() + std::ptrdiff_t(f.size() / 2), f.end());
    return f[f.size() / 2];
  };
  std::sort(clusters.begin(), clusters.end(), [&](const auto& x, const auto& y) { return median_freq(x) < median_freq(y); });
  return clusters;
}

}  // namespace mechid
