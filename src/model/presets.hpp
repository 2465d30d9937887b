// Built-in systems: thesis sec. 5.2.1 (3dof), thesis appendix A.5 (8dof), seed 003 (msd).
#pragma once

#include <string>
#include <vector>

#include "model/mechanical_system.hpp"

namespace mechid {

std::vector<std::string> preset_names();

// The preset called `name`; throws InputError naming the known presets otherwise.
MechanicalSystem preset(const std::string& name);

}  // namespace mechid
