// Output-only modal analysis natively, for bench/oma.mjs's studies: `mechid_oma_records records
// first_seed` analyses that many records of the 5-storey shear frame (tests/cpp/analysis/oma/
// shear_frame.hpp; 300 s at 100 Hz, 10 % noise, band 0.5-7 Hz, the defaults) and prints one line
// per mode found: seed, f, zeta, f_sd, zeta_sd, f_half95, zeta_half95, then the record's seconds.
// `mechid_oma_records time channels samples` instead times the stages of one SSI-cov of the
// chain of `channels` masses (block rows 40, orders to 80).
#include <chrono>
#include <cstdio>
#include <ctime>
#include <cstdlib>
#include <string>

#include "analysis/oma/output_correlations.hpp"
#include "analysis/oma/output_only_modes.hpp"
#include "analysis/oma/singular_value_spectrum.hpp"
#include "analysis/oma/ssi_cov.hpp"
#include "model/modal.hpp"
#include "model/presets.hpp"
#include "../../tests/cpp/analysis/oma/shear_frame.hpp"

using namespace mechid;

int main(int argc, char** argv) {
  const std::string what = argc > 1 ? argv[1] : "records";
  if (what == "records") {
    const int records = argc > 2 ? std::atoi(argv[2]) : 100, first = argc > 3 ? std::atoi(argv[3]) : 1;
    const test::ShearFrame f = test::shear_frame();
    OmaOptions o;
    o.band_lo_hz = 0.5;
    o.band_hi_hz = 7.0;
    if (argc > 4) o.sd_blocks = std::atol(argv[4]);
    for (int seed = first; seed < first + records; ++seed) {
      const Matrix a = test::ambient_accelerations(f, 30001, 0.01, 0.1, std::uint64_t(1000 + 2 * seed));
      const auto t0 = std::chrono::steady_clock::now();
      const OmaResult r = output_only_modes(a, 0.01, o);
      const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      for (const OmaMode& m : r.modes)
        std::printf("%d %.9g %.9g %.9g %.9g %.9g %.9g %.4f\n", seed, m.freq_hz, m.zeta, m.freq_hz_sd, m.zeta_sd, m.freq_hz_half95,
                    m.zeta_half95, s);
      std::fflush(stdout);
    }
  }
  if (what == "time") {
    // The chain's displacements under a PRBS force, its fastest mode at a fifth of the sampling rate.
    const Eigen::Index samples = argc > 2 ? std::atol(argv[2]) : 1000000;
    const MechanicalSystem chain = preset("chain16");
    SimulationOptions so;
    const std::clock_t t_sim = std::clock();
    const Eigen::GeneralizedSelfAdjointEigenSolver<Matrix> eig(chain.K, chain.M);
    so.h = 0.2 / (std::sqrt(eig.eigenvalues().maxCoeff()) / kTwoPi);
    so.n = samples;
    so.input.kind = InputKind::prbs;
    so.snr_db = 40;
    so.seed = 3;
    const Matrix y = simulate(chain, so).q;
    struct clock {  // process CPU time (the machine is shared)
      using time_point = std::clock_t;
      static time_point now() { return std::clock(); }
    };
    auto since = [](clock::time_point t) { return double(std::clock() - t) / CLOCKS_PER_SEC; };
    std::printf("simulate %.2f s\n", since(t_sim));
    std::vector<Eigen::Index> refs;
    for (Eigen::Index j = 0; j < y.cols(); ++j) refs.push_back(j);
    auto t = clock::now();
    const CorrelationBlocks blocks = block_correlation_sums(y, refs, 79, 10);
    std::printf("block correlations %.2f s\n", since(t));
    t = clock::now();
    const SsiCovModels models = ssi_cov(blocks.correlations(), 40, so.h, 80, 2);
    std::printf("ssi_cov (SVD + 40 orders) %.2f s\n", since(t));
    t = clock::now();
    const SingularValueSpectrum sp = singular_value_spectrum(y, so.h, 0.0, 0.5 / so.h, default_spectrum_segment(samples));
    std::printf("spectrum %.2f s\n", since(t));
    t = clock::now();
    const SingularValueSpectrum narrow = singular_value_spectrum(y, so.h, 0.0, 0.001 / so.h, default_spectrum_segment(samples));
    std::printf("spectrum of a few lines (its FFTs) %.2f s\n", since(t));
    OmaOptions o;
    o.band_hi_hz = 0.5 / so.h;
    o.block_rows = 40;
    o.max_order = 80;
    for (Eigen::Index sd : {10, 0}) {
      o.sd_blocks = sd;
      t = clock::now();
      const OmaResult r = output_only_modes(y, so.h, o);
      std::printf("output_only_modes sd_blocks %ld: %.2f s, %zu modes\n", long(sd), since(t), r.modes.size());
    }
  }
  return 0;
}
