#include "analysis/oma/oma_options.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/clamped_count.hpp"
#include "core/input_error.hpp"

namespace mechid {

void OmaOptions::validate() const {
  check_options(*this);
  require(band_lo_hz < band_hi_hz, "oma: the band " + format_digits(band_lo_hz) + ":" + format_digits(band_hi_hz) +
                                       " Hz is empty (give LO:HI with 0 <= LO < HI)", "band");
}

Eigen::Index oma_block_rows(const OmaOptions& o, double h, Eigen::Index m, Eigen::Index r) {
  const Eigen::Index for_order = std::max((o.max_order + m - 1) / m + 1, (o.max_order + r - 1) / r);
  if (o.block_rows > 0) {
    require(o.block_rows >= for_order, "oma: block_rows = " + std::to_string(o.block_rows) + " is too few for max_order = " +
                                            std::to_string(o.max_order) + " with " + std::to_string(m) + " outputs and " +
                                            std::to_string(r) + " references: give at least " + std::to_string(for_order),
            "block_rows");
    return o.block_rows;
  }
  const double nyquist = 0.5 / h;
  const double hi = std::isfinite(o.band_hi_hz) ? o.band_hi_hz : nyquist;
  const double f_low = o.band_lo_hz > 0.0 ? o.band_lo_hz : hi / 10.0;
  const Eigen::Index wanted = clamped_count(std::ceil(1.0 / (4.0 * h * f_low)));  // beyond 2³¹ in WebAssembly for a tiny band_lo
  const auto largest = std::max<Eigen::Index>(2, Eigen::Index(kMaxToeplitzRows / double(m)));
  return std::max(for_order, std::min(wanted, largest));
}

}  // namespace mechid
