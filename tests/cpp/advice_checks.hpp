// Looking up a result's typed advice (core/advice.hpp) in tests, by code, never by its text.
#pragma once

#include <string>

#include "core/status.hpp"

namespace mechid::test {

// The first advice with this code, or null.
inline const Advice* find_advice(const Outcome& r, AdviceCode code) {
  for (const Advice& a : r.advice)
    if (a.code == code) return &a;
  return nullptr;
}

inline bool has_advice(const Outcome& r, AdviceCode code) { return find_advice(r, code) != nullptr; }

// Every advice as "code: message | detail" lines, for a failing check's INFO.
inline std::string advice_codes(const Outcome& r) {
  std::string out;
  for (const Advice& a : r.advice) out += kAdviceCodeNames.name(a.code) + ": " + a.message + " | " + a.detail + "\n";
  return out;
}

}  // namespace mechid::test
