#include "model/presets.hpp"

#include "core/input_error.hpp"

namespace mechid {
namespace {

// Thesis sec. 5.2.1 (example 1 of De Angelis et al. 2002). The thesis's defense slides print
// K's last row with a sign typo; the thesis's -1.0 off-diagonal entries are used here.
MechanicalSystem three_dof() {
  MechanicalSystem s;
  s.name = "3dof";
  s.M = Eigen::Vector3d(0.8, 2.0, 1.2).asDiagonal();
  s.K.resize(3, 3);
  s.K << 4.0, -1.0, -1.0,
        -1.0, 4.0, -1.0,
        -1.0, -1.0, 4.0;
  s.D = 0.1 * s.K;  // 0.4 on the diagonal, -0.1 off it, as printed in the thesis
  s.L = Matrix::Identity(3, 3);
  return s;
}

// The symmetric 8x8 sparsity and sign pattern that K and D of thesis eqs. A.18-A.20 share:
// `diag_odd` on diagonal entries 1,3,5,7, `diag_even` on 2,4,6,8, `-pair` coupling the pairs
// (1,5), (2,4), (3,7), (6,8), and `cross` with the printed sign on the remaining couplings.
Matrix eight_dof_pattern(double diag_odd, double diag_even, double pair, double cross) {
  const double a = diag_odd, b = diag_even, c = pair, e = cross;
  Matrix m(8, 8);
  m <<  a,  0,  0,  0, -c,  0, -e, -e,
        0,  b,  0, -c,  0,  0, -e, -e,
        0,  0,  a,  0, -e,  e, -c,  0,
        0, -c,  0,  b,  e, -e,  0,  0,
       -c,  0, -e,  e,  a,  0,  0,  0,
        0,  0,  e, -e,  0,  b,  0, -c,
       -e, -e, -c,  0,  0,  0,  a,  0,
       -e, -e,  0,  0,  0, -c,  0,  b;
  return m;
}

// Thesis appendix A.5, eqs. A.18-A.20 (from De Angelis et al. 2002): M = 100 I; K and D are the
// one pattern above, each with its own four printed values.
MechanicalSystem eight_dof() {
  MechanicalSystem s;
  s.name = "8dof";
  s.M = 100.0 * Matrix::Identity(8, 8);
  s.K = eight_dof_pattern(27071.1, 17071.1, 10000.0, 3535.5);
  s.D = eight_dof_pattern(136.4, 86.4, 50.0, 17.7);
  s.L = Matrix::Identity(8, 8);
  return s;
}

// The SVF report: m = 15, b = 0.2, k = 2, one force on the mass.
MechanicalSystem mass_spring_damper() {
  MechanicalSystem s;
  s.name = "msd";
  s.M = Matrix::Constant(1, 1, 15.0);
  s.D = Matrix::Constant(1, 1, 0.2);
  s.K = Matrix::Constant(1, 1, 2.0);
  s.L = Matrix::Identity(1, 1);
  return s;
}

// The chain lengths `preset` accepts as "chain<n>"; chain16 and chain24 are listed.
constexpr Eigen::Index kMinChain = 2, kMaxChain = 64;

// n masses in a row between two walls (issue 19, item 5: how time and error grow with n). Mass i
// (1-based) is 1 + 0.2 ((i - 1) mod 3) kg; spring j = 1 … n + 1 (spring 1 joins the left wall to
// mass 1, spring n + 1 mass n to the right wall) is 10⁴ (1 + 0.25 ((j - 1) mod 4)) N/m, so K is
// tridiagonal and positive definite, and the chain is not uniform (masses and springs vary with
// periods 3 and 4). Damping is Rayleigh's, D = α M + β K (dashpots to the ground in
// proportion to the masses and in parallel with the springs: diagonal plus tridiagonal), with
// ζ(ω) = α / (2ω) + β ω / 2 (Chopra, "Dynamics of Structures", 4th ed., eq. 11.4.3):
// α = 0.5 s⁻¹, β = 4·10⁻⁴ s give 1-6 % over the chain's band for every n up to 64 (chain24:
// 13-222 rad/s, ζ 1.4-4.6 %; chain64: 5.0-222 rad/s, ζ 1.4-5.1 %). One force on every mass, as in
// the thesis's experiments.
MechanicalSystem chain(Eigen::Index n) {
  MechanicalSystem s;
  s.name = "chain" + std::to_string(n);
  s.M = Matrix::Zero(n, n);
  s.K = Matrix::Zero(n, n);
  for (Eigen::Index i = 0; i < n; ++i) {
    s.M(i, i) = 1.0 + 0.2 * static_cast<double>(i % 3);
    const double left = 1e4 * (1.0 + 0.25 * static_cast<double>(i % 4));
    const double right = 1e4 * (1.0 + 0.25 * static_cast<double>((i + 1) % 4));
    s.K(i, i) = left + right;
    if (i + 1 < n) s.K(i, i + 1) = s.K(i + 1, i) = -right;
  }
  const double alpha = 0.5, beta = 4e-4;
  s.D = alpha * s.M + beta * s.K;
  s.L = Matrix::Identity(n, n);
  return s;
}

// n of "chain<n>" with kMinChain <= n <= kMaxChain, or 0.
Eigen::Index chain_length(const std::string& name) {
  const std::string prefix = "chain";
  if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0 || name.size() > prefix.size() + 2)
    return 0;
  Eigen::Index n = 0;
  for (std::size_t i = prefix.size(); i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return 0;
    n = 10 * n + (name[i] - '0');
  }
  return n >= kMinChain && n <= kMaxChain ? n : 0;
}

}  // namespace

std::vector<std::string> preset_names() { return {"3dof", "8dof", "msd", "chain16", "chain24"}; }

MechanicalSystem preset(const std::string& name) {
  if (name == "3dof") return three_dof();
  if (name == "8dof") return eight_dof();
  if (name == "msd") return mass_spring_damper();
  if (const Eigen::Index n = chain_length(name)) return chain(n);
  throw InputError("unknown preset '" + name + "' (known: 3dof, 8dof, msd, chain<n> with n = " +
                       std::to_string(kMinChain) + " … " + std::to_string(kMaxChain) + ", e.g. chain16)",
                   "system");
}

}  // namespace mechid
