#include "identify/symmetric_parameters.hpp"

namespace mechid {

void pack_symmetric(const Matrix& a, const Matrix& b, const Matrix& c, Vector& theta) {
  Eigen::Index p = 0;
  for (const Matrix* X : {&a, &b, &c})
    for (Eigen::Index j = 0; j < X->cols(); ++j)
      for (Eigen::Index i = 0; i <= j; ++i) theta(p++) = (*X)(i, j);
}

void unpack_symmetric(const Vector& theta, Eigen::Index n, Matrix& a, Matrix& b, Matrix& c) {
  Eigen::Index p = 0;
  for (Matrix* X : {&a, &b, &c}) {
    X->resize(n, n);
    for (Eigen::Index j = 0; j < n; ++j)
      for (Eigen::Index i = 0; i <= j; ++i) (*X)(i, j) = (*X)(j, i) = theta(p++);
  }
}

}  // namespace mechid
