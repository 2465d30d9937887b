#include "estimators/svf/identify_svf.hpp"

#include <chrono>
#include <cmath>

#include "core/input_error.hpp"
#include "estimators/svf/data_poles.hpp"
#include "estimators/svf/svf_mimo.hpp"
#include "identify/result_diagnoses.hpp"

namespace mechid {
namespace {

double mean_abs(const Matrix& e) { return e.cwiseAbs().mean(); }

Intersample input_rule(const Dataset& d, Intersample smooth) {
  return d.input_sampling == InputSampling::hold ? Intersample::hold : smooth;
}

}  // namespace

SvfSisoSearch svf_siso_search(const Matrix& u, const Vector& y, double h, const SvfOptions& options, const Vector& grid) {
  SvfSisoSearch out;
  auto output_error = [&](const SvfFit& fit) -> double {
    if (fit.status == Status::failed) return NAN;
    const double e = mean_abs(y - simulate_linear_ode(fit.ode, u, h, options.input_rule));
    return std::isfinite(e) ? e : NAN;
  };
  SvfOptions o = options;
  if (grid.size() > 0) {
    out.searched = true;
    out.search = search_poles(grid, [&](double p1, double p2) {
      o.p1 = p1;
      o.p2 = p2;
      return output_error(svf_fit(u, y, h, o));
    });
    if (!std::isfinite(out.search.best)) {
      out.fit.status = Status::failed;
      out.fit.message = "no pole pair of the grid gave a usable fit";
      return out;
    }
    o.p1 = out.search.p1;
    o.p2 = out.search.p2;
  }
  out.fit = svf_fit(u, y, h, o);
  out.output_error = output_error(out.fit);
  return out;
}

void SvfIdentifyOptions::validate() const {
  check_options(*this);
  require((p1 == 0) == (p2 == 0), "filter poles p1 and p2 must be both positive, or both 0 (from the data)", "p1");
}

Vector svf_pole_grid(const Vector& grid, double p1, double p2, const Matrix& y, double h) {
  return grid.size() == 0 && p1 == 0 && p2 == 0 ? data_pole_grid(y, h) : grid;
}

SvfIdentification identify_svf(const Dataset& data, const SvfIdentifyOptions& o) {
  const auto start = std::chrono::steady_clock::now();
  o.validate();
  validate(data, 8);
  validate_options(data);
  IdentifyOptions with_L;
  with_L.L = o.L;
  const Matrix L = input_matrix(data, with_L);
  const Eigen::Index n = data.y.cols(), k = data.u.cols();
  const bool siso = o.form == "siso" || (o.form == "auto" && n == 1 && k == 1);
  require(!siso || (n == 1 && k == 1), "the siso form needs one output and one input, the data have " + std::to_string(n) +
                                           " and " + std::to_string(k));
  SvfIdentification out;
  out.form = siso ? "siso" : "mimo";
  Identification& r = out.result;
  r.method = "svf";
  r.h = data.h;
  r.diagnostics.form = out.form;
  r.diagnostics.intersample_outputs = to_string(o.smooth);
  r.diagnostics.intersample_inputs = to_string(input_rule(data, o.smooth));
  RobustOptions robust;
  robust.robust = o.robust;
  double p1 = o.p1, p2 = o.p2, output_error = NAN;
  const Vector grid = svf_pole_grid(o.grid, p1, p2, data.y, data.h);
  LeastSquaresSolution solution;
  if (siso) {
    SvfOptions options;
    options.p1 = p1;
    options.p2 = p2;
    options.input_rule = input_rule(data, o.smooth);
    options.output_rule = o.smooth;
    options.robust = robust;
    const SvfSisoSearch s = svf_siso_search(data.u, data.y.col(0), data.h, options, grid);
    out.searched = s.searched;
    out.search = s.search;
    r.status = s.fit.status;
    r.message = s.fit.message;
    if (r.status != Status::failed) {
      // m, b, k of eq. 5, scaled by the known input gain L (m y'' + b y' + k y = L u).
      const MassSpringDamper msd = mass_spring_damper(s.fit);
      r.system.M = Matrix::Constant(1, 1, L(0, 0) * msd.m);
      r.system.D = Matrix::Constant(1, 1, L(0, 0) * msd.b);
      r.system.K = Matrix::Constant(1, 1, L(0, 0) * msd.k);
      r.system.L = L;
      out.theta = s.fit.theta;
      out.theta_names = s.fit.theta_names;
      p1 = s.fit.p1;
      p2 = s.fit.p2;
      output_error = s.output_error;
      solution = s.fit.solution;
    }
  } else {
    auto fit_at = [&](double a, double b) { return svf_fit_mechanical(data, L, a, b, o.smooth, robust); };
    auto error_of = [&](const SvfMimoFit& f) -> double {
      if (f.status == Status::failed || !Eigen::FullPivLU<Matrix>(f.system.M).isInvertible()) return NAN;
      const double e = mean_abs(data.y - mechanical_response_from_rest(f.system, data.u, data.h, input_rule(data, o.smooth)));
      return std::isfinite(e) ? e : NAN;
    };
    if (grid.size() > 0) {
      out.searched = true;
      out.search = search_poles(grid, [&](double a, double b) { return error_of(fit_at(a, b)); });
      if (std::isfinite(out.search.best)) {
        p1 = out.search.p1;
        p2 = out.search.p2;
      }
    }
    if (out.searched && !std::isfinite(out.search.best)) {
      r.status = Status::failed;
      r.message = "no pole pair of the grid gave a usable fit";
    } else {
      const SvfMimoFit f = fit_at(p1, p2);
      r.status = f.status;
      r.message = f.message;
      r.system = f.system;
      output_error = error_of(f);
      solution = f.solution;
    }
  }
  r.diagnostics.p1 = p1;
  r.diagnostics.p2 = p2;
  if (r.status != Status::failed) {
    r.diagnostics.condition = solution.condition;
    r.diagnostics.output_error = output_error;
    r.diagnostics.residual_rms = std::sqrt(solution.residuals.squaredNorm() / solution.residuals.size());
    if (o.robust) {
      r.diagnostics.iterations = solution.iterations;
      r.diagnostics.downweighted = (solution.weights.array() < 1.0).count();
      out.weights = solution.weights;
    }
    if (out.searched) r.diagnostics.pairs_evaluated = out.search.evaluated;
  }
  finish(r, data);
  diagnose_result(r, data);  // the data diagnoses of the estimate returned (result_diagnoses.hpp)
  r.timing_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace mechid
