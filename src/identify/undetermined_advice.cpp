#include "identify/undetermined_advice.hpp"

#include <numeric>
#include <sstream>

#include "core/input_error.hpp"
#include "model/mode_visibility.hpp"

namespace mechid {
namespace {

// "the force on DOF 2", "the forces on DOF 1 and 3", or "the given forces" for an L whose columns
// are not single DOFs.
std::string forces_words(const Matrix& L) {
  std::vector<Eigen::Index> dofs;
  for (Eigen::Index c = 0; c < L.cols(); ++c) {
    Eigen::Index at = 0;
    const double largest = L.col(c).cwiseAbs().maxCoeff(&at);
    if (!(largest > 0) || L.col(c).cwiseAbs().sum() != largest) return "the given forces";
    dofs.push_back(at);
  }
  std::ostringstream w;
  w << (dofs.size() == 1 ? "the force on DOF " : "the forces on DOF ");
  for (std::size_t k = 0; k < dofs.size(); ++k) w << (k == 0 ? "" : k + 1 == dofs.size() ? " and " : ", ") << dofs[k] + 1;
  return w.str();
}

}  // namespace

std::optional<Advice> barely_excited_modes_advice(const ModalResult& modal, const Matrix& L, OutputKind outputs) {
  if (modal.modes.size() < 2 || L.size() == 0 || L.rows() != modal.modes.front().shape.size()) return std::nullopt;
  ModalResult judged = modal;  // assess_test_setup adds its own warning to the result it is given
  std::vector<Eigen::Index> sensors(static_cast<std::size_t>(L.rows()));
  std::iota(sensors.begin(), sensors.end(), Eigen::Index{0});
  const int derivative = outputs == OutputKind::acceleration ? 2 : 0;
  const std::vector<ModeVisibility> seen = assess_test_setup(judged, L, sensors, derivative);
  const std::vector<ModeVisibility> everywhere = assess_test_setup(judged, Matrix::Identity(L.rows(), L.rows()), sensors, derivative);
  std::vector<std::size_t> weak;
  for (std::size_t r = 0; r < seen.size(); ++r) {
    const Mode& m = modal.modes[r];
    if (m.zeta > 0.0 && m.zeta < 1.0 && !seen[r].observable && everywhere[r].observable) weak.push_back(r);
  }
  if (weak.empty() || weak.size() == seen.size()) return std::nullopt;
  std::ostringstream message, detail;
  const auto join = [&](std::ostringstream& w, auto item) {
    for (std::size_t k = 0; k < weak.size(); ++k) {
      w << (k == 0 ? "" : k + 1 == weak.size() ? " and " : ", ");
      item(weak[k]);
    }
  };
  message << "The data do not determine mode" << (weak.size() > 1 ? "s " : " ");
  join(message, [&](std::size_t r) { message << r + 1; });
  message << " (";
  join(message, [&](std::size_t r) { message << format_digits(seen[r].participation_percent, 2) << " %"; });
  message << " participation from " << forces_words(L) << "): " << (weak.size() > 1 ? "their" : "its")
          << " mass, damping and stiffness are uncertain.";
  join(detail, [&](std::size_t r) {
    detail << "mode " << r + 1 << " at " << format_digits(modal.modes[r].freq_hz, 4) << " Hz: "
           << format_digits(seen[r].participation_percent, 3) << " %";
  });
  detail << " of the largest mode's " << (derivative == 2 ? "acceleration" : "displacement")
         << " FRF peak at the outputs, ‖φ(outputs)‖·‖Lᵀφ‖·ω_n^p/(2ζω_n²) (Ewins, Modal Testing, 2000, sec. 2.3), below 1 % "
            "(forces on every DOF would give ";
  join(detail, [&](std::size_t r) { detail << format_digits(everywhere[r].participation_percent, 3) << " %"; });
  detail << "): the forces act near " << (weak.size() > 1 ? "nodes of these modes" : "a node of this mode")
         << " and hardly move " << (weak.size() > 1 ? "them" : "it")
         << ", so the record says little about " << (weak.size() > 1 ? "them" : "it")
         << " (the participation_percent of a modal analysis of this test set-up, its force and sensor DOFs)";
  return Advice{AdviceCode::undetermined, AdviceLevel::warning, message.str(), detail.str(),
                "add an actuator nearer that mode (at a DOF where its shape is large, as the force DOFs of the record), "
                "or excite it more (more force near its natural frequency, a longer record)"};
}

void advise_undetermined(Identification& r, OutputKind outputs) {
  if (r.status == Status::failed) return;
  if (std::optional<Advice> a = barely_excited_modes_advice(r.modal, r.system.L, outputs)) r.advise(std::move(*a));
  if (r.uncertainty.available)
    if (std::optional<Advice> a = undetermined_advice(r.uncertainty.undetermined)) r.advise(std::move(*a));
}

}  // namespace mechid
