#include "runtime/run/simulation.h"

#include <fmt/format.h>

#include <chrono>
#include <optional>

#include "hawser/log.h"
#include "runtime/run/sea_record.h"
#include "runtime/run/settle_report.h"
#include "runtime/solve/settle.h"

namespace hawser {

namespace {

/// Thrown from inside the right-hand side when the user interrupts; integrators pass it on.
struct Interrupted {};

/// Passes calls through to the model, checking the interrupt flag at every evaluation so that
/// Ctrl-C stops a run even inside a long interval between output times.
class InterruptibleSystem final : public OdeSystem {
 public:
  InterruptibleSystem(OdeSystem& inner, const std::atomic<bool>* flag)
      : inner_(inner), flag_(flag) {}
  int size() const override { return inner_.size(); }
  bool Rhs(double t, const double* x, double* xdot) override {
    if (flag_ != nullptr && flag_->load(std::memory_order_relaxed)) throw Interrupted{};
    return inner_.Rhs(t, x, xdot);
  }
  std::pair<int, int> Bandwidth() const override { return inner_.Bandwidth(); }
  const SparsityPattern* Sparsity() const override { return inner_.Sparsity(); }
  std::string Diagnose() const override { return inner_.Diagnose(); }
  std::vector<bool> Accumulators() const override { return inner_.Accumulators(); }
  std::vector<bool> Velocities() const override { return inner_.Velocities(); }
  std::vector<int> PositionRates() const override { return inner_.PositionRates(); }
  std::vector<std::string> UnpairedVelocities() const override {
    return inner_.UnpairedVelocities();
  }
  void SetEstimatingJacobian(bool on) override { inner_.SetEstimatingJacobian(on); }
  void SolveImplicitPart(double damping_h, double stiffness_h2, const double* previous,
                         double* xdot) override {
    inner_.SolveImplicitPart(damping_h, stiffness_h2, previous, xdot);
  }
  bool HasEvents() const override { return inner_.HasEvents(); }
  bool AfterStep(double t, const double* x) override { return inner_.AfterStep(t, x); }
  double NextEventTime(double t) const override { return inner_.NextEventTime(t); }
  std::vector<int> ExactJacobianColumns() const override { return inner_.ExactJacobianColumns(); }
  bool FillExactJacobian(int block, std::span<double> values) override {
    return inner_.FillExactJacobian(block, values);
  }

