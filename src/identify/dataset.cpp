#include "identify/dataset.hpp"

#include <cmath>

#include "core/input_error.hpp"

namespace mechid {
namespace {

void require_finite(const Matrix& X, const char* prefix) {
  for (Eigen::Index i = 0; i < X.rows(); ++i)
    for (Eigen::Index j = 0; j < X.cols(); ++j)
      if (!std::isfinite(X(i, j)))  // (the message is built only on failure: this loop is hot)
        throw InputError(std::string("sample ") + std::to_string(i + 1) + ", " + prefix + std::to_string(j + 1) +
                         " is not a finite number (" + format_number(X(i, j)) + ")");
}

}  // namespace

void validate(const Dataset& d, Eigen::Index min_samples) {
  require(std::isfinite(d.h) && d.h > 0, "h must be a positive number of seconds, got " + format_number(d.h));
  require(d.u.cols() > 0, "the data have no input column (u1..uk)");
  require(d.y.cols() > 0, "the data have no output column (q1..qn)");
  require(d.u.rows() == d.y.rows(), "inputs have " + std::to_string(d.u.rows()) + " samples but outputs " +
                                        std::to_string(d.y.rows()));
  require(d.u.rows() >= min_samples, "too few samples for this model order: " + std::to_string(d.u.rows()) +
                                         ", need at least " + std::to_string(min_samples));
  require_finite(d.u, "u");
  require_finite(d.y, "q");
  for (Eigen::Index j = 0; j < d.u.cols(); ++j)
    require(d.u.col(j).maxCoeff() > d.u.col(j).minCoeff(),
            "input u" + std::to_string(j + 1) + " is constant: it excites nothing");
}

}  // namespace mechid
