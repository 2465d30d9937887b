#include "analysis/frf_result.hpp"

#include "core/enum_names.hpp"
#include "core/input_error.hpp"

namespace mechid {
SpectralWindow parse_spectral_window(const std::string& text) { return kWindowNames.parse(text); }
std::string to_string(SpectralWindow window) { return kWindowNames.name(window); }
FrfMethod parse_frf_method(const std::string& text) { return kFrfMethodNames.parse(text); }
std::string to_string(FrfMethod method) { return kFrfMethodNames.name(method); }

std::vector<Eigen::Index> bins_in_band(Eigen::Index first, Eigen::Index last, double df, const FrfOptions& o) {
  std::vector<Eigen::Index> chosen;
  for (Eigen::Index b = first; b <= last; ++b) {
    const double f = double(b) * df;
    if (f >= o.band_lo_hz && f <= o.band_hi_hz) chosen.push_back(b);
  }
  require(!chosen.empty(), "frf: no frequency of the grid (step " + format_digits(df) + " Hz) lies in the band " + format_digits(o.band_lo_hz) +
                               ":" + format_digits(o.band_hi_hz) + " Hz", "band");
  return chosen;
}

void report_unestimated(FrfEstimate& result, Eigen::Index unestimated, const FrfOptions& o, const std::string& why) {
  const Eigen::Index F = result.freq_hz.size();
  if (unestimated == F)
    result.fail("frf: the inputs carry no power in the band " + format_digits(o.band_lo_hz) + ":" + format_digits(o.band_hi_hz) +
                " Hz (or are linearly dependent there): no frequency response can be estimated");
  else if (unestimated > 0)
    result.add_warning("frf: " + std::to_string(unestimated) + " of " + std::to_string(F) + " frequencies " + why +
                       ": their H1 and coherence are null");
}

void FrfOptions::validate() const {
  require(!(band_lo_hz >= band_hi_hz), "frf: the band " + format_digits(band_lo_hz) + ":" + format_digits(band_hi_hz) +
                                           " Hz is empty (give LO:HI with 0 <= LO < HI)", "band");
  check_options(*this);
}

}  // namespace mechid
