// Environment/Ocean: the ocean as a service ("ocean", hawser/ocean.h) for every cable, buoy and
// body of the scenario: water depth, density, gravity, a current profile and waves. It has no
// ports or states; objects that use it find it by name (docs/design.md, "Services and the ocean").
// At most one per scenario.
//
// Frame: world, z up, mean water level z = 0, seabed at z = -Depth (Depth = inf: deep water).
// Directions (current and waves) are the direction of travel, TOWARDS, in degrees from +x towards
// +y.
// Current (CurrentProfile): "none"; "uniform" (CurrentSpeed below z = 0); "powerlaw"
// (CurrentSpeed ((z + h)/h)^CurrentExponent, DNV-RP-C205 4.1.4; needs a finite Depth); "table"
// (CurrentTable rows "z, speed, direction_deg; ..." from the surface down, interpolated linearly);
// see simobjects/environment/current_profile.h. The current is zero above z = 0.
// Waves (Waves): "none"; "regular" (Airy: WaveHeight H, WavePeriod T, WaveDirection, WavePhase
// phi_0, eta = H/2 cos(k (x cos theta + y sin theta) - omega t + phi_0)); "jonswap" (Hs =
// WaveHeight, Tp = WavePeriod, Gamma), "pm" (Pierson-Moskowitz, Hs, Tp), "issc" (Hs, mean period
// T1 = WavePeriod): long-crested irregular seas of NumComponents components, one random frequency
// in each of NumComponents equal bins of [FrequencyMin, FrequencyMax] (default 0.4 and 4 times the
// peak frequency), random phases, from Seed; the record does not repeat (irregular_sea.h);
// SpreadingExponent n > 0 spreads directions as cos^n; "file" (WaveComponentsFile: an explicit
// component list in MoorDyn's wave_frequencies.txt format, turned by WaveDirection; see
// wave_components_file.h for the phase convention). Kinematics by linear theory with
// finite-depth dispersion (sea_state.h), stretched up to the free surface (Stretching "wheeler",
// default; "extrapolation" or "none"), zero above it. WaveKinematics "fast" (default; wave_sum.h:
// vectorised, with a depth cut-off of stated bound), "direct" (each point's full sum, the
// reference) or "grid" (wave_grid.h: sampled on a space-time grid and interpolated, within a
// stated bound; WaveGridSpacing, WaveGridGrowth, WaveGridTimeStep, WaveGridBounds,
// WaveGridMemory).
// Ramp (WaveRampTime T_r > 0, as OrcaFlex's build-up and MoorDyn's ramp): for t < T_r the sea is
// r(t) = (1 - cos(pi t / T_r)) / 2 times the full sea (elevation, velocity; acceleration
// r a + r' u, the exact time derivative of r u), so a run starts, and Settle finds the
// equilibrium, in calm water plus current; r and r' are continuous. During the ramp the
// stretching uses the full sea's surface and a point is wet below the ramped one.
// Limits (wave_limits.h): a sea beyond Miche's or McCowan's breaking limit, a period below
// 0.2 s, a Depth below 0.01 m, or an irregular sea whose components miss WaveHeight's Hs by more
// than 5 % is refused at the parameter's line; a parameter the chosen CurrentProfile or Waves
// does not read is a warning (ocean_ignored_parameters.h).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "hawser/ocean.h"
#include "hawser/simobject.h"
#include "simobjects/environment/current_profile.h"
#include "simobjects/environment/sea_state.h"
#include "simobjects/environment/wave_grid.h"
#include "simobjects/environment/wave_sum.h"

namespace hawser {

class OceanEnvironment final : public SimObject, public Ocean {
 public:
  explicit OceanEnvironment(ObjectArgs& args);
  /// With WaveKinematics="grid", notes how many points the grid answered and how many it summed
  /// exactly (outside it or full).
  ~OceanEnvironment() override;

  double depth() const override { return depth_; }
  double density() const override { return density_; }
  double gravity() const override { return gravity_; }
  double Elevation(double t, double x, double y) const override;
  WaterMotion Motion(double t, const Eigen::Vector3d& point) const override;
  void Motion(double t, const Eigen::Ref<const Eigen::Matrix3Xd>& points,
              std::span<WaterMotion> out) const override;
  Eigen::Vector3d Current(double z) const override;
  std::span<const WaveComponentInfo> WaveComponents() const override { return components_; }
  double WaveRamp(double t, double* rate = nullptr) const override;

  /// The wall time spent in wave kinematics [s] and the points evaluated, since the start.
  struct Timing {
    double seconds = 0.0;
    long long points = 0;
  };
  /// Accumulated by every Motion() call while there are waves (one steady_clock pair per call,
  /// not per point), for the benchmarks.
  Timing KinematicsTiming() const { return timing_; }

 private:
  /// Each returns its mode (CurrentProfile, Waves).
  std::string DeclareCurrent();
  std::string DeclareWaves(const ObjectArgs& args);
  /// The WaveGrid* parameters (WaveKinematics="grid").
  ocean::WaveGridOptions DeclareWaveGrid();
  /// The components of WaveComponentsFile `file` (wave_components_file.h), turned by
  /// `direction` [rad]; errors at the attribute or the file's row.
  std::vector<ocean::WaveComponent> ReadComponentsFile(const ObjectArgs& args,
                                                       const std::string& file,
                                                       double direction) const;

  double depth_, density_, gravity_;
  double ramp_time_ = 0.0;  ///< WaveRampTime [s]; 0: no ramp.
  ocean::CurrentProfile current_;
  bool has_current_ = false;
  std::unique_ptr<ocean::SeaState> sea_;      ///< Null: still water.
  std::unique_ptr<ocean::FastWaveSum> fast_;  ///< WaveKinematics="fast" (null: "direct").
  std::unique_ptr<ocean::WaveGrid> grid_;     ///< WaveKinematics="grid".
  // Motion()'s results and counters: a model is evaluated by one thread at a time.
  mutable std::vector<ocean::WaveKinematics> kinematics_;
  mutable Timing timing_;
  std::vector<WaveComponentInfo> components_;  ///< sea_'s components, for RAO-driven bodies.
};

}  // namespace hawser
