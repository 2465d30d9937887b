// One run of a Monte Carlo identification study (thesis ch. 5, Figs. 5.2-5.15): simulate a
// system under PRBS on all inputs (held, exact ZOH sampling) with noise at a given SNR, identify
// it, and compare with the truth. Runs are independent and their seeds derived from
// (study seed, h index, run index), so any pool of workers reproduces the same numbers;
// aggregation over runs (RMS of the relative errors, failure counts, median time) is done by the
// caller (wasm/study.js).
#pragma once

#include <cstdint>
#include <string>

#include "identify/identification.hpp"

namespace mechid {

struct StudyRunOptions {
  double h = 0.0, snr_db = 15.0;
  Eigen::Index samples = 6000;
  std::string method;
  std::uint64_t seed = 1;
  std::uint64_t h_index = 0, run = 0;
};

struct StudyRunResult : Outcome {
  StudyRunResult() { status = Status::failed; }  // until a run says otherwise
  RelativeErrors errors;  // NaN when failed
  double ms = 0.0;
};

// The data seed of run (h_index, run) of a study with `seed` (< 2^53, so JS can carry it).
std::uint64_t study_data_seed(std::uint64_t seed, std::uint64_t h_index, std::uint64_t run);

StudyRunResult study_run(const MechanicalSystem& system, const StudyRunOptions& options);

}  // namespace mechid
