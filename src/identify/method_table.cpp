#include "identify/method_table.hpp"

#include <stdexcept>

#include "identify/method_runs.hpp"

namespace mechid {

const char* to_string(MethodFamily family) {
  switch (family) {
    case MethodFamily::prediction_error: return "prediction_error";
    case MethodFamily::subspace: return "subspace";
    case MethodFamily::least_squares: return "least_squares";
    case MethodFamily::choice: return "choice";
  }
  return "";
}

const char* to_string(Lowpass lowpass) {
  switch (lowpass) {
    case Lowpass::never: return "never";
    case Lowpass::always: return "always";
    case Lowpass::with_friction: return "with_friction";
  }
  return "";
}

namespace {

// The table itself: the built-in methods, then what a test registers for the time being. Each
// entry in MethodEntry's order: name, family, label, summary, run; then the flags
//   runs, structure, friction, offset, positive, acceleration, lowpass, recommended, thesis_comparison;
// then the cost model.
std::vector<MethodEntry>& registry() {
  using F = MethodFamily;
  static std::vector<MethodEntry> table{
      {"variational", F::prediction_error,
       "variational (the method of Bruschetta 2011: a fit of the midpoint model, good at small h)",
       "prediction-error fit of the midpoint (variational) model from an n4sid start (Bruschetta 2011, sec. 4.2)",
       [](const std::vector<Dataset>& r, const IdentifyOptions& o) { return identify_variational(r[0], o); },
       false, false, false, false, true, true, Lowpass::never, false, true, variational_cost},
      {"n4sid-d2c", F::subspace, "n4sid-d2c (the classic route: a subspace model, then a matrix logarithm)",
       "n4sid subspace model, ZOH d2c by the matrix logarithm, then M, D, K (the baseline of Bruschetta 2011, ch. 5)",
       [](const std::vector<Dataset>& r, const IdentifyOptions& o) { return identify_n4sid_d2c(r[0], o); },
       false, false, false, false, false, true, Lowpass::never, false, true, n4sid_d2c_cost},
      {"equation-error", F::least_squares,
       "equation-error (one least-squares solve of the midpoint equation: fast, biased by noise)",
       "least squares on the midpoint equation with the measured outputs (Bruschetta 2011, eqs. 2.23-2.24)",
       [](const std::vector<Dataset>& r, const IdentifyOptions& o) { return identify_equation_error(r[0], o); },
       false, false, false, false, false, true, Lowpass::never, false, false, equation_error_cost},
      {"variational-zoh", F::prediction_error,
       "variational-zoh (the variational estimate refined on the exact sampled model; several runs, structure, offset)",
       "the variational estimate refined by the output-error PEM in M, D, K on the exact sampled model",
       identify_variational_zoh, true, true, false, true, true, true, Lowpass::never, false, false, variational_zoh_cost},
      {"inverse-dynamic", F::least_squares,
       "inverse-dynamic (least squares on filtered derivatives, the IDIM-LS of Janot, Gautier & Brunot 2019; friction "
       "and offset)",
       "IDIM-LS: least squares on the low-passed equation of motion, with Coulomb friction and offset "
       "(Janot, Gautier & Brunot 2019)",
       identify_inverse_dynamic, true, true, true, true, false, true, Lowpass::always, false, false, inverse_dynamic_cost},
      {"auto", F::choice, "auto (recommended: a checked start refined on the exact model, with ± 95 % intervals)",
       "the recommended estimate: the exact-sampling PEM from the variational start, and why "
       "(inverse-dynamic when friction is asked for)",
       identify_auto, true, true, true, true, true, true, Lowpass::with_friction, true, false, auto_cost},
  };
  return table;
}

}  // namespace

const std::vector<MethodEntry>& method_table() { return registry(); }

const MethodEntry* find_method(const std::string& name) {
  for (const MethodEntry& m : registry())
    if (name == m.name) return &m;
  return nullptr;
}

bool takes_lowpass(const MethodEntry& entry, const IdentifyOptions& options) {
  return entry.lowpass == Lowpass::always || (entry.lowpass == Lowpass::with_friction && options.coulomb_friction);
}

ScopedMethodRegistration::ScopedMethodRegistration(const MethodEntry& entry) {
  if (find_method(entry.name)) throw std::invalid_argument(std::string("method ") + entry.name + " is registered already");
  registry().push_back(entry);
}

ScopedMethodRegistration::~ScopedMethodRegistration() { registry().pop_back(); }

}  // namespace mechid
