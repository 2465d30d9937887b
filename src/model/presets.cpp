#include "model/presets.hpp"

#include "core/input_error.hpp"

namespace mechid {
namespace {

// Thesis sec. 5.2.1 (example 1 of De Angelis et al. 2002). The defense slides (seed 001) print
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

// Seed 003: m = 15, b = 0.2, k = 2, one force on the mass.
MechanicalSystem mass_spring_damper() {
  MechanicalSystem s;
  s.name = "msd";
  s.M = Matrix::Constant(1, 1, 15.0);
  s.D = Matrix::Constant(1, 1, 0.2);
  s.K = Matrix::Constant(1, 1, 2.0);
  s.L = Matrix::Identity(1, 1);
  return s;
}

}  // namespace

std::vector<std::string> preset_names() { return {"3dof", "8dof", "msd"}; }

MechanicalSystem preset(const std::string& name) {
  if (name == "3dof") return three_dof();
  if (name == "8dof") return eight_dof();
  if (name == "msd") return mass_spring_damper();
  throw InputError("unknown preset '" + name + "' (known: 3dof, 8dof, msd)", "system");
}

}  // namespace mechid
