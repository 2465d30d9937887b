// Matrix and vector aliases used across the core. Eigen's default column-major storage inside
// the core; row-major only at the JS boundary (wasm/convert/marshal.hpp).
#pragma once

#include <Eigen/Dense>

namespace mechid {

using Matrix = Eigen::MatrixXd;
using Vector = Eigen::VectorXd;
using RowMajorMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

}  // namespace mechid
