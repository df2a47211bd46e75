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
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "hawser/calculation.h"
#include "hawser/common_declarations.h"
#include "hawser/declarations.h"
#include "hawser/errors.h"
#include "hawser/service.h"

namespace hawser {

/// Base class of every SimObject.
class SimObject {
 public:
  virtual ~SimObject() = default;
  SimObject(const SimObject&) = delete;
  SimObject& operator=(const SimObject&) = delete;

  const std::string& name() const { return name_; }
  const std::string& type() const { return type_; }
  const SourceLocation& location() const { return loc_; }
  /// Where a file parameter points: an absolute `path` as given; a relative one from the folder
  /// of the scenario file that holds this object's <Lib> element (as FhSim does), so a scenario
  /// finds its tables whatever the current directory.
  std::string ResolvePath(const std::string& path) const;
  const ObjectInterface& interface() const { return interface_; }

  /// Computes the derivative of every state from states, inputs and outputs (all current). The
  /// default runs the derivative kernel (DeclareDerivativeKernel), if the object declared one.
  virtual void CalcDerivatives();
  /// Called once before integration, after inputs at the start time are known and explicit
  /// initial conditions applied: may set states the scenario did not give (see state_given()).
  virtual void Initialize() {}
  /// Optional: the exact partial derivatives d(derivative of own state entry row) / d(own state
  /// entry column), with every input held fixed, for exactly the (row, column) pairs declared
  /// with DeclareStateEntries and in that order (`values` has one element per pair), at the
  /// current time, states and inputs. The model calls it right after it has evaluated this
  /// object's outputs and derivatives at that point (as for CalcDerivatives), while
  /// estimating_jacobian() is off, and only for an object that declared its entries. Returns
  /// false (the default) when the object does not provide them; it may also decline at any one
  /// call (a regime it cannot differentiate). The model uses them for the columns that no input
  /// reads (through the wiring, DeclareOutputReads): there the object's own entries are the
  /// whole column of df/dx. Every other column, and every column of an object that declines, is
  /// estimated by finite differences, which also serve to test the exact entries. A value that
  /// is not finite counts as declining. Where CalcDerivatives takes one side of a kink (max(0,
  /// .), |.|, a contact's onset), give the derivative of the side it takes.
  virtual bool StateJacobian(std::span<double> /*values*/) { return false; }
  /// Optional, for the leapfrog and Newmark integrators (the parts of the forces they take
  /// implicitly): replaces the accelerations in this object's derivative() views, which hold a
  /// change of them over a step, by (M + damping_h C + stiffness_h2 K)^-1 M times them: M the
  /// mass, C the linear damping (force per velocity) and K the stiffness (force per
  /// displacement) that the object takes implicitly (Newmark: damping_h = h / 2, stiffness_h2 =
  /// beta h^2; the leapfrog: h / 2 and 0), at the point of the last CalcDerivatives,
  /// called right after it. Every other entry is left as it is. The default leaves them all
  /// (nothing taken implicitly: the integrator is then explicit for this object).
  virtual void SolveImplicitPart(double /*damping_h*/, double /*stiffness_h2*/) {}

