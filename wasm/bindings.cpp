// embind declarations only: convert, call the core, convert back. Every number is computed in
// src/. Errors are caught here and *returned* as JS Error objects with a `code` ('bad-input' for
// InputError, 'internal' otherwise); wasm/api.js throws them as MechidError (TOOLCHAIN.md §3).
#include <emscripten/bind.h>

#include "marshal.hpp"

namespace mechid::wasm {
namespace {

template <class F>
val result_or_error(F&& f) {
  auto error = [](const std::string& code, const char* message) {
    val e = val::global("Error").new_(std::string(message));
    e.set("code", code);
    return e;
  };
  try {
    return f();
  } catch (const InputError& e) {
    return error("bad-input", e.what());
  } catch (const std::exception& e) {
    return error("internal", e.what());
  }
}

MechanicalSystem system_from_js(const val& s) {
  MechanicalSystem system;
  if (s["name"].isString()) system.name = s["name"].as<std::string>();
  system.M = matrix_from_js(s["M"], "matrix M");
  system.D = matrix_from_js(s["D"], "matrix D");
  system.K = matrix_from_js(s["K"], "matrix K");
  system.L = matrix_from_js(s["L"], "matrix L");
  return system;
}

val system_to_js(const MechanicalSystem& s) {
  val out = val::object();
  out.set("name", s.name);
  out.set("M", matrix_to_js(s.M));
  out.set("D", matrix_to_js(s.D));
  out.set("K", matrix_to_js(s.K));
  out.set("L", matrix_to_js(s.L));
  return out;
}

val preset_names_js() { return strings_to_js(preset_names()); }

val preset_js(std::string name) {
  return result_or_error([&] { return system_to_js(preset(name)); });
}

val check_system_js(val s) {
  return result_or_error([&] {
    const auto errors = check(system_from_js(s));
    val out = val::object();
    out.set("ok", errors.empty());
    out.set("errors", strings_to_js(errors));
    return out;
  });
}

val state_space_js(val s) {
  return result_or_error([&] {
    const StateSpaceModel ss = to_state_space(system_from_js(s));
    val out = val::object();
    out.set("A", matrix_to_js(ss.A));
    out.set("B", matrix_to_js(ss.B));
    out.set("C", matrix_to_js(ss.C));
    return out;
  });
}

// options: {h, n, input, amplitude, snr, seed, hold, freqHz, freqHz2, samples, q0, v0}, every
// field present (api.js fills the defaults).
val simulate_js(val s, val o) {
  return result_or_error([&] {
    const MechanicalSystem system = system_from_js(s);
    SimulationOptions options;
    options.h = o["h"].as<double>();
    options.n = static_cast<Eigen::Index>(o["n"].as<double>());
    options.snr_db = o["snr"].as<double>();
    options.seed = static_cast<std::uint64_t>(o["seed"].as<double>());
    options.input.kind = parse_input_kind(o["input"].as<std::string>());
    options.input.amplitude = o["amplitude"].as<double>();
    options.input.hold = static_cast<int>(o["hold"].as<double>());
    options.input.freq_hz = o["freqHz"].as<double>();
    options.input.freq2_hz = o["freqHz2"].as<double>();
    if (options.input.kind == InputKind::samples) options.input.samples = matrix_from_js(o["samples"], "input samples");
    options.q0 = vector_from_js(o["q0"]);
    options.v0 = vector_from_js(o["v0"]);
    const SimulatedData data = simulate(system, options);
    val out = val::object();
    out.set("h", data.h);
    out.set("t", float64_array(data.t.data(), static_cast<std::size_t>(data.t.size())));
    out.set("u", matrix_to_js(data.u));
    out.set("q", matrix_to_js(data.q));
    out.set("v", matrix_to_js(data.v));
    out.set("a", matrix_to_js(data.a));
    out.set("method", data.method);
    out.set("substeps", data.substeps);
    out.set("noiseStd", float64_array(data.noise_std.data(), data.noise_std.size()));
    return out;
  });
}

// The first `count` outputs of Random(seed) as [hi32, lo32] pairs.
val random_stream_js(double seed, int count) {
  return result_or_error([&] {
    require(count >= 0 && count <= 1'000'000, "count must be between 0 and 1000000");
    Random rng(static_cast<std::uint64_t>(seed));
    std::vector<std::uint32_t> words(2 * static_cast<std::size_t>(count));
    for (std::size_t i = 0; i < words.size(); i += 2) {
      const std::uint64_t x = rng.next_u64();
      words[i] = static_cast<std::uint32_t>(x >> 32);
      words[i + 1] = static_cast<std::uint32_t>(x);
    }
    return val::global("Uint32Array").new_(emscripten::typed_memory_view(words.size(), words.data()));
  });
}

}  // namespace
}  // namespace mechid::wasm

EMSCRIPTEN_BINDINGS(mechid) {
  using namespace mechid::wasm;
  emscripten::function("presetNames", &preset_names_js);
  emscripten::function("preset", &preset_js);
  emscripten::function("checkSystem", &check_system_js);
  emscripten::function("stateSpace", &state_space_js);
  emscripten::function("simulate", &simulate_js);
  emscripten::function("randomStream", &random_stream_js);
}
