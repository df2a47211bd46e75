// Model: SimObject instances built from a Scenario, their ports wired as views into buffers the
// model owns, outputs evaluated in dependency order, and every state in one contiguous vector.
#pragma once

#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "hawser/registry.h"
#include "hawser/simobject.h"
#include "runtime/model/kernel_batch.h"
#include "runtime/model/ode_system.h"
#include "runtime/scenario/scenario.h"

namespace hawser {

/// Where one state of one object lives in the state vector.
struct StateSlot {
  int object = 0;
  int state = 0;
  int offset = 0;
  int width = 0;
};

/// An object's columns of df/dx with exact entries (SimObject::StateJacobian): its own state
/// columns that no input reads, where its declared entries are the whole column.
struct ExactJacobianBlock {
  SimObject* object = nullptr;
  std::vector<int> columns;  ///< Entries of x, ascending.
  /// Per declared entry (row, column): its index in the pattern's values when the column is
  /// one of `columns`, else -1 (that column is differenced).
  std::vector<long> value_of_entry;
  /// The pattern's entries in `columns` that are no declared entry (the diagonal, which every
  /// pattern holds): zero.
  std::vector<long> zeroed;
  std::vector<double> entries;  ///< StateJacobian's values, one per declared entry.
};

struct Combiner;  // model_steps.h

class Model final : public OdeSystem {
 public:
  /// Builds, checks and wires the scenario's objects. Throws ScenarioErrors with every problem
  /// found (unknown types, parameters, ports; widths; unconnected inputs; algebraic loops; ...).
  static std::unique_ptr<Model> Assemble(const Scenario& scenario, const Registry& registry);
  ~Model() override;

  // ---- OdeSystem ----
  int size() const override { return static_cast<int>(x_.size()); }
  bool Rhs(double t, const double* x, double* xdot) override;
  std::pair<int, int> Bandwidth() const override;
  const SparsityPattern* Sparsity() const override { return &sparsity_; }
  std::string Diagnose() const override { return diagnosis_; }
  void SetEstimatingJacobian(bool on) override { estimating_jacobian_ = on; }
  void SolveImplicitPart(double damping_h, double stiffness_h2, const double* previous,
                         double* xdot) override;
  std::vector<int> ExactJacobianColumns() const override;
  bool FillExactJacobian(int block, std::span<double> values) override;
  std::vector<bool> Accumulators() const override;
  std::vector<bool> Velocities() const override;
  std::vector<int> PositionRates() const override;
  std::vector<std::string> UnpairedVelocities() const override;
  /// Discrete events (model_events.cpp): the objects that declared them, from InitialState on.
  bool HasEvents() const override { return !with_events_.empty(); }
  /// Evaluates every output at (t, x), then each event object's UpdateDiscreteState().
  bool AfterStep(double t, const double* x) override;
  double NextEventTime(double t) const override;
  /// Every object's SimObject::CheckEventTimes for the run [start, end].
  void CheckEventTimes(double start, double end) const;
  /// The events the objects recorded, object by object in model order.
  std::vector<DiscreteEvent> Events() const;
  /// Each object's non-empty SimObject::DiscreteState(), by object name (--save-state).
  std::map<std::string, std::vector<double>> DiscreteStates() const;
  /// Hands each object its saved discrete state (--restart); an unknown object name is a
  /// ScenarioError.
  void RestoreDiscreteStates(const std::map<std::string, std::vector<double>>& states);

  /// The state at the start time: declared defaults, then <InitialCondition>s, then each
  /// object's Initialize() for the states the scenario did not give.
  std::vector<double> InitialState(double t0);
  /// Evaluates every output at (t, x), for logging. Returns false if a value is not finite.
  bool EvaluateOutputs(double t, const double* x);
  /// Narrows EvaluateLogged to what the outputs `logged` (views as LoggedSignal::values; a
  /// state's needs nothing) are computed from: their calculations and every step those read,
  /// with the objects told logging_only() (model_logging.cpp). Without a call, or when a view is
  /// not a calculation's output, EvaluateLogged evaluates every output.
  void SetLogged(const std::vector<std::span<const double>>& logged);
  /// EvaluateOutputs narrowed as SetLogged says, for a row of the result file. Returns false if
  /// a logged value is not finite (the diagnosis then sees every output).
  bool EvaluateLogged(double t, const double* x);