  /// Discrete events (objects that called DeclareDiscreteEvents() only): called after each step
  /// the integrator accepts, with every output evaluated at that step's time and state (time()
  /// is it). Returns true when the object changed its discrete state (e.g. a cable segment
  /// broke): the integrator then restarts from that time and state (CVodeReInit), since its
  /// history no longer describes the equations. May call RecordEvent().
  virtual bool UpdateDiscreteState() { return false; }
  /// The earliest time > `after` at which UpdateDiscreteState() changes something by schedule
  /// (e.g. a BreakTime): the integrator stops exactly there. +inf when there is none.
  virtual double NextEventTime(double /*after*/) const {
    return std::numeric_limits<double>::infinity();
  }
  /// Objects with discrete events only: checks their scheduled events against the run's
  /// interval [start, end] before it starts; throws a ScenarioError at the parameter's line.
  virtual void CheckEventTimes(double /*start*/, double /*end*/) const {}
  /// Objects with discrete events only: what UpdateDiscreteState() changed so far, as numbers
  /// (empty: nothing yet), saved with the state by `hawser run --save-state`, since it is not in
  /// the state vector.
  virtual std::vector<double> DiscreteState() const { return {}; }
  /// Restores DiscreteState()'s `values` on `--restart`, after Initialize(). Throws ScenarioError
  /// (this object's Error()) when they do not fit.
  virtual void RestoreDiscreteState(std::span<const double> /*values*/) {}
  bool has_discrete_events() const { return has_discrete_events_; }
  /// The events recorded so far, in order.
  const std::vector<DiscreteEvent>& events() const { return events_; }

  /// The service this object provides under `name`, or nullptr.
  const Service* provided_service(const std::string& name) const;
  std::span<const double> input_view(int i) const { return inputs_[i]; }
  std::span<double> output_view(int i) const { return outputs_[i]; }
  std::span<const double> state_view(int i) const { return states_[i]; }
  std::span<const double> derivative_view(int i) const { return derivatives_[i]; }

 protected:
  explicit SimObject(ObjectArgs& args);

  // ---- Declarations (constructor only) ----
  /// T is double, long, bool, std::string, Eigen::VectorXd or Eigen::MatrixXd.
  template <class T>
  T DeclareParameter(ParamSpec<T> spec);
  /// An orientation parameter given as roll, pitch, yaw (hawser/roll_pitch_yaw.h: degrees, or
  /// radians with a trailing "rad"), an alternative to the quaternion parameter named
  /// `quaternion_name`: giving both is an error at this parameter's line. Returns the angles
  /// [rad], or nothing when the scenario does not give it.
  std::optional<Eigen::Vector3d> DeclareRollPitchYawParameter(const std::string& name,
                                                              const std::string& doc,
                                                              const std::string& quaternion_name);
  /// A parameter accepted for compatibility and not used (e.g. FhSim's visual `Material`).
  void DeclareIgnoredParameter(const std::string& name, const std::string& doc);
  Input DeclareInput(PortSpec spec);
  Output DeclareOutput(PortSpec spec);
  /// An output that shows an input's value (no copy): e.g. a spring's PosA.
  Output DeclareOutputFromInput(PortSpec spec, Input input);
  /// An output that shows a state's value (no copy; reads no input): e.g. a body's Pos.
  Output DeclareOutputFromState(PortSpec spec, State state);
  State DeclareState(StateSpec spec);
  /// Binds `fn` (a callable without arguments, usually a lambda) to compute `outputs`, reading
  /// only `inputs` (and states, parameters, time).
  template <class Fn>
  void DeclareCalc(std::vector<Output> outputs, std::vector<Input> inputs, Fn fn,
                   CalcRole role = CalcRole::kSignal) {
    AddCalc(std::move(outputs), std::move(inputs), Calculation::FromCallable(std::move(fn)), role);
  }
  /// The same calculation in kernel form (hawser/kernel.h), for the hot path of objects that
  /// come by the thousand: DeclareCalc<&Compute>(outputs, inputs, pack), where `Compute(item)`
  /// computes `outputs` from the item that `pack()` returns (the pointers, in3(..).data(), ...,
  /// and parameters it needs). The model packs each object's item after wiring and again after
  /// every Initialize(), so an item must not hold anything that changes later.
  template <auto Compute, class Pack>
  void DeclareCalc(std::vector<Output> outputs, std::vector<Input> inputs, Pack pack,
                   CalcRole role = CalcRole::kSignal) {
    AddCalc(std::move(outputs), std::move(inputs),
            Calculation::FromKernel<Compute>(std::move(pack)), role);
  }
  /// The state derivatives in kernel form (hawser/kernel.h), as DeclareCalc<&Compute>: the
  /// model runs `Compute(item)` over the items of consecutive objects of one type instead of
  /// calling CalcDerivatives() on each, unless the object's class overrides CalcDerivatives()
  /// (registered with Registry::Add<T>, which sees the override; then that override is called).
  template <auto Compute, class Pack>
  void DeclareDerivativeKernel(Pack pack) {
    interface_.derivatives = MakeKernel<Compute>(std::move(pack));
  }
  /// This object has a discrete state that UpdateDiscreteState() may change during a run.
  void DeclareDiscreteEvents() { has_discrete_events_ = true; }
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

