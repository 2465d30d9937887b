#include "analysis/nyquist_band.hpp"

#include <cmath>

#include "core/input_error.hpp"

namespace mechid {

void require_band_below_nyquist(const std::string& analysis, double band_lo_hz, double band_hi_hz, double h) {
  const double nyquist = 0.5 / h;
  require(!std::isfinite(band_hi_hz) || band_hi_hz <= nyquist * (1 + 1e-12),
          analysis + ": the band ends at " + format_digits(band_hi_hz, 6) + " Hz, above the Nyquist frequency " +
              format_digits(nyquist, 6) + " Hz of the record (h = " + format_number(h) +
              " s), where nothing is measured: end the band at or below " + format_digits(nyquist, 6) + " Hz",
          "band");
  require(band_lo_hz < nyquist, analysis + ": the band starts at " + format_digits(band_lo_hz, 6) +
                                    " Hz, above the Nyquist frequency " + format_digits(nyquist, 6) + " Hz",
          "band");
}

}  // namespace mechid