 private:
  OdeSystem& inner_;
  const std::atomic<bool>* flag_;
};

/// The time a restart continues from, once it is known to fit `settings` and a model of `n`
/// states. Throws ScenarioError.
double ContinueFrom(const StartState& start, const EngineSettings& settings, int n) {
  if (start.x.size() != static_cast<size_t>(n)) {
    throw ScenarioError(settings.loc, fmt::format("the restart state has {} values, the model {}",
                                                  start.x.size(), n));
  }
  if (!(start.time >= settings.output.start && start.time <= settings.output.end)) {
    throw ScenarioError(settings.loc,
                        fmt::format("the restart state is at t = {}, outside the scenario's "
                                    "output times {} .. {}; set a later end time (e.g. --set "
                                    "Engine.TOutput=...)",
                                    start.time, settings.output.start, settings.output.end));
  }
  return start.time;
}

}  // namespace

void SettleOrThrow(Model& model, OdeSystem& system, const EngineSettings& settings, double t0,
                   std::vector<double>& x) {
  const std::vector<double> before = x;
  const SettleResult settled = Settle(system, t0, x,
                                      {.abs_tol = settings.abs_tol,
                                       .rel_tol = settings.rel_tol,
                                       .step_tol = settings.settle_tolerance,
                                       .max_iterations = settings.settle_iterations});
  const SettleReport report = ReportSettle(model, t0, before, x);
  const std::string where = report.largest_residual.empty() ? "" : " at " + report.largest_residual;
  if (!settled.converged) {
    const std::string kind =
        report.largest_residual_kind.empty() ? "" : " (" + report.largest_residual_kind + ")";
    throw SimulationError(fmt::format(
        "settle did not reach static equilibrium in {} iterations: the largest residual is "
        "max|f| = {:.3g}{}{}; expected a state where every derivative vanishes (check the "
        "line lengths, anchor and fairlead positions, and buoyancy; raise the Engine's "
        "SettleIterations; or run without Settle)",
        settled.iterations, settled.residual, where, kind));
  }
  Note(fmt::format("Settle: {}{} ({:.3g} s)", settled.message, where, settled.wall_seconds));
  for (const std::string& line : report.lines) Note(line);
  for (const std::string& w : report.warnings) Warn(w);
}

RunResult Simulate(Model& model, const EngineSettings& settings, Sink& sink,
                   const RunOptions& options) {
  const auto wall_start = std::chrono::steady_clock::now();
  RunResult result;
  result.integrator = ToString(settings.integrator);
  // A restart's time, checked before the sink begins a file.
  const double t0 = options.start != nullptr ? ContinueFrom(*options.start, settings, model.size())
                                             : settings.output.start;
  // Against the scenario's whole run, also on a restart: a break before the restart time has
  // happened already (the state file's discrete state holds it).
  model.CheckEventTimes(settings.output.start, settings.output.end);
  // The integrator before Settle and the result file: one that cannot take this model
  // (semi-explicit Euler and a body's velocities) fails the run before anything is computed.
  InterruptibleSystem system(model, options.interrupt);
  std::unique_ptr<Integrator> integrator = MakeIntegrator(system, settings);
  RunInfo info = options.info;
  RecordSea(model, settings.output, info);
  const std::vector<LoggedSignal> logged = SelectLoggedSignals(model, settings);
  sink.Begin(logged, info);
  std::vector<std::span<const double>> logged_outputs;
  for (const LoggedSignal& s : logged)
    if (!s.is_state) logged_outputs.push_back(s.values);
  model.SetLogged(logged_outputs);  // A row computes only what it writes.

  std::optional<std::string> io_error;
  try {
    // Objects initialise at the start time even on a restart, whose state then replaces theirs.
    std::vector<double> x = model.InitialState(settings.output.start);
    if (options.start != nullptr) {
      x = options.start->x;
      model.RestoreDiscreteStates(options.start->discrete);
    } else if (settings.settle) {
      SettleOrThrow(model, system, settings, t0, x);
    }
    integrator->Reset(t0, x);
    for (double t : settings.output.times) {
      if (t < t0) continue;  // Before a restart's time.
      if (options.interrupt != nullptr && options.interrupt->load()) throw Interrupted{};
      if (t > t0) integrator->AdvanceTo(t, x);
      if (!model.EvaluateLogged(t, x.data())) {
        throw SimulationError(fmt::format("non-finite value at t = {}: {}", t, model.Diagnose()));
      }
      sink.Write(t);
      if (options.at_output) options.at_output(t, x);
      ++result.rows;
      result.end_time = t;
      if (options.progress) options.progress(t, settings.output.end);
    }
  } catch (const Interrupted&) {
    std::string cause = options.interrupt_cause ? options.interrupt_cause() : "";
    if (cause.empty()) cause = "the user";
    result.status = RunStatus::kInterrupted;
    result.message = fmt::format("interrupted by {} after t = {}", cause, result.end_time);
  } catch (const SimulationError& e) {
    result.status = RunStatus::kFailed;
    result.message = e.what();
  } catch (const IoError& e) {  // A sink could not write a row (full disk): finish, then report.
    result.status = RunStatus::kFailed;
    result.message = e.what();
    io_error = e.what();
  }
  result.events = model.Events();
  if (integrator) {
    result.stats = integrator->stats();
    result.linear_solver = integrator->linear_solver();
  }
  result.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  sink.Finish(result);
  if (io_error) throw IoError(*io_error);
  return result;
}

MemorySink RunScenarioText(const std::string& xml_text, const Registry& registry,
                           const VariableOverrides& overrides) {
  Scenario scenario = LoadScenarioFromString(xml_text, "scenario.xml", overrides);
  std::unique_ptr<Model> model = Model::Assemble(scenario, registry);
  MemorySink sink;
  Simulate(*model, scenario.engine, sink);
  return sink;
}

}  // namespace hawser
