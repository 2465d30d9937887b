#include "simulate/signals.hpp"

#include <algorithm>
#include <cmath>

#include "core/enum_names.hpp"
#include "core/input_error.hpp"
#include "core/math_constants.hpp"
#include "core/rng.hpp"

namespace mechid {

const EnumNames<InputKind, 6> kInputKindNames{"input", {"prbs", "sine", "multisine", "chirp", "step", "samples"}};

InputKind parse_input_kind(const std::string& text) { return kInputKindNames.parse(text); }

std::string to_string(InputKind kind) { return kInputKindNames.name(kind); }

bool is_piecewise_constant(InputKind kind) {
  return kind == InputKind::prbs || kind == InputKind::step || kind == InputKind::samples;
}

InputSignal::InputSignal(const InputOptions& o, Eigen::Index n, double h, Eigen::Index k)
    : kind_(o.kind), h_(h), amplitude_(o.amplitude), duration_(static_cast<double>(n) * h) {
  require(std::isfinite(o.amplitude), "amplitude must be a finite number, got " + format_number(o.amplitude), "amplitude");
  const double nyquist = 0.5 / h;
  for (const auto& [name, f] : {std::pair<const char*, double>{"freq", o.freq_hz}, {"freq2", o.freq2_hz}})
    require(std::isfinite(f) && f >= 0.0 && f <= nyquist,
            std::string(name) + " must be between 0 and the Nyquist frequency 0.5/h = " +
                format_number(nyquist) + " Hz, got " + format_number(f),
            name);

  switch (kind_) {
    case InputKind::prbs: {
      require(o.hold >= 1, "hold must be a whole number of samples >= 1, got " + std::to_string(o.hold), "hold");
      samples_.resize(n, k);
      for (Eigen::Index c = 0; c < k; ++c) {
        Random bits = Random::derived(o.seed, static_cast<std::uint64_t>(c));
        double level = 0.0;
        for (Eigen::Index i = 0; i < n; ++i) {
          if (i % o.hold == 0) level = bits.bit() ? amplitude_ : -amplitude_;
          samples_(i, c) = level;
        }
      }
      return;
    }
    case InputKind::step:
      samples_ = Matrix::Constant(n, k, amplitude_);
      return;
    case InputKind::samples:
      require(o.samples.rows() == n && o.samples.cols() == k,
              "input samples are " + std::to_string(o.samples.rows()) + "x" + std::to_string(o.samples.cols()) +
                  " but must be n x k = " + std::to_string(n) + "x" + std::to_string(k));
      require(o.samples.allFinite(), "input samples contain a non-finite value");
      samples_ = o.samples;
      return;
    case InputKind::sine:
      f0_ = o.freq_hz > 0 ? o.freq_hz : std::min(10.0 / duration_, 0.25 / h);
      phases_.resize(1, k);
      for (Eigen::Index c = 0; c < k; ++c) phases_(0, c) = kTwoPi * static_cast<double>(c) / static_cast<double>(k);
      break;
    case InputKind::chirp:
      f0_ = o.freq_hz > 0 ? o.freq_hz : 1.0 / duration_;
      f1_ = o.freq2_hz > 0 ? o.freq2_hz : 0.25 / h;
      phases_ = Matrix::Zero(1, k);
      for (Eigen::Index c = 0; c < k; ++c) phases_(0, c) = kTwoPi * static_cast<double>(c) / static_cast<double>(k);
      break;
    case InputKind::multisine: {
      const double base = 1.0 / duration_;
      const double top = o.freq2_hz > 0 ? o.freq2_hz : 0.25 / h;
      // The harmonics of the record up to `top`; when there are more than 64, 64 of them spread
      // evenly over the band (the first and the last included), so the band is covered.
      const auto available = static_cast<long>(std::floor(top / base * (1 + 1e-12)));
      const long count = std::min(available, 64L);
      for (long i = 0; i < count; ++i) {
        const long j = count == available ? i + 1 : 1 + std::lround(static_cast<double>(i) * (available - 1) / (count - 1));
        frequencies_.push_back(static_cast<double>(j) * base);
      }
      require(!frequencies_.empty(), "multisine band top freq2 = " + format_number(top) +
                                         " Hz is below the record's base frequency 1/(n h) = " + format_number(base) + " Hz",
              "freq2");
      phases_.resize(static_cast<Eigen::Index>(frequencies_.size()), k);
      for (Eigen::Index c = 0; c < k; ++c) {
        Random phase = Random::derived(o.seed, static_cast<std::uint64_t>(c));
        for (Eigen::Index j = 0; j < phases_.rows(); ++j) phases_(j, c) = kTwoPi * phase.uniform();
      }
      amplitude_ = o.amplitude / std::sqrt(static_cast<double>(frequencies_.size()));
      break;
    }
  }
  samples_.resize(n, k);
  for (Eigen::Index i = 0; i < n; ++i) samples_.row(i) = at(static_cast<double>(i) * h).transpose();
}

Vector InputSignal::at(double t) const {
  const Eigen::Index k = samples_.cols() > 0 ? samples_.cols() : phases_.cols();
  Vector u(k);
  switch (kind_) {
    case InputKind::prbs:
    case InputKind::step:
    case InputKind::samples: {
      const auto i = std::clamp<Eigen::Index>(static_cast<Eigen::Index>(std::floor(t / h_)), 0, samples_.rows() - 1);
      return samples_.row(i).transpose();
    }
    case InputKind::sine:
      for (Eigen::Index c = 0; c < k; ++c) u(c) = amplitude_ * std::sin(kTwoPi * f0_ * t + phases_(0, c));
      return u;
    case InputKind::chirp: {
      // Linear sweep: instantaneous frequency f0 + (f1 - f0) t / T.
      const double cycles = f0_ * t + 0.5 * (f1_ - f0_) * t * t / duration_;
      for (Eigen::Index c = 0; c < k; ++c) u(c) = amplitude_ * std::sin(kTwoPi * cycles + phases_(0, c));
      return u;
    }
    case InputKind::multisine:
      u.setZero();
      for (std::size_t j = 0; j < frequencies_.size(); ++j)
        for (Eigen::Index c = 0; c < k; ++c)
          u(c) += amplitude_ * std::sin(kTwoPi * frequencies_[j] * t + phases_(static_cast<Eigen::Index>(j), c));
      return u;
  }
  return u;
}

double InputSignal::highest_frequency_hz() const {
  switch (kind_) {
    case InputKind::sine: return f0_;
    case InputKind::chirp: return std::max(f0_, f1_);
    case InputKind::multisine: return frequencies_.back();
    default: return 0.0;
  }
}

InputGrid::InputGrid(const InputSignal& input, double dt, int steps)
    : input_(input), dt_(dt), sinusoids_(input.kind_ == InputKind::sine || input.kind_ == InputKind::multisine) {
  if (!sinusoids_) return;
  if (input.kind_ == InputKind::sine)
    frequencies_ = Vector::Constant(1, input.f0_);
  else
    frequencies_ = Eigen::Map<const Vector>(input.frequencies_.data(), static_cast<Eigen::Index>(input.frequencies_.size()));
  cos_.resize(frequencies_.size(), steps + 1);
  sin_.resize(frequencies_.size(), steps + 1);
  for (Eigen::Index j = 0; j < frequencies_.size(); ++j)
    for (int s = 0; s <= steps; ++s) {
      const double angle = kTwoPi * frequencies_(j) * (static_cast<double>(s) * dt);
      cos_(j, s) = std::cos(angle);
      sin_(j, s) = std::sin(angle);
    }
  re_.resize(input.phases_.cols(), frequencies_.size());
  im_.resize(input.phases_.cols(), frequencies_.size());
}

void InputGrid::at(double t0, Matrix& out) {
  if (!sinusoids_) {
    for (Eigen::Index s = 0; s < out.cols(); ++s) out.col(s) = input_.at(t0 + static_cast<double>(s) * dt_);
    return;
  }
  for (Eigen::Index j = 0; j < frequencies_.size(); ++j)
    for (Eigen::Index c = 0; c < re_.rows(); ++c) {
      const double angle = kTwoPi * frequencies_(j) * t0 + input_.phases_(j, c);  // the argument as in at()
      re_(c, j) = input_.amplitude_ * std::cos(angle);
      im_(c, j) = input_.amplitude_ * std::sin(angle);
    }
  // Im((re + i im)(cos + i sin)) = re sin + im cos.
  out.noalias() = re_ * sin_;
  out.noalias() += im_ * cos_;
}

}  // namespace mechid
