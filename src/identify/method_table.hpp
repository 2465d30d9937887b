// The one table of the identification methods (issue 47, item 2): per method its name, what it
// honours, its cost model and its product text. identify() dispatches through it and checks a
// request against its capabilities, the work guard (work_estimate.hpp) estimates through its cost
// model, and the binding methodInfo() hands it to JS, where the CLI help, the page's method lists
// and the fuzz generator are made from it. A new method is one entry here (method_table.cpp) and
// its file; the cost model is a reference member without default, so an entry without one does
// not compile.
#pragma once

#include <string>
#include <vector>

#include "identify/identification.hpp"
#include "identify/method_cost.hpp"

namespace mechid {

// What kind of estimator a method is.
enum class MethodFamily {
  prediction_error,  // a PEM of the simulated outputs (output error)
  subspace,          // a subspace model, then M, D, K from it
  least_squares,     // one linear regression on an equation of motion (equation error)
  choice,            // runs several of the others and keeps the best-verified estimate
};
const char* to_string(MethodFamily family);

// Whether a method takes options.lowpass_hz (the inverse-dynamic regression's zero-phase low-pass).
enum class Lowpass {
  never,
  always,
  with_friction,  // only when friction is asked for (auto then runs inverse-dynamic)
};
const char* to_string(Lowpass lowpass);

using RunsMethod = Identification (*)(const std::vector<Dataset>&, const IdentifyOptions&);
using CostModel = WorkEstimate (&)(const WorkSizes&);

struct MethodEntry {
  const char* name;
  MethodFamily family;
  const char* label;    // the page's text for the method (with its name): what it is, in a few words
  const char* summary;  // one line for help texts: what it computes, citing the source
  RunsMethod run;
  // What it honours beyond one record of displacements with the plain symmetric model.
  bool runs, structure, friction, offset;
  bool positive;      // options.positive (M, K positive definite and D semidefinite by construction)
  bool acceleration;  // acceleration outputs (identify()'s prefilter turns them into displacements)
  Lowpass lowpass;
  bool recommended;        // checked by default where the page offers every method
  bool thesis_comparison;  // compared in Bruschetta 2011, ch. 5: checked by default in the page's Identify section
  CostModel cost;          // work and peak memory on a request's sizes (method_cost.hpp)
};

// The methods, in the order method_names() gives them.
const std::vector<MethodEntry>& method_table();

// The entry of a method by name, or nullptr.
const MethodEntry* find_method(const std::string& name);

// Whether a method takes options.lowpass_hz with these options.
bool takes_lowpass(const MethodEntry& entry, const IdentifyOptions& options);

// For tests only: registers `entry` at the end of the table while this object lives (so a test
// can see a new method reach method_names(), identify()'s checks and the work guard). Not
// thread-safe; a name already in the table is refused (std::invalid_argument).
class ScopedMethodRegistration {
 public:
  explicit ScopedMethodRegistration(const MethodEntry& entry);
  ~ScopedMethodRegistration();
  ScopedMethodRegistration(const ScopedMethodRegistration&) = delete;
  ScopedMethodRegistration& operator=(const ScopedMethodRegistration&) = delete;
};

}  // namespace mechid
