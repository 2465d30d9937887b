// Conversions at the JS boundary, said once: a matrix is {rows, cols, data} with `data` a
// row-major Float64Array. Bulk copies only (TOOLCHAIN.md §4); no per-element calls.
#pragma once

#include <emscripten/val.h>

#include <string>
#include <vector>

#include "mechid.hpp"

namespace mechid::wasm {

using emscripten::val;

// Reads {rows, cols, data}; throws InputError naming `what` when the shape and data disagree.
inline Matrix matrix_from_js(const val& m, const std::string& what) {
  require(m.typeOf().as<std::string>() == "object" && !m.isNull(), what + " is missing");
  const double rows = m["rows"].as<double>(), cols = m["cols"].as<double>();
  require(rows >= 0 && cols >= 0 && rows == static_cast<Eigen::Index>(rows) && cols == static_cast<Eigen::Index>(cols),
          what + " has an invalid size " + format_number(rows) + "x" + format_number(cols));
  const auto r = static_cast<Eigen::Index>(rows), c = static_cast<Eigen::Index>(cols);
  const auto length = m["data"]["length"].as<double>();
  require(length == static_cast<double>(r * c), what + " is " + std::to_string(r) + "x" + std::to_string(c) +
                                                      " but holds " + format_number(length) + " numbers");
  RowMajorMatrix out(r, c);
  if (r * c > 0)
    val(emscripten::typed_memory_view(static_cast<std::size_t>(r * c), out.data())).call<void>("set", m["data"]);
  return out;
}

// A plain array of numbers as a Vector (empty when undefined).
inline Vector vector_from_js(const val& v) {
  if (v.isUndefined() || v.isNull()) return Vector();
  const auto values = emscripten::convertJSArrayToNumberVector<double>(v);
  return Eigen::Map<const Vector>(values.data(), static_cast<Eigen::Index>(values.size()));
}

inline val float64_array(const double* data, std::size_t size) {
  return val::global("Float64Array").new_(emscripten::typed_memory_view(size, data));
}

inline val matrix_to_js(const Matrix& m) {
  const RowMajorMatrix row_major = m;
  val out = val::object();
  out.set("rows", static_cast<double>(m.rows()));
  out.set("cols", static_cast<double>(m.cols()));
  out.set("data", float64_array(row_major.data(), static_cast<std::size_t>(row_major.size())));
  return out;
}

// A plain JS array of numbers (for JSON-friendly fields such as mode shapes).
inline val numbers_to_js(const Vector& v) {
  val out = val::array();
  for (Eigen::Index i = 0; i < v.size(); ++i) out.call<void>("push", v(i));
  return out;
}

inline val complex_to_js(std::complex<double> z) {
  val out = val::array();
  out.call<void>("push", z.real());
  out.call<void>("push", z.imag());
  return out;
}

inline val strings_to_js(const std::vector<std::string>& strings) {
  val out = val::array();
  for (const auto& s : strings) out.call<void>("push", s);
  return out;
}

}  // namespace mechid::wasm
