#include "identify/undetermined_parameters.hpp"

#include <cmath>
#include <iomanip>
#include <sstream>

#include "core/interval95.hpp"


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
  switch (reason) {
    case UndeterminedReason::not_converged: return "not_converged";
    case UndeterminedReason::interval_contains_zero: return "interval_contains_zero";
    case UndeterminedReason::sd_exceeds_scale: break;
  }
  return "sd_exceeds_scale";
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
        else if (i == j && matrix != 'D' && std::abs(X(i, i)) <= half_width95(S(i, i)))
          out.push_back({matrix, i, j, UndeterminedReason::interval_contains_zero, S(i, j)});
        else if (std::abs(G(i, j)) > S(i, j))
          out.push_back({matrix, i, j, UndeterminedReason::not_converged, S(i, j)});
      }
  }
  return out;
}

std::string entry_name(const UndeterminedEntry& e) {
  return std::string(1, e.matrix) + "[" + std::to_string(e.row + 1) + "," + std::to_string(e.col + 1) + "]";
}

std::optional<Advice> undetermined_advice(const std::vector<UndeterminedEntry>& entries) {
  if (entries.empty()) return std::nullopt;
  std::vector<const UndeterminedEntry*> wide, zero, unconverged, unknown;
  bool damping = false, negative = false;  // negative: a mass or stiffness whose interval reaches below 0
  for (const UndeterminedEntry& e : entries) {
    negative = negative || (e.reason != UndeterminedReason::not_converged && e.row == e.col && e.matrix != 'D');
    (e.reason == UndeterminedReason::sd_exceeds_scale        ? wide
     : e.reason == UndeterminedReason::interval_contains_zero ? zero
                                                              : unconverged)
        .push_back(&e);
    if (e.reason != UndeterminedReason::not_converged) unknown.push_back(&e);
    damping = damping || e.matrix == 'D';
  }
  std::ostringstream message, detail;
  if (!unknown.empty()) {
    message << "The data do not determine ";
    list(message, unknown);
    message << ": " << (unknown.size() > 1 ? "their values are" : "its value is") << " uncertain";
    if (negative) message << ", and the 95 % interval of a mass or stiffness includes negative values";
  } else {
    message << "The estimate is not converged in ";
    list(message, unconverged);
    message << ": " << (unconverged.size() > 1 ? "their intervals are" : "its interval is") << " misplaced";
  }
  message << ".";
  const auto clause = [&](const std::vector<const UndeterminedEntry*>& group, const char* why) {
    if (group.empty()) return;
    if (detail.tellp() > 0) detail << "; ";
    for (std::size_t k = 0; k < group.size(); ++k) detail << (k ? ", " : "") << entry_name(*group[k]);
    detail << ": " << why;
  };
  clause(zero, "the 95 % interval X[i,i] ± z95·sd includes 0 (a mass or stiffness must be positive)");
  clause(wide, "the standard deviation exceeds the entry's natural scale sqrt(|X[i,i] X[j,j]|)");
  clause(unconverged,
         "a Gauss-Newton step from the estimate moves each by more than its standard deviation, so the interval is "
         "misplaced (the problem is ill-conditioned along these entries)");
  std::string action = "use a longer record or an input that excites every mode (near each natural frequency)";
  if (damping) action += ", or a damping model with fewer parameters (modal or proportional damping)";
  return Advice{AdviceCode::undetermined, AdviceLevel::warning, message.str(), detail.str(), action};
}

}  // namespace mechid
