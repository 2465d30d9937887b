// Conversions of single values at the JS boundary, said once: a matrix is {rows, cols, data} with
// `data` a row-major Float64Array; bulk copies only (docs/toolchain.md §4), no per-element calls for
// matrices and signals. Option fields are read with read_option: an absent (undefined or null)
// field keeps the C++ default of the option struct, so every default is decided in C++.
#pragma once

#include <emscripten/val.h>

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <string>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/input_error.hpp"
#include "core/types.hpp"

namespace mechid::wasm {

using emscripten::val;

inline bool is_absent(const val& v) { return v.isUndefined() || v.isNull(); }

// Reads {rows, cols, data}, or {rows, cols, columns} (wasm/json.js isColumnMatrix: one
// Float64Array per column, each copied straight into its column of the core's column-major
// matrix); throws InputError naming `what` when the shape and data disagree.
inline Matrix matrix_from_js(const val& m, const std::string& what) {
  require(m.typeOf().as<std::string>() == "object" && !m.isNull(), what + " is missing");
  const double rows = m["rows"].as<double>(), cols = m["cols"].as<double>();
  require(rows >= 0 && cols >= 0 && rows == static_cast<Eigen::Index>(rows) && cols == static_cast<Eigen::Index>(cols),
          what + " has an invalid size " + format_number(rows) + "x" + format_number(cols));
  const auto r = static_cast<Eigen::Index>(rows), c = static_cast<Eigen::Index>(cols);
  if (!is_absent(m["columns"])) {
    const val columns = m["columns"];
    require(columns["length"].as<double>() == cols, what + " has " + std::to_string(c) + " columns but lists " +
                                                        format_number(columns["length"].as<double>()));
    Matrix out(r, c);
    for (Eigen::Index j = 0; j < c; ++j) {
      const val column = columns[static_cast<unsigned>(j)];
      require(column["length"].as<double>() == rows,
              what + " column " + std::to_string(j + 1) + " holds " + format_number(column["length"].as<double>()) +
                  " numbers, not " + std::to_string(r));
      val(emscripten::typed_memory_view(static_cast<std::size_t>(r), out.col(j).data())).call<void>("set", column);
    }
    return out;
  }
  const auto length = m["data"]["length"].as<double>();
  // rows·cols in double (exact below 2⁵³): in a 32-bit Eigen::Index (WebAssembly) r·c wraps, and
  // 65536 x 65537 then passed as 65536 numbers.
  require(length == rows * cols, what + " is " + std::to_string(r) + "x" + std::to_string(c) +
                                                      " but holds " + format_number(length) + " numbers");
  // Column-major as the core stores it, filled through a row-major buffer of at most kRows rows at
  // a time: a whole row-major copy beside the result would double a long record's footprint in the
  // heap for the moment (24 MB per matrix of 10⁶ samples of 3 channels).
  constexpr Eigen::Index kRows = 8192;
  Matrix out(r, c);
  const val data = m["data"];
  const bool typed = data.instanceof(val::global("Float64Array"));
  const Eigen::Index step = typed ? kRows : std::max<Eigen::Index>(r, 1);  // plain arrays: one copy (no subarray)
  RowMajorMatrix chunk(std::min(r, step), c);
  for (Eigen::Index t = 0; t < r && c > 0; t += step) {
    const Eigen::Index count = std::min(step, r - t);
    const val part = typed ? data.call<val>("subarray", static_cast<double>(t * c), static_cast<double>((t + count) * c)) : data;
    val(emscripten::typed_memory_view(static_cast<std::size_t>(count * c), chunk.data())).call<void>("set", part);
    out.middleRows(t, count) = chunk.topRows(count);
  }
  return out;
}

// A plain array or a typed array of numbers as a Vector (empty when absent).
inline Vector vector_from_js(const val& v) {
  if (is_absent(v)) return Vector();
  const auto values = emscripten::convertJSArrayToNumberVector<double>(v);
  return Eigen::Map<const Vector>(values.data(), static_cast<Eigen::Index>(values.size()));
}

// The same, but `what` must be given.
inline Vector required_vector_from_js(const val& v, const std::string& what) {
  require(!is_absent(v), what + " is missing");
  return vector_from_js(v);
}

// Field `key` of the options object `o`, when o is an object and the field is neither undefined nor null.
inline bool has_option(const val& o, const char* key) {
  return o.typeOf().as<std::string>() == "object" && !o.isNull() && !is_absent(o[key]);
}

// The largest whole number a JS number holds exactly (Number.MAX_SAFE_INTEGER, 2^53 - 1).
inline constexpr double kMaxSafeInteger = 9007199254740991.0;

// A JS number that must be a whole number in [min, max] (sizes, counts, seeds); InputError naming
// `key`, the range (unless it is all JS carries exactly) and the value otherwise.
inline double whole_number(const val& v, const char* key, double min, double max) {
  const double x = v.as<double>();
  const bool any = min == -kMaxSafeInteger && max == kMaxSafeInteger;
  const std::string range = any ? "" : " between " + format_number(min) + " and " + format_number(max);
  require(std::isfinite(x) && x == std::floor(x) && x >= min && x <= max,
          std::string(key) + " must be a whole number" + range + ", got " + format_number(x));
  return x;
}

inline void read_option(const val& o, const char* key, double& target) {
  if (has_option(o, key)) target = o[key].as<double>();
}
inline void read_option(const val& o, const char* key, bool& target) {
  if (has_option(o, key)) target = o[key].as<bool>();
}
inline void read_option(const val& o, const char* key, std::string& target) {
  if (has_option(o, key)) target = o[key].as<std::string>();
}
// Integers (sizes, counts, seeds): whole numbers that T holds and JS carries exactly (|x| < 2^53),
// >= 0 for unsigned ones; so a seed is a whole number between 0 and 2^53 - 1.
template <class T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, bool>, int> = 0>
void read_option(const val& o, const char* key, T& target) {
  constexpr double lowest = std::max(static_cast<double>(std::numeric_limits<T>::lowest()), -kMaxSafeInteger);
  constexpr double highest = std::min(static_cast<double>(std::numeric_limits<T>::max()), kMaxSafeInteger);
  if (has_option(o, key)) target = static_cast<T>(whole_number(o[key], key, lowest, highest));
}
inline void read_option(const val& o, const char* key, Vector& target) {
  if (has_option(o, key)) target = vector_from_js(o[key]);
}
inline void read_option(const val& o, const char* key, std::vector<double>& target) {
  if (!has_option(o, key)) return;
  const Vector v = vector_from_js(o[key]);
  target.assign(v.data(), v.data() + v.size());
}
// A list of whole numbers (indices, 1-based DOFs), each checked like an integer option.
inline void read_option(const val& o, const char* key, std::vector<int>& target) {
  if (!has_option(o, key)) return;
  const val list = o[key];
  require(list.isArray(), std::string(key) + " must be a list of whole numbers");
  target.clear();
  const auto count = list["length"].as<unsigned>();
  for (unsigned i = 0; i < count; ++i) {
    const std::string entry = std::string(key) + " entry " + std::to_string(i + 1);
    target.push_back(static_cast<int>(whole_number(list[i], entry.c_str(), -1e9, 1e9)));
  }
}

// read_options(o, "h", x.h, "n", x.n, …): read_option for each key and target.
inline void read_options(const val&) {}
template <class T, class... Rest>
void read_options(const val& o, const char* key, T& target, Rest&&... rest) {
  read_option(o, key, target);
  read_options(o, std::forward<Rest>(rest)...);
}

// object_of("h", x.h, "name", x.name, …): a JS object with these keys in this order.
inline void set_fields(val&) {}
template <class T, class... Rest>
void set_fields(val& out, const char* key, const T& value, const Rest&... rest) {
  out.set(key, value);
  set_fields(out, rest...);
}
template <class... Fields>
val object_of(const Fields&... fields) {
  val out = val::object();
  set_fields(out, fields...);
  return out;
}

inline val float64_array(const double* data, std::size_t size) {
  return val::global("Float64Array").new_(emscripten::typed_memory_view(size, data));
}

// A signal (one value per sample) as a Float64Array.
inline val signal_to_js(const Vector& v) { return float64_array(v.data(), static_cast<std::size_t>(v.size())); }

inline val indices_to_js(const std::vector<int>& r) {
  return val::global("Int32Array").new_(emscripten::typed_memory_view(r.size(), r.data()));
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
inline val numbers_to_js(const std::vector<double>& v) {
  return numbers_to_js(Eigen::Map<const Vector>(v.data(), static_cast<Eigen::Index>(v.size())));
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

// A finite number, or null (JSON has no Infinity or NaN).
inline val number_or_null(double x) { return std::isfinite(x) ? val(x) : val::null(); }

}  // namespace mechid::wasm
