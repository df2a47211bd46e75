// A scenario driven step by step by another program: loaded and assembled once, then advanced
// to chosen times, with the values of its Signal/External objects set between steps and any
// output or state read at the current time. What the C API (hawser/c_api.h) and the Python
// module wrap.
#pragma once

#include <map>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "hawser/registry.h"
#include "runtime/embed/mooring_stiffness.h"
#include "runtime/model/model.h"
#include "runtime/run/settle_report.h"
#include "runtime/scenario/scenario.h"
#include "runtime/solve/integrator.h"

namespace hawser {

class External;

class Session {
 public:
  /// Loads `path` (with `overrides`), loads the SimObject libraries its LibNames name, assembles
  /// the model and brings it to the start time (Settle first when the Engine asks). Throws
  /// ScenarioError(s), IoError, SimulationError (Settle failed).
  static std::unique_ptr<Session> FromFile(const std::string& path,
                                           const VariableOverrides& overrides = {});
  /// The same from XML text; `file` names it in messages.
  static std::unique_ptr<Session> FromText(const std::string& xml_text, const std::string& file,
                                           const VariableOverrides& overrides = {});
  explicit Session(Scenario scenario);
  ~Session();

  double time() const { return t_; }
  const Scenario& scenario() const { return scenario_; }
  const Model& model() const { return *model_; }

  /// Sets Signal/External `name`'s value. Throws ScenarioError for an unknown name (listing the
  /// external inputs) or a wrong width.
  void SetInput(const std::string& name, std::span<const double> values);
  /// The names of the Signal/External objects, in the scenario's order.
  std::vector<std::string> InputNames() const;
  /// Integrates to `t` >= time(). Throws ScenarioError for an earlier time, SimulationError when
  /// the integrator fails (the session then refuses to advance until SetState).
  void AdvanceTo(double t);
  /// Output "Obj.Port" or state "Obj:State" at the current time. Throws ScenarioError naming
  /// what is wrong (no such object, no such port or state, listing those it has).
  std::vector<double> Get(const std::string& name);

  /// Brings the state at the current time to static equilibrium, as Engine Settle="1" does at
  /// the start, and says what settled where. Throws SimulationError when it does not converge
  /// (the state is then the one with the smallest residual; the session may go on from it).
  SettleReport Settle();
  /// df/dx at the current time and state, row-major (runtime/embed/linearise.h).
  std::vector<double> Jacobian();
  /// The 6 x 6 (3 x 3 for a body without orientation) stiffness of body `body`'s Force and
  /// Moment loads at its current pose, row-major (runtime/embed/mooring_stiffness.h). The
  /// session's state is left as it was.
  std::vector<double> MooringStiffness(const std::string& body, const StiffnessSteps& steps = {});

  std::span<const double> state() const { return x_; }
  const std::vector<std::string>& state_names() const { return state_names_; }
  /// Replaces time and state. Throws ScenarioError for a wrong width or a non-finite value.
  void SetState(double t, std::span<const double> x);
  /// As `hawser run --save-state` / `--restart` (runtime/analysis/state_file.h).
  void SaveState(const std::string& path) const;
  void LoadState(const std::string& path);

 private:
  External& FindInput(const std::string& name);

  Scenario scenario_;
  Registry registry_;  ///< Before the model: plugin code must outlive the objects.
  std::unique_ptr<Model> model_;
  std::unique_ptr<Integrator> integrator_;
  std::vector<double> x_;
  std::vector<std::string> state_names_;
  double t_ = 0.0;
  bool restart_ = true;  ///< The integrator must start again at (t_, x_) before the next step.
  bool failed_ = false;  ///< The last step failed; x_ is not a solution.
};

}  // namespace hawser
