// The Outcome every core result carries (src/core/status.hpp), written once at the JS boundary:
// {status, message, warnings, advice}. Every serialiser of a result writes these three fields through
// outcome_to_js, so that no result drops one of them.
#pragma once

#include "convert/marshal.hpp"
#include "core/status.hpp"

namespace mechid::wasm {

// [{code, level, message, detail, action, options}]: the outcome's typed advice (core/advice.hpp);
// `options` an object {name: value} of the CLI options that carry out the action.
inline val advice_to_js(const std::vector<Advice>& advice) {
  val out = val::array();
  for (const Advice& a : advice) {
    val options = val::object();
    for (const AdviceOption& o : a.options) options.set(o.name, o.value);
    out.call<void>("push", object_of("code", kAdviceCodeNames.name(a.code), "level",
                                     std::string(a.level == AdviceLevel::warning ? "warning" : "note"), "message",
                                     a.message, "detail", a.detail, "action", a.action, "options", options));
  }
  return out;
}

// {status, message, warnings, advice}
inline val outcome_to_js(const Outcome& r) {
  return object_of("status", to_string(r.status), "message", r.message, "warnings", strings_to_js(r.warnings), "advice",
                   advice_to_js(r.advice));
}

// The fields of outcome_to_js added to `out` (for results whose documented key order puts
// them after other keys).
inline void set_outcome(val& out, const Outcome& r) { val::global("Object").call<void>("assign", out, outcome_to_js(r)); }

// A result key under its documented snake_case name and its older camelCase name (kept as an
// alias, docs/interfaces.md, "Result keys"): one JS value under two keys.
inline void set_aliased(val& out, const char* key, const char* alias, const val& value) {
  out.set(key, value);
  out.set(alias, value);
}

}  // namespace mechid::wasm
