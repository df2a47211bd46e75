// The wave-kinematics grid (Environment/Ocean WaveKinematics="grid"): SeaState's kinematics
// sampled on a space-time grid and interpolated, as MoorDyn's wave grid (WaveKin 2) and
// OpenFAST's SeaState do, with a stated error bound.
//
// What is sampled. Linear theory at a stretched height z' (sea_state.h) is a smooth function
// F(x, y, z', t) (no stretching, no surface); the grid samples F, and each query stretches its
// point exactly with the interpolated elevation. So the grid never interpolates across the free
// surface: a point is wet when z <= eta (eta interpolated), and its z' follows from that eta.
//
// Where. Levels z_0 = 0 > z_1 > ... > z_L = z_min (the seabed, or in deep water the depth below
// which every component is under 1e-7 of its surface value, -ln(1e7) / k_min), spaced
// dz_l = s_0 g^l: fine at the surface where the short waves live, coarse at depth where only the
// long ones remain (a component's kinematics fall as e^(k z')). Level l carries a horizontal
// lattice of spacing s_l = s_0 g^l (x = i s_l, y = j s_l). Vertices are filled lazily where
// points go, so the grid covers the nodes' envelope without being told it; optional bounds
// (x, y and z_min) limit it. Points outside (outside the bounds, below z_min, or above z' = 0 with
// Stretching="none") are summed exactly (SeaState::At) and counted, never extrapolated.
//
// When. Level l samples at t_j = j dt_l with dt_l = dt_0 sqrt(s_l / s_0), in chunks of
// kGridChunk intervals: a vertex computes a chunk's kGridChunk + 1 samples at once (phases
// rotated by exp(-i omega dt_l) from an exact start, then the quantities as sums over the
// components, wave_grid_fill.h),
// and keeps its last two chunks. Why sqrt: a component's two error terms below share the factor
// |A| e^(k z'), and omega^2 <= g k (the dispersion relation, any depth), so its time term over its
// space term is at most g^2 dt_l^4 / (96 s_l^2) (dz_l = s_l): with dt_l ~ sqrt(s_l) that ratio is
// the surface's at every level (41 % with the defaults), and the deep levels, which only the long
// waves reach, are sampled as coarsely in time as in space. At most `memory_bytes` of vertices:
// when full, vertices unused for two of their chunks are dropped; if still full, the point is
// summed exactly (counted).
//
// Interpolation and error. At each level bilinear in (x, y), cubic Hermite in t (each quantity's
// time derivative is sampled too), then linear in z' between the two levels around z'. For
// f = A(z') cos(k.x - omega t + phi) the error is at most (tensor-product interpolation with
// operators of max-norm 1 in space; Hermite's remainder f''''(xi) dt^4 / 384 in time)
//   |A| (k^2 (s^2 + dz^2) / 8 + omega^4 dt^4 / 384),
// with |A| at the top of the cell and s, dt the lower level's (the coarser), and the sea's error
// is the sum over components (ErrorBound). The elevation is read from the lattice of the level of
// the point's own height z (no dz term there). What a level leaves out, components sorted by k
// (so each kept set is a prefix): from its elevation, a component whose term above is at least
// |A| there (left out, its error is |A|: no larger); from its kinematics, the components of
// largest k whose magnitudes at z_l sum to at most a tenth of the level's own bound (s = dz =
// s_l), each of velocity, acceleration and pressure (the bound adds that sum). Deep down few
// components matter: on a 320-m JONSWAP sea of 200 components the levels at 85-320 m keep 75-37
// (1e-10 of each one's own surface value kept 157-67), so filling a vertex costs about half.
// Under Wheeler stretching an elevation error d_eta
// moves z' by at most h / (h + eta_min) d_eta, which adds sum |A| k h / (h + eta_min) d_eta and
// may move z' into a neighbouring cell (the bound takes the coarsest cell within that shift).
// Near the surface a point within the elevation's bound of eta may be called wet or dry
// differently from the exact sum. Defaults: s_0 = lambda_min / 16 (lambda_min = 2 pi / k_max),
// g = 1.1, dt_0 = T_min / 4 (T_min = 2 pi / omega_max): the shortest wave's error is
// (pi / 8)^2 / 8 = 1.9 % of its amplitude in space and (pi / 2)^4 / 384 = 1.6 % in time at the
// surface, the two terms balanced (at T_min / 8 the time term was 0.1 % and filling the samples
// most of the grid's cost); the spectrum's tail is small.
//
// Layout and reuse. A chunk's values are stored sample by sample, a sample's 8 quantities and
// their 8 time derivatives together (16 doubles), so that a point reads one short run per vertex. A
// batch of points given again (the same matrix at every evaluation, e.g. a line's nodes, as
// FastWaveSum's phasor batches) keeps per point the vertex slots of the cells it read and its two
// levels (eta's and z''s, where the level search starts): the hash lookups are redone only when
// the point changes cell or chunk, and a kept slot is checked against its vertex's key and chunk
// before use, so the result never depends on what was evaluated before. At most 16 batches and
// 65,536 points' cells (23 MiB) are kept; others are looked up each time.
//
// Per point. A level's sample interval and Hermite weights are taken once per At call (every
// point of a call has its time). At eta's level only eta is summed (4 of the 32 values); the
// kinematics at the two levels around z' and their linear blend are one kernel
// (wave_grid_sums.h), built for AVX2 (4 doubles per instruction) and for every x86-64 CPU (2),
// without fused multiply-adds, so that both give the same bits.
#pragma once