  /// This object provides `service` under `name` (e.g. "ocean"); `service` lives as long as the
  /// object (usually a member). A second provider of the same name is a load error.
  void ProvideService(const std::string& name, const Service& service);
  /// This object uses the service `spec.name`: reach it with service<T>() from Initialize() on.
  ServiceUse DeclareServiceUse(ServiceSpec spec);

  // ---- Values (during calculations) ----
  double time() const { return *time_; }
  /// Where time() reads, for a kernel's item (DeclareCalc<&Compute>): valid once the model wired
  /// the object.
  const double* time_data() const { return time_; }
  /// True while the integrator evaluates the right-hand side at perturbed states to estimate
  /// its Jacobian by finite differences; every such evaluation follows an ordinary one at the
  /// same time and the unperturbed state (the base point). An object may then reuse what it
  /// sampled at the base point when that is costly and varies slowly with the state (a cable's
  /// water kinematics): the Jacobian only steers Newton's iteration, so leaving out that small
  /// dependence changes how fast the iteration converges, never the solution it converges to.
  bool estimating_jacobian() const { return *estimating_jacobian_; }
  /// True while the model evaluates only what a row of the result file needs (the logged
  /// outputs, after the integrator reached an output time): no derivative, Jacobian or event
  /// reads this evaluation, and the objects' outputs that are not logged may be left stale. An
  /// object may then skip work that only its derivatives need (a cable samples the water at its
  /// ends only: its logged forces and tensions read no more); every output a calculation
  /// writes must still be right.
  bool logging_only() const { return *logging_only_; }
  std::span<const double> in(Input i) const { return inputs_[i.index]; }
  std::span<double> out(Output o) const { return outputs_[o.index]; }
  std::span<const double> state(State s) const { return states_[s.index]; }
  std::span<double> derivative(State s) const { return derivatives_[s.index]; }
  /// Initialize() only: writes a state's starting value.
  std::span<double> initial_state(State s) const { return initial_states_[s.index]; }
  bool state_given(State s) const { return state_given_[s.index]; }
  /// The provider of a declared service as its interface T (e.g. Ocean), or nullptr when an
  /// optional service has no provider. Valid from Initialize() on.
  template <class T>
  const T* service(ServiceUse use) const {
    const Service* s = services_[use.index];
    const T* typed = dynamic_cast<const T*>(s);
    if (s != nullptr && typed == nullptr) ServiceTypeMismatch(use);
    return typed;
  }
  /// Whether the scenario connects this input (false: it has its declared default).
  bool input_connected(Input i) const { return input_connected_[i.index]; }

  // 3-vector shorthands for mechanics.
  Eigen::Map<const Eigen::Vector3d> in3(Input i) const {
    return Eigen::Map<const Eigen::Vector3d>(input_data_[i.index]);
  }
  Eigen::Map<Eigen::Vector3d> out3(Output o) const {
    return Eigen::Map<Eigen::Vector3d>(output_data_[o.index]);
  }
  Eigen::Map<const Eigen::Vector3d> state3(State s) const {
    return Eigen::Map<const Eigen::Vector3d>(state_data_[s.index]);
  }
  Eigen::Map<Eigen::Vector3d> derivative3(State s) const {
    return Eigen::Map<Eigen::Vector3d>(derivative_data_[s.index]);
  }

