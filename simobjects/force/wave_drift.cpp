#include "simobjects/force/wave_drift.h"

#include <cmath>

#include "hawser/log.h"
#include "hawser/text_file.h"
#include "simobjects/body/drift_table.h"
#include "simobjects/body/newman_drift.h"
#include "simobjects/body/qtf_table.h"
#include "simobjects/body/rao_parameters.h"

namespace hawser {

WaveDrift::WaveDrift(ObjectArgs& args) : SimObject(args) {
  const std::string file = DeclareParameter<std::string>(
      {.name = "DriftFile",
       .unit = "-",
       .doc = "CSV of mean drift coefficients D about O, heading frame, N/m^2 and N*m/m^2 "
              "(drift_table.h). Relative to the scenario file's folder.",
       .fallback = std::nullopt});
  const std::string unit = DeclareParameter(FrequencyUnitParameter());
  const std::string method = DeclareParameter<std::string>(
      {.name = "Method",
       .unit = "-",
       .doc = "newman (slow drift, Newman's approximation), mean (the mean drift only) or qtf "
              "(the full difference-frequency QTF of a WAMIT .10d, .11d or .12d DriftFile).",
       .fallback = "newman",
       .check = [](const std::string& m) {
         return m == "newman" || m == "mean" || m == "qtf" ? std::string() : "newman, mean or qtf";
       }});
  mean_only_ = method == "mean";
  const bool full_qtf = method == "qtf";
  const double cutoff = DeclareParameter<double>(
      {.name = "DifferenceCutoff",
       .unit = "rad/s",
       .doc = "With Method qtf: only component pairs with |omega_i - omega_j| <= this; 0 = all.",
       .fallback = 0.0,
       .check = [](const double& c) {
         return c >= 0.0 && std::isfinite(c) ? std::string() : "zero or positive";
       }});
  length_ = DeclareParameter<double>(
      {.name = "ULEN",
       .unit = "m",
       .doc = "WAMIT's length scale L of a .8, .9 or .12d DriftFile (F = rho g A^2 L^k F').",
       .fallback = 1.0,
       .check = Positive()});
  if (!describing()) {
    const auto given = args.values.find("DriftFile");
    const SourceLocation where = given == args.values.end() ? args.loc : given->second.second;
    const RaoFrequencyUnit frequency_unit = unit == "Hz"  ? RaoFrequencyUnit::kHertz
                                            : unit == "s" ? RaoFrequencyUnit::kPeriodSeconds
                                                          : RaoFrequencyUnit::kRadPerSecond;
    const std::string path = ResolvePath(file);
    const std::string text = ReadRegularFile(path, "drift file", where);
    const auto ends_with = [&](const std::string& tail) {
      return path.size() > tail.size() &&
             path.compare(path.size() - tail.size(), tail.size(), tail) == 0;
    };
    const bool qtf_file = ends_with(".10d") || ends_with(".11d") || ends_with(".12d");
    if (full_qtf && !qtf_file) {
      throw ScenarioError(where, name() + " (" + type() +
                                     "): Method qtf reads a WAMIT full QTF "
                                     "file (.10d, .11d or .12d); DriftFile is '" +
                                     file + "'");
    }
    wamit_ = full_qtf || ends_with(".8") || ends_with(".9") || ends_with(".12d");
    if (const auto p = args.values.find("DifferenceCutoff"); !full_qtf && p != args.values.end()) {
      Warn(p->second.second,
           name() + " (" + type() + "): DifferenceCutoff is ignored without Method=\"qtf\"");
    }
    // A parameter the file's format does not read is a warning at its line.
    const char* unread = wamit_ ? "FrequencyUnit" : "ULEN";
    if (const auto p = args.values.find(unread); p != args.values.end()) {
      Warn(p->second.second, name() + " (" + type() + "): " + unread + " is ignored with " +
                                 (wamit_ ? "a WAMIT-format DriftFile (its rows give periods in s)"
                                         : "a CSV DriftFile (its coefficients are dimensional)"));
    }
    try {
      if (full_qtf) {
        qtf_.emplace(ParseWamitQtf(text, path, where), cutoff);
      } else {
        drift_ = wamit_ ? ParseWamitDrift(text, path, ends_with(".12d"), where)
                        : ParseDriftTable(text, path, frequency_unit, where);
      }
    } catch (const ScenarioError& e) {
      // At the attribute, the object's name first (as the RAO files'); rows keep file:line.
      if (e.location().file != where.file || e.location().line != where.line) throw;
      throw ScenarioError(where, name() + " (" + type() + "): " + e.message());
    }
  }
  ocean_ = DeclareServiceUse({.name = Ocean::kServiceName,
                              .provided_by = "an Environment/Ocean object",
                              .doc = "the waves",
                              .required = true});
  pos_ = DeclareInput(Vector3Port("Pos", "m", "The body origin O, world (the body's Pos)."));
  rpy_ = DeclareInput({.name = "RollPitchYaw",
                       .width = 3,
                       .unit = "deg",
                       .doc = "The body's attitude (its RollPitchYaw); the yaw is used.",
                       .dims = {RollPitchYawDimension()}});
  force_ = DeclareOutput(Vector3Port("Force", "N", "Drift force at O, world."));
  moment_ = DeclareOutput(Vector3Port("Moment", "N*m", "Drift moment about O, world."));
  load_ = DeclareOutput({.name = "DriftLoad",
                         .width = 6,
                         .unit = "N, N*m",
                         .doc = "Drift force and moment about O, heading frame.",
                         .dims = {DofDimension()}});
  DeclareCalc({force_, moment_, load_}, {pos_, rpy_}, [this] { Compute(); });
}

void WaveDrift::Initialize() {
  if (!wamit_) return;
  const Ocean& ocean = *service<Ocean>(ocean_);
  if (const size_t n = ocean.WaveComponents().size(); qtf_ && n > kMaxQtfComponents) {
    throw Error("Method qtf sums over every pair of the ocean's " + std::to_string(n) +
                " wave components; at most " + std::to_string(kMaxQtfComponents) +
                " (N^2 pairs; use fewer NumComponents, or Method newman)");
  }
  const std::array<double, 6> scale = WamitDriftScale(ocean.density(), ocean.gravity(), length_);
  scale_ = Vector6d(scale.data());
}

void WaveDrift::Compute() {
  const Ocean& ocean = *service<Ocean>(ocean_);
  const Eigen::Vector3d p = in3(pos_);
  const double yaw = in(rpy_)[2] * kDegree;
  Vector6d load;
  if (mean_only_) {
    const std::span<const WaveComponentInfo> waves = ocean.WaveComponents();
    const RaoTable::Components& d = drift_->AtComponents(waves, yaw);
    load.setZero();
    for (size_t k = 0; k < waves.size(); ++k) {
      for (int i = 0; i < 6; ++i) {
        load[i] += d.h[k][static_cast<size_t>(i)].real() * waves[k].amplitude * waves[k].amplitude;
      }
    }
    const double ramp = ocean.WaveRamp(time());
    load *= ramp * ramp;
  } else if (qtf_) {
    load = qtf_->Load(ocean, time(), p.x(), p.y(), yaw);
  } else {
    load = NewmanDrift(*drift_, ocean, time(), p.x(), p.y(), yaw);
  }
  load = load.cwiseProduct(scale_);
  Eigen::Map<Vector6d>(out(load_).data()) = load;
  const Eigen::Matrix3d heading = Eigen::AngleAxisd(yaw, Eigen::Vector3d::UnitZ()).matrix();
  out3(force_) = heading * load.head<3>();
  out3(moment_) = heading * load.tail<3>();
}

}  // namespace hawser