#include <Eigen/Core>
#include <cstdint>
#include <limits>
#include <span>
#include <unordered_map>
#include <utility>
#include <vector>

#include "simobjects/environment/sea_state.h"
#include "simobjects/environment/wave_grid_sums.h"

namespace hawser::ocean {

/// Time intervals per chunk (a vertex computes kGridChunk + 1 samples at once).
inline constexpr int kGridChunk = 32;

struct WaveGridOptions {
  double spacing = 0.0;    ///< s_0 [m] at the surface, horizontal and vertical; 0: lambda_min / 16.
  double growth = 1.1;     ///< g >= 1: each level's spacing over the one above.
  double time_step = 0.0;  ///< dt [s]; 0: T_min / 4.
  double x_min = -std::numeric_limits<double>::infinity();  ///< Horizontal bounds [m].
  double x_max = std::numeric_limits<double>::infinity();
  double y_min = -std::numeric_limits<double>::infinity();
  double y_max = std::numeric_limits<double>::infinity();
  double z_min = -std::numeric_limits<double>::infinity();  ///< Lowest level [m] (above z_L).
  double memory_bytes = 256.0 * 1024 * 1024;                ///< The vertices' memory limit.
};

class WaveGrid {
 public:
  /// Throws std::invalid_argument (naming the option) for a non-positive spacing or time step,
  /// growth < 1, inverted bounds or a memory limit too small for one point's vertices.
  WaveGrid(const SeaState& sea, const WaveGridOptions& options);

  /// SeaState::At within ErrorBound for each column of `points` into out[i]; points outside the
  /// grid are summed exactly and counted.
  void At(double t, const Eigen::Ref<const Eigen::Matrix3Xd>& points,
          std::span<WaveKinematics> out) const;

  /// The most the interpolated quantities can differ from the exact sum at a wet point of height
  /// z [m] (where its elevation is read) and stretched height zs [m] inside the grid (file
  /// comment): elevation [m], each Cartesian component of velocity [m/s] and acceleration
  /// [m/s^2], and p_d / rho [m^2/s^2].
  struct Bound {
    double elevation, velocity, acceleration, pressure;
  };
  Bound ErrorBound(double z, double zs) const;

