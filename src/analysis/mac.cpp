#include "analysis/mac.hpp"

#include "analysis/modes_in_band.hpp"
#include "core/input_error.hpp"

namespace mechid {

Matrix mac_matrix(const Eigen::MatrixXcd& a, const Eigen::MatrixXcd& b) {
  require(a.rows() == b.rows(), "the shapes of a have " + std::to_string(a.rows()) + " entries, those of b " + std::to_string(b.rows()) +
                                    ": a MAC compares shapes at the same points",
          "shapes");
  Matrix mac(a.cols(), b.cols());
  for (Eigen::Index i = 0; i < a.cols(); ++i)
    for (Eigen::Index j = 0; j < b.cols(); ++j) mac(i, j) = complex_mac(a.col(i), b.col(j));
  return mac;
}

}  // namespace mechid
