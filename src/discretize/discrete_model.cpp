#include "discretize/discrete_model.hpp"

#include <cmath>
#include <utility>

#include "core/input_error.hpp"
#include "core/sampling_period.hpp"

namespace mechid {
namespace {

// Names: state matrix, input matrix, output matrix, feedthrough (A, B, C, D or F, G, H, J).
void check(const Matrix& A, const Matrix& B, const Matrix& C, const Matrix& D, const char* names) {
  const std::string a(1, names[0]), b(1, names[1]), c(1, names[2]), d(1, names[3]);
  require(A.rows() > 0 && A.rows() == A.cols(), "matrix " + a + " must be square and non-empty, got " + size_text(A));
  require(B.rows() == A.rows() && B.cols() > 0,
          "matrix " + b + " is " + size_text(B) + " but must have " + std::to_string(A.rows()) + " rows like " + a);
  require(C.cols() == A.rows() && C.rows() > 0,
          "matrix " + c + " is " + size_text(C) + " but must have " + std::to_string(A.rows()) + " columns like " + a);
  require(D.rows() == C.rows() && D.cols() == B.cols(),
          "matrix " + d + " is " + size_text(D) + " but must be " + std::to_string(C.rows()) + "x" + std::to_string(B.cols()));
  const std::pair<const std::string&, const Matrix&> all[] = {{a, A}, {b, B}, {c, C}, {d, D}};
  for (const auto& [name, X] : all) require(X.allFinite(), "matrix " + name + " has a non-finite entry");
}

}  // namespace

void validate_step(double h) {
  check_sampling_period(h);
}

void validate_shapes(const StateSpaceModel& m) { check(m.A, m.B, m.C, m.D, "ABCD"); }

void validate_shapes(const DiscreteModel& m) {
  check(m.F, m.G, m.H, m.J, "FGHJ");
  validate_step(m.h);
}

}  // namespace mechid
