#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "analysis/mac.hpp"
#include "analysis/oma/merged_oma_cost.hpp"
#include "analysis/oma/setup_merging.hpp"
#include "core/input_error.hpp"
#include "shear_frame.hpp"

using namespace mechid;
using test::ShearFrame;
using test::shear_frame;

namespace {

// The columns `storeys` (0-based) of a record, named "storey 1" … "storey 5".
OmaSetup frame_setup(const Matrix& a, const std::vector<Eigen::Index>& storeys) {
  OmaSetup s;
  s.h = 0.01;
  s.y.resize(a.rows(), Eigen::Index(storeys.size()));
  for (std::size_t k = 0; k < storeys.size(); ++k) {
    s.y.col(Eigen::Index(k)) = a.col(storeys[k]);
    s.channels.push_back("storey " + std::to_string(storeys[k] + 1));
  }
  return s;
}

double merge_real_mac(const Vector& a, const Vector& b) {
  return mac_matrix(a.cast<std::complex<double>>(), b.cast<std::complex<double>>())(0, 0);
}

}  // namespace

TEST_CASE("Two roving setups with two reference storeys merge to the single setup's shapes within their intervals", "[oma][oma-setups]") {
  // The 5-storey shear frame (shear_frame.hpp), three records of 300 s: setup 1 measures storeys
  // 1, 2, 3, 5, setup 2 storeys 2, 4, 5 (storeys 2 and 5 the references, no mode has a node
  // there), the single setup all five. The merged shape over the five storeys against the single
  // setup's: each entry within 3 σ of the difference (σ² = sd_merged² + sd_single², the jackknife's
  // sd propagated through the scaling), MAC >= 0.99 with the exact shapes.
  const ShearFrame f = shear_frame();
  const Matrix a1 = test::ambient_accelerations(f, 30001, 0.01, 0.1, 21);
  const Matrix a2 = test::ambient_accelerations(f, 30001, 0.01, 0.1, 31);
  const Matrix all = test::ambient_accelerations(f, 30001, 0.01, 0.1, 41);
  OmaOptions o;
  o.band_lo_hz = 0.5;
  o.band_hi_hz = 7.0;
  const MergedOma merged = merge_setups({frame_setup(a1, {0, 1, 2, 4}), frame_setup(a2, {1, 3, 4})}, {"storey 2", "storey 5"}, o);
  const MergedOma single = merge_setups({frame_setup(all, {0, 1, 2, 3, 4})}, {"storey 2", "storey 5"}, o);
  REQUIRE(merged.channels == std::vector<std::string>{"storey 1", "storey 2", "storey 3", "storey 5", "storey 4"});
  const std::vector<Eigen::Index> storey_of{0, 1, 2, 4, 3};  // merged channel → storey
  CHECK(merged.status == Status::ok);
  REQUIRE(merged.modes.size() == 5);
  REQUIRE(single.modes.size() == 5);
  for (Eigen::Index j = 0; j < 5; ++j) {
    const MergedOmaMode& m = merged.modes[std::size_t(j)];
    const MergedOmaMode& s = single.modes[std::size_t(j)];
    INFO("mode " << j + 1 << ": merged " << m.freq_hz << " ± " << m.freq_hz_sd << " Hz, single " << s.freq_hz << ", exact " << f.freq_hz(j));
    CHECK(m.setups == std::vector<Eigen::Index>{0, 1});
    CHECK(std::abs(m.freq_hz - f.freq_hz(j)) <= 0.005 * f.freq_hz(j));
    CHECK(std::abs(m.freq_hz - f.freq_hz(j)) <= 3.5 * m.freq_hz_sd);
    CHECK(std::abs(m.zeta - 0.02) <= 3.5 * m.zeta_sd);
    Vector by_storey(5), sd_by_storey(5);
    for (Eigen::Index c = 0; c < 5; ++c) by_storey(storey_of[std::size_t(c)]) = m.shape(c), sd_by_storey(storey_of[std::size_t(c)]) = m.shape_sd(c);
    Vector single_by_storey(5), single_sd(5);
    for (Eigen::Index c = 0; c < 5; ++c) single_by_storey(c) = s.shape(c), single_sd(c) = s.shape_sd(c);
    INFO("merged shape " << by_storey.transpose() << " ± " << sd_by_storey.transpose());
    INFO("single shape " << single_by_storey.transpose() << " ± " << single_sd.transpose());
    CHECK(merge_real_mac(by_storey, f.shapes.col(j)) >= 0.99);
    CHECK(merge_real_mac(single_by_storey, f.shapes.col(j)) >= 0.99);
    for (Eigen::Index i = 0; i < 5; ++i) {
      CHECK(sd_by_storey(i) >= 0.0);  // 0 at the +1 entry
      CHECK(std::abs(by_storey(i) - single_by_storey(i)) <= 3.0 * std::hypot(sd_by_storey(i), single_sd(i)));
    }
  }
}