  /// Records an event of kind `kind` (e.g. "break") at time() for the result files.
  void RecordEvent(const std::string& kind, long index) {
    events_.push_back({name_, kind, time(), index});
  }
  /// The same at time `at` [s] (an event restored by RestoreDiscreteState()).
  void RecordEvent(const std::string& kind, long index, double at) {
    events_.push_back({name_, kind, at, index});
  }
  /// A scenario error at this object's <Lib> element, prefixed with the object's name.
  ScenarioError Error(const std::string& message) const;
  bool describing() const { return describe_; }

 private:
  friend class Model;
  friend class Registry;
  friend struct ObjectWiring;  // runtime/model/object_wiring.h: binds the views below.
  // Wiring (runtime/model/object_wiring.h), after construction: the views of the buffers the
  // model owns, where time and the Jacobian flag are read, the providers of used services.
  void BindInput(int i, std::span<const double> view, bool connected);
  void BindOutput(int i, std::span<double> view);
  void BindState(int i, std::span<const double> value, std::span<double> derivative, bool given);
  void BindInitialState(int i, std::span<double> value) { initial_states_[i] = value; }
  void BindTime(const double* t) { time_ = t; }
  void BindJacobianFlag(const bool* estimating) { estimating_jacobian_ = estimating; }
  void BindLoggingFlag(const bool* logging) { logging_only_ = logging; }
  void BindService(int use, const Service* provider) { services_[use] = provider; }
  const std::pair<std::string, SourceLocation>* FindValue(const std::string& name);
  void AddParamInfo(ParamInfo info);
  [[noreturn]] void ServiceTypeMismatch(ServiceUse use) const;
  void AddCalc(std::vector<Output> outputs, std::vector<Input> inputs, Calculation calculation,
               CalcRole role);
  /// Sizes port_data_ for the declared ports and states and points the tables into it.
  void AllocatePortData();

  std::string name_, type_;
  SourceLocation loc_;
  ObjectArgs* args_;  ///< Valid during construction only.
  bool describe_;
  bool has_discrete_events_ = false;
  std::vector<DiscreteEvent> events_;
  ObjectInterface interface_;
  const double* time_ = nullptr;
  static constexpr bool kNotEstimating = false;
  const bool* estimating_jacobian_ = &kNotEstimating;
  const bool* logging_only_ = &kNotEstimating;
  std::vector<std::span<const double>> inputs_;
  std::vector<bool> input_connected_;
  std::vector<std::span<double>> outputs_;
  std::vector<std::span<const double>> states_;
  std::vector<std::span<double>> derivatives_;
  std::vector<std::span<double>> initial_states_;
  std::vector<bool> state_given_;
  std::vector<const Service*> services_;  ///< [use]: the provider, or nullptr.
  std::vector<std::pair<std::string, const Service*>> provided_;
  /// The first value of each view again, for the 3-vector shorthands, in one block (inputs,
  /// outputs, states, derivatives). The tables into it come last, next to the derived class's
  /// first members: docs/design.md, "SimObjects and their declarations", says why.
  std::vector<double*> port_data_;
  const double** input_data_ = nullptr;
  double** output_data_ = nullptr;
  const double** state_data_ = nullptr;
  double** derivative_data_ = nullptr;
};

// DeclareParameter is compiled once, in the API library, for each parameter type.
extern template double SimObject::DeclareParameter(ParamSpec<double>);
extern template long SimObject::DeclareParameter(ParamSpec<long>);
extern template bool SimObject::DeclareParameter(ParamSpec<bool>);
extern template std::string SimObject::DeclareParameter(ParamSpec<std::string>);
extern template Eigen::VectorXd SimObject::DeclareParameter(ParamSpec<Eigen::VectorXd>);
extern template Eigen::MatrixXd SimObject::DeclareParameter(ParamSpec<Eigen::MatrixXd>);

}  // namespace hawser