  double spacing() const { return spacing_; }
  double growth() const { return growth_; }
  /// dt_0 [s], the surface's time step; level l's is time_step(l).
  double time_step() const { return dt_.front(); }
  double time_step(int level) const { return dt_[static_cast<std::size_t>(level)]; }
  const std::vector<double>& levels() const { return z_; }
  /// How many components level l sums for the elevation, and for the kinematics: the first ones
  /// in order of wave number (file comment).
  std::size_t elevation_components(int level) const {
    return elevation_count_[static_cast<std::size_t>(level)];
  }
  std::size_t kinematics_components(int level) const {
    return kinematics_count_[static_cast<std::size_t>(level)];
  }
  /// Points evaluated, and those summed exactly because they were outside the grid or it was full.
  long long points() const { return points_; }
  long long fallbacks() const { return fallbacks_; }
  /// Vertex chunks computed (Fill calls).
  long long fills() const { return fills_; }
  std::size_t vertices() const { return index_.size(); }

 private:
  static constexpr std::uint64_t kNoKey = ~std::uint64_t{0};
  struct Vertex {
    std::uint64_t key = kNoKey;
    int level = 0;
    std::int64_t chunk[2] = {INT64_MIN, INT64_MIN};
    std::int64_t used = INT64_MIN;  ///< The last of its level's chunks it was read in.
    std::vector<double> values;     ///< Per half: (kGridChunk + 1) samples x 16 (the .cpp).
  };
  /// Where a time falls on level l's samples: chunk, sample in it, and tau in [0, 1).
  struct Clock {
    std::int64_t chunk;
    int sample;
    double tau;
  };
  /// A point's cell at one level, its chunk and its corners' (slot, half): Interpolate's
  /// per-point memory (file comment).
  struct Cell {
    int level = -1;
    std::int64_t i = 0, j = 0, chunk = INT64_MIN;
    std::size_t slot[4] = {0, 0, 0, 0};
    int half[4] = {0, 0, 0, 0};
    std::uint64_t epoch = 0;                                       ///< Its level's, when checked.
    const double* base[4] = {nullptr, nullptr, nullptr, nullptr};  ///< The corners' chunks.
  };
  /// A point's cells (the elevation's level and the two around z') and the levels it was at
  /// last, where LevelOf looks first.
  struct PointCells {
    Cell cells[3];
    int eta_level = -1, z_level = -1;
  };
  /// The cells of one batch of points.
  struct Batch {
    const double* points = nullptr;
    Eigen::Index cols = 0;
    std::vector<PointCells> cells;
  };
  /// Level l's sample interval at the time of the current At call and its Hermite weights
  /// (h00, h10 dt, h01, h11 dt), computed once per call, and again only for a new time.
  struct LevelTime {
    std::uint64_t call = 0;
    double t = std::numeric_limits<double>::quiet_NaN();  ///< The time they are for.
    bool ok = false;
    Clock clock{};
    double hermite[4] = {0, 0, 0, 0};
  };
  /// The level l with z_(l+1) < z <= z_l (z in [z_L, z_0]).
  int LevelOf(double z) const;
  /// The same, trying level `hint` first (a point's level of the last evaluation).
  int LevelOf(double z, int hint) const;
  bool ClockAt(int level, double t, Clock& c) const;
  static std::uint64_t Key(int level, std::int64_t i, std::int64_t j);
  static constexpr std::size_t kNone = ~std::size_t{0};
  static constexpr int kCacheBits = 12;
  static constexpr std::size_t kCacheSize = std::size_t{1} << kCacheBits;
  /// The pool slot of vertex `key` (added if new), or kNone when the grid is full.
  std::size_t Slot(std::uint64_t key, int level, double t) const;
  /// The half of `slot` that holds `chunk` (filled if not yet).
  int Half(std::size_t slot, std::int64_t i, std::int64_t j, std::int64_t chunk) const;
  void Fill(int level, std::int64_t i, std::int64_t j, std::int64_t chunk, double* out) const;
  /// Level l's entry of times_ at time t.
  void TimeAt(int level, double t, LevelTime& time) const;
  /// Makes `cell` level l's cell (i0, j0) holding `chunk`, with its corners' chunks (file
  /// comment); false when the grid is full.
  bool Refresh(int level, std::int64_t i0, std::int64_t j0, std::int64_t chunk, double t,
               Cell& cell) const;
  /// Where (x, y) at time t of the current At call falls at level l (wave_grid_sums.h) into s;
  /// false when the grid is full. `cell` is the point's memory of its cell there (file comment).
  bool Locate(int level, double x, double y, double t, Cell& cell, grid_sums::Stencil& s) const;
  bool Interpolate(double t, const Eigen::Vector3d& p, PointCells* cells,
                   WaveKinematics& out) const;
  void Evict(double t) const;
  Batch* FindBatch(const double* points, Eigen::Index cols) const;

