// The OC3-Hywind spar system of issue 26 as scenario text, and the statistics its benchmark
// prints (bench/storm_bench.cpp, bench/moordyn_side_by_side.py reads the same sea).
//
// Public data: J. Jonkman (2010), "Definition of the Floating System for Phase IV of OC3",
// NREL/TP-500-47535, as in configs/spar_oc3_hywind_surge_force.xml. The force RAOs are those of
// a 9.4 m x 120 m vertical cylinder (the spar's lower column), configs/data/
// spar_oc3_force_raos.csv, made by
//   /usr/bin/python3 tools/cylinder_raos.py --diameter 9.4 --draft 120 --depth 320
//       --gravity 9.80665 --mass 8066048 --kg 42 --kind force
//       --output configs/data/spar_oc3_force_raos.csv
// With Sea::design_loads, the loads of configs/spar_oc3_design.xml join in: the hull from the
// WAMIT-format files configs/data/spar_oc3.* (tools/spar_oc3_wamit.py) with radiation memory,
// wind with a Kaimal gust on the rotor, the current's drag on the column and Newman's slow drift.
#pragma once
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace hawser::storm {

/// The sea of a run: "jonswap" (Hs 6 m, Tp 10 s, gamma 3.3, 200 components), "regular" (H 6 m,
/// T 10 s), "none" (current only), or "file" (the components of WaveComponentsFile).
struct Sea {
  std::string waves = "jonswap";
  std::string kinematics = "fast";  ///< WaveKinematics: "fast", "direct" (the exact sum) or "grid".
  std::string components_file;      ///< For waves == "file".
  /// Wind (11.4 m/s at 90 m, Kaimal gust, seed 1) on the rotor, the current's drag on the
  /// column, Newman's slow drift, and the WAMIT hull with radiation memory instead of constant
  /// added mass and damping (configs/spar_oc3_design.xml's loads, heading 0).
  bool design_loads = false;
};

/// The spar's body and its extra load objects, and the extra terms of Spar.Force and
/// Spar.Moment. The design loads' files are read from `rao_file`'s folder (configs/data).
struct SparLoads {
  std::string objects, wires, force, moment;
};

inline SparLoads SparLoadsXml(const Sea& sea, const std::string& rao_file) {
  const std::string fixed = R"(     LinearDamping="1e5,0,0,0,0,0; 0,1e5,0,0,0,0; 0,0,1.3e5,0,0,0;
                    0,0,0,0,0,0; 0,0,0,0,0,0; 0,0,0,0,0,1.3e7")";
  const std::string body =
      R"(<Lib LibName="base" SimObject="Body/FloatingBody" Name="Spar" Mass="8066048"
     CentreOfGravity="0,0,-78" Inertia="1.9e10,1.9e10,1.6423e8" Displacement="8029.21")";
  if (!sea.design_loads) {
    return {.objects = fmt::format(R"({0}
     WaterplaneArea="33.1830724" MetacentricHeight="15.9409,15.9409"
     AddedMass="8.0258e6,0,0,0,0,0; 0,8.0258e6,0,0,0,0; 0,0,0,0,0,0;
                0,0,0,0,0,0; 0,0,0,0,0,0; 0,0,0,0,0,0"
{1}
     ForceRAOFile="{2}"/>
)",
                                   body, fixed, rao_file)};
  }
  const std::string data = rao_file.substr(0, rao_file.rfind('/'));
  return {
      .objects = body + fmt::format(R"( WamitFile="{0}/spar_oc3"
     WamitGravity="9.80665"
{1}/>
<Lib LibName="base" SimObject="Environment/Wind" Name="Air" Profile="powerlaw" Speed="11.4"
     ReferenceHeight="90" Gust="kaimal" TurbulenceIntensity="0.12" Seed="1"/>
<Lib LibName="base" SimObject="Force/WindLoad" Name="Rotor"
     CoefficientFile="{0}/spar_oc3_rotor.csv" CentreOfPressure="0,0,90"/>
<Lib LibName="base" SimObject="Force/CurrentLoad" Name="Hull"
     CoefficientFile="{0}/spar_oc3_hull.csv" CentreOfPressure="0,0,-60"/>
<Lib LibName="base" SimObject="Force/WaveDrift" Name="Drift" DriftFile="{0}/spar_oc3.8"/>
)",
                                    data, fixed),
      .wires = R"(<Connection Rotor.Pos="Spar.Pos" Rotor.Vel="Spar.Vel" Rotor.AngVel="Spar.AngVel"
            Rotor.RollPitchYaw="Spar.RollPitchYaw" Hull.Pos="Spar.Pos" Hull.Vel="Spar.Vel"
            Hull.AngVel="Spar.AngVel" Hull.RollPitchYaw="Spar.RollPitchYaw"
            Drift.Pos="Spar.Pos" Drift.RollPitchYaw="Spar.RollPitchYaw"/>
)",
      .force = " + Rotor.Force + Hull.Force + Drift.Force",
      .moment = " + Rotor.Moment + Hull.Moment + Drift.Moment"};
}

