#include "discretize/variational.hpp"

#include "discretize/discrete_model.hpp"

namespace mechid {

DiscreteVariationalModel to_discrete(const MechanicalSystem& s, double h) {
  validate(s);
  validate_step(h);
  return to_discrete_unchecked(s, h);
}

DiscreteVariationalModel to_discrete_unchecked(const MechanicalSystem& s, double h) {
  DiscreteVariationalModel d;
  d.h = h;
  d.Md = s.M / h + h * s.K / 4.0 + s.D / 2.0;
  d.Dd = -(2.0 * s.M / h - h * s.K / 2.0);
  d.Kd = s.M / h + h * s.K / 4.0 - s.D / 2.0;
  d.L = s.L;
  return d;
}

MechanicalSystem to_continuous(const DiscreteVariationalModel& d) {
  MechanicalSystem s;
  s.M = d.h / 4.0 * (d.Md + d.Kd - d.Dd);
  s.D = d.Md - d.Kd;
  s.K = (d.Md + d.Kd + d.Dd) / d.h;
  s.L = d.L;
  return s;
}

Matrix discrete_force(const Matrix& u, const Matrix& L, double h, InputSampling sampling) {
  const Eigen::Index N = u.rows();
  Matrix f(std::max<Eigen::Index>(N - 2, 0), L.rows());
  for (Eigen::Index k = 2; k < N; ++k) {
    const Eigen::RowVectorXd weighted = sampling == InputSampling::point
                                           ? Eigen::RowVectorXd(h / 4.0 * (u.row(k) + 2.0 * u.row(k - 1) + u.row(k - 2)))
                                           : Eigen::RowVectorXd(h / 2.0 * (u.row(k - 1) + u.row(k - 2)));
    f.row(k - 2) = weighted * L.transpose();
  }
  return f;
}

Matrix simulate_del(const DiscreteVariationalModel& d, const Matrix& u, const Vector& q0, const Vector& q1,
                    InputSampling sampling) {
  const Eigen::Index N = u.rows(), n = d.Md.rows();
  const Matrix f = discrete_force(u, d.L, d.h, sampling);
  const Eigen::LDLT<Matrix> mass(d.Md);
  Matrix q(N, n);
  if (N > 0) q.row(0) = q0.transpose();
  if (N > 1) q.row(1) = q1.transpose();
  for (Eigen::Index k = 2; k < N; ++k)
    q.row(k) = mass.solve(f.row(k - 2).transpose() - d.Dd * q.row(k - 1).transpose() - d.Kd * q.row(k - 2).transpose())
                   .transpose();
  return q;
}

Eigen::MatrixXcd transfer_function(const DiscreteVariationalModel& d, std::complex<double> z) {
  const Eigen::MatrixXcd polynomial = d.Md.cast<std::complex<double>>() * (z * z) +
                                      d.Dd.cast<std::complex<double>>() * z + d.Kd.cast<std::complex<double>>();
  return polynomial.partialPivLu().solve(d.L.cast<std::complex<double>>()) * (d.h / 4.0 * (z + 1.0) * (z + 1.0));
}

double midpoint_energy(const MechanicalSystem& s, const Vector& q_k, const Vector& q_next, double h) {
  const Vector a = (q_next - q_k) / h, b = (q_next + q_k) / 2.0;
  return 0.5 * a.dot(s.M * a) + 0.5 * b.dot(s.K * b);
}

}  // namespace mechid
