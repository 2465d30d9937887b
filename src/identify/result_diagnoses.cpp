#include "identify/result_diagnoses.hpp"

#include "identify/data_diagnoses.hpp"

namespace mechid {

void diagnose_result(Identification& r, const Dataset& data) {
  if (r.status == Status::failed) return;
  for (Advice& a : diagnose_data({r.system, r.M_pd, r.K_pd, r.sign_reversed, r.forces.offset.size() > 0, r.forces.coulomb.size() > 0, r.modal, r.validation}, data))
    r.advise(std::move(a));
}

}  // namespace mechid
