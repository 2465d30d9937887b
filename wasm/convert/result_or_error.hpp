// The error policy at the JS boundary, said once (docs/toolchain.md §3): run the binding's body,
// catch what the core throws and *return* it as a JS Error with a `code` ('bad-input' for
// InputError, 'internal' otherwise); wasm/api.js throws it as MechidError.
#pragma once

#include <emscripten/val.h>

#include <exception>
#include <string>

#include "core/input_error.hpp"

namespace mechid::wasm {

template <class F>
emscripten::val result_or_error(F&& f) {
  auto error = [](const std::string& code, const char* message) {
    emscripten::val e = emscripten::val::global("Error").new_(std::string(message));
    e.set("code", code);
    return e;
  };
  try {
    return f();
  } catch (const InputError& e) {
    emscripten::val out = error("bad-input", e.what());
    if (!e.option().empty()) out.set("option", e.option());  // the option the message is about
    return out;
  } catch (const std::exception& e) {
    return error("internal", e.what());
  }
}

}  // namespace mechid::wasm
