#include "analysis/oma/setup_merging.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <tuple>

#include "analysis/oma/oma_cost.hpp"
#include "core/input_error.hpp"
#include "core/student_quantile.hpp"

namespace mechid {
namespace {

// Two setups' modes pair when their frequencies differ by at most this (relative) and their
// reference entries have a MAC of at least kPairMac; the pair with the smallest |Δf|/f + (1 − MAC)
// first (the clustering's distance, pole_clustering.hpp).
constexpr double kPairFreq = 0.02, kPairMac = 0.9;

double real_mac(const Vector& a, const Vector& b) {
  const double ab = a.dot(b);
  return ab * ab / (a.squaredNorm() * b.squaredNorm());
}

// A setup's mode in a merged mode: the setup, the mode's index in its result.
struct Member {
  Eigen::Index setup;
  std::size_t mode;
};

// The reference entries of a setup's mode shape (and their sd) in the order of `references`.
struct ReferenceEntries {
  Vector shape, sd;
};

ReferenceEntries reference_entries(const OmaMode& mode, const std::vector<Eigen::Index>& columns) {
  ReferenceEntries e{Vector(Eigen::Index(columns.size())), Vector(Eigen::Index(columns.size()))};
  for (std::size_t k = 0; k < columns.size(); ++k) {
    e.shape(Eigen::Index(k)) = mode.shape(columns[k]);
    e.sd(Eigen::Index(k)) = mode.shape_sd.size() ? mode.shape_sd(columns[k]) : std::numeric_limits<double>::quiet_NaN();
  }
  return e;
}

// Inverse-variance mean of values x_s with standard deviations σ_s: {mean, sd}; a value with σ_s
// = 0 (a shape's +1 entry, exact by normalisation) itself; the plain mean and NaN when some σ_s is
// not a number.
std::pair<double, double> inverse_variance_mean(const std::vector<double>& x, const std::vector<double>& sd) {
  double w = 0.0, wx = 0.0, plain = 0.0;
  bool weighted = true;
  for (std::size_t s = 0; s < x.size(); ++s)
    if (sd[s] == 0.0) return {x[s], 0.0};
  for (std::size_t s = 0; s < x.size(); ++s) {
    plain += x[s] / double(x.size());
    if (!(sd[s] > 0.0) || !std::isfinite(sd[s])) weighted = false;
    else w += 1.0 / (sd[s] * sd[s]), wx += x[s] / (sd[s] * sd[s]);
  }
  if (!weighted) return {plain, std::numeric_limits<double>::quiet_NaN()};
  return {wx / w, 1.0 / std::sqrt(w)};
}

// The merged mode of members: α_s = bᵀa / bᵀb scales member s's shape onto the first member's
// reference entries a (b: member s's), var α_s by first-order propagation of both entries' sd
// (∂α/∂a = b/bᵀb, ∂α/∂b = (a − 2αb)/bᵀb); each channel's entry the inverse-variance mean of the
// scaled α_s φ_s,i, var = α_s² σ_s,i² + φ_s,i² var α_s; then normalised so its largest entry x_p
// is +1, var(x_i/x_p) = (σ_i² + (x_i/x_p)² σ_p²)/x_p² (first order, the entries' covariance
// neglected), 0 at the +1 entry.
MergedOmaMode merged_mode(const std::vector<Member>& members, const std::vector<OmaResult>& results,
                          const std::vector<std::vector<Eigen::Index>>& reference_columns,
                          const std::vector<std::vector<Eigen::Index>>& channel_index, Eigen::Index channels) {
  MergedOmaMode out;
  std::vector<double> f, fsd, z, zsd;
  double dof = 0.0;
  const ReferenceEntries anchor = reference_entries(results[std::size_t(members.front().setup)].modes[members.front().mode],
                                                    reference_columns[std::size_t(members.front().setup)]);
  std::vector<std::vector<double>> entry(static_cast<std::size_t>(channels)), entry_sd(static_cast<std::size_t>(channels));
  for (const Member& mb : members) {
    const OmaResult& r = results[std::size_t(mb.setup)];
    const OmaMode& mode = r.modes[mb.mode];
    out.setups.push_back(mb.setup);
    f.push_back(mode.freq_hz), fsd.push_back(mode.freq_hz_sd), z.push_back(mode.zeta), zsd.push_back(mode.zeta_sd);
    dof += double(std::max<Eigen::Index>(r.sd_blocks - 1, 0));
    const ReferenceEntries b = reference_entries(mode, reference_columns[std::size_t(mb.setup)]);
    const double bb = b.shape.squaredNorm();
    const double alpha = b.shape.dot(anchor.shape) / bb;
    double var_alpha = 0.0;
    if (&mb != &members.front())
      for (Eigen::Index k = 0; k < b.shape.size(); ++k) {
        const double da = b.shape(k) / bb, db = (anchor.shape(k) - 2.0 * alpha * b.shape(k)) / bb;
        var_alpha += da * da * anchor.sd(k) * anchor.sd(k) + db * db * b.sd(k) * b.sd(k);
      }
    const std::vector<Eigen::Index>& index = channel_index[std::size_t(mb.setup)];
    for (std::size_t c = 0; c < index.size(); ++c) {
      const double phi = mode.shape(Eigen::Index(c));
      const double sd = mode.shape_sd.size() ? mode.shape_sd(Eigen::Index(c)) : std::numeric_limits<double>::quiet_NaN();
      entry[std::size_t(index[c])].push_back(alpha * phi);
      entry_sd[std::size_t(index[c])].push_back(std::sqrt(alpha * alpha * sd * sd + phi * phi * var_alpha));
    }
  }
  std::tie(out.freq_hz, out.freq_hz_sd) = inverse_variance_mean(f, fsd);
  std::tie(out.zeta, out.zeta_sd) = inverse_variance_mean(z, zsd);
  if (dof > 0.0) {
    out.freq_hz_half95 = student_t975(dof) * out.freq_hz_sd;
    out.zeta_half95 = student_t975(dof) * out.zeta_sd;
  }
  out.shape = Vector::Constant(channels, std::numeric_limits<double>::quiet_NaN());
  out.shape_sd = out.shape;
  for (Eigen::Index c = 0; c < channels; ++c)
    if (!entry[std::size_t(c)].empty()) std::tie(out.shape(c), out.shape_sd(c)) = inverse_variance_mean(entry[std::size_t(c)], entry_sd[std::size_t(c)]);
  Eigen::Index peak = -1;
  for (Eigen::Index c = 0; c < channels; ++c)
    if (std::isfinite(out.shape(c)) && (peak < 0 || std::abs(out.shape(c)) > std::abs(out.shape(peak)))) peak = c;
  const double norm = out.shape(peak), norm_sd = out.shape_sd(peak);
  for (Eigen::Index c = 0; c < channels; ++c)
    out.shape_sd(c) = c == peak ? 0.0 : std::hypot(out.shape_sd(c), out.shape(c) / norm * norm_sd) / std::abs(norm);
  out.shape /= norm;
  return out;
}

}  // namespace

SetupLayout lay_out_setups(const std::vector<OmaSetup>& setups, std::vector<std::string> references, const OmaOptions& options) {
  require(!setups.empty(), "oma: no setup to merge", "data");
  SetupLayout out;
  for (std::size_t s = 0; s < setups.size(); ++s) {
    const OmaSetup& setup = setups[s];
    require(Eigen::Index(setup.channels.size()) == setup.y.cols(),
            "oma: setup " + std::to_string(s + 1) + " has " + std::to_string(setup.y.cols()) + " columns but " +
                std::to_string(setup.channels.size()) + " channel names", "data");
    std::vector<Eigen::Index> index;
    for (const std::string& name : setup.channels) {
      require(std::count(setup.channels.begin(), setup.channels.end(), name) == 1,
              "oma: setup " + std::to_string(s + 1) + " names the channel '" + name + "' twice", "data");
      const auto at = std::find(out.channels.begin(), out.channels.end(), name);
      index.push_back(Eigen::Index(at - out.channels.begin()));
      if (at == out.channels.end()) out.channels.push_back(name);
    }
    out.channel_index.push_back(std::move(index));
  }
  const auto in_setup = [&](const std::string& name, const OmaSetup& s) { return std::find(s.channels.begin(), s.channels.end(), name) != s.channels.end(); };
  if (references.empty())
    for (const std::string& name : setups.front().channels)
      if (std::all_of(setups.begin(), setups.end(), [&](const OmaSetup& s) { return in_setup(name, s); })) references.push_back(name);
  require(!references.empty(), "oma: the setups have no channel in common: name the reference sensors alike in every setup (references)", "references");
  for (const std::string& name : references)
    for (std::size_t s = 0; s < setups.size(); ++s)
      require(in_setup(name, setups[s]), "oma: the reference channel '" + name + "' is not in setup " + std::to_string(s + 1) +
                                             " (its channels: " + [&] { std::string t; for (const auto& c : setups[s].channels) t += (t.empty() ? "" : ", ") + c; return t; }() + ")",
              "references");
  out.references = references;
  // Each setup's correlations against its own columns of the reference channels.
  for (const OmaSetup& setup : setups) {
    OmaOptions o = options;
    o.references.clear();
    std::vector<Eigen::Index> columns;
    for (const std::string& name : references) {
      const auto c = Eigen::Index(std::find(setup.channels.begin(), setup.channels.end(), name) - setup.channels.begin());
      columns.push_back(c);
      o.references.push_back(double(c + 1));
    }
    out.reference_columns.push_back(std::move(columns));
    out.options.push_back(std::move(o));
  }
  return out;
}

MergedOma merge_setups(const std::vector<OmaSetup>& setups, std::vector<std::string> references, const OmaOptions& options) {
  const SetupLayout layout = lay_out_setups(setups, std::move(references), options);
  const std::vector<std::vector<Eigen::Index>>& channel_index = layout.channel_index;
  const std::vector<std::vector<Eigen::Index>>& reference_columns = layout.reference_columns;
  MergedOma out;
  out.channels = layout.channels;
  out.references = layout.references;
  // Each setup on its own; a setup's second analysis (longer lags, output_only_modes) within its
  // first's work and an equal share of what the first analyses leave under the limit.
  std::vector<double> first;
  for (std::size_t s = 0; s < setups.size(); ++s) first.push_back(oma_work(setups[s].y, setups[s].h, layout.options[s]).flops);
  const double spare = std::max(0.0, options.max_work - std::accumulate(first.begin(), first.end(), 0.0)) / double(setups.size());
  for (std::size_t s = 0; s < setups.size(); ++s) {
    OmaOptions o = layout.options[s];
    o.max_work = first[s] + spare;
    out.setups.push_back(output_only_modes(setups[s].y, setups[s].h, o));
  }

  // Pairing: each later setup's modes against the merged modes so far, nearest pair first.
  std::vector<std::vector<Member>> groups;
  for (std::size_t m = 0; m < out.setups.front().modes.size(); ++m) groups.push_back({{0, m}});
  for (std::size_t s = 1; s < setups.size(); ++s) {
    const std::vector<OmaMode>& modes = out.setups[s].modes;
    struct Pair { double d; std::size_t mode, group; };
    std::vector<Pair> pairs;
    for (std::size_t m = 0; m < modes.size(); ++m)
      for (std::size_t g = 0; g < groups.size(); ++g) {
        const Member& first = groups[g].front();
        const OmaMode& other = out.setups[std::size_t(first.setup)].modes[first.mode];
        const double df = std::abs(modes[m].freq_hz - other.freq_hz) / std::max(modes[m].freq_hz, other.freq_hz);
        const double mac = real_mac(reference_entries(modes[m], reference_columns[s]).shape,
                                    reference_entries(other, reference_columns[std::size_t(first.setup)]).shape);
        if (df <= kPairFreq && mac >= kPairMac) pairs.push_back({df + 1.0 - mac, m, g});
      }
    std::sort(pairs.begin(), pairs.end(), [](const Pair& a, const Pair& b) { return a.d < b.d; });
    std::vector<bool> mode_used(modes.size(), false), group_used(groups.size(), false);
    for (const Pair& p : pairs)
      if (!mode_used[p.mode] && !group_used[p.group]) {
        groups[p.group].push_back({Eigen::Index(s), p.mode});
        mode_used[p.mode] = group_used[p.group] = true;
      }
    for (std::size_t m = 0; m < modes.size(); ++m)
      if (!mode_used[m]) groups.push_back({{Eigen::Index(s), m}});
  }
  for (const auto& group : groups)
    out.modes.push_back(merged_mode(group, out.setups, reference_columns, channel_index, Eigen::Index(out.channels.size())));
  std::sort(out.modes.begin(), out.modes.end(), [](const MergedOmaMode& a, const MergedOmaMode& b) { return a.freq_hz < b.freq_hz; });

  for (const MergedOmaMode& mode : out.modes)
    if (mode.setups.size() < setups.size()) {
      std::string which;
      for (Eigen::Index s : mode.setups) which += (which.empty() ? "" : ", ") + std::to_string(s + 1);
      out.add_warning("The mode at " + format_digits(mode.freq_hz) + " Hz was found in setup " + which + " only of " + std::to_string(setups.size()) +
                      ": its shape has no entries (null) for the channels only the other setups measured. Check those setups' "
                      "stabilization diagrams near this frequency, or record them longer.");
    }
  if (out.references.size() < 2)
    out.add_warning("With one reference channel the setups' modes are paired by frequency only and scaled on one entry: a mode "
                    "with a small entry at the reference gets a poorly scaled shape. Keep two or more reference sensors in place "
                    "across the setups.");
  for (std::size_t s = 0; s < out.setups.size(); ++s)
    for (const std::string& w : out.setups[s].warnings) out.add_warning("Setup " + std::to_string(s + 1) + ": " + w);
  return out;
}

}  // namespace mechid
