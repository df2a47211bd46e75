// SimObject: the unit of a hawser model. A SimObject declares, in its constructor, its
// parameters, input ports, output ports (each bound to a calculation and the inputs it reads)
// and states; the model then wires ports as views into buffers it owns.
//
//   class Gain final : public SimObject {
//    public:
//     explicit Gain(ObjectArgs& args) : SimObject(args) {
//       k_ = DeclareParameter<double>({.name = "K", .unit = "-", .doc = "Gain."});
//       in_ = DeclareInput({.name = "In", .width = 1, .unit = "-", .doc = "Signal."});
//       out_ = DeclareOutput({.name = "Out", .width = 1, .unit = "-", .doc = "K * In."});
//       DeclareCalc({out_}, {in_}, [this] { out(out_)[0] = k_ * in(in_)[0]; });
//     }
//    ...
//   };
#pragma once

#include <Eigen/Dense>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "hawser/errors.h"
#include "runtime/model/jacobian_structure.h"

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

/// Parameter value kinds.
enum class ParamKind { kNumber, kInteger, kBool, kString, kVector, kMatrix };
template <class T>
constexpr ParamKind ParamKindOf();

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

struct PortSpec {
  std::string name;
  int width = 1;
  std::string unit;
  std::string doc;
  /// For inputs: the value used when the input is not connected (none = must be connected).
  std::optional<std::vector<double>> fallback;
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
  std::function<void()> fn;
  CalcRole role = CalcRole::kSignal;
};
struct ObjectInterface {
  std::vector<ParamInfo> params;
  std::vector<InputInfo> inputs;
  std::vector<OutputInfo> outputs;
  std::vector<StateInfo> states;
  std::vector<CalcInfo> calcs;
  /// The entries (row, column) of d(own derivatives)/d(own states) that may be nonzero, in the
  /// object's own state numbering (its states concatenated in declaration order); empty =
  /// dense. Set by SimObject::DeclareStateEntries.
  std::vector<std::pair<int, int>> state_entries;
};

/// What a SimObject's constructor receives: its name and the parameter values written for it.
struct ObjectArgs {
  std::string name;
  std::string type;
  std::map<std::string, std::pair<std::string, SourceLocation>> values;  ///< name -> (text, where)
  SourceLocation loc;                                                    ///< The <Lib> element.
  bool describe =
      false;  ///< Constructing only to describe the type: required values may be absent.
};

/// Base class of every SimObject.
class SimObject {
 public:
  virtual ~SimObject() = default;
  SimObject(const SimObject&) = delete;
  SimObject& operator=(const SimObject&) = delete;

  const std::string& name() const { return name_; }
  const std::string& type() const { return type_; }
  const SourceLocation& location() const { return loc_; }
  const ObjectInterface& interface() const { return interface_; }

  /// Computes the derivative of every state from states, inputs and outputs (all current).
  virtual void CalcDerivatives() {}
  /// Called once before integration, after inputs at the start time are known and explicit
  /// initial conditions applied: may set states the scenario did not give (see state_given()).
  virtual void Initialize() {}

  // Wiring, called by the model after construction.
  void BindInput(int i, std::span<const double> view, bool connected) {
    inputs_[i] = view;
    input_connected_[i] = connected;
  }
  void BindOutput(int i, std::span<double> view) { outputs_[i] = view; }
  void BindState(int i, std::span<const double> value, std::span<double> derivative, bool given) {
    states_[i] = value;
    derivatives_[i] = derivative;
    state_given_[i] = given;
  }
  void BindTime(const double* t) { time_ = t; }
  void BindInitialState(int i, std::span<double> value) { initial_states_[i] = value; }
  std::span<const double> input_view(int i) const { return inputs_[i]; }
  std::span<double> output_view(int i) const { return outputs_[i]; }
  std::span<const double> state_view(int i) const { return states_[i]; }
  std::span<const double> derivative_view(int i) const { return derivatives_[i]; }

 protected:
  explicit SimObject(ObjectArgs& args);

