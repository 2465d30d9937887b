#include "estimators/ekf/discretization.hpp"

#include "core/enum_names.hpp"

namespace mechid {

const EnumNames<Discretization, 6> kDiscretizationNames{"discretization", {"ef", "se", "heun", "lp", "rk3", "rk4"}};

namespace {

// f(x) = [v; a] and its Jacobians F = [0 I; ∂a/∂s ∂a/∂v], F_θ = [0; ∂a/∂θ].
struct Derivative {
  Vector f;
  Matrix F, Ftheta;
};

Derivative derivative(const SecondOrderModel& model, const Vector& x, const Vector& theta, const Vector& u, bool jacobians) {
  const Eigen::Index n = model.dof();
  const Acceleration acc = model.acceleration(x.head(n), x.tail(n), theta, u, jacobians);
  Derivative d;
  d.f.resize(2 * n);
  d.f << x.tail(n), acc.a;
  if (jacobians) {
    d.F = Matrix::Zero(2 * n, 2 * n);
    d.F.topRightCorner(n, n).setIdentity();
    d.F.bottomLeftCorner(n, n) = acc.ds;
    d.F.bottomRightCorner(n, n) = acc.dv;
    d.Ftheta = Matrix::Zero(2 * n, theta.size());
    // No block of an empty matrix: its data pointer is null and Eigen offsets it (UB, UBSan).
    if (theta.size() > 0) d.Ftheta.bottomRows(n) = acc.dtheta;
  }
  return d;
}

// An explicit Runge-Kutta step with Butcher tableau (A, b, c) (eqs. 16-19); the input of stage i is
// u_{k-1}, u_{k-1/2} or u_k for c_i = 0, 1/2, 1. Jacobians by the chain rule through the stages:
// ∂k_i/∂x = F_i (I + T Σ_j A_ij ∂k_j/∂x), ∂k_i/∂θ = F_i T Σ_j A_ij ∂k_j/∂θ + F_θ,i.
DiscreteStep runge_kutta(const SecondOrderModel& model, const std::vector<std::vector<double>>& A,
                         const std::vector<double>& b, const std::vector<double>& c, const Vector& x,
                         const Vector& theta, const StepInputs& u, double T, bool jacobians) {
  const std::size_t stages = b.size();
  const Eigen::Index N = x.size(), p = theta.size();
  std::vector<Vector> k(stages);
  std::vector<Matrix> dk(stages), dkt(stages);
  DiscreteStep out;
  out.x = x;
  if (jacobians) {
    out.dx = Matrix::Identity(N, N);
    out.dtheta = Matrix::Zero(N, p);
  }
  for (std::size_t i = 0; i < stages; ++i) {
    Vector X = x;
    Matrix dX, dXt;
    if (jacobians) {
      dX = Matrix::Identity(N, N);
      dXt = Matrix::Zero(N, p);
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (A[i][j] == 0.0) continue;
      X += T * A[i][j] * k[j];
      if (jacobians) {
        dX += T * A[i][j] * dk[j];
        dXt += T * A[i][j] * dkt[j];
      }
    }
    const Vector& ui = c[i] == 0.0 ? u.start : (c[i] == 1.0 ? u.end : u.mid);
    const Derivative d = derivative(model, X, theta, ui, jacobians);
    k[i] = d.f;
    out.x += T * b[i] * k[i];
    if (jacobians) {
      dk[i] = d.F * dX;
      dkt[i] = d.F * dXt + d.Ftheta;
      out.dx += T * b[i] * dk[i];
      out.dtheta += T * b[i] * dkt[i];
    }
  }
  return out;
}

// Symplectic Euler (eq. 21): v_k = v + T a(s, v, u_{k-1}); s_k = s + T v_k.
DiscreteStep symplectic_euler(const SecondOrderModel& model, const Vector& x, const Vector& theta, const StepInputs& u,
                              double T, bool jacobians) {
  const Eigen::Index n = model.dof(), p = theta.size();
  const Acceleration acc = model.acceleration(x.head(n), x.tail(n), theta, u.start, jacobians);
  DiscreteStep out;
  const Vector v = x.tail(n) + T * acc.a;
  out.x.resize(2 * n);
  out.x << x.head(n) + T * v, v;
  if (jacobians) {
    Matrix dv(n, 2 * n);  // ∂v_k/∂[s, v]
    dv << T * acc.ds, Matrix::Identity(n, n) + T * acc.dv;
    const Matrix dvt = T * acc.dtheta;
    out.dx.resize(2 * n, 2 * n);
    out.dx.topRows(n) = T * dv;
    out.dx.topLeftCorner(n, n) += Matrix::Identity(n, n);
    out.dx.bottomRows(n) = dv;
    out.dtheta.resize(2 * n, p);
    if (p > 0) out.dtheta << T * dvt, dvt;  // no blocks of an empty matrix (see derivative)
  }
  return out;
}

// Leapfrog (eq. 22): v_h = v + T/2 a(s, v, u_{k-1}); s_k = s + T v_h; v_k = v_h + T/2 a(s_k, v_h, u_k).
DiscreteStep leapfrog(const SecondOrderModel& model, const Vector& x, const Vector& theta, const StepInputs& u, double T,
                      bool jacobians) {
  const Eigen::Index n = model.dof(), p = theta.size();
  const Matrix I = Matrix::Identity(n, n);
  const Acceleration a0 = model.acceleration(x.head(n), x.tail(n), theta, u.start, jacobians);
  const Vector vh = x.tail(n) + 0.5 * T * a0.a;
  const Vector s1 = x.head(n) + T * vh;
  const Acceleration a1 = model.acceleration(s1, vh, theta, u.end, jacobians);
  DiscreteStep out;
  out.x.resize(2 * n);
  out.x << s1, vh + 0.5 * T * a1.a;
  if (jacobians) {
    Matrix dvh(n, 2 * n), ds1(n, 2 * n);
    dvh << 0.5 * T * a0.ds, I + 0.5 * T * a0.dv;
    ds1 << I, Matrix::Zero(n, n);
    ds1 += T * dvh;
    const Matrix dvht = 0.5 * T * a0.dtheta, ds1t = T * dvht;
    out.dx.resize(2 * n, 2 * n);
    out.dx.topRows(n) = ds1;
    out.dx.bottomRows(n) = dvh + 0.5 * T * (a1.ds * ds1 + a1.dv * dvh);
    out.dtheta.resize(2 * n, p);
    if (p > 0) {  // no blocks of an empty matrix (see derivative)
      out.dtheta.topRows(n) = ds1t;
      out.dtheta.bottomRows(n) = dvht + 0.5 * T * (a1.ds * ds1t + a1.dv * dvht + a1.dtheta);
    }
  }
  return out;
}

}  // namespace

std::vector<Discretization> all_discretizations() {
  return {Discretization::ef, Discretization::se, Discretization::heun, Discretization::lp, Discretization::rk3,
          Discretization::rk4};
}

Discretization parse_discretization(const std::string& name) { return kDiscretizationNames.parse(name); }

std::string to_string(Discretization method) { return kDiscretizationNames.name(method); }

int nominal_order(Discretization method) {
  switch (method) {
    case Discretization::ef:
    case Discretization::se: return 1;
    case Discretization::heun:
    case Discretization::lp: return 2;
    case Discretization::rk3: return 3;
    case Discretization::rk4: return 4;
  }
  return 1;
}

DiscreteStep discrete_step(const SecondOrderModel& model, Discretization method, const Vector& x, const Vector& theta,
                           const StepInputs& u, double T, bool jacobians) {
  switch (method) {
    case Discretization::ef:  // eq. 16
      return runge_kutta(model, {{}}, {1.0}, {0.0}, x, theta, u, T, jacobians);
    case Discretization::se:  // eq. 21
      return symplectic_euler(model, x, theta, u, T, jacobians);
    case Discretization::heun:  // eq. 17
      return runge_kutta(model, {{}, {1.0}}, {0.5, 0.5}, {0.0, 1.0}, x, theta, u, T, jacobians);
    case Discretization::lp:  // eq. 22
      return leapfrog(model, x, theta, u, T, jacobians);
    case Discretization::rk3:  // eq. 18
      return runge_kutta(model, {{}, {0.5}, {-1.0, 2.0}}, {1.0 / 6, 4.0 / 6, 1.0 / 6}, {0.0, 0.5, 1.0}, x, theta, u, T,
                         jacobians);
    case Discretization::rk4:  // eq. 19
      return runge_kutta(model, {{}, {0.5}, {0.0, 0.5}, {0.0, 0.0, 1.0}}, {1.0 / 6, 2.0 / 6, 2.0 / 6, 1.0 / 6},
                         {0.0, 0.5, 0.5, 1.0}, x, theta, u, T, jacobians);
  }
  return {};
}

}  // namespace mechid
