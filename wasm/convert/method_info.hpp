// The method table (src/identify/method_table.hpp) at the JS boundary: methodInfo(), one object per
// method in the table's order, from which the CLI help, the page's method lists and the fuzz
// generator are made (wasm/method-help.js, web/views/method-list.js, fuzz/targets/identify.mjs).
#pragma once

#include "convert/marshal.hpp"
#include "identify/method_table.hpp"

namespace mechid::wasm {

// [{name, family, label, summary, runs, structure, friction, offset, positive, outputs:
// ['displacement'(, 'acceleration')], lowpass: 'never' | 'always' | 'with_friction', recommended,
// thesis_comparison}]
inline val method_info_to_js() {
  val out = val::array();
  for (const MethodEntry& m : method_table()) {
    val e = val::object();
    e.set("name", std::string(m.name));
    e.set("family", std::string(to_string(m.family)));
    e.set("label", std::string(m.label));
    e.set("summary", std::string(m.summary));
    e.set("runs", m.runs);
    e.set("structure", m.structure);
    e.set("friction", m.friction);
    e.set("offset", m.offset);
    e.set("positive", m.positive);
    std::vector<std::string> outputs{to_string(OutputKind::displacement)};
    if (m.acceleration) outputs.push_back(to_string(OutputKind::acceleration));
    e.set("outputs", strings_to_js(outputs));
    e.set("lowpass", std::string(to_string(m.lowpass)));
    e.set("recommended", m.recommended);
    e.set("thesis_comparison", m.thesis_comparison);
    out.call<void>("push", e);
  }
  return out;
}

}  // namespace mechid::wasm
