// Known structure of M, D, K (issue 16): which entries are free, which are zero by the rig's
// layout (lumped masses, dashpots to ground, springs in a chain, a free body without springs),
// and which are known numbers. The estimators that can honour it estimate only the free entries
// (Friswell & Mottershead 1995, "Finite element model updating in structural dynamics", ch. 7:
// updating parameters chosen from the model's structure instead of every matrix entry), so
// M and D of a lumped chain come out exactly diagonal instead of nearly so.
#pragma once

#include <string>
#include <vector>

#include "core/types.hpp"
#include "model/mechanical_system.hpp"

namespace mechid {

// The free entries of one symmetric matrix.
enum class MatrixPattern {
  full,         // every entry (symmetric): the default
  diagonal,     // lumped masses, dashpots to ground
  tridiagonal,  // a chain: each DOF coupled to its neighbours only
  zero,         // no such term (K of a free body)
  mask,         // an n x n symmetric 0/1 mask of the free entries
};

// "full" | "diagonal" | "tridiagonal" | "zero"; anything else is an InputError naming `what`.
MatrixPattern parse_matrix_pattern(const std::string& text, const std::string& what);
std::string to_string(MatrixPattern pattern);

struct MatrixStructure {
  MatrixPattern pattern = MatrixPattern::full;
  Matrix mask;   // pattern mask: n x n, 1 = free, 0 = zero (symmetric)
  Matrix known;  // empty, or n x n: a finite entry is fixed to that value, NaN = unknown (symmetric)
};

struct SystemStructure {
  MatrixStructure M, D, K;
  // Every entry free and none known: the plain symmetric estimate.
  bool unconstrained() const;
};

// The structure resolved for n DOF: per matrix, which entries are free (1) and the value of every
// fixed entry (0 outside the pattern, the known value where one is given).
struct ResolvedStructure {
  Matrix free[3];   // M, D, K: n x n 0/1
  Matrix fixed[3];  // M, D, K: n x n values of the fixed entries (free entries 0)
  // K can only be singular (a row of K entirely fixed at zero): a rigid-body mode by design.
  bool rigid_body = false;
};

// Throws InputError naming the matrix, the entry (1-based) and the value: a mask that is not
// n x n, not 0/1 or not symmetric; known values that are not n x n or not symmetric; a known
// entry outside the pattern that is not zero; a known diagonal mass <= 0; M entirely fixed
// with no free entry anywhere.
ResolvedStructure resolve(const SystemStructure& structure, Eigen::Index n);

// The map between the free entries and the packed upper triangles of M, D, K
// (identify/symmetric_parameters.hpp order): φ holds the free entries in that order.
class StructureMap {
 public:
  StructureMap() = default;
  explicit StructureMap(const ResolvedStructure& structure);
  Eigen::Index dof() const { return n_; }
  Eigen::Index free_count() const { return static_cast<Eigen::Index>(free_.size()); }
  // Index into the packed triangles of each free entry, in order.
  const std::vector<Eigen::Index>& free_indices() const { return free_; }
  // φ → M, D, K: the fixed values with the free entries of φ inserted.
  void unpack(const Vector& phi, Matrix& M, Matrix& D, Matrix& K) const;
  // M, D, K → φ: their free entries.
  Vector pack(const Matrix& M, const Matrix& D, const Matrix& K) const;
  // Deviations (sd, steps) of φ as matrices: zero at the fixed entries.
  void spread(const Vector& phi, Matrix& M, Matrix& D, Matrix& K) const;
  // The system with its fixed entries set to their values (a start from an unstructured method).
  MechanicalSystem project(const MechanicalSystem& system) const;

 private:
  Eigen::Index n_ = 0;
  std::vector<Eigen::Index> free_;
  Vector fixed_;  // packed triangles of the fixed values
};

// The matrix (0 = M, 1 = D, 2 = K) and entry (i <= j) of index p of the packed triangles of n DOF.
struct PackedEntry {
  int matrix;
  Eigen::Index i, j;
};
PackedEntry packed_entry(Eigen::Index p, Eigen::Index n);

// The unstructured map of n DOF: every entry of the three triangles free.
StructureMap full_structure(Eigen::Index n);

}  // namespace mechid
