#include "simobjects/environment/wave_grid.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <numbers>
#include <stdexcept>
#include <string>

#include "hawser/text.h"
#include "simobjects/environment/wave_grid_layout.h"

namespace hawser::ocean {
namespace {

using namespace grid_layout;  // NOLINT(google-build-using-namespace): this file's own layout.

// Vertex keys: level (8 bits) and two 28-bit lattice indices.
constexpr std::int64_t kMaxIndex = std::int64_t{1} << 27;
// The batches whose cells are kept, and the most points they hold together (3 cells of 120
// bytes and 2 levels per point: 23 MiB).
constexpr std::size_t kMaxBatches = 16;
constexpr Eigen::Index kMaxBatchPoints = 1 << 16;

// floor(x) for |x| < 2^62 without a library call (SSE2 has no rounding instruction).
double Floor(double x) {
  const auto truncated = static_cast<double>(static_cast<std::int64_t>(x));
  return truncated > x ? truncated - 1.0 : truncated;
}

double Require(double value, bool ok, const char* option, const char* expected) {
  if (!ok) {
    throw std::invalid_argument(std::string(option) + " is " + NumberText(value) + "; expected " +
                                expected);
  }
  return value;
}

}  // namespace

WaveGrid::WaveGrid(const SeaState& sea, const WaveGridOptions& o) : sea_(sea), bounds_(o) {
  double k_max = 0.0, k_min = std::numeric_limits<double>::infinity(), omega_max = 0.0;
  eta_floor_ = 0.0;
  for (const WaveComponent& c : sea.components()) {
    if (c.amplitude == 0.0) continue;
    k_max = std::max(k_max, c.wave_number);
    k_min = std::min(k_min, c.wave_number);
    omega_max = std::max(omega_max, c.omega);
    eta_floor_ -= c.amplitude;
  }
  if (k_max == 0.0) k_max = k_min = omega_max = 1.0;  // No waves: any grid is exact.
  spacing_ = o.spacing == 0.0 ? 2.0 * std::numbers::pi / k_max / 16.0
                              : Require(o.spacing, o.spacing > 0.0, "WaveGridSpacing", "> 0 m");
  growth_ = Require(o.growth, o.growth >= 1.0 && o.growth <= 4.0, "WaveGridGrowth", "1 to 4");
  const double dt0 = o.time_step == 0.0
                         ? 2.0 * std::numbers::pi / omega_max / 4.0
                         : Require(o.time_step, o.time_step > 0.0, "WaveGridTimeStep", "> 0 s");
  if (!(o.x_min < o.x_max) || !(o.y_min < o.y_max)) {
    throw std::invalid_argument("WaveGridBounds: x_min < x_max and y_min < y_max expected (given " +
                                NumberText(o.x_min) + ", " + NumberText(o.x_max) + ", " +
                                NumberText(o.y_min) + ", " + NumberText(o.y_max) + ")");
  }
  Require(o.z_min, o.z_min < 0.0, "WaveGridBounds' z_min", "< 0 m");
  const double depth = sea.depth();
  // Deep water: below -ln(1e7) / k_min every component is under 1e-7 of its surface value.
  const double floor = std::isinf(depth) ? -std::log(1e7) / k_min : -depth;
  const double bottom = std::max(floor, o.z_min);
  z_.push_back(0.0);
  for (double dz = spacing_; z_.back() > bottom && z_.size() <= 255; dz *= growth_) {
    z_.push_back(std::max(z_.back() - dz, bottom));
  }
  if (z_.back() > bottom) {
    throw std::invalid_argument("WaveGridSpacing " + NumberText(spacing_) + " m with growth " +
                                NumberText(growth_) + " needs more than 255 levels down to " +
                                NumberText(bottom) +
                                " m; at most 255 (a larger spacing or growth)");
  }
  const double vertex_bytes = sizeof(Vertex) + 2.0 * kHalf * sizeof(double);
  max_vertices_ = static_cast<std::size_t>(std::max(0.0, o.memory_bytes / vertex_bytes));
  if (max_vertices_ < 12) {  // One point reads 12 vertices (eta's level and the two around z').
    throw std::invalid_argument("WaveGridMemory " + NumberText(o.memory_bytes / 1048576.0) +
                                " MiB holds fewer than 12 vertices of " +
                                NumberText(vertex_bytes / 1024.0) + " KiB");
  }
  // Sorted by k, so that each level's kept components are a prefix (Fill).
  std::vector<WaveComponent> sorted = sea.components();
  std::stable_sort(
      sorted.begin(), sorted.end(),
      [](const WaveComponent& a, const WaveComponent& b) { return a.wave_number < b.wave_number; });
  for (const WaveComponent& c : sorted) {
    const double kh = c.wave_number * depth;
    const double e2kh = kh > 300.0 ? 0.0 : std::exp(-2.0 * kh);  // As sea_state.cpp.
    const double aw = c.amplitude * c.omega / (kh > 300.0 ? 1.0 : -std::expm1(-2.0 * kh));
    kx_.push_back(c.wave_number * std::cos(c.direction));
    ky_.push_back(c.wave_number * std::sin(c.direction));
    k_.push_back(c.wave_number);
    omega_.push_back(c.omega);
    phase_.push_back(c.phase);
    a_.push_back(c.amplitude);
    ux_.push_back(aw * std::cos(c.direction));
    uy_.push_back(aw * std::sin(c.direction));
    uz_.push_back(aw);
    p_.push_back(sea.gravity() * c.amplitude / (1.0 + e2kh));
    e2kh_.push_back(e2kh);
  }
  // grid_fill's arrays: a multiple of 4, padded with still components (zero weights).
  padded_ = (a_.size() + 3) / 4 * 4;
  for (std::vector<double>* v : {&kx_, &ky_, &omega_, &phase_}) v->resize(padded_, 0.0);
  for (std::size_t l = 0; l < z_.size(); ++l) {
    level_spacing_.push_back(spacing_ * std::pow(growth_, static_cast<double>(l)));
    dt_.push_back(dt0 * std::sqrt(level_spacing_.back() / spacing_));  // File comment.
    inverse_.push_back(1.0 / level_spacing_.back());
    inverse_.push_back(1.0 / dt_.back());
    for (const double w : omega_) {
      rot_cos_.push_back(std::cos(w * dt_.back()));
      rot_sin_.push_back(std::sin(w * dt_.back()));
    }
    AddLevel(l);
  }
  cache_.assign(kCacheSize, {kNoKey, 0});
  epoch_.assign(z_.size(), 1);
  times_.resize(z_.size());
}

int WaveGrid::LevelOf(double z) const {
  // z_ decreases: the first level below z, less one.
  const auto below = std::upper_bound(z_.begin(), z_.end(), z, std::greater<>());
  const int l = static_cast<int>(below - z_.begin()) - 1;
  return std::clamp(l, 0, static_cast<int>(z_.size()) - 2);
}

int WaveGrid::LevelOf(double z, int hint) const {
  const auto h = static_cast<std::size_t>(hint);
  if (hint >= 0 && h + 1 < z_.size() && z_[h + 1] < z && z <= z_[h]) return hint;
  return LevelOf(z);
}

bool WaveGrid::ClockAt(int level, double t, Clock& c) const {
  const double f = t * inverse_[2 * static_cast<std::size_t>(level) + 1];  // t / dt
  if (!(std::abs(f) < 1e15)) return false;
  const double steps = Floor(f);
  const auto j = static_cast<std::int64_t>(steps);
  // Floor division: the chunk holding samples j and j + 1.
  c.chunk = j >= 0 ? j / kGridChunk : -((-j + kGridChunk - 1) / kGridChunk);
  c.sample = static_cast<int>(j - c.chunk * kGridChunk);
  c.tau = f - steps;
  return true;
}

std::uint64_t WaveGrid::Key(int level, std::int64_t i, std::int64_t j) {
  return (static_cast<std::uint64_t>(level) << 56) |
         (static_cast<std::uint64_t>(i + kMaxIndex) << 28) |
         static_cast<std::uint64_t>(j + kMaxIndex);
}

void WaveGrid::Evict(double t) const {
  cache_.assign(kCacheSize, {kNoKey, 0});
  for (std::uint64_t& e : epoch_) ++e;
  for (auto it = index_.begin(); it != index_.end();) {
    Vertex& v = pool_[it->second];
    Clock c{};
    if (ClockAt(v.level, t, c) && v.used < c.chunk - 1) {
      v.key = kNoKey;
      free_.push_back(it->second);
      it = index_.erase(it);
    } else {
      ++it;
    }
  }
}

std::size_t WaveGrid::Slot(std::uint64_t key, int level, double t) const {
  auto found = index_.find(key);
  if (found == index_.end()) {
    if (index_.size() >= max_vertices_) Evict(t);
    if (index_.size() >= max_vertices_) return kNone;
    std::size_t slot;
    if (!free_.empty()) {
      slot = free_.back();
      free_.pop_back();
    } else {
      slot = pool_.size();
      for (std::uint64_t& e : epoch_) ++e;  // The vertices may move (their values do not).
      pool_.emplace_back();
      pool_.back().values.resize(2 * kHalf);
    }
    Vertex& v = pool_[slot];
    v.key = key;
    v.level = level;
    v.chunk[0] = v.chunk[1] = v.used = INT64_MIN;
    found = index_.emplace(key, slot).first;
  }
  return found->second;
}

int WaveGrid::Half(std::size_t slot, std::int64_t i, std::int64_t j, std::int64_t chunk) const {
  Vertex& v = pool_[slot];
  v.used = std::max(v.used, chunk);
  for (int s = 0; s < 2; ++s) {
    if (v.chunk[s] == chunk) return s;
  }
  // Replace the older chunk (the runs go forward; a step back reuses the newer one).
  const int s = v.chunk[0] < v.chunk[1] ? 0 : 1;
  v.chunk[s] = chunk;
  ++epoch_[static_cast<std::size_t>(v.level)];
  Fill(v.level, i, j, chunk, v.values.data() + static_cast<std::size_t>(s) * kHalf);
  return s;
}

void WaveGrid::TimeAt(int level, double t, LevelTime& time) const {
  time.call = calls_;
  if (t == time.t) return;  // A Newton iteration or a Jacobian column: the same time again.
  time.t = t;
  time.ok = ClockAt(level, t, time.clock);
  const double tau = time.clock.tau, t2 = tau * tau, t3 = t2 * tau,
               dt = dt_[static_cast<std::size_t>(level)];
  // The cubic Hermite basis on [t_j, t_j+1]: h00, h10 dt, h01, h11 dt (wave_grid_sums.h).
  time.hermite[0] = 2 * t3 - 3 * t2 + 1;
  time.hermite[1] = (t3 - 2 * t2 + tau) * dt;
  time.hermite[2] = 3 * t2 - 2 * t3;
  time.hermite[3] = (t3 - t2) * dt;
}

bool WaveGrid::Refresh(int level, std::int64_t i0, std::int64_t j0, std::int64_t chunk, double t,
                       Cell& here) const {
  // A kept cell serves when its vertices still hold this chunk (file comment).
  bool kept = here.level == level && here.i == i0 && here.j == j0 && here.chunk == chunk;
  const std::uint64_t epoch = epoch_[static_cast<std::size_t>(level)];
  for (int corner = 0; kept && here.epoch != epoch && corner < 4; ++corner) {
    const Vertex& v = pool_[here.slot[corner]];
    kept = v.key == Key(level, i0 + (corner & 1), j0 + (corner >> 1)) &&
           v.chunk[here.half[corner]] == chunk;
  }
  if (!kept) {
    here.level = -1;
    here.epoch = 0;  // Its corners' chunks are taken again below.
    for (int corner = 0; corner < 4; ++corner) {
      const std::int64_t i = i0 + (corner & 1), j = j0 + (corner >> 1);
      const std::uint64_t key = Key(level, i, j);
      // A direct-mapped cache in front of the map (Fibonacci hashing of the key).
      auto& cached = cache_[(key * 0x9E3779B97F4A7C15ULL) >> (64 - kCacheBits)];
      std::size_t slot = cached.second;
      if (cached.first != key) {
        slot = Slot(key, level, t);
        if (slot == kNone) return false;
        cached = {key, slot};
      }
      here.slot[corner] = slot;
      here.half[corner] = Half(slot, i, j, chunk);
    }
    here.level = level;
    here.i = i0;
    here.j = j0;
    here.chunk = chunk;
  }
  if (here.epoch != epoch_[static_cast<std::size_t>(level)]) {  // (Slot or Half may bump it.)
    here.epoch = epoch_[static_cast<std::size_t>(level)];
    for (int corner = 0; corner < 4; ++corner) {
      here.base[corner] = pool_[here.slot[corner]].values.data() +
                          static_cast<std::size_t>(here.half[corner]) * kHalf;
    }
  }
  return true;
}

bool WaveGrid::Locate(int level, double x, double y, double t, Cell& here,
                      grid_sums::Stencil& s) const {
  const auto u = static_cast<std::size_t>(level);
  LevelTime& time = times_[u];
  if (time.call != calls_) TimeAt(level, t, time);  // The level's first point in this call.
  if (!time.ok) return false;
  const Clock& c = time.clock;
  const double inverse = inverse_[2 * u];
  const double fx = x * inverse, fy = y * inverse;
  if (!(std::abs(fx) < kMaxIndex - 2 && std::abs(fy) < kMaxIndex - 2)) return false;
  const double ix = Floor(fx), iy = Floor(fy);
  const auto i0 = static_cast<std::int64_t>(ix), j0 = static_cast<std::int64_t>(iy);
  // The cell of the last evaluation, checked at its level's current epoch, serves as it is.
  const bool same = here.level == level && here.i == i0 && here.j == j0 && here.chunk == c.chunk &&
                    here.epoch == epoch_[u];
  if (!same && !Refresh(level, i0, j0, c.chunk, t, here)) return false;
  const auto row = static_cast<std::size_t>(c.sample) * kStride;
  for (int corner = 0; corner < 4; ++corner) s.row[corner] = here.base[corner] + row;
  const double wx = fx - ix, wy = fy - iy;
  s.w[0] = (1.0 - wx) * (1.0 - wy);
  s.w[1] = wx * (1.0 - wy);
  s.w[2] = (1.0 - wx) * wy;
  s.w[3] = wx * wy;
  s.hermite = time.hermite;
  return true;
}

bool WaveGrid::Interpolate(double t, const Eigen::Vector3d& p, PointCells* cells,
                           WaveKinematics& out) const {
  if (!(p.x() >= bounds_.x_min && p.x() <= bounds_.x_max && p.y() >= bounds_.y_min &&
        p.y() <= bounds_.y_max && std::isfinite(t))) {
    return false;
  }
  // The point's kept cell at `level`: the one of that level, else the role's.
  const auto cell = [&](int level, int role) -> Cell& {
    for (Cell& c : cells->cells) {
      if (c.level == level) return c;
    }
    return cells->cells[role];
  };
  // The elevation from the lattice of the level at the point's own height.
  const int level_eta = LevelOf(std::min(p.z(), 0.0), cells->eta_level);
  cells->eta_level = level_eta;
  grid_sums::Stencil at_eta, upper, lower;
  if (!Locate(level_eta, p.x(), p.y(), t, cell(level_eta, 0), at_eta)) return false;
  out.elevation = grid_sums::Elevation(at_eta);
  out.submerged = false;
  if (p.z() > out.elevation) {  // Dry, as SeaState::At.
    out.velocity.setZero();
    out.acceleration.setZero();
    out.dynamic_pressure = 0.0;
    return true;
  }
  double zs = StretchedHeight(p.z(), out.elevation, sea_.depth(), sea_.stretching());
  if (std::isfinite(sea_.depth())) zs = std::max(zs, -sea_.depth());  // Wheeler's rounding at -h.
  if (zs > 0.0 || zs < z_.back()) return false;
  const int l = LevelOf(zs, cells->z_level);
  cells->z_level = l;
  // The levels around z' (the elevation's stencil serves when it is one of them; pointed to, not
  // copied: a copy just after Locate's stores would stall on store forwarding).
  const auto level = [&](int which, int role, grid_sums::Stencil& s) -> const grid_sums::Stencil* {
    if (which == level_eta) return &at_eta;
    return Locate(which, p.x(), p.y(), t, cell(which, role), s) ? &s : nullptr;
  };
  const grid_sums::Stencil* above = level(l, 1, upper);
  const grid_sums::Stencil* below = above != nullptr ? level(l + 1, 2, lower) : nullptr;
  if (below == nullptr) return false;
  const double w = (z_[l] - zs) / (z_[l] - z_[l + 1]);
  out.submerged = true;
  const grid_sums::Quantities q{out.velocity.data(), out.acceleration.data(),
                                &out.dynamic_pressure};
  grid_sums::Kinematics(*above, *below, w, q);
  return true;
}

WaveGrid::Batch* WaveGrid::FindBatch(const double* points, Eigen::Index cols) const {
  if (cols < 2) return nullptr;  // A single point (a probe, a buoy) is not kept.
  for (Batch& b : batches_) {
    if (b.points == points && b.cols == cols) return &b;
  }
  if (batches_.size() < kMaxBatches) batches_.emplace_back();
  Batch& b = batches_[next_batch_ % batches_.size()];
  Eigen::Index held = cols - b.cols;
  for (const Batch& other : batches_) held += other.cols;
  if (held > kMaxBatchPoints) return nullptr;  // Beyond the cells' budget: not kept.
  ++next_batch_;
  b.points = points;
  b.cols = cols;
  b.cells.assign(static_cast<std::size_t>(cols), PointCells{});
  return &b;
}

void WaveGrid::At(double t, const Eigen::Ref<const Eigen::Matrix3Xd>& points,
                  std::span<WaveKinematics> out) const {
  if (out.size() != static_cast<std::size_t>(points.cols())) {
    throw std::invalid_argument("WaveGrid::At: " + std::to_string(points.cols()) +
                                " points but room for " + std::to_string(out.size()) + " results");
  }
  Batch* batch = FindBatch(points.data(), points.cols());
  ++calls_;  // Each level's time is taken again (Locate).
  for (Eigen::Index i = 0; i < points.cols(); ++i) {
    const Eigen::Vector3d p = points.col(i);
    WaveKinematics& k = out[static_cast<std::size_t>(i)];
    PointCells* cells = batch != nullptr ? &batch->cells[static_cast<std::size_t>(i)] : &scratch_;
    ++points_;
    if (!Interpolate(t, p, cells, k)) {
      ++fallbacks_;
      k = sea_.At(t, p);
    }
  }
}

}  // namespace hawser::ocean
