#include "identify/triangular_factor.hpp"

namespace mechid {

TriangularAccumulator::TriangularAccumulator(TriangularFactor& factor, Eigen::Index parameters,
                                             Eigen::Index rows_per_sample, Eigen::Index samples_per_block)
    : factor_(factor), parameters_(parameters), stack_(Matrix::Zero(parameters + samples_per_block * rows_per_sample, parameters + 1)) {
  factor_.R = Matrix::Zero(parameters, parameters);
  factor_.z = Vector::Zero(parameters);
  factor_.residual_norm2 = 0.0;
}

void TriangularAccumulator::add(const Eigen::Ref<const Matrix>& Jt_sample, const Eigen::Ref<const Vector>& r_sample) {
  const Eigen::Index rows = Jt_sample.cols();
  if (parameters_ + filled_ + rows > stack_.rows()) fold();
  stack_.block(parameters_ + filled_, 0, rows, parameters_) = Jt_sample.transpose();
  stack_.block(parameters_ + filled_, parameters_, rows, 1) = r_sample;
  factor_.residual_norm2 += r_sample.squaredNorm();
  filled_ += rows;
}

void TriangularAccumulator::fold() {
  if (filled_ == 0) return;
  const Eigen::Index P = parameters_;
  stack_.topLeftCorner(P, P) = factor_.R;
  stack_.topRightCorner(P, 1) = factor_.z;
  Eigen::Ref<Matrix> rows = stack_.topRows(P + filled_);
  const Eigen::HouseholderQR<Eigen::Ref<Matrix>> qr(rows);  // in place
  factor_.R = qr.matrixQR().topLeftCorner(P, P).triangularView<Eigen::Upper>();
  factor_.z = qr.matrixQR().topRightCorner(P, 1);
  stack_.bottomRows(stack_.rows() - P).setZero();
  filled_ = 0;
}

}  // namespace mechid
