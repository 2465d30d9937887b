// The same physics in other units, for the unit-invariance tests: q -> a q, u -> b u, t -> c t.
// M q'' + D q' + K q = L u keeps its form with M -> (b/a) c² M, D -> (b/a) c D, K -> (b/a) K.
#pragma once

#include "identify/dataset.hpp"
#include "model/mechanical_system.hpp"

namespace mechid::fixtures {

struct Units {
  double a = 1.0, b = 1.0, c = 1.0;  // output, input and time scale
};

inline Dataset rescaled(Dataset d, const Units& s) {
  d.y *= s.a;
  d.u *= s.b;
  d.h *= s.c;
  return d;
}

inline MechanicalSystem rescaled(MechanicalSystem m, const Units& s) {
  m.M *= s.b / s.a * s.c * s.c;
  m.D *= s.b / s.a * s.c;
  m.K *= s.b / s.a;
  return m;
}

// ‖X̂/scale_X - X‖ / ‖X‖, the largest over M, D, K: how far an estimate in units `s`, taken back to
// unit scale, is from `reference`.
inline double unscaled_difference(const MechanicalSystem& estimate, const Units& s, const MechanicalSystem& reference) {
  const MechanicalSystem back = rescaled(estimate, {1.0 / s.a, 1.0 / s.b, 1.0 / s.c});
  return std::max({(back.M - reference.M).norm() / reference.M.norm(), (back.D - reference.D).norm() / reference.D.norm(),
                   (back.K - reference.K).norm() / reference.K.norm()});
}

}  // namespace mechid::fixtures
