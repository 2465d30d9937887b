#include "identify/structure.hpp"

#include <cmath>

#include "core/input_error.hpp"
#include "identify/symmetric_parameters.hpp"

namespace mechid {
namespace {

const char* const kNames[3] = {"M", "D", "K"};

std::string entry(const char* matrix, Eigen::Index i, Eigen::Index j) {
  return std::string(matrix) + "[" + std::to_string(i + 1) + "," + std::to_string(j + 1) + "]";
}

Matrix pattern_mask(const MatrixStructure& s, const char* name, Eigen::Index n) {
  switch (s.pattern) {
    case MatrixPattern::full: return Matrix::Ones(n, n);
    case MatrixPattern::zero: return Matrix::Zero(n, n);
    case MatrixPattern::diagonal: return Matrix::Identity(n, n);
    case MatrixPattern::tridiagonal: {
      Matrix mask = Matrix::Zero(n, n);
      for (Eigen::Index i = 0; i < n; ++i)
        for (Eigen::Index j = std::max<Eigen::Index>(0, i - 1); j <= std::min(n - 1, i + 1); ++j) mask(i, j) = 1;
      return mask;
    }
    case MatrixPattern::mask: break;
  }
  const Matrix& m = s.mask;
  require(m.rows() == n && m.cols() == n, std::string("structure ") + name + ": the mask must be " + std::to_string(n) +
                                              "x" + std::to_string(n) + " (one row and column per output), got " +
                                              std::to_string(m.rows()) + "x" + std::to_string(m.cols()), "structure");
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < n; ++j) {
      require(m(i, j) == 0 || m(i, j) == 1, std::string("structure ") + name + ": mask entry " + entry(name, i, j) +
                                                " is " + format_number(m(i, j)) + "; use 1 (free) or 0 (zero)", "structure");
      require(m(i, j) == m(j, i), std::string("structure ") + name + ": the mask is not symmetric (" + entry(name, i, j) +
                                      " and " + entry(name, j, i) + " differ); " + name + " is symmetric", "structure");
    }
  return m;
}

}  // namespace

MatrixPattern parse_matrix_pattern(const std::string& text, const std::string& what) {
  if (text == "full") return MatrixPattern::full;
  if (text == "diagonal") return MatrixPattern::diagonal;
  if (text == "tridiagonal") return MatrixPattern::tridiagonal;
  if (text == "zero") return MatrixPattern::zero;
  throw InputError("structure " + what + ": unknown pattern '" + text +
                       "' (expected full, diagonal, tridiagonal, zero or an n x n 0/1 mask)",
                   "structure");
}

std::string to_string(MatrixPattern pattern) {
  switch (pattern) {
    case MatrixPattern::full: return "full";
    case MatrixPattern::diagonal: return "diagonal";
    case MatrixPattern::tridiagonal: return "tridiagonal";
    case MatrixPattern::zero: return "zero";
    case MatrixPattern::mask: return "mask";
  }
  return "full";
}

bool SystemStructure::unconstrained() const {
  for (const MatrixStructure* s : {&M, &D, &K})
    if (s->pattern != MatrixPattern::full || (s->known.size() && s->known.array().isFinite().any())) return false;
  return true;
}

