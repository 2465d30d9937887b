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

// Thesis appendix A.5, eqs. A.18-A.20 (from De Angelis et al. 2002).
MechanicalSystem eight_dof() {
  MechanicalSystem s;
  s.name = "8dof";
  s.M = 100.0 * Matrix::Identity(8, 8);
  const double a = 27071.1, b = 17071.1, c = 10000.0, e = 3535.5;
  s.K.resize(8, 8);
  s.K <<  a,  0,  0,  0, -c,  0, -e, -e,
          0,  b,  0, -c,  0,  0, -e, -e,
          0,  0,  a,  0, -e,  e, -c,  0,
          0, -c,  0,  b,  e, -e,  0,  0,
         -c,  0, -e,  e,  a,  0,  0,  0,
          0,  0,  e, -e,  0,  b,  0, -c,
         -e, -e, -c,  0,  0,  0,  a,  0,
         -e, -e,  0,  0,  0, -c,  0,  b;
  const double p = 136.4, r = 86.4, w = 50.0, f = 17.7;
  s.D.resize(8, 8);
  s.D <<  p,  0,  0,  0, -w,  0, -f, -f,
          0,  r,  0, -w,  0,  0, -f, -f,
          0,  0,  p,  0, -f,  f, -w,  0,
          0, -w,  0,  r,  f, -f,  0,  0,
         -w,  0, -f,  f,  p,  0,  0,  0,
          0,  0,  f, -f,  0,  r,  0, -w,
         -f, -f, -w,  0,  0,  0,  p,  0,
         -f, -f,  0,  0,  0, -w,  0,  r;
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
  throw InputError("unknown preset '" + name + "' (known: 3dof, 8dof, msd)");
}

}  // namespace mechid
