#include "convert/study_aggregate.hpp"

#include <cmath>

namespace mechid::wasm {
namespace {

double study_number(const val& v) { return is_absent(v) ? NAN : v.as<double>(); }

Status study_status(const std::string& text) {
  for (Status s : {Status::ok, Status::warning, Status::failed})
    if (to_string(s) == text) return s;
  throw InputError("unknown run status '" + text + "' (expected ok, warning or failed)");
}

}  // namespace

std::vector<StudyRunResult> study_runs_from_js(const val& runs) {
  require(runs.isArray(), "the study's runs must be a list of studyRun results");
  std::vector<StudyRunResult> out;
  const auto count = runs["length"].as<unsigned>();
  for (unsigned i = 0; i < count; ++i) {
    const val run = runs[i];
    require(run.typeOf().as<std::string>() == "object" && !run.isNull(), "study run " + std::to_string(i + 1) + " is not a studyRun result");
    StudyRunResult r;
    r.status = study_status(run["status"].as<std::string>());
    if (!is_absent(run["message"])) r.message = run["message"].as<std::string>();
    const val e = run["errors"];
    if (!is_absent(e)) r.errors = {study_number(e["M"]), study_number(e["D"]), study_number(e["K"]), study_number(e["A"])};
    r.ms = study_number(run["ms"]);
    const val advice = run["advice"];
    for (unsigned k = 0; advice.isArray() && k < advice["length"].as<unsigned>(); ++k) {
      const val a = advice[k];
      const AdviceLevel level = a["level"].isString() && a["level"].as<std::string>() == "note" ? AdviceLevel::note : AdviceLevel::warning;
      r.advice.emplace_back(kAdviceCodeNames.parse(a["code"].as<std::string>()), level,
                            a["message"].isString() ? a["message"].as<std::string>() : "", "");
    }
    out.push_back(std::move(r));
  }
  return out;
}

val study_aggregate_to_js(const StudyAggregate& a) {
  const RelativeErrors& e = a.rel_err;
  return object_of("rel_err", object_of("M", number_or_null(e.M), "K", number_or_null(e.K), "D", number_or_null(e.D), "A", number_or_null(e.A)),
                   "failures", a.failures, "warnings", a.warnings, "median_ms", number_or_null(a.median_ms), "messages",
                   strings_to_js(a.messages), "too_short", a.too_short, "too_short_message",
                   a.too_short_message.empty() ? val::null() : val(a.too_short_message));
}

}  // namespace mechid::wasm
