#include "analysis/oma/merged_oma_cost.hpp"

#include <algorithm>
#include <string>

#include "identify/work_limit.hpp"

namespace mechid {

WorkEstimate merged_oma_work(const std::vector<OmaSetup>& setups, const std::vector<std::string>& references, const OmaOptions& options) {
  const SetupLayout layout = lay_out_setups(setups, references, options);
  WorkEstimate total;
  for (std::size_t s = 0; s < setups.size(); ++s) {
    const WorkEstimate e = oma_work(setups[s].y, setups[s].h, layout.options[s]);
    total.flops += e.flops;
    total.bytes = std::max(total.bytes, e.bytes);
  }
  return total;
}

void check_merged_oma_work(const std::vector<OmaSetup>& setups, const std::vector<std::string>& references, const OmaOptions& options,
                           double max_work) {
  options.validate();
  Eigen::Index samples = 0;
  for (const OmaSetup& s : setups) samples += s.y.rows();
  check_within_limits("oma (" + kOmaMethodNames.name(options.method) + ") of " + std::to_string(setups.size()) + " setups of " +
                          std::to_string(static_cast<long long>(samples)) + " samples in all",
                      merged_oma_work(setups, references, options), max_work,
                      "give fewer block rows or references, fewer jackknife blocks, another method, or shorter records (or decimate them)");
}

}  // namespace mechid