  // ---- Declarations (constructor only) ----
  template <class T>
  T DeclareParameter(ParamSpec<T> spec);
  /// A parameter accepted for compatibility and not used (e.g. FhSim's visual `Material`).
  void DeclareIgnoredParameter(const std::string& name, const std::string& doc);
  Input DeclareInput(PortSpec spec);
  Output DeclareOutput(PortSpec spec);
  /// An output that shows an input's value (no copy): e.g. a spring's PosA.
  Output DeclareOutputFromInput(PortSpec spec, Input input);
  /// An output that shows a state's value (no copy; reads no input): e.g. a body's Pos.
  Output DeclareOutputFromState(PortSpec spec, State state);
  State DeclareState(StateSpec spec);
  /// Binds `fn` to compute `outputs`, reading only `inputs` (and states, parameters, time).
  void DeclareCalc(std::vector<Output> outputs, std::vector<Input> inputs, std::function<void()> fn,
                   CalcRole role = CalcRole::kSignal);
  /// Optional: the derivative of own state entry `row` depends on own state entry `column` only
  /// for the pairs (row, column) listed (entries numbered across the object's states in
  /// declaration order). Without it every derivative is taken to depend on every own state. A
  /// lumped-mass cable lists its x' = v rows (one entry) and each node's acceleration (its own
  /// and its neighbours' nodes): the model's Jacobian is then sparse and, with the nodes in
  /// order, banded. Dependence through inputs is derived by the model from the wiring, not
  /// declared here.
  void DeclareStateEntries(std::vector<std::pair<int, int>> entries) {
    interface_.state_entries = std::move(entries);
  }
  /// Optional, after the states: only the derivatives of own state entries [first, first +
  /// count) read input `in` (directly, or through anything the object computes from it). May be
  /// repeated to add ranges. Without it every own derivative is taken to read the input. With
  /// it, a body attached to one end of a cable couples to that end's nodes only, and the
  /// model's Jacobian stays sparse (and banded when the objects lie next to each other).
  void DeclareInputReadBy(Input in, int first, int count);
  /// Optional, after the states: calculated output `out` reads only own state entries [first,
  /// first + count), besides the inputs of its calculation. May be repeated to add ranges.
  /// Without it the output is taken to read every own state.
  void DeclareOutputReads(Output out, int first, int count);

  // ---- Values (during calculations) ----
  double time() const { return *time_; }
  std::span<const double> in(Input i) const { return inputs_[i.index]; }
  std::span<double> out(Output o) const { return outputs_[o.index]; }
  std::span<const double> state(State s) const { return states_[s.index]; }
  std::span<double> derivative(State s) const { return derivatives_[s.index]; }
  /// Initialize() only: writes a state's starting value.
  std::span<double> initial_state(State s) const { return initial_states_[s.index]; }
  bool state_given(State s) const { return state_given_[s.index]; }
  /// Whether the scenario connects this input (false: it has its declared default).
  bool input_connected(Input i) const { return input_connected_[i.index]; }

  // 3-vector shorthands for mechanics.
  Eigen::Map<const Eigen::Vector3d> in3(Input i) const {
    return Eigen::Map<const Eigen::Vector3d>(in(i).data());
  }
  Eigen::Map<Eigen::Vector3d> out3(Output o) const {
    return Eigen::Map<Eigen::Vector3d>(out(o).data());
  }
  Eigen::Map<const Eigen::Vector3d> state3(State s) const {
    return Eigen::Map<const Eigen::Vector3d>(state(s).data());
  }
  Eigen::Map<Eigen::Vector3d> derivative3(State s) const {
    return Eigen::Map<Eigen::Vector3d>(derivative(s).data());
  }

  /// A scenario error at this object's <Lib> element, prefixed with the object's name.
  ScenarioError Error(const std::string& message) const;
  bool describing() const { return describe_; }

 private:
  friend class Model;
  friend class Registry;
  const std::pair<std::string, SourceLocation>* FindValue(const std::string& name);
  void AddParamInfo(ParamInfo info);
  template <class T>
  T ParseParam(const std::string& text, const SourceLocation& loc, const ParamSpec<T>& spec) const;
  template <class T>
  static std::string DescribeValue(const T& v);

  std::string name_, type_;
  SourceLocation loc_;
  ObjectArgs* args_;  ///< Valid during construction only.
  bool describe_;
  ObjectInterface interface_;
  const double* time_ = nullptr;
  std::vector<std::span<const double>> inputs_;
  std::vector<bool> input_connected_;
  std::vector<std::span<double>> outputs_;
  std::vector<std::span<const double>> states_;
  std::vector<std::span<double>> derivatives_;
  std::vector<std::span<double>> initial_states_;
  std::vector<bool> state_given_;
};

// ---- Common validity checks for ParamSpec::check ----
std::function<std::string(const double&)> AtLeast(double lo);
std::function<std::string(const double&)> Positive();
std::function<std::string(const long&)> IntegerAtLeast(long lo);

}  // namespace hawser

#include "hawser/simobject_params.inl"