inline std::string OceanXml(const Sea& sea) {
  std::string waves;
  if (sea.waves == "jonswap") {
    // FrequencyMax 2 rad/s: the RAO table's range (the spectrum holds < 0.1 % of its energy
    // above it at Tp 10 s).
    waves = R"(Waves="jonswap" WaveHeight="6" WavePeriod="10" Gamma="3.3" NumComponents="200"
     FrequencyMax="2.0" Seed="1")";
  } else if (sea.waves == "regular") {
    waves = R"(Waves="regular" WaveHeight="6" WavePeriod="10")";
  } else if (sea.waves == "file") {
    waves = fmt::format(R"(Waves="file" WaveComponentsFile="{}")", sea.components_file);
  }
  if (sea.waves != "none") {
    waves +=
        fmt::format(R"( WaveDirection="0" WaveRampTime="30" WaveKinematics="{}")", sea.kinematics);
  }
  return fmt::format(
      R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Depth="320"
     Gravity="9.80665" {} CurrentProfile="powerlaw" CurrentSpeed="0.5" CurrentDirection="0"/>)",
      waves);
}

/// The spar on its three lines of n segments; outputs every `dt_out` s to `end_time`, fairlead
/// tensions and the spar's position logged; CVODE BDF at AbsTol `tol`, RelTol `rel_tol` (< 0:
/// `tol`), the order capped at `max_order`, settled first.
inline std::string SparXml(int n, const Sea& sea, double end_time, double tol, double dt_out,
                           const std::string& rao_file, int max_order = 2, double rel_tol = -1.0) {
  std::string lines, wires;
  const double kPi = 3.14159265358979323846;
  for (int i = 0; i < 3; ++i) {
    const double a = 2.0 * kPi * i / 3.0;
    lines += fmt::format(
        R"(<Lib LibName="base" SimObject="Body/Point" Name="Fair{0}" Position="{1:.12g},{2:.12g},-70"/>
<Lib LibName="base" SimObject="Src/Constant" Name="Anchor{0}" Value="{3:.12g},{4:.12g},-320"/>
<Lib LibName="base" SimObject="Cable/Cable" Name="Line{0}" NumElements="{5}" Length="902.2"
     Diameter="0.09" MassPerLength="77.7066" EA="384.243e6" Cdn="1.6" Gravity="9.80665"/>
)",
        i + 1, 5.2 * std::cos(a), 5.2 * std::sin(a), 853.87 * std::cos(a), 853.87 * std::sin(a), n);
    wires += fmt::format(
        R"(<Connection Fair{0}.BodyPos="Spar.Pos" Fair{0}.BodyQuat="Spar.Quat" Fair{0}.BodyVel="Spar.Vel"
            Fair{0}.BodyAngVel="Spar.AngVel" Fair{0}.Force="Line{0}.ForceB"
            Line{0}.PositionA="Anchor{0}.Out" Line{0}.PositionB="Fair{0}.Pos" Line{0}.VelocityB="Fair{0}.Vel"/>
)",
        i + 1);
  }
  const SparLoads loads = SparLoadsXml(sea, rao_file);
  return fmt::format(
      R"(<Contents>
<OBJECTS>
{0}
{1}{2}</OBJECTS>
<INTERCONNECTIONS>
{3}{9}<Connection Spar.Force="Fair1.BodyForce + Fair2.BodyForce + Fair3.BodyForce{10}"
            Spar.Moment="Fair1.BodyMoment + Fair2.BodyMoment + Fair3.BodyMoment{11}"/>
</INTERCONNECTIONS>
<INITIALIZATION><InitialCondition/></INITIALIZATION>
<INTEGRATION>
<Engine Integrator="cvode-bdf" Settle="1" TOutput="0, {4}, {5}" AbsTol="{6}" RelTol="{7}"
        MaxOrder="{8}" FileOutput="object.Spar.Pos,object.Line1.TensionB,object.Line2.TensionB,object.Line3.TensionB,object.Fair1.Pos,object.Fair2.Pos,object.Fair3.Pos,object.Fair1.Vel,object.Fair2.Vel,object.Fair3.Vel"/>
</INTEGRATION>
</Contents>
)",
      OceanXml(sea), loads.objects, lines, wires, dt_out, end_time, tol,
      rel_tol < 0.0 ? tol : rel_tol, max_order, loads.wires, loads.force, loads.moment);
}

/// RMS of a - b over the mean of b, on their common length.
inline double RmsDifference(const std::vector<double>& a, const std::vector<double>& b) {
  const size_t n = std::min(a.size(), b.size());
  if (n == 0) return NAN;
  double sum = 0.0, mean = 0.0;
  for (size_t i = 0; i < n; ++i) {
    sum += (a[i] - b[i]) * (a[i] - b[i]);
    mean += b[i];
  }
  return std::sqrt(sum / n) / (mean / n);
}

/// Most probable maximum of a `window`-s record of a narrow-band Gaussian process with the
/// statistics of `x` (sampled every dt, from `skip` samples on): mean + sigma sqrt(2 ln Nz),
/// Nz = window / Tz the number of mean up-crossings in the window, Tz from the record's own
/// up-crossings (the Rayleigh MPM, DNV-OS-E301 2.2.5). Smooth in the data, so a difference
/// between two runs measures the runs and not which sample happened to be the largest.
inline double RayleighMpm(const std::vector<double>& x, double dt, double window, size_t skip) {
  if (x.size() < skip + 2) return NAN;
  const size_t n = x.size() - skip;
  double mean = 0.0, var = 0.0;
  for (size_t i = skip; i < x.size(); ++i) mean += x[i] / n;
  for (size_t i = skip; i < x.size(); ++i) var += (x[i] - mean) * (x[i] - mean) / n;
  long crossings = 0;
  for (size_t i = skip + 1; i < x.size(); ++i) crossings += x[i - 1] < mean && x[i] >= mean;
  if (crossings == 0) return NAN;
  const double tz = dt * (n - 1) / crossings;
  return mean + std::sqrt(var) * std::sqrt(2.0 * std::log(std::max(window / tz, 1.0)));
}

}  // namespace hawser::storm
