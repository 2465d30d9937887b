// Per-output scales that take the outputs' units out of the modes in a band. An FRF's row o is in
// the units of output o over the input's: with outputs in units 100× apart (g and mm/s²), any
// comparison of shapes across outputs (the MAC of the stabilization diagram, the MPC, the entry a
// shape is made real on, the reference input) weighs the outputs by their units. Dividing each
// output by a level read off the data (its FRF row's RMS over the band) before the analysis, and
// multiplying the results back, makes every frequency, damping ratio, MAC and MPC the same whatever
// the units, and the shapes scale exactly by them.
#pragma once

#include "analysis/frf_result.hpp"
#include "analysis/modal_residues.hpp"

namespace mechid {

// Each output's level: the RMS of |H1(o, j)| over the lines where it is estimated and every input j
// (1 for an output without any finite nonzero entry, which then keeps its units).
Vector output_levels(const FrfEstimate& frf);

// Multiplies output o's rows of the estimate (H1, H2, their standard deviations, the LPM's noise
// level) by factor(o); the coherence and the LPM's kernel do not depend on the outputs' units.
void scale_outputs(FrfEstimate& frf, const Vector& factor);

// Multiplies the band model's channels c = o + m·j (residues, residual terms) by factor(o), m the
// number of outputs.
void scale_outputs(ModalFit& fit, const Vector& factor);

}  // namespace mechid