ResolvedStructure resolve(const SystemStructure& structure, Eigen::Index n) {
  ResolvedStructure out;
  const MatrixStructure* parts[3] = {&structure.M, &structure.D, &structure.K};
  bool any_free = false;
  for (int g = 0; g < 3; ++g) {
    const char* name = kNames[g];
    Matrix free = pattern_mask(*parts[g], name, n);
    Matrix fixed = Matrix::Zero(n, n);
    const Matrix& known = parts[g]->known;
    if (known.size()) {
      require(known.rows() == n && known.cols() == n, std::string("structure known.") + name + " must be " +
                                                          std::to_string(n) + "x" + std::to_string(n) + ", got " +
                                                          std::to_string(known.rows()) + "x" + std::to_string(known.cols()), "structure");
      for (Eigen::Index i = 0; i < n; ++i)
        for (Eigen::Index j = 0; j < n; ++j) {
          const double v = known(i, j), w = known(j, i);
          require(std::isfinite(v) == std::isfinite(w) && (!std::isfinite(v) || v == w),
                  std::string("structure known.") + name + " is not symmetric: " + entry(name, i, j) + " and " +
                      entry(name, j, i) + " differ", "structure");
          if (!std::isfinite(v)) continue;  // null: unknown
          require(free(i, j) == 1 || v == 0, std::string("structure known.") + name + ": " + entry(name, i, j) + " = " +
                                                 format_number(v) + " lies outside the pattern '" +
                                                 to_string(parts[g]->pattern) + "', where " + name + " is zero", "structure");
          require(g != 0 || i != j || v > 0, std::string("structure known.M: the mass ") + entry(name, i, j) + " = " +
                                                 format_number(v) + " must be > 0", "structure");
          free(i, j) = 0;
          fixed(i, j) = v;
        }
    }
    if (g == 2)
      for (Eigen::Index i = 0; i < n; ++i)
        if ((free.row(i).array() == 0).all() && (fixed.row(i).array() == 0).all()) out.rigid_body = true;
    any_free = any_free || (free.array() != 0).any();
    out.free[g] = free;
    out.fixed[g] = fixed;
  }
  require(any_free, "structure: every entry of M, D and K is fixed; leave at least one free to estimate", "structure");
  for (Eigen::Index i = 0; i < n; ++i)
    require(out.free[0](i, i) == 1 || out.fixed[0](i, i) > 0,
            "structure M: the mass " + entry("M", i, i) + " is fixed at zero; M must be positive definite", "structure");
  return out;
}

StructureMap::StructureMap(const ResolvedStructure& s) : n_(s.free[0].rows()) {
  const Eigen::Index triangle = n_ * (n_ + 1) / 2;
  fixed_.resize(3 * triangle);
  pack_symmetric(s.fixed[0], s.fixed[1], s.fixed[2], fixed_);
  Vector free_flags(3 * triangle);
  pack_symmetric(s.free[0], s.free[1], s.free[2], free_flags);
  for (Eigen::Index p = 0; p < free_flags.size(); ++p)
    if (free_flags(p) != 0) free_.push_back(p);
}

void StructureMap::unpack(const Vector& phi, Matrix& M, Matrix& D, Matrix& K) const {
  Vector theta = fixed_;
  for (std::size_t f = 0; f < free_.size(); ++f) theta(free_[f]) = phi(static_cast<Eigen::Index>(f));
  unpack_symmetric(theta, n_, M, D, K);
}

Vector StructureMap::pack(const Matrix& M, const Matrix& D, const Matrix& K) const {
  Vector theta(fixed_.size());
  pack_symmetric(M, D, K, theta);
  Vector phi(free_count());
  for (std::size_t f = 0; f < free_.size(); ++f) phi(static_cast<Eigen::Index>(f)) = theta(free_[f]);
  return phi;
}

void StructureMap::spread(const Vector& phi, Matrix& M, Matrix& D, Matrix& K) const {
  Vector theta = Vector::Zero(fixed_.size());
  for (std::size_t f = 0; f < free_.size(); ++f) theta(free_[f]) = phi(static_cast<Eigen::Index>(f));
  unpack_symmetric(theta, n_, M, D, K);
}

MechanicalSystem StructureMap::project(const MechanicalSystem& system) const {
  MechanicalSystem out = system;
  unpack(pack(system.M, system.D, system.K), out.M, out.D, out.K);
  return out;
}

PackedEntry packed_entry(Eigen::Index p, Eigen::Index n) {
  const Eigen::Index triangle = n * (n + 1) / 2, within = p % triangle;
  Eigen::Index j = 0;  // column by column: entries j(j+1)/2 … j(j+1)/2 + j are column j
  while ((j + 1) * (j + 2) / 2 <= within) ++j;
  return {static_cast<int>(p / triangle), within - j * (j + 1) / 2, j};
}

StructureMap full_structure(Eigen::Index n) {
  ResolvedStructure s;
  for (int g = 0; g < 3; ++g) {
    s.free[g] = Matrix::Ones(n, n);
    s.fixed[g] = Matrix::Zero(n, n);
  }
  return StructureMap(s);
}

}  // namespace mechid
