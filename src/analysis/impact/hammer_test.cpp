#include "analysis/impact/hammer_test.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/input_error.hpp"
#include "core/math_constants.hpp"
#include "core/sampling_period.hpp"

namespace mechid {
namespace {

using Complex = std::complex<double>;

// The exponential window's value at the hit's end when τ is not given: 1 % (Fladung 1994: the
// response should be reduced to about one percent at the end of the record).
constexpr double kDefaultEndValue = 0.01;

// The hit numbers (from 1) of a user's list, each naming a hit of the record.
std::vector<Eigen::Index> hit_numbers(const std::vector<double>& list, std::size_t hits, const char* option) {
  std::vector<Eigen::Index> out;
  for (double x : list) {
    require(x == std::floor(x) && x >= 1.0 && x <= double(hits),
            std::string("hammer: ") + option + " names hit " + format_number(x) + ", but the record has " + std::to_string(hits) +
                " hits (counted from 1)",
            option);
    out.push_back(Eigen::Index(x) - 1);
  }
  return out;
}

// The user's choices over the faults found: hits in `reject` left out, hits in `accept` averaged
// (their fault still named).
void apply_user_choices(ImpactHits& found, const HammerOptions& o) {
  for (Eigen::Index i : hit_numbers(o.accept, found.hits.size(), "accept")) found.hits[std::size_t(i)].accepted = true;
  for (Eigen::Index i : hit_numbers(o.reject, found.hits.size(), "reject")) {
    ImpactHit& hit = found.hits[std::size_t(i)];
    if (hit.accepted && hit.reason == HitRejection::none) hit.reason = HitRejection::by_user;
    hit.accepted = false;
  }
  for (const ImpactHit& hit : found.hits)
    require(!hit.accepted || hit.reason != HitRejection::truncated,
            "hammer: a hit whose record runs past the record's start or end cannot be averaged; leave it out of accept", "accept");
}

// The accepted hits' records one after the other: Welch's segments of the impact window are then
// exactly the hits (frf_estimate.cpp), and the force window ends at the latest decayed pulse plus
// the pulse's own duration again (Fladung 1994: the force window spans the pulse with a margin).
struct HitRecords {
  Matrix u, y;
  Eigen::Index force_window = 0;
};

HitRecords accepted_records(const Vector& force, const Matrix& responses, const ImpactHits& found) {
  HitRecords out;
  const Eigen::Index L = found.length;
  const auto n = Eigen::Index(std::count_if(found.hits.begin(), found.hits.end(), [](const ImpactHit& hit) { return hit.accepted; }));
  out.u.resize(n * L, 1);
  out.y.resize(n * L, responses.cols());
  Eigen::Index row = 0;
  for (const ImpactHit& hit : found.hits) {
    if (!hit.accepted) continue;
    out.u.middleRows(row, L) = force.segment(hit.start, L);
    out.y.middleRows(row, L) = responses.middleRows(hit.start, L);
    out.force_window = std::max(out.force_window, std::min(L, 2 * hit.pulse_end - hit.trigger - hit.start));
    row += L;
  }
  return out;
}

std::string rejected_summary(const ImpactHits& found) {
  std::string text;
  for (std::size_t i = 0; i < found.hits.size(); ++i)
    if (!found.hits[i].accepted) text += (text.empty() ? "" : ", ") + std::to_string(i + 1) + " (" + to_string(found.hits[i].reason) + ")";
  return text;
}

}  // namespace

void HammerOptions::validate() const {
  check_options(*this);
  hits.validate();
  // Without the band's upper frequency only the FRF is computed: the modes' own ranges still hold.
  if (std::isfinite(modes.frf.band_hi_hz))
    modes.validate();
  else
    check_options(modes);
}

double zeta_without_window(double freq_hz_windowed, double zeta_windowed, double decay_rate) {
  const double w = kTwoPi * freq_hz_windowed;
  const Complex pole = w * Complex(-zeta_windowed, std::sqrt(std::max(0.0, 1.0 - zeta_windowed * zeta_windowed))) + decay_rate;
  return -pole.real() / std::abs(pole);
}

HammerTest hammer_test(const Vector& force, const Matrix& responses, double h, const HammerOptions& given) {
  check_sampling_period(h);
  given.validate();
  require(responses.cols() >= 1, "hammer: needs at least one response channel", "response");
  HammerTest result;
  result.h = h;
  result.hits = find_impact_hits(force, responses, given.hits);
  ImpactHits& found = result.hits;
  require(!found.hits.empty(), "hammer: the force never reaches the trigger level", "trigger");
  apply_user_choices(found, given);
  const HitRecords records = accepted_records(force, responses, found);
  result.averages = records.u.rows() / found.length;
  const Eigen::Index rejected = result.rejected = Eigen::Index(found.hits.size()) - result.averages;
  for (ImpactHit& hit : found.hits) {
    hit.time_s = double(hit.trigger) * h;
    if (hit.reason_sample >= 0) hit.reason_time_s = double(hit.reason_sample) * h;
  }
  if (result.averages == 0) {
    result.fail("hammer: every hit was rejected (" + rejected_summary(found) + "): nothing to average; accept a hit or record new ones");
    return result;
  }
  if (rejected > 0) result.add_warning("hammer: " + std::to_string(rejected) + " of " + std::to_string(found.hits.size()) +
                                       " hits rejected and left out of the averages: " + rejected_summary(found));
  // The windows: the force window over the pulses, the exponential window on every channel from
  // each hit's first sample (applied to the force too, so that both are scaled alike: Fladung 1994).
  const double T = double(found.length) * h;
  result.tau_s = given.exp_tau ? *given.exp_tau : T / std::log(1.0 / kDefaultEndValue);
  const double end_value = std::exp(-T / result.tau_s);
  require(end_value > 0.0, "hammer: an exponential window of τ = " + format_number(result.tau_s) + " s vanishes within the hit's " +
                               format_number(T) + " s; give a longer expTau", "expTau");
  result.force_window = records.force_window;
  ModesOptions o = given.modes;
  o.frf.method = FrfMethod::welch;
  o.frf.window = SpectralWindow::impact;
  o.frf.segment = found.length;
  o.frf.periods = 0;
  o.frf.impact_force_fraction = double(records.force_window) / double(found.length);
  o.frf.impact_end_value = end_value;
  result.has_modes = std::isfinite(o.frf.band_hi_hz);
  if (!result.has_modes) {
    result.frf = estimate_frf(records.u, records.y, h, o.frf);
  } else {
    result.modes = modes_in_band(records.u, records.y, h, o);
    result.frf = result.modes.frf;
  }
  result.decay_rate = result.frf.window_decay_rate;
  result.damping_corrected = result.has_modes && result.decay_rate > 0.0;
  // The modes' poles are already corrected (modes_in_band adds the window's decay back); the
  // windowed record's pole is λ − 1/τ.
  for (const BandMode& m : result.modes.modes) {
    const Complex windowed = m.pole - result.decay_rate;
    result.zeta_windowed.push_back(-windowed.real() / std::abs(windowed));
    result.damping_correction.push_back(result.zeta_windowed.back() - m.zeta);
  }
  const Outcome& inner = result.has_modes ? static_cast<const Outcome&>(result.modes) : static_cast<const Outcome&>(result.frf);
  if (inner.failed()) result.fail(inner.message);
  for (const std::string& w : inner.warnings) result.add_warning(w);
  result.advice.insert(result.advice.end(), inner.advice.begin(), inner.advice.end());
  return result;
}

}  // namespace mechid
