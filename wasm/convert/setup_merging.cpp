#include "convert/setup_merging.hpp"

#include "analysis/oma/merged_oma_cost.hpp"
#include "analysis/oma/setup_merging.hpp"
#include "convert/outcome.hpp"
#include "convert/output_only.hpp"
#include "convert/result_or_error.hpp"
#include "convert/work_limit.hpp"

namespace mechid::wasm {
namespace {

std::vector<std::string> names_from_js(const val& list) {
  std::vector<std::string> out;
  if (list.isUndefined() || list.isNull()) return out;
  for (unsigned i = 0; i < list["length"].as<unsigned>(); ++i) out.push_back(list[i].as<std::string>());
  return out;
}

val numbers_or_nulls(const Vector& v) {
  val out = val::array();
  for (Eigen::Index i = 0; i < v.size(); ++i) out.call<void>("push", number_or_null(v(i)));
  return out;
}

}  // namespace

val oma_setups_js(val setups, val options, val reference_names) {
  return result_or_error([&] {
    std::vector<OmaSetup> list;
    for (unsigned s = 0; s < setups["length"].as<unsigned>(); ++s) {
      const val d = setups[s];
      list.push_back({matrix_from_js(d["y"], "setup " + std::to_string(s + 1) + " output data y"), d["h"].as<double>(), names_from_js(d["channels"])});
    }
    OmaOptions o = oma_options_from_js(options);
    o.max_work = max_work_from_js(options);
    const std::vector<std::string> references = names_from_js(reference_names);
    check_merged_oma_work(list, references, o, o.max_work);  // analysis/oma/merged_oma_cost.hpp
    const MergedOma r = merge_setups(list, references, o);
    val out = outcome_to_js(r);
    val modes = val::array();
    for (const MergedOmaMode& m : r.modes) {
      val from = val::array();
      for (Eigen::Index s : m.setups) from.call<void>("push", double(s + 1));
      modes.call<void>("push", object_of("freq_hz", m.freq_hz, "zeta", m.zeta, "freq_hz_sd", number_or_null(m.freq_hz_sd), "zeta_sd",
                                         number_or_null(m.zeta_sd), "freq_hz_half95", number_or_null(m.freq_hz_half95), "zeta_half95",
                                         number_or_null(m.zeta_half95), "shape", numbers_or_nulls(m.shape), "shape_sd",
                                         numbers_or_nulls(m.shape_sd), "setups", from));
    }
    val each = val::array();
    for (const OmaResult& s : r.setups) each.call<void>("push", oma_to_js(s, o));
    set_fields(out, "channels", strings_to_js(r.channels), "references", strings_to_js(r.references), "modes", modes, "setups", each);
    return out;
  });
}

}  // namespace mechid::wasm
