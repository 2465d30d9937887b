// The option schema handed to JS (api.optionSchema()): each group's description
// (core/option_schema.hpp) as plain objects. The group names are the facade's.
#include <cmath>

#include "analysis/impact/hammer_test.hpp"
#include "convert/frequency_domain.hpp"
#include "convert/inputs.hpp"
#include "convert/output_only.hpp"
#include "convert/option_reader.hpp"

namespace mechid::wasm {
namespace {

val entry_to_js(const OptionEntry& e) {
  val out = val::object();
  out.set("type", to_string(e.type));
  val value = val::null();
  if (e.has_default) {
    switch (e.type) {
      case OptionType::boolean: value = val(e.number != 0); break;
      case OptionType::choice:
      case OptionType::string: value = val(e.text); break;
      case OptionType::numbers: value = numbers_to_js(e.numbers); break;
      default: value = val(e.number);
    }
  }
  out.set("default", value);
  if (std::isfinite(e.min)) out.set(e.above_min ? "above" : "min", e.min);
  if (std::isfinite(e.max)) out.set("max", e.max);
  if (!e.choices.empty()) out.set("choices", strings_to_js(e.choices));
  out.set("help", e.help);
  return out;
}

template <class Options>
val group_to_js() {
  val out = val::object();
  for (const OptionEntry& e : OptionSchema::of<Options>()) out.set(e.name, entry_to_js(e));
  return out;
}

}  // namespace

val option_schema_to_js() {
  val out = val::object();
  out.set("dataset", group_to_js<Dataset>());
  out.set("identify", group_to_js<IdentifyOptions>());
  out.set("frf", group_to_js<FrfOptions>());
  out.set("modes", group_to_js<ModesOptions>());
  out.set("oma", group_to_js<OmaOptions>());
  out.set("hammer", group_to_js<HammerOptions>());
  out.set("nonlinearSimulate", group_to_js<nonlinear::ExperimentOptions>());
  out.set("nonlinearIdentify", group_to_js<nonlinear::PiecewiseOptions>());
  out.set("svf", group_to_js<SvfIdentifyOptions>());
  out.set("perturbation", group_to_js<PerturbationOptions>());
  out.set("simulate", group_to_js<SimulationOptions>());
  out.set("ekf", group_to_js<BeltDriveEkfOptions>());
  return out;
}

}  // namespace mechid::wasm
