// What a SimObject declares: the specifications its constructor passes (parameters, ports,
// states), the interface they add up to (what `hawser describe` prints and the model wires), and
// the arguments a constructor receives. Part of the public SimObject API.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "hawser/calculation.h"
#include "hawser/errors.h"
#include "hawser/index_range.h"
#include "hawser/kernel.h"
#include "hawser/service.h"

namespace hawser {

/// Handles returned by declarations; used to reach the port's or state's values.
struct Input {
  int index = -1;
};
struct Output {
  int index = -1;
};
struct State {
  int index = -1;
};

/// A declaration of a parameter of type T: double, long, bool, std::string,
/// Eigen::VectorXd or Eigen::MatrixXd. Without a default the parameter is required.
template <class T>
struct ParamSpec {
  std::string name;
  std::string unit;  ///< "-" for dimensionless.
  std::string doc;
  std::optional<T> fallback;  ///< The default value; none = required.
  /// Validity check: returns "" when valid, else what is expected (e.g. "a value >= 0").
  std::function<std::string(const T&)> check;
  /// For vectors: the required length (0 = any).
  int size = 0;
};

/// One dimension of a vector port's or state's values in result files, after time: its name
/// and size and, where the indices mean something, a label per index. Declared dimensions,
/// slowest varying first, multiply to the width: a cable's NodePositions is {node, N + 1},
/// {xyz, 3}, so HDF5 and xarray see (time, node, xyz); the CSV columns stay [0], [1], ...
/// Without any, a vector is one dimension "component<width>" of indices.
struct PortDimension {
  std::string name;  ///< "node", "xyz": a netCDF dimension name.
  int size = 0;
  std::vector<std::string> labels;  ///< One per index ("x", "y", "z"); empty: 0 .. size - 1.
};

/// The x, y, z components of a vector.
inline PortDimension XyzDimension() { return {"xyz", 3, {"x", "y", "z"}}; }
/// The w, x, y, z components of a quaternion.
inline PortDimension QuatDimension() { return {"wxyz", 4, {"w", "x", "y", "z"}}; }
/// Roll, pitch and yaw angles.
inline PortDimension RollPitchYawDimension() { return {"rpy", 3, {"roll", "pitch", "yaw"}}; }
/// The six degrees of freedom of a vessel: surge, sway, heave, roll, pitch, yaw.
inline PortDimension DofDimension() {
  return {"dof", 6, {"surge", "sway", "heave", "roll", "pitch", "yaw"}};
}

struct PortSpec {
  std::string name;
  int width = 1;
  std::string unit;
  std::string doc;
  /// For inputs: the value used when the input is not connected (none = must be connected).
  std::optional<std::vector<double>> fallback;
  /// The dimensions of the values in result files (PortDimension); empty: one of indices.
  std::vector<PortDimension> dims;
};

struct StateSpec {
  std::string name;
  int width = 1;
  std::string unit;
  std::string doc;
  std::vector<double> initial;  ///< Default initial value (zeros when empty).
  /// Validity check of an <InitialCondition> value: "" when valid, else what is expected. The
  /// model applies it at load time and reports the InitialCondition's own line.
  std::function<std::string(std::span<const double>)> check;
  /// An integral that no derivative reads back, such as a DissipatedEnergy: Settle holds it at
  /// its value and leaves its rate out of the residual (at an equilibrium that rate is a power
  /// that need not vanish, e.g. while an input moves an end). Every other state must come to
  /// rest.
  bool accumulator = false;
  /// Entries that are velocities, the rates of the model's positions (a body's Vel and AngVel,
  /// a cable node's vx, vy, vz): zero at every equilibrium. Settle sets them to zero after each
  /// of its steps (kinetic damping, runtime/solve/settle.h). Empty: none.
  std::vector<IndexRange> velocities;
  /// Entries whose rates are exactly the velocities entries of the same place in `velocities`
  /// (Pos' = Vel: a cable node's x, y, z): the semi-explicit Euler integrator moves them with
  /// the new velocities. Empty: none; else as many ranges as `velocities`, of the same widths.
  std::vector<IndexRange> positions;
  /// The dimensions of the values in result files (PortDimension); empty: one of indices.
  std::vector<PortDimension> dims;
};

/// What `hawser describe` prints and the model wires: the interface, as declared.
struct ParamInfo {
  std::string name, unit, doc, kind, default_text;
  bool required = false;
  bool ignored = false;  ///< Accepted for compatibility and otherwise unused (e.g. visual only).
};
struct InputInfo {
  PortSpec spec;
  /// Own state entries whose derivatives read this input (SimObject::DeclareInputReadBy);
  /// none = all of them.
  std::optional<std::vector<IndexRange>> read_by;
};
struct OutputInfo {
  PortSpec spec;
  enum class Source { kCalc, kInput, kState } source = Source::kCalc;
  int calc = -1;      ///< Index into ObjectInterface::calcs when source == kCalc.
  int alias_of = -1;  ///< Input or state index when the output is a view of it.
  /// For a calculated output: the own state entries it reads (SimObject::DeclareOutputReads);
  /// none = all of them. Its calculation's inputs come on top.
  std::optional<std::vector<IndexRange>> reads_states;
};
struct StateInfo {
  StateSpec spec;
};
/// What a calculation's outputs are for.
enum class CalcRole {
  /// Signals: may be read by the object's own CalcDerivatives, so always computed.
  kSignal,
  /// Diagnostics (energies, powers): never read by the object's own CalcDerivatives, so the
  /// right-hand side computes them only when another object's input reads them; they are always
  /// computed for logging.
  kDiagnostic,
};
struct CalcInfo {
  std::vector<int> outputs;  ///< Outputs it fills.
  std::vector<int> inputs;   ///< Inputs it reads (direct feedthrough).
  CalcRole role = CalcRole::kSignal;
  /// The calculation itself, as SimObject::DeclareCalc made it; the model runs it.
  Calculation run;
};
struct ObjectInterface {
  std::vector<ParamInfo> params;
  std::vector<InputInfo> inputs;
  std::vector<OutputInfo> outputs;
  std::vector<StateInfo> states;
  std::vector<CalcInfo> calcs;
  /// Optional: the state derivatives as a kernel (SimObject::DeclareDerivativeKernel).
  Kernel derivatives;
  /// The entries (row, column) of d(own derivatives)/d(own states) that may be nonzero, in the
  /// object's own state numbering (its states concatenated in declaration order); empty =
  /// dense. Set by SimObject::DeclareStateEntries.
  std::vector<std::pair<int, int>> state_entries;
  /// Services this object provides (SimObject::ProvideService), by name.
  std::vector<std::string> provides;
  /// Services this object uses (SimObject::DeclareServiceUse).
  std::vector<ServiceSpec> uses;
};

/// A discrete event of one object (SimObject::UpdateDiscreteState), for the result files: the
/// HDF5 result writes it as attributes `<kind>_time` and `<kind>_index` of the object's group.
struct DiscreteEvent {
  std::string object;  ///< The object's name.
  std::string kind;    ///< e.g. "break".
  double time = 0.0;   ///< [s]
  long index = 0;      ///< e.g. the broken segment (0 = next to end A).
};

/// One <LineType .../> of the scenario's optional <LINETYPES> section, or of the XML file its
/// `File` attribute includes (docs/cables-and-mooring.md, "Line types"): the attributes after
/// ${variable} substitution, name -> (text, where), and the element's location.
struct LineTypeDecl {
  std::map<std::string, std::pair<std::string, SourceLocation>> values;
  SourceLocation loc;
};

/// What a SimObject's constructor receives: its name and the parameter values written for it.
struct ObjectArgs {
  std::string name;
  std::string type;
  std::map<std::string, std::pair<std::string, SourceLocation>> values;  ///< name -> (text, where)
  SourceLocation loc;                                                    ///< The <Lib> element.
  std::vector<LineTypeDecl> line_types;  ///< The scenario's <LINETYPES> (Cable/Line reads them).
  bool describe =
      false;  ///< Constructing only to describe the type: required values may be absent.
};

// ---- Common validity checks for ParamSpec::check ----
std::function<std::string(const double&)> AtLeast(double lo);
std::function<std::string(const double&)> Positive();
std::function<std::string(const long&)> IntegerAtLeast(long lo);
/// lo <= value <= hi. For sizes (widths, counts, elements), so that a typo such as 2e9 is an
/// error instead of a hang or an allocation failure.
std::function<std::string(const long&)> IntegerInRange(long lo, long hi);
/// A keyword parameter: "" when the value is one of `choices`, else "one of a, b, c".
std::function<std::string(const std::string&)> OneOf(std::vector<std::string> choices);

// ---- Common validity checks for StateSpec::check ----
/// Every entry of an initial value >= lo; `why` (may be empty) is added to the message, e.g.
/// "dissipated energy cannot start negative".
std::function<std::string(std::span<const double>)> StateAtLeast(double lo, std::string why = "");
/// The check of a force element's DissipatedEnergy state (docs/design.md, "Force and energy
/// conventions"): it integrates a power >= 0 from its initial value, so that value must be >= 0
/// too (Simbody refuses a negative one).
std::function<std::string(std::span<const double>)> DissipatedEnergyCheck();

// ---- Limits for size-like parameters (documented in docs/scenario-format.md, "Limits") ----
/// The width of any port or state a parameter sets: 1e6 values.
inline constexpr long kMaxPortWidth = 1'000'000;
/// How many ports a parameter may declare (e.g. Signal/Mux NumInput): each must be connected.
inline constexpr long kMaxPortCount = 1'000;

}  // namespace hawser
