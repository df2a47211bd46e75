// Model assembly's working state: the Builder, private to model assembly, whose steps live in
// model_assembly.cpp, evaluation_order.cpp, buffer_layout.cpp, jacobian_coupling.cpp and
// service_binding.cpp.
#pragma once

#include <array>
#include <deque>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "runtime/model/jacobian_structure.h"
#include "runtime/model/model.h"

namespace hawser {

// Assembly, step by step; each step reports every problem it finds before the next one runs.
class Model::Builder {
 public:
  Builder(Model& m, const Registry& registry) : m_(m), registry_(registry) {}

  void Build();

 private:
  struct Term {
    double factor = 1.0;
    int object = -1, output = -1;  ///< A port reference when object >= 0.
    int begin = 0, end = 0;        ///< Slice of the output.
    /// A literal's values: the connection term's, in the model's own copy of the scenario.
    const std::vector<double>* literal = nullptr;
  };
  struct InputSource {
    const ConnectionDecl* decl = nullptr;
    std::vector<Term> terms;
  };

  const Scenario& scenario() const { return m_.scenario_; }
  const ObjectInterface& iface(int obj) const { return m_.objects_[obj]->interface(); }
  std::string PortName(int obj, const std::string& port) const {
    return m_.objects_[obj]->name() + "." + port;
  }

  // ---- Objects, connections and initial conditions (model_assembly.cpp) ----
  void BuildObjects();
  void BuildObject(const ObjectDecl& decl, std::map<std::string, const ObjectDecl*>& seen);
  void ReportUnknownParameters(const ObjectDecl& decl, const TypeInfo& type,
                               const SimObject& object);
  void ResolveConnections();
  int FindObjectOrThrow(const std::string& name, const SourceLocation& loc) const;
  void ResolveConnection(const ConnectionDecl& c);
  Term ResolveTerm(const ConnectionTerm& t, const ConnectionDecl& c, int width) const;
  void CheckUnconnectedInputs();
  void CheckInitialConditions();
  /// `ic`'s value with its `--set` elements applied (ic.value itself when it has none); throws
  /// for an index outside [0, width) or an element of a state the scenario gives no value.
  const std::vector<double>& ApplyElementSettings(const InitialConditionDecl& ic, int width);

  // ---- Services (service_binding.cpp) ----
  void BindServices();

  // ---- Evaluation order: a dependency graph over ports and calculations ----
  // In evaluation_order.cpp, with the steps of evaluation built from that order.
  enum class Kind { kInput, kOutput, kCalc };
  struct Node {
    int object;
    Kind kind;
    int index;
  };

  int NodeId(int obj, Kind kind, int index) const;
  /// Appends the ids of the nodes `n` reads to `pre`.
  void Prerequisites(const Node& n, std::vector<int>& pre) const;
  /// The nodes node `id` reads, as OrderEvaluation listed them once for all passes.
  std::span<const int> PrerequisitesOf(int id) const {
    return std::span<const int>(pre_).subspan(pre_start_[id], pre_start_[id + 1] - pre_start_[id]);
  }
  std::string NodeName(const Node& n) const;
  void OrderEvaluation();
  [[noreturn]] void ReportLoop(const std::vector<int>& path, int again) const;
  void BuildSteps();
  /// The model's rhs_program_ from its rhs_steps_ (rhs_of[i]: rhs_steps_[i]'s index in steps_),
  /// with the input sums amid kernel runs (InterleavedOrder, step_interleaving.h).
  void CompileRhsProgram(const std::vector<int>& rhs_of);
  std::vector<bool> NeededForDerivatives() const;
  void AddInputStep(int obj, int in);

  // ---- Buffers and views (buffer_layout.cpp) ----
  void LayOutBuffers();
  bool IsDirectView(int obj, int in) const;

  // ---- Jacobian structure (jacobian_structure.h; jacobian_coupling.cpp) ----
  /// Sets the model's sparsity_ and exact_.
  void BuildJacobianStructure();
  std::vector<ExactJacobianBlock> ExactBlocks(const std::vector<Coupling>& couplings) const;
  OwnBlock OwnStates(int obj) const;
  static std::vector<IndexRange> Shifted(const std::optional<std::vector<IndexRange>>& ranges,
                                         const OwnBlock& block);
  /// [node id]: an output's columns once OutputColumns has found them.
  using ColumnMemo = std::vector<std::optional<std::vector<IndexRange>>>;
  std::vector<IndexRange> InputColumns(int obj, int in, ColumnMemo& memo) const;
  const std::vector<IndexRange>& OutputColumns(int obj, int out, ColumnMemo& memo) const;

  Model& m_;
  const Registry& registry_;
  ErrorCollector errors_;
  std::vector<const TypeInfo*> types_;  ///< [object]
  /// Every object's inputs' sources, object after object: input `in` of `obj` is
  /// sources_[first_input_[obj] + in] (Source). One array: a vector per object costs an
  /// allocation each.
  std::vector<InputSource> sources_;
  std::vector<int> first_input_;  ///< [object]
  InputSource& Source(int obj, int in) { return sources_[first_input_[obj] + in]; }
  const InputSource& Source(int obj, int in) const { return sources_[first_input_[obj] + in]; }
  /// [object][state]: the <InitialCondition> value, or nullptr when not given.
  std::vector<std::vector<const std::vector<double>*>> initial_values_;
  /// Initial conditions with their `--set Obj:State[i]` elements applied (a deque: the pointers
  /// in initial_values_ stay valid as it grows).
  std::deque<std::vector<double>> set_values_;
  /// Offset in the state vector of state `s` of `obj`: state_offsets_[first_state_[obj] + s]
  /// (one array for all objects: a vector per object costs an allocation each).
  std::vector<int> state_offsets_;
  std::vector<int> first_state_;  ///< [object]
  int StateOffset(int obj, int s) const { return state_offsets_[first_state_[obj] + s]; }
  std::vector<Node> nodes_;
  std::vector<std::array<int, 3>> node_base_;
  /// Every node's prerequisites, node after node: node id's are pre_[pre_start_[id],
  /// pre_start_[id + 1]) (PrerequisitesOf). One array, filled in object order: the
  /// declarations are read once, in memory order, not again in each pass.
  std::vector<int> pre_;
  std::vector<size_t> pre_start_;
  std::vector<int> order_;  ///< Node ids, prerequisites first.
  /// [node id]: the buffer view of each input and output node (calculations' entries unused).
  std::vector<std::span<double>> views_;
  std::span<double>& InputView(int obj, int in) { return views_[NodeId(obj, Kind::kInput, in)]; }
  std::span<double>& OutputView(int obj, int out) {
    return views_[NodeId(obj, Kind::kOutput, out)];
  }
};

}  // namespace hawser
