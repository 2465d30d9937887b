#include "identify/dataset.hpp"

#include <algorithm>
#include <cmath>

#include "core/enum_names.hpp"
#include "core/input_error.hpp"
#include "core/sampling_period.hpp"

namespace mechid {
namespace {

const EnumNames<OutputKind, 2> kOutputNames{"outputs", {"displacement", "acceleration"}};

void require_finite(const Matrix& X, const char* prefix) {
  for (Eigen::Index i = 0; i < X.rows(); ++i)
    for (Eigen::Index j = 0; j < X.cols(); ++j)
      if (!std::isfinite(X(i, j)))  // (the message is built only on failure: this loop is hot)
        throw InputError(std::string("sample ") + std::to_string(i + 1) + ", " + prefix + std::to_string(j + 1) +
                         " is not a finite number (" + format_number(X(i, j)) + ")");
}

// Throws when the columns of X (inputs u or outputs q; `what` is "input" or "output") are linearly dependent: the data then
// cannot tell their effects apart (inputs) or the sensors record one motion twice (outputs, e.g. a
// copied column). Tested on the Gram matrix of the columns scaled to unit norm (stableNorm: data
// in units of 1e-306 or 1e306 square to 0 or inf otherwise, and the message named no column); the
// message names the columns that carry the dependence (the large entries of the eigenvector of the
// smallest eigenvalue). `ratio` bounds λmin/λmax = (σmin/σmax)².
void require_independent_columns(const Matrix& X, const char* letter, const std::string& what, double ratio,
                                 const char* why) {
  if (X.cols() < 2) return;
  Vector norms(X.cols());
  for (Eigen::Index j = 0; j < X.cols(); ++j) norms(j) = X.col(j).stableNorm();
  if (!(norms.minCoeff() > 0)) return;  // an all-zero column: each method reports what it cannot determine
  const Matrix scaled = X * norms.cwiseInverse().asDiagonal();
  const Eigen::SelfAdjointEigenSolver<Matrix> gram(scaled.transpose() * scaled);
  const double smallest = std::max(gram.eigenvalues()(0), 0.0), largest = gram.eigenvalues()(X.cols() - 1);
  if (smallest > ratio * largest) return;
  const Vector combination = gram.eigenvectors().col(0).cwiseAbs();
  std::string names;
  for (Eigen::Index j = 0; j < X.cols(); ++j)
    if (combination(j) > 0.1 * combination.maxCoeff()) names += (names.empty() ? "" : ", ") + (letter + std::to_string(j + 1));
  throw InputError(what + "s " + names + " are linearly dependent (" + what + " matrix of rank < " +
                   std::to_string(X.cols()) + "): " + why);
}

}  // namespace

OutputKind parse_output_kind(const std::string& text) { return kOutputNames.parse(text); }

std::string to_string(OutputKind kind) { return kOutputNames.name(kind); }

void validate_options(const Dataset& d) {
  require(std::isfinite(d.acceleration_cutoff_hz) && d.acceleration_cutoff_hz >= 0,
          "the acceleration high-pass cut-off (Hz) must be >= 0 (0: automatic), got " +
              format_number(d.acceleration_cutoff_hz));
}

void validate(const Dataset& d, Eigen::Index min_samples) {
  check_sampling_period(d.h);  // core/sampling_period.hpp: finite, within [1e-300, 1e300] s
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
  // Singular values further apart than 1e6 for inputs. For outputs only 1e7, at the Gram matrix's
  // resolution: weakly excited modes make noise-free outputs nearly dependent, legitimately.
  require_independent_columns(d.u, "u", "input", 1e-12, "the data cannot tell their effects apart");
  require_independent_columns(d.y, "q", "output", 1e-14,
                              "one is a multiple or a combination of the others (a copied column, or DOFs that move "
                              "together): each output must record its own degree of freedom");
}

}  // namespace mechid
