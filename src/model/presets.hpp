// Built-in systems: thesis sec. 5.2.1 (3dof), thesis appendix A.5 (8dof), the SVF report (msd), and
// chains of n masses between two walls ("chain<n>", 2 <= n <= 48; chain16 and chain24 listed).
#pragma once

#include <string>
#include <vector>

#include "model/mechanical_system.hpp"

namespace mechid {

std::vector<std::string> preset_names();

// The preset called `name`; throws InputError naming the known presets otherwise.
MechanicalSystem preset(const std::string& name);

}  // namespace mechid
