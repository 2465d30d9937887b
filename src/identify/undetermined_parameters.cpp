#include "identify/undetermined_parameters.hpp"

#include <cmath>
#include <iomanip>
#include <sstream>


namespace mechid {
namespace {

const Matrix& pick(const MechanicalSystem& s, char matrix) { return matrix == 'M' ? s.M : matrix == 'D' ? s.D : s.K; }

const char* quantity(char matrix) { return matrix == 'M' ? "mass" : matrix == 'D' ? "damping" : "stiffness"; }

// "the damping coupling of DOF 1 and 2 (D[1,2])"
void describe(std::ostringstream& w, const UndeterminedEntry& e) {
  w << "the " << quantity(e.matrix);
  if (e.row == e.col) w << " of DOF " << e.row + 1;
  else w << " coupling of DOF " << e.row + 1 << " and " << e.col + 1;
  w << " (" << entry_name(e) << ")";  // no sd in the text: it would be in the units of the normalised data
}

void list(std::ostringstream& w, const std::vector<const UndeterminedEntry*>& entries) {
  for (std::size_t k = 0; k < entries.size(); ++k) {
    if (k > 0) w << (k + 1 == entries.size() ? " and " : ", ");
    describe(w, *entries[k]);
  }
}

}  // namespace

std::string reason_code(UndeterminedReason reason) {
  return reason == UndeterminedReason::not_converged ? "not_converged" : "sd_exceeds_scale";
}

std::vector<UndeterminedEntry> undetermined_entries(const MechanicalSystem& estimate, const MechanicalSystem& sd,
                                                    const MechanicalSystem& step) {
  std::vector<UndeterminedEntry> out;
  const Eigen::Index n = estimate.M.rows();
  for (const char matrix : {'M', 'D', 'K'}) {
    const Matrix &X = pick(estimate, matrix), &S = pick(sd, matrix), &G = pick(step, matrix);
    for (Eigen::Index j = 0; j < n; ++j)
      for (Eigen::Index i = 0; i <= j; ++i) {
        if (S(i, j) > std::sqrt(std::abs(X(i, i) * X(j, j))))
          out.push_back({matrix, i, j, UndeterminedReason::sd_exceeds_scale, S(i, j)});
        else if (std::abs(G(i, j)) > S(i, j))
          out.push_back({matrix, i, j, UndeterminedReason::not_converged, S(i, j)});
      }
  }
  return out;
}

std::string entry_name(const UndeterminedEntry& e) {
  return std::string(1, e.matrix) + "[" + std::to_string(e.row + 1) + "," + std::to_string(e.col + 1) + "]";
}

std::string undetermined_warning(const std::vector<UndeterminedEntry>& entries) {
  std::vector<const UndeterminedEntry*> unknown, unconverged;
  bool damping = false;
  for (const UndeterminedEntry& e : entries) {
    (e.reason == UndeterminedReason::sd_exceeds_scale ? unknown : unconverged).push_back(&e);
    damping = damping || e.matrix == 'D';
  }
  std::ostringstream w;
  if (!unknown.empty()) {
    w << "the data do not determine ";
    list(w, unknown);
    w << ": the standard deviation exceeds the entry's natural scale sqrt(|X[i,i] X[j,j]|)";
  }
  if (!unconverged.empty()) {
    w << (unknown.empty() ? "the estimate is not converged in " : "; the estimate is not converged in ");
    list(w, unconverged);
    w << ": a Gauss-Newton step from it moves each by more than its standard deviation, so the interval is "
         "misplaced (the problem is ill-conditioned along these entries)";
  }
  if (entries.empty()) return "";
  w << "; use a longer record or an input that excites every mode (near each natural frequency)";
  if (damping) w << ", or a damping model with fewer parameters (modal or proportional damping)";
  return w.str();
}

}  // namespace mechid
