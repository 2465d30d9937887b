#include "analysis/oma/singular_value_spectrum.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include <Eigen/Eigenvalues>

#include "core/dft.hpp"
#include "core/input_error.hpp"
#include "core/math_constants.hpp"

namespace mechid {

Eigen::Index default_spectrum_segment(Eigen::Index N) {
  Eigen::Index L = 16;
  while (2 * L <= std::min<Eigen::Index>(N / 8, 8192)) L *= 2;
  return std::min(L, N);
}

SingularValueSpectrum singular_value_spectrum(const Matrix& y, double h, double lo_hz, double hi_hz, Eigen::Index segment) {
  const Eigen::Index N = y.rows(), m = y.cols(), L = segment;
  SingularValueSpectrum out;
  out.segment = L;
  std::vector<Eigen::Index> lines;
  for (Eigen::Index b = 0; b <= L / 2; ++b) {
    const double f = double(b) / (double(L) * h);
    if (f >= lo_hz && f <= hi_hz) lines.push_back(b);
  }
  out.freq_hz.resize(Eigen::Index(lines.size()));
  for (std::size_t i = 0; i < lines.size(); ++i) out.freq_hz(Eigen::Index(i)) = double(lines[i]) / (double(L) * h);
  std::vector<double> window(std::size_t(L), 1.0);
  double window_power = 0.0;
  for (Eigen::Index t = 0; t < L; ++t) {
    window[std::size_t(t)] = L > 1 ? 0.5 - 0.5 * std::cos(kTwoPi * double(t) / double(L)) : 1.0;  // periodic Hann
    window_power += window[std::size_t(t)] * window[std::size_t(t)];
  }
  // G_i = Σ_segments x_i x_iᴴ (x_i: the channels' spectra at line i), accumulated a batch of
  // segments at a time as one rank-k update of its lower triangle per line (the eigen-solver below
  // reads only that triangle): column i of `batch` holds the batch's x_i one after the other.
  std::vector<Eigen::MatrixXcd> G(lines.size(), Eigen::MatrixXcd::Zero(m, m));
  const Dft dft(static_cast<std::size_t>(L));
  constexpr Eigen::Index kBatch = 16;
  Eigen::MatrixXcd batch(m * kBatch, Eigen::Index(lines.size()));
  Eigen::Index in_batch = 0;
  const auto flush = [&]() {
    for (std::size_t i = 0; i < lines.size(); ++i)
      G[i].selfadjointView<Eigen::Lower>().rankUpdate(Eigen::Map<const Eigen::MatrixXcd>(batch.col(Eigen::Index(i)).data(), m, in_batch));
    in_batch = 0;
  };
  std::vector<double> x(static_cast<std::size_t>(L));
  for (Eigen::Index start = 0; start + L <= N; start += std::max<Eigen::Index>(1, L / 2)) {
    for (Eigen::Index c = 0; c < m; ++c) {
      for (Eigen::Index t = 0; t < L; ++t) x[std::size_t(t)] = window[std::size_t(t)] * y(start + t, c);
      const ComplexVector X = dft.half_spectrum(x);
      for (std::size_t i = 0; i < lines.size(); ++i) batch(in_batch * m + c, Eigen::Index(i)) = X[std::size_t(lines[i])];
    }
    if (++in_batch == kBatch) flush();
    ++out.segments;
  }
  if (in_batch > 0) flush();
  // One-sided density: 2 h / (Σ w² · segments) (Welch 1967), the DC and Nyquist lines once.
  out.singular_values.resize(Eigen::Index(lines.size()), m);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const bool edge = lines[i] == 0 || 2 * lines[i] == L;
    const double scale = (edge ? 1.0 : 2.0) * h / (window_power * double(std::max<Eigen::Index>(1, out.segments)));
    // G is Hermitian positive semidefinite: its singular values are its eigenvalues (lower triangle read).
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXcd> eig(G[i] * scale, Eigen::EigenvaluesOnly);
    out.singular_values.row(Eigen::Index(i)) = eig.eigenvalues().reverse().cwiseMax(0.0).transpose();
  }
  return out;
}

ChannelSpectra channel_spectra(const Matrix& y, double h, Eigen::Index segment) {
  const Eigen::Index N = y.rows();
  if (!(h > 0.0) || !std::isfinite(h)) throw InputError("spectrum: the sample spacing h must be positive and finite, got " + format_number(h), "h");
  if (N < 16) throw InputError("spectrum: the record needs at least 16 samples, it has " + std::to_string(N), "segment");
  if (segment != 0 && (segment < 16 || segment > N)) {
    throw InputError("spectrum: the segment must hold 16 to " + std::to_string(N) + " samples (the record's length), got " + std::to_string(segment), "segment");
  }
  const Eigen::Index L = segment == 0 ? default_spectrum_segment(N) : segment;
  ChannelSpectra out;
  for (Eigen::Index c = 0; c < y.cols(); ++c) {
    const Matrix column = (y.col(c).array() - y.col(c).mean()).matrix();
    const SingularValueSpectrum s = singular_value_spectrum(column, h, 0.0, std::numeric_limits<double>::infinity(), L);
    if (c == 0) {
      out.freq_hz = s.freq_hz;
      out.psd.resize(s.freq_hz.size(), y.cols());
      out.segment = s.segment;
      out.segments = s.segments;
    }
    out.psd.col(c) = s.singular_values.col(0);
  }
  return out;
}

}  // namespace mechid
