#include "simobjects/environment/wave_sum.h"

#include <sleef.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>

#include "simobjects/environment/vector_math.h"

namespace hawser::ocean {
namespace {

// As sea_state.cpp: beyond k h = 300 the component is deep water (E = 0).
constexpr double kDeepKh = 300.0;

// Anchors kept per point: a point swinging across a cell's edge keeps the phasors of both cells.
constexpr std::size_t kSlots = 2;

// The phasors exp(i k.x_a) of one batch of points (wave_sum.h): per point kSlots anchors
// x_a, y_a (NaN: none yet) at [point * kSlots + slot], the cos and sin of term i at
// [(point * kSlots + slot) * size + i], and which slot the point used last.
struct PhasorBatch {
  std::uint64_t owner = 0;
  const double* points = nullptr;
  Eigen::Index cols = 0;
  std::vector<double> x, y, c, s;
  std::vector<unsigned char> last;
};

// This thread's batch of (owner, points, cols), or a fresh one in place of the oldest.
PhasorBatch& FindBatch(std::uint64_t owner, const double* points, Eigen::Index cols,
                       std::size_t size) {
  thread_local std::vector<PhasorBatch> batches(kPhasorBatches);
  thread_local std::size_t next = 0;
  for (PhasorBatch& b : batches) {
    if (b.owner == owner && b.points == points && b.cols == cols) return b;
  }
  PhasorBatch& b = batches[next];
  next = (next + 1) % kPhasorBatches;
  const auto n = static_cast<std::size_t>(cols) * kSlots;
  b.owner = owner;
  b.points = points;
  b.cols = cols;
  b.x.assign(n, std::numeric_limits<double>::quiet_NaN());
  b.y.assign(n, std::numeric_limits<double>::quiet_NaN());
  b.c.resize(n * size);
  b.s.resize(n * size);
  b.last.assign(static_cast<std::size_t>(cols), 0);
  return b;
}

// The slot of `point` that holds anchor (ax, ay); on a miss the one used less recently, its
// anchor set and `fresh` true (its phasors are then to be taken).
std::size_t AnchorSlot(PhasorBatch& b, std::size_t point, double ax, double ay, bool& fresh) {
  std::size_t slot = 0;
  while (slot < kSlots && !(b.x[point * kSlots + slot] == ax && b.y[point * kSlots + slot] == ay))
    ++slot;
  fresh = slot == kSlots;
  if (fresh) slot = (b.last[point] + 1) % kSlots;
  b.last[point] = static_cast<unsigned char>(slot);
  const std::size_t at = point * kSlots + slot;
  b.x[at] = ax;
  b.y[at] = ay;
  return at;
}

std::atomic<std::uint64_t> next_id{1};

}  // namespace

namespace portable {

double PhaseSum(const WaveTermArrays& t, double x, double y, double* cosine, double* sine) {
  double eta = 0.0;
  for (std::size_t i = 0; i < t.size; ++i) {
    const double phase = t.kx[i] * x + t.ky[i] * y - t.tau[i];
    const double n = std::nearbyint(phase * kInverseTwoPi);  // As the AVX2 kernel.
    const Sleef_double2 r =
        Sleef_sincos_u35(((phase - n * kTwoPiHigh) - n * kTwoPiMid) - n * kTwoPiLow);
    sine[i] = r.x;
    cosine[i] = r.y;
    eta += t.a[i] * r.y;
  }
  return eta;
}

double RotatedPhaseSum(const WaveTermArrays& t, double dx, double dy, const Phasors& p,
                       double* cosine, double* sine) {
  double eta = 0.0;
  for (std::size_t i = 0; i < t.size; ++i) {
    const double th = t.kx[i] * dx + t.ky[i] * dy, t2 = th * th;
    const double c = 1.0 + t2 * (-0.5 + t2 * (1.0 / 24 + t2 * (-1.0 / 720 + t2 / 40320)));
    const double s =
        th * (1.0 + t2 * (-1.0 / 6 + t2 * (1.0 / 120 + t2 * (-1.0 / 5040 + t2 / 362880))));
    const double xc = p.cached_cos[i] * c - p.cached_sin[i] * s;
    const double xs = p.cached_sin[i] * c + p.cached_cos[i] * s;
    cosine[i] = xc * p.time_cos[i] - xs * p.time_sin[i];
    sine[i] = xs * p.time_cos[i] + xc * p.time_sin[i];
    eta += t.a[i] * cosine[i];
  }
  return eta;
}

DepthSums DepthSum(const WaveTermArrays& t, std::size_t m, double zs, const double* cosine,
                   const double* sine) {
  DepthSums s;
  for (std::size_t i = 0; i < m; ++i) {
    const double e = std::exp(t.k[i] * zs);
    const double r = t.e2kh[i] / std::max(e, 0x1p-1022);  // As the AVX2 kernel.
    const double ch = e + r, sh = e - r;
    const double hc = ch * cosine[i], hs = ch * sine[i];
    s.u[0] += t.ux[i] * hc;
    s.u[1] += t.uy[i] * hc;
    s.u[2] += t.uz[i] * sh * sine[i];
    s.du[0] += t.dux[i] * hs;
    s.du[1] += t.duy[i] * hs;
    s.du[2] -= t.duz[i] * sh * cosine[i];
    s.p += t.p[i] * hc;
  }
  return s;
}

}  // namespace portable

FastWaveSum::FastWaveSum(const SeaState& sea)
    : id_(next_id.fetch_add(1)), depth_(sea.depth()), stretching_(sea.stretching()) {
  std::vector<WaveComponent> c = sea.components();
  std::stable_sort(c.begin(), c.end(), [](const WaveComponent& l, const WaveComponent& r) {
    return l.wave_number < r.wave_number;
  });
  count_ = c.size();
  const std::size_t size = (count_ + 3) / 4 * 4;
  for (std::vector<double>* v :
       {&kx_, &ky_, &omega_, &phase_, &a_, &k_, &e2kh_, &ux_, &uy_, &uz_, &dux_, &duy_, &duz_, &p_})
    v->assign(size, 0.0);
  std::vector<double> weight[3];  // Each term's bound on |u|, |du/dt| and p_d / rho.
  for (auto& w : weight) w.assign(count_ + 1, 0.0);
  for (std::size_t i = 0; i < count_; ++i) {
    const double kh = c[i].wave_number * depth_;  // +inf in deep water
    const double e2kh = kh > kDeepKh ? 0.0 : std::exp(-2.0 * kh);
    const double sinh_den = kh > kDeepKh ? 1.0 : -std::expm1(-2.0 * kh);
    const double aw = c[i].amplitude * c[i].omega / sinh_den;
    kx_[i] = c[i].wave_number * std::cos(c[i].direction);
    ky_[i] = c[i].wave_number * std::sin(c[i].direction);
    omega_[i] = c[i].omega;
    phase_[i] = c[i].phase;
    a_[i] = c[i].amplitude;
    k_[i] = c[i].wave_number;
    e2kh_[i] = e2kh;
    ux_[i] = aw * std::cos(c[i].direction);
    uy_[i] = aw * std::sin(c[i].direction);
    uz_[i] = aw;
    dux_[i] = c[i].omega * ux_[i];
    duy_[i] = c[i].omega * uy_[i];
    duz_[i] = c[i].omega * aw;
    p_[i] = sea.gravity() * c[i].amplitude / (1.0 + e2kh);
    weight[0][i] = 2.0 * aw;
    weight[1][i] = 2.0 * aw * c[i].omega;
    weight[2][i] = 2.0 * p_[i];
  }
  // The padding: zero amplitude at the largest k, keeping the order.
  for (std::size_t i = count_; i < size; ++i) k_[i] = count_ > 0 ? k_[count_ - 1] : 0.0;
  tail_.assign(count_ + 1, 0.0);
  for (int q = 0; q < 3; ++q) {
    // Suffix sums from the smallest terms up (they are what the cut-off drops).
    for (std::size_t i = count_; i-- > 0;) weight[q][i] += weight[q][i + 1];
    scale_[q] = weight[q][0];
    if (scale_[q] > 0.0) {
      for (std::size_t m = 0; m <= count_; ++m)
        tail_[m] = std::max(tail_[m], weight[q][m] / scale_[q]);
    }
  }
  // The anchor grid (wave_sum.h): half its cells' diagonal, cell / sqrt(2), stays under
  // kMaxRotation / k_max (1.4 < sqrt(2)); no cache without waves (k_max = 0).
  const double k_max = count_ > 0 ? k_[count_ - 1] : 0.0;
  cell_ = k_max > 0.0 ? 1.4 * kMaxRotation / k_max : 0.0;
  log_tail_.resize(count_ + 1);
  for (std::size_t m = 0; m <= count_; ++m) log_tail_[m] = std::log(tail_[m]);  // 0: -inf.
}

std::size_t FastWaveSum::KeptTerms(double zs) const {
  if (!(zs < 0.0)) return kx_.size();  // Above the mean level no term decays.
  // The first m with e^(k_m zs) tail_m <= kDepthCutoff (in logarithms: no exp per step); the
  // product falls with m.
  static const double kLogCutoff = std::log(kDepthCutoff);
  std::size_t lo = 0, hi = count_;
  while (lo < hi) {
    const std::size_t mid = (lo + hi) / 2;
    if (k_[mid] * zs + log_tail_[mid] <= kLogCutoff) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return std::min((lo + 3) / 4 * 4, kx_.size());
}

void FastWaveSum::At(double t, const Eigen::Ref<const Eigen::Matrix3Xd>& points,
                     std::span<WaveKinematics> out) const {
  if (out.size() != static_cast<std::size_t>(points.cols())) {
    throw std::invalid_argument("FastWaveSum::At: " + std::to_string(points.cols()) +
                                " points but room for " + std::to_string(out.size()) + " results");
  }
  const std::size_t size = kx_.size();
  // Scratch per thread, grown once: tau, cos psi and sin psi of the point at hand, exp(-i tau)
  // and zeros (tau = 0: PhaseSum then gives exp(i k.x)).
  thread_local std::vector<double> scratch;
  if (scratch.size() < 6 * size) scratch.assign(6 * size, 0.0);
  double* const tau = scratch.data();
  double* const cosine = tau + size;
  double* const sine = cosine + size;
  double* const time_cos = sine + size;
  double* const time_sin = time_cos + size;
  double* const zeros = time_sin + size;
  for (std::size_t i = 0; i < size; ++i) {
    tau[i] = omega_[i] * t - phase_[i];
    zeros[i] = 0.0;  // The buffer may hold another sum's values.
  }
  const WaveTermArrays terms{.size = size,
                             .kx = kx_.data(),
                             .ky = ky_.data(),
                             .tau = tau,
                             .a = a_.data(),
                             .k = k_.data(),
                             .e2kh = e2kh_.data(),
                             .ux = ux_.data(),
                             .uy = uy_.data(),
                             .uz = uz_.data(),
                             .dux = dux_.data(),
                             .duy = duy_.data(),
                             .duz = duz_.data(),
                             .p = p_.data()};
  const bool avx2 = vector_math::UsesAvx2();
  const auto phase_sum = avx2 ? avx2::PhaseSum : portable::PhaseSum;
  const auto rotated = avx2 ? avx2::RotatedPhaseSum : portable::RotatedPhaseSum;
  const bool cached = cell_ > 0.0 && static_cast<std::size_t>(points.cols()) * size <= kPhasorTerms;
  PhasorBatch* batch = cached ? &FindBatch(id_, points.data(), points.cols(), size) : nullptr;
  if (cached) phase_sum(terms, 0.0, 0.0, time_cos, time_sin);  // cos(-tau), sin(-tau).
  WaveTermArrays spatial = terms;
  spatial.tau = zeros;
  const double k_max = count_ > 0 ? k_[count_ - 1] : 0.0;
  for (Eigen::Index j = 0; j < points.cols(); ++j) {
    const double x = points(0, j), y = points(1, j), z = points(2, j);
    WaveKinematics& k = out[static_cast<std::size_t>(j)];
    k = WaveKinematics{};
    if (cached) {
      // The anchor: the centre of x's cell (a function of x alone, so the result is too).
      const double ax = (std::floor(x / cell_) + 0.5) * cell_;
      const double ay = (std::floor(y / cell_) + 0.5) * cell_;
      bool fresh = false;
      const std::size_t at = AnchorSlot(*batch, static_cast<std::size_t>(j), ax, ay, fresh);
      double* const c = batch->c.data() + at * size;
      double* const s = batch->s.data() + at * size;
      if (fresh) phase_sum(spatial, ax, ay, c, s);
      const double dx = x - ax, dy = y - ay;
      // |k.(x - x_a)| <= k_max |x - x_a| <= k_max cell / sqrt(2) < kMaxRotation (Cauchy-Schwarz);
      // the test only catches a non-finite x, whose sines are then taken at x itself.
      if (!(k_max * k_max * (dx * dx + dy * dy) <= kMaxRotation * kMaxRotation)) {
        k.elevation = phase_sum(terms, x, y, cosine, sine);
      } else {
        const Phasors p{
            .cached_cos = c, .cached_sin = s, .time_cos = time_cos, .time_sin = time_sin};
        k.elevation = rotated(terms, dx, dy, p, cosine, sine);
      }
    } else {
      k.elevation = phase_sum(terms, x, y, cosine, sine);
    }
    if (z > k.elevation) continue;  // Dry: above the instantaneous free surface.
    k.submerged = true;
    const double zs = StretchedHeight(z, k.elevation, depth_, stretching_);
    const std::size_t m = KeptTerms(zs);
    const DepthSums s = avx2 ? avx2::DepthSum(terms, m, zs, cosine, sine)
                             : portable::DepthSum(terms, m, zs, cosine, sine);
    k.velocity = {s.u[0], s.u[1], s.u[2]};
    k.acceleration = {s.du[0], s.du[1], s.du[2]};
    k.dynamic_pressure = s.p;
  }
}

}  // namespace hawser::ocean
