#include "simobjects/environment/ocean_environment.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <vector>

#include "hawser/log.h"
#include "hawser/text.h"
#include "simobjects/environment/irregular_sea.h"
#include "simobjects/environment/ocean_ignored_parameters.h"
#include "simobjects/environment/wave_components_file.h"
#include "simobjects/environment/wave_limits.h"
#include "simobjects/environment/wave_spectrum.h"

namespace hawser {

OceanEnvironment::OceanEnvironment(ObjectArgs& args) : SimObject(args) {
  depth_ = DeclareParameter<double>(
      {.name = "Depth",
       .unit = "m",
       .doc = "Water depth h: the seabed at z = -h (default: deep water everywhere).",
       .fallback = std::numeric_limits<double>::infinity(),
       .check = [](const double& d) {
         return d >= ocean::kMinDepth ? std::string()
                                      : "a depth >= " + NumberText(ocean::kMinDepth) +
                                            " m (wave_limits.h: no water column below it)";
       }});
  density_ = DeclareParameter<double>({.name = "Density",
                                       .unit = "kg/m^3",
                                       .doc = "Water density.",
                                       .fallback = 1025.0,
                                       .check = Positive()});
  gravity_ = DeclareParameter<double>({.name = "Gravity",
                                       .unit = "m/s^2",
                                       .doc = "Gravitational acceleration, along -z.",
                                       .fallback = 9.81,
                                       .check = Positive()});
  const std::string profile = DeclareCurrent();
  const std::string waves = DeclareWaves(args);
  if (!describing()) WarnIgnoredOceanParameters(args, profile, waves);
  ProvideService(Ocean::kServiceName, *this);
}

std::string OceanEnvironment::DeclareCurrent() {
  const std::string profile =
      DeclareParameter<std::string>({.name = "CurrentProfile",
                                     .unit = "-",
                                     .doc = "none, uniform, powerlaw or table.",
                                     .fallback = "none",
                                     .check = OneOf({"none", "uniform", "powerlaw", "table"})});
  const double speed = DeclareParameter<double>({.name = "CurrentSpeed",
                                                 .unit = "m/s",
                                                 .doc = "Speed (at the surface for powerlaw).",
                                                 .fallback = 0.0,
                                                 .check = AtLeast(0.0)});
  const double direction =
      DeclareParameter<double>({.name = "CurrentDirection",
                                .unit = "deg",
                                .doc = "Direction the current flows towards, from +x towards +y.",
                                .fallback = 0.0});
  const double exponent = DeclareParameter<double>({.name = "CurrentExponent",
                                                    .unit = "-",
                                                    .doc = "Exponent of the power law.",
                                                    .fallback = 1.0 / 7.0,
                                                    .check = Positive()});
  const Eigen::MatrixXd table = DeclareParameter<Eigen::MatrixXd>(
      {.name = "CurrentTable",
       .unit = "m, m/s, deg",
       .doc = "Rows z, speed, direction from the surface down (z <= 0, decreasing).",
       .fallback = Eigen::MatrixXd()});
  if (describing()) return profile;
  try {
    if (profile == "uniform") {
      current_ = ocean::CurrentProfile::Uniform(speed, direction * kDegree);
    } else if (profile == "powerlaw") {
      if (!std::isfinite(depth_)) {
        throw std::invalid_argument("CurrentProfile=\"powerlaw\" needs a finite Depth");
      }
      current_ = ocean::CurrentProfile::PowerLaw(speed, direction * kDegree, depth_, exponent);
    } else if (profile == "table") {
      if (table.cols() != 3 || table.rows() < 1) {
        throw std::invalid_argument("CurrentTable has " + std::to_string(table.rows()) + "x" +
                                    std::to_string(table.cols()) +
                                    " values; expected rows 'z, speed, direction_deg'");
      }
      std::vector<ocean::CurrentTableRow> rows;
      for (Eigen::Index r = 0; r < table.rows(); ++r) {
        rows.push_back({table(r, 0), table(r, 1), table(r, 2) * kDegree});
      }
      current_ = ocean::CurrentProfile::Table(std::move(rows));
    }
  } catch (const std::invalid_argument& e) {
    throw Error(std::string("current: ") + e.what());
  }
  has_current_ = profile != "none";
  return profile;
}

std::string OceanEnvironment::DeclareWaves(const ObjectArgs& args) {
  const std::string waves = DeclareParameter<std::string>(
      {.name = "Waves",
       .unit = "-",
       .doc = "none, regular (Airy), jonswap, pm (Pierson-Moskowitz), issc or file "
              "(WaveComponentsFile).",
       .fallback = "none",
       .check = OneOf({"none", "regular", "jonswap", "pm", "issc", "file"})});
  const double height = DeclareParameter<double>(
      {.name = "WaveHeight",
       .unit = "m",
       .doc = "Wave height H (regular) or significant wave height Hs (spectra).",
       .fallback = 0.0,
       .check = AtLeast(0.0)});
  const double period = DeclareParameter<double>(
      {.name = "WavePeriod",
       .unit = "s",
       .doc = "Period T (regular), peak period Tp (jonswap, pm) or mean period T1 (issc).",
       .fallback = 0.0,
       .check = AtLeast(0.0)});
  const double direction =
      DeclareParameter<double>({.name = "WaveDirection",
                                .unit = "deg",
                                .doc = "Direction the waves travel towards, from +x towards +y.",
                                .fallback = 0.0});
  const double phase = DeclareParameter<double>(
      {.name = "WavePhase", .unit = "deg", .doc = "Phase phi_0 (regular).", .fallback = 0.0});
  const double gamma = DeclareParameter<double>(
      {.name = "Gamma", .unit = "-", .doc = "JONSWAP peak enhancement (1..7).", .fallback = 3.3});
  const long components = DeclareParameter<long>({.name = "NumComponents",
                                                  .unit = "-",
                                                  .doc = "Components of an irregular sea.",
                                                  .fallback = 200,
                                                  .check = IntegerInRange(1, kMaxWaveComponents)});
  const long seed = DeclareParameter<long>(
      {.name = "Seed", .unit = "-", .doc = "Seed of the random phases.", .fallback = 1});
  const double omega_min =
      DeclareParameter<double>({.name = "FrequencyMin",
                                .unit = "rad/s",
                                .doc = "Lowest component frequency (0: 0.4 times the peak).",
                                .fallback = 0.0,
                                .check = AtLeast(0.0)});
  const double omega_max =
      DeclareParameter<double>({.name = "FrequencyMax",
                                .unit = "rad/s",
                                .doc = "Highest component frequency (0: 4 times the peak).",
                                .fallback = 0.0,
                                .check = AtLeast(0.0)});
  const double spreading =
      DeclareParameter<double>({.name = "SpreadingExponent",
                                .unit = "-",
                                .doc = "n of cos^n directional spreading (0: long-crested).",
                                .fallback = 0.0,
                                .check = AtLeast(0.0)});
  const std::string stretching_name =
      DeclareParameter<std::string>({.name = "Stretching",
                                     .unit = "-",
                                     .doc = "wheeler, extrapolation or none (above z = 0).",
                                     .fallback = "wheeler",
                                     .check = OneOf({"wheeler", "extrapolation", "none"})});
  const std::string file = DeclareParameter<std::string>(
      {.name = "WaveComponentsFile",
       .unit = "-",
       .doc = "Components for Waves=\"file\": MoorDyn's wave_frequencies.txt rows 'omega Re(A) "
              "Im(A) [beta]' (rad/s, m, m, rad; eta = |A| sin(omega t - k x' + arg A), "
              "x' along WaveDirection + beta), relative to the scenario file.",
       .fallback = ""});
  const std::string kinematics = DeclareParameter<std::string>(
      {.name = "WaveKinematics",
       .unit = "-",
       .doc = "fast (vectorised, depth cut-off within 1e-7 of the sea's largest sums), direct "
              "(every component at every point, the reference) or grid (interpolated on a "
              "space-time grid, WaveGrid*: wave_grid.h).",
       .fallback = "fast",
       .check = OneOf({"fast", "direct", "grid"})});
  const ocean::WaveGridOptions grid = DeclareWaveGrid();
  ramp_time_ = DeclareParameter<double>(
      {.name = "WaveRampTime",
       .unit = "s",
       .doc = "Ramp the waves in over this time from t = 0 (0: full sea from the start).",
       .fallback = 0.0,
       .check = AtLeast(0.0)});
  if (describing() || waves == "none") return waves;
  const ocean::Stretching stretching = stretching_name == "wheeler" ? ocean::Stretching::kWheeler
                                       : stretching_name == "extrapolation"
                                           ? ocean::Stretching::kVerticalExtrapolation
                                           : ocean::Stretching::kNone;
  if (waves != "file" && !(height > 0.0 && period > 0.0)) {
    throw Error("Waves=\"" + waves + "\" needs WaveHeight > 0 and WavePeriod > 0 (given " +
                NumberText(height) + " m, " + NumberText(period) + " s)");
  }
  // Errors about the sea's height and period are reported at WaveHeight's line.
  const auto at_height = [&](const std::string& problem) {
    const auto given = args.values.find("WaveHeight");
    return ScenarioError(given == args.values.end() ? location() : given->second.second,
                         name() + " (" + type() + "): " + problem);
  };
  try {
    std::vector<ocean::WaveComponent> parts;
    if (waves == "file") {
      parts = ReadComponentsFile(args, file, direction * kDegree);
    } else if (waves == "regular") {
      if (std::string problem = ocean::BreakingProblem(height, period, depth_, gravity_, false);
          !problem.empty()) {
        throw at_height(problem);
      }
      parts.push_back(ocean::RegularWave(height, period, direction * kDegree, phase * kDegree,
                                         depth_, gravity_));
    } else {
      const ocean::WaveSpectrum spectrum =
          waves == "jonswap" ? ocean::WaveSpectrum::Jonswap(height, period, gamma)
          : waves == "pm"    ? ocean::WaveSpectrum::PiersonMoskowitz(height, period)
                             : ocean::WaveSpectrum::IsscFromMeanPeriod(height, period);
      if (std::string problem =
              ocean::BreakingProblem(height, spectrum.peak_period(), depth_, gravity_, true);
          !problem.empty()) {
        throw at_height(problem);
      }
      const double omega_peak = spectrum.peak_frequency();
      ocean::IrregularSeaOptions options;
      options.components = static_cast<int>(components);
      options.omega_min = omega_min > 0.0 ? omega_min : 0.4 * omega_peak;
      options.omega_max = omega_max > 0.0 ? omega_max : 4.0 * omega_peak;
      options.mean_direction = direction * kDegree;
      options.spreading_exponent = spreading;
      options.seed = static_cast<std::uint64_t>(seed);
      parts = ocean::IrregularWaveComponents([&](double w) { return spectrum(w); }, options, depth_,
                                             gravity_);
      if (std::string problem = ocean::DiscretisedHsProblem(parts, height); !problem.empty()) {
        throw at_height(problem);
      }
    }
    sea_ = std::make_unique<ocean::SeaState>(std::move(parts), depth_, gravity_, stretching);
    if (kinematics == "fast") fast_ = std::make_unique<ocean::FastWaveSum>(*sea_);
    if (kinematics == "grid") grid_ = std::make_unique<ocean::WaveGrid>(*sea_, grid);
    for (const ocean::WaveComponent& c : sea_->components()) {
      components_.push_back({.amplitude = c.amplitude,
                             .omega = c.omega,
                             .wave_number = c.wave_number,
                             .direction = c.direction,
                             .phase = c.phase});
    }
  } catch (const std::invalid_argument& e) {
    throw Error(std::string("waves: ") + e.what());
  }
  return waves;
}

OceanEnvironment::~OceanEnvironment() {
  if (!grid_ || grid_->points() == 0) return;
  Note(name() + " (" + type() + "): WaveKinematics=\"grid\": " + std::to_string(grid_->points()) +
       " points, " + std::to_string(grid_->fallbacks()) +
       " summed exactly (outside the grid or the grid full), " + std::to_string(grid_->fills()) +
       " vertex chunks computed, " + std::to_string(grid_->vertices()) +
       " vertices held at the end");
}

ocean::WaveGridOptions OceanEnvironment::DeclareWaveGrid() {
  ocean::WaveGridOptions o;
  o.spacing = DeclareParameter<double>(
      {.name = "WaveGridSpacing",
       .unit = "m",
       .doc = "WaveKinematics=grid: spacing at the surface, horizontal and vertical (0: the "
              "shortest wave length / 16).",
       .fallback = 0.0,
       .check = AtLeast(0.0)});
  o.growth = DeclareParameter<double>(
      {.name = "WaveGridGrowth",
       .unit = "-",
       .doc = "WaveKinematics=grid: each level's spacing over the one above (1 to 4).",
       .fallback = 1.1,
       .check = [](const double& g) {
         return g >= 1.0 && g <= 4.0 ? std::string() : std::string("a growth from 1 to 4");
       }});
  o.time_step = DeclareParameter<double>(
      {.name = "WaveGridTimeStep",
       .unit = "s",
       .doc = "WaveKinematics=grid: time between samples at the surface (0: the shortest "
              "period / 4); at a level of spacing s, this times sqrt(s / WaveGridSpacing).",
       .fallback = 0.0,
       .check = AtLeast(0.0)});
  o.memory_bytes =
      1048576.0 *
      DeclareParameter<double>({.name = "WaveGridMemory",
                                .unit = "MiB",
                                .doc = "WaveKinematics=grid: the most the grid's vertices hold.",
                                .fallback = 256.0,
                                .check = Positive()});
  const Eigen::MatrixXd bounds = DeclareParameter<Eigen::MatrixXd>(
      {.name = "WaveGridBounds",
       .unit = "m",
       .doc = "WaveKinematics=grid: 'x_min, x_max, y_min, y_max[, z_min]' (default: wherever "
              "the points go, down to the seabed).",
       .fallback = Eigen::MatrixXd(),
       .check = [](const Eigen::MatrixXd& b) {
         if (b.size() == 0) return std::string();
         const Eigen::Index n = b.size();
         if (b.rows() != 1 || (n != 4 && n != 5))
           return std::string("one row 'x_min, x_max, y_min, y_max[, z_min]'");
         if (!(b(0, 0) < b(0, 1)) || !(b(0, 2) < b(0, 3)))
           return std::string("x_min < x_max and y_min < y_max (bounds not inverted)");
         if (n == 5 && !(b(0, 4) < 0.0)) return std::string("z_min < 0 m");
         return std::string();
       }});
  if (bounds.size() >= 4) {
    o.x_min = bounds(0, 0);
    o.x_max = bounds(0, 1);
    o.y_min = bounds(0, 2);
    o.y_max = bounds(0, 3);
    if (bounds.size() == 5) o.z_min = bounds(0, 4);
  }
  return o;
}

std::vector<ocean::WaveComponent> OceanEnvironment::ReadComponentsFile(const ObjectArgs& args,
                                                                       const std::string& file,
                                                                       double direction) const {
  const auto given = args.values.find("WaveComponentsFile");
  if (given == args.values.end() || file.empty()) {
    throw Error("Waves=\"file\" needs WaveComponentsFile (MoorDyn's wave_frequencies.txt format)");
  }
  const SourceLocation& where = given->second.second;
  try {
    return ocean::ReadWaveComponentsFile(ResolvePath(file), where, direction, depth_, gravity_);
  } catch (const ScenarioError& e) {
    // Errors about the whole file read better with the object's name; rows keep their line.
    if (e.location().file == where.file && e.location().line == where.line)
      throw ScenarioError(where, name() + " (" + type() + "): " + e.message());
    throw;
  }
}

double OceanEnvironment::WaveRamp(double t, double* rate) const {
  double r = 1.0, dr = 0.0;
  if (ramp_time_ > 0.0 && t < ramp_time_) {
    const double a = std::numbers::pi / ramp_time_;
    r = t <= 0.0 ? 0.0 : 0.5 * (1.0 - std::cos(a * t));
    dr = t <= 0.0 ? 0.0 : 0.5 * a * std::sin(a * t);
  }
  if (rate != nullptr) *rate = dr;
  return r;
}

double OceanEnvironment::Elevation(double t, double x, double y) const {
  return sea_ ? WaveRamp(t) * sea_->Elevation(t, x, y) : 0.0;
}

WaterMotion OceanEnvironment::Motion(double t, const Eigen::Vector3d& point) const {
  WaterMotion m;
  Motion(t, point, std::span<WaterMotion>(&m, 1));
  return m;
}

void OceanEnvironment::Motion(double t, const Eigen::Ref<const Eigen::Matrix3Xd>& points,
                              std::span<WaterMotion> out) const {
  const auto n = static_cast<std::size_t>(points.cols());
  if (out.size() != n) {
    throw std::invalid_argument("Ocean::Motion: " + std::to_string(n) + " points but room for " +
                                std::to_string(out.size()) + " results");
  }
  if (!sea_) {
    for (std::size_t i = 0; i < n; ++i) {
      out[i] = WaterMotion{};
      out[i].wet = points(2, static_cast<Eigen::Index>(i)) <= 0.0;
    }
  } else {
    const auto start = std::chrono::steady_clock::now();
    kinematics_.resize(std::max(kinematics_.size(), n));
    const std::span<ocean::WaveKinematics> k(kinematics_.data(), n);
    if (fast_) {
      fast_->At(t, points, k);
    } else if (grid_) {
      grid_->At(t, points, k);
    } else {
      sea_->At(t, points, k);
    }
    double rate = 0.0;
    const double r = WaveRamp(t, &rate);
    for (std::size_t i = 0; i < n; ++i) {
      WaterMotion& m = out[i];
      m.wet = r == 1.0
                  ? k[i].submerged
                  : k[i].submerged && points(2, static_cast<Eigen::Index>(i)) <= r * k[i].elevation;
      m.velocity = r * k[i].velocity;
      m.acceleration = r * k[i].acceleration + rate * k[i].velocity;
    }
    timing_.seconds +=
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    timing_.points += static_cast<long long>(n);
  }
  if (!has_current_) return;
  for (std::size_t i = 0; i < n; ++i) {
    if (out[i].wet) out[i].velocity += current_.VelocityAt(points(2, static_cast<Eigen::Index>(i)));
  }
}

Eigen::Vector3d OceanEnvironment::Current(double z) const {
  return has_current_ ? current_.VelocityAt(z) : Eigen::Vector3d::Zero();
}

}  // namespace hawser
