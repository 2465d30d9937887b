#include "model/force_matrix.hpp"

#include "core/input_error.hpp"

namespace mechid {

Matrix force_matrix(Eigen::Index n, const std::vector<int>& dofs, const DofListSource& source) {
  Matrix L = Matrix::Zero(n, static_cast<Eigen::Index>(dofs.size()));
  for (std::size_t c = 0; c < dofs.size(); ++c) {
    const int dof = dofs[c];
    require(dof >= 1 && dof <= n, source.name + " entry " + std::to_string(c + 1) + " is " + std::to_string(dof) + ": " +
                                      (source.range.empty() ? "the DOFs are 1 to " + std::to_string(n) : source.range),
            source.option);
    L(dof - 1, static_cast<Eigen::Index>(c)) = 1.0;
  }
  return L;
}

}  // namespace mechid