  const SeaState& sea_;
  WaveGridOptions bounds_;
  double spacing_, growth_;
  double eta_floor_;                   ///< -(sum of amplitudes): the lowest the surface goes.
  std::vector<double> z_;              ///< Levels, from 0 down.
  std::vector<double> level_spacing_;  ///< s_l.
  std::vector<double> dt_;             ///< dt_l.
  std::vector<double> inverse_;        ///< 1 / s_l and 1 / dt_l, level by level.
  /// Per component, sorted by k (kx_, ky_, omega_ and phase_ padded to padded_).
  std::vector<double> kx_, ky_, k_, omega_, phase_, a_, ux_, uy_, uz_, p_, e2kh_;
  std::vector<double> rot_cos_, rot_sin_;  ///< cos, sin (omega dt_l), level by level (padded_).
  std::size_t max_vertices_;
  mutable std::unordered_map<std::uint64_t, std::size_t> index_;
  mutable std::vector<Vertex> pool_;
  mutable std::vector<std::size_t> free_;
  /// Appends level l's weights (wave_grid_fill.h), the components it keeps and what it leaves
  /// out (the .cpp).
  void AddLevel(std::size_t l);
  /// Component c's interpolation error per |A| on a cell of spacing s, height dz and time step
  /// with dt4 = dt^4 / 384: k^2 (s^2 + dz^2) / 8 + omega^4 dt4 (the file comment).
  double InterpolationTerm(std::size_t c, double s, double dz, double dt4) const {
    const double w2 = omega_[c] * omega_[c];
    return k_[c] * k_[c] * (s * s + dz * dz) / 8.0 + w2 * w2 * dt4;
  }
  std::size_t padded_ = 0;       ///< Components, rounded up to a multiple of 4.
  std::vector<double> weights_;  ///< Per level, grid_fill::Level's 13 rows of padded_.
  /// Per level: the components in its elevation, and in its kinematics (a prefix of those):
  /// counts, and the same rounded up to a multiple of 4 for grid_fill.
  std::vector<std::size_t> elevation_count_, kinematics_count_, summed_, kept_;
  /// Per level, the most the kinematics it leaves out can add (velocity, acceleration, pressure).
  std::vector<Bound> left_out_;
  mutable std::vector<double> turned_cos_, turned_sin_;  ///< Fill's phasors, sample by sample.
  /// A direct-mapped cache of (key, slot) in front of index_ (cleared when vertices are dropped).
  mutable std::vector<std::pair<std::uint64_t, std::size_t>> cache_;
  mutable std::vector<Batch> batches_;
  mutable PointCells scratch_;            ///< The cells of a point outside any batch.
  mutable std::vector<LevelTime> times_;  ///< Per level.
  mutable std::uint64_t calls_ = 0;       ///< At calls.
  /// Per level, bumped whenever a vertex of the level is filled or dropped (and for all levels
  /// when the pool grows): a cell checked at the current epoch needs no check.
  mutable std::vector<std::uint64_t> epoch_;
  mutable std::size_t next_batch_ = 0;
  mutable long long points_ = 0, fallbacks_ = 0, fills_ = 0;
};

}  // namespace hawser::ocean
