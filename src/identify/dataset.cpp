#include "identify/dataset.hpp"

#include <algorithm>
#include <cstdint>
#include <cmath>
#include <vector>

#include "core/constant_column.hpp"
#include "core/enum_names.hpp"
#include "core/input_error.hpp"
#include "core/sampling_period.hpp"

namespace mechid {
namespace {


void require_finite(const Matrix& X, const char* prefix) {
  for (Eigen::Index i = 0; i < X.rows(); ++i)
    for (Eigen::Index j = 0; j < X.cols(); ++j)
      if (!std::isfinite(X(i, j)))  // (the message is built only on failure: this loop is hot)
        throw InputError(std::string("sample ") + std::to_string(i + 1) + ", " + prefix + std::to_string(j + 1) +
                         " is not a finite number (" + format_number(X(i, j)) + ")");
}

// Throws when a sample of X (inputs u or outputs q) is more than 1e12 times the column's 99th
// percentile of |x|: more dynamic range (240 dB) than any sensor or amplifier has, so a glitch or
// a missing-value code (probe of 9fdcf06, item 8: one 1e300 sample gave "outputs not rich
// enough"). A column that is zero at 99 % of its samples (a hammer blow) is not judged.
void require_no_glitch(const Matrix& X, char letter) {
  const Eigen::Index N = X.rows();
  if (N < 2) return;
  // 99·N in 64 bits: Eigen::Index is 32-bit in WebAssembly, where 99·N passed 2³¹ from N = 21 691 753
  // samples on (a negative rank; the selection then ran outside the vector).
  const auto rank = static_cast<std::size_t>(std::min<std::int64_t>(N - 1, std::int64_t{99} * N / 100));
  std::vector<double> magnitudes(static_cast<std::size_t>(N));
  for (Eigen::Index j = 0; j < X.cols(); ++j) {
    // Without sorting when a bound settles it: at most N − rank − 1 samples lie above the percentile
    // p, so Σ|x| <= (rank + 1) p + (N − rank − 1) max|x| bounds p from below (ordinary data: always).
    const double sum = X.col(j).cwiseAbs().sum(), peak = X.col(j).cwiseAbs().maxCoeff();
    const double floor = (sum - static_cast<double>(N - static_cast<Eigen::Index>(rank) - 1) * peak) / static_cast<double>(rank + 1);
    if (floor > 0 && peak <= 1e12 * floor) continue;
    for (Eigen::Index i = 0; i < N; ++i) magnitudes[static_cast<std::size_t>(i)] = std::abs(X(i, j));
    std::nth_element(magnitudes.begin(), magnitudes.begin() + static_cast<std::ptrdiff_t>(rank), magnitudes.end());
    const double typical = magnitudes[rank];
    Eigen::Index worst = 0;
    const double largest = X.col(j).cwiseAbs().maxCoeff(&worst);
    if (typical > 0 && largest > 1e12 * typical)
      throw InputError("sample " + std::to_string(worst + 1) + ", " + letter + std::to_string(j + 1) + " = " +
                       format_number(X(worst, j)) + " is " + format_digits(largest / typical) +
                       " times the column's 99th percentile: no sensor has that range; a glitch or a missing-value code?");
  }
}

// Throws when a column of X that is not all zero has every |x| below 1e-307: below DBL_MIN =
// 2.2e-308 doubles are subnormal and keep only a few of their 53 bits (5e-324 has one), so such a
// record has lost its digits before any method sees it (fuzz findings csv-20272673 and others:
// outputs of 1e-323 gave an estimate with inf entries and status warning). Data whose largest
// value is 1e-306 still give the estimate of the unscaled data to 1e-9 (methods_test.cpp).
void require_normal_range(const Matrix& X, char letter) {
  for (Eigen::Index j = 0; j < X.cols(); ++j) {
    const double largest = X.col(j).cwiseAbs().maxCoeff();
    if (largest > 0 && largest < 1e-307)
      throw InputError(std::string(1, letter) + std::to_string(j + 1) + ": every value is below 1e-307 (the largest is " +
                       format_number(largest) + "), where doubles lose their digits: give the data in other units");
  }
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
  // The Gram matrix of the unit-norm columns, summed over blocks of rows (a scaled copy of X would
  // be as large as the data: 24 MB of 10⁶ samples of 3 channels).
  Matrix product = Matrix::Zero(X.cols(), X.cols());
  constexpr Eigen::Index kBlock = 4096;
  for (Eigen::Index t = 0; t < X.rows(); t += kBlock) {
    const Matrix scaled = X.middleRows(t, std::min(kBlock, X.rows() - t)) * norms.cwiseInverse().asDiagonal();
    product.noalias() += scaled.transpose() * scaled;
  }
  const Eigen::SelfAdjointEigenSolver<Matrix> gram(product);
  const double smallest = std::max(gram.eigenvalues()(0), 0.0), largest = gram.eigenvalues()(X.cols() - 1);
  if (smallest > ratio * largest) return;
  const Vector combination = gram.eigenvectors().col(0).cwiseAbs();
  std::string names;
  for (Eigen::Index j = 0; j < X.cols(); ++j)
    if (combination(j) > 0.1 * combination.maxCoeff()) names += (names.empty() ? "" : ", ") + (letter + std::to_string(j + 1));
  throw InputError(what + "s " + names + " are linearly dependent (" + what + " matrix of rank < " +
                   std::to_string(X.cols()) + "): " + why);
}

// An output that recorded nothing (issue 56): named, where it gave "outputs not rich enough", or
// a PEM that ran all its iterations to a model with unstable roots.
void require_no_constant_output(const Matrix& y) {
  if (const Eigen::Index j = first_constant_column(y); j >= 0)
    throw InputError("output q" + std::to_string(j + 1) + " " + constant_column_words(y, j) +
                     ": its sensor recorded no motion (a dead or unconnected channel); leave its column out of the outputs or "
                     "check the sensor");
}

}  // namespace

OutputKind parse_output_kind(const std::string& text) { return kOutputKindNames.parse(text); }

std::string to_string(OutputKind kind) { return kOutputKindNames.name(kind); }

void validate_options(const Dataset& d) {
  check_options(d);
}

void validate_samples(const Dataset& d) {
  require_finite(d.u, "u");
  require_finite(d.y, "q");
  require_no_constant_output(d.y);  // here, before the amplitudes are normalised: the value as the user's units give it
  require_no_glitch(d.u, 'u');
  require_no_glitch(d.y, 'q');
  require_normal_range(d.u, 'u');
  require_normal_range(d.y, 'q');
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
  require_no_constant_output(d.y);
  // Singular values further apart than 1e6 for inputs. For outputs only 1e7, at the Gram matrix's
  // resolution: weakly excited modes make noise-free outputs nearly dependent, legitimately.
  require_independent_columns(d.u, "u", "input", 1e-12, "the data cannot tell their effects apart");
  require_independent_columns(d.y, "q", "output", 1e-14,
                              "one is a multiple or a combination of the others (a copied column, or DOFs that move "
                              "together): each output must record its own degree of freedom");
}

bool piecewise_constant(const Matrix& u) {
  const Eigen::Index N = u.rows();
  bool changes = false;
  for (Eigen::Index j = 0; j < u.cols(); ++j) {
    Eigen::Index count = 0;
    for (Eigen::Index i = 1; i < N; ++i) count += u(i, j) != u(i - 1, j);
    if (8 * count > N - 1) return false;
    changes = changes || count > 0;
  }
  return changes;
}

bool reads_as_held(const Dataset& data) {
  return data.outputs == OutputKind::displacement && piecewise_constant(data.u);
}

void resolve_input_sampling(std::vector<Dataset>& runs) {
  bool held = true, any = false;
  for (const Dataset& d : runs)
    if (d.input_sampling.from_data) {
      any = true;
      held = held && reads_as_held(d);
    }
  if (!any) return;
  for (Dataset& d : runs)
    if (d.input_sampling.from_data) d.input_sampling.value = held ? InputSampling::hold : InputSampling::point;
}

std::string input_sampling_note(const Dataset& data) {
  return data.input_sampling == InputSampling::hold
             ? "hold (read off the data: every input is constant between changes at no more than 1 in 8 samples, "
               "as a held command is; give point if the samples are of a continuous force)"
             : "point (read off the data: the inputs change too often to be a held command; give hold if an "
               "actuator held each sample)";
}

namespace {
// "run 2 (B.csv)", "validation run 1 (C.csv)": a run by its place, and its name when it has one.
std::string run_label(const Dataset& d, const std::string& role, std::size_t index) {
  return role + "run " + std::to_string(index + 1) + (d.name.empty() ? "" : " (" + d.name + ")");
}

// Throws InputError (option "runs") when run b is not a record of run a's experiment.
void require_same_experiment(const Dataset& a, const Dataset& b, const std::string& run, const std::string& first) {
  require(std::abs(b.h - a.h) <= 1e-6 * std::abs(a.h),
          run + " is sampled at h = " + format_number(b.h) + ", " + first + " at h = " + format_number(a.h) +
              ": runs of one experiment need one sampling period", "runs");
  require(b.u.cols() == a.u.cols() && b.y.cols() == a.y.cols(),
          run + " has " + std::to_string(b.u.cols()) + " input and " + std::to_string(b.y.cols()) +
              " output column(s), " + first + " has " + std::to_string(a.u.cols()) + " and " + std::to_string(a.y.cols()) +
              ": every run needs the same inputs and outputs (give each file those columns, or choose them: input_cols, output_cols)",
          "runs");
  require(b.input_sampling == a.input_sampling && b.outputs == a.outputs,
          run + " declares another input sampling or output kind than " + first, "runs");
}
}  // namespace

void check_runs(const std::vector<Dataset>& runs, const std::vector<Dataset>& held_out) {
  require(!runs.empty(), "no data");
  const Dataset& a = runs.front();
  const std::string first = run_label(a, "", 0);
  for (std::size_t i = 1; i < runs.size(); ++i) require_same_experiment(a, runs[i], run_label(runs[i], "", i), first);
  for (std::size_t i = 0; i < held_out.size(); ++i)
    require_same_experiment(a, held_out[i], run_label(held_out[i], "validation ", i), first);
  require(runs.size() == 1 || a.outputs == OutputKind::displacement,
          "several runs are supported for displacement outputs only (the acceleration prefilter runs per record)", "runs");
}

}  // namespace mechid