TEST_CASE("Setup merging names a reference channel missing from a setup", "[oma][oma-setups]") {
  const ShearFrame f = shear_frame();
  const Matrix a = test::ambient_accelerations(f, 3001, 0.01, 0.1, 5);
  OmaOptions o;
  o.band_hi_hz = 7.0;
  try {
    merge_setups({frame_setup(a, {0, 1}), frame_setup(a, {1, 2})}, {"storey 1"}, o);
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()).find("'storey 1' is not in setup 2") != std::string::npos);
    CHECK(e.option() == "references");
  }
}

TEST_CASE("The work guard of merged setups: each setup's oma with its own reference columns, summed, and a missing reference named before any pricing", "[oma][oma-setups]") {
  // Setup 1 measures storeys 1, 2, 3, 5 and setup 2 storeys 2, 4, 5, the references storeys 2 and
  // 5: their columns 2, 4 in setup 1 and 1, 3 in setup 2, written out here (a second path to the
  // columns lay_out_setups finds by name), each setup priced by oma_work as a single record.
  const ShearFrame f = shear_frame();
  const Matrix a = test::ambient_accelerations(f, 3001, 0.01, 0.1, 5);
  const std::vector<OmaSetup> setups{frame_setup(a, {0, 1, 2, 4}), frame_setup(a.topRows(2001), {1, 3, 4})};
  OmaOptions o;
  o.band_hi_hz = 7.0;
  OmaOptions first = o, second = o;
  first.references = {2, 4};
  second.references = {1, 3};
  const double by_hand = oma_work(setups[0].y, 0.01, first).flops + oma_work(setups[1].y, 0.01, second).flops;
  const WorkEstimate merged = merged_oma_work(setups, {"storey 2", "storey 5"}, o);
  CHECK(merged.flops == Approx(by_hand).epsilon(1e-12));
  // With every channel a reference (each setup's default) the correlations cost more: the references count.
  OmaOptions all = o;
  CHECK(merged.flops < oma_work(setups[0].y, 0.01, all).flops + oma_work(setups[1].y, 0.01, all).flops);
  CHECK(merged.bytes == Approx(std::max(oma_work(setups[0].y, 0.01, first).bytes, oma_work(setups[1].y, 0.01, second).bytes)));

  CHECK_NOTHROW(check_merged_oma_work(setups, {"storey 2", "storey 5"}, o, 2 * merged.flops));
  try {
    check_merged_oma_work(setups, {"storey 2", "storey 5"}, o, merged.flops / 2);
    FAIL("not refused");
  } catch (const InputError& e) {
    INFO(e.what());
    CHECK(e.option() == "work");
    CHECK(std::string(e.what()).find("oma (ssi-cov) of 2 setups of 5002 samples in all needs about") == 0);
  }
  try {
    check_merged_oma_work(setups, {"storey 1"}, o, 1.0);
    FAIL("no error");
  } catch (const InputError& e) {
    CHECK(e.option() == "references");
  }
}