  const std::vector<std::unique_ptr<SimObject>>& objects() const { return objects_; }
  /// The object of that name, or nullptr.
  const SimObject* FindObject(const std::string& name) const;
  const std::vector<StateSlot>& state_layout() const { return state_layout_; }
  /// The calculations in evaluation order, e.g. "S1.ForceA,ForceB <- S1.PosA,PosB".
  std::vector<std::string> DescribeEvaluationOrder() const;
  /// Each input and where its value comes from, e.g. "M.PosA <- 0,0,0".
  std::vector<std::string> DescribeWiring() const;
  const Scenario& scenario() const { return scenario_; }

 private:
  Model();
  struct Step;
  struct Program;
  class Builder;

  void Run(const Program& program);
  /// Runs step `step` and whatever it reads that was not run since the state last changed.
  void Pull(int step, std::vector<unsigned>& run_at, unsigned generation);
  void CalcAllDerivatives();
  /// (Re)writes every kernel's items from the objects: after wiring, and after Initialize().
  void PackKernels();
  std::string FindNonFinite() const;

  Scenario scenario_;
  std::vector<std::unique_ptr<SimObject>> objects_;
  /// Object name -> index into objects_: FindObject and the assembly's lookups in O(log n) (a
  /// scan per connection made checking a 100k-object scenario's units take minutes).
  std::map<std::string, int> object_index_;
  std::vector<StateSlot> state_layout_;
  std::vector<double> signals_;  ///< Every computed output, combined input and constant.
  std::vector<double> x_;        ///< The current state (copied in from the integrator).
  std::vector<double> xdot_;     ///< Derivatives, written by objects.
  double t_ = 0.0;
  bool estimating_jacobian_ = false;  ///< Every object's estimating_jacobian().
  std::vector<Step> steps_;           ///< Calculations and input sums in dependency order.
  /// The subset the state derivatives need, its input sums moved in amid kernel runs.
  std::vector<Step> rhs_steps_;
  /// [step]: the steps (indices into steps_) whose results it reads.
  std::vector<std::vector<int>> step_reads_;
  /// [object]: the steps that compute its inputs and outputs, which its Initialize() may read.
  std::vector<std::vector<int>> initialize_reads_;
  std::vector<Combiner> combiners_;
  std::unique_ptr<Program> program_;      ///< steps_, compiled.
  std::unique_ptr<Program> rhs_program_;  ///< rhs_steps_, compiled.
  std::unique_ptr<Program> log_program_;  ///< SetLogged's steps, compiled (null: every step).
  std::vector<int> log_steps_;            ///< Those steps (indices into steps_).
  bool logging_only_ = false;             ///< Every object's logging_only().
  std::vector<SimObject*> with_states_;
  std::vector<SimObject*> with_events_;  ///< Objects with discrete events (InitialState).
  /// with_states_ in runs of one type: [begin, end) and either the type's
  /// TypeInfo::calc_derivatives, or the objects' derivative kernel (an index into
  /// derivative_kernels_), or neither (a virtual call each).
  struct DerivativeRun {
    int begin, end;
    void (*batch)(SimObject* const*, int, int*);
    int kernel = -1;
  };
  std::vector<DerivativeRun> derivative_runs_;
  std::vector<KernelBatch> derivative_kernels_;
  /// Where each input's value comes from, in evaluation order: DescribeWiring formats it on
  /// demand (formatting a line per input at assembly cost a tenth of assembling 100k objects).
  struct WiringEntry {
    enum class Kind { kDefault, kView, kConstant, kSum } kind;
    int object, input;
    const ConnectionDecl* decl;  ///< In scenario_; nullptr for kDefault.
  };
  std::vector<WiringEntry> wiring_;
  std::string diagnosis_;
  SparsityPattern sparsity_;               ///< Of df/dx, from the declarations and the wiring.
  std::vector<ExactJacobianBlock> exact_;  ///< Objects that may give exact columns of df/dx.
};

}  // namespace hawser
