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
  void SetEstimatingJacobian(bool on) override { inner_.SetEstimatingJacobian(on); }
  std::vector<int> ExactJacobianColumns() const override { return inner_.ExactJacobianColumns(); }
  bool FillExactJacobian(int block, std::span<double> values) override {
    return inner_.FillExactJacobian(block, values);
  }

 private:
  OdeSystem& inner_;
  const std::atomic<bool>* flag_;
};

}  // namespace

RunResult Simulate(Model& model, const EngineSettings& settings, Sink& sink,
                   const RunOptions& options) {
  const auto wall_start = std::chrono::steady_clock::now();
  RunResult result;
  result.integrator = ToString(settings.integrator);
  RunInfo info = options.info;
  RecordSea(model, settings.output, info);
  sink.Begin(SelectLoggedSignals(model, settings), info);

  InterruptibleSystem system(model, options.interrupt);
  std::unique_ptr<Integrator> integrator;
  std::optional<std::string> io_error;
  const double t0 = settings.output.start;
  try {
    std::vector<double> x = model.InitialState(t0);
    if (settings.settle) {
      const std::vector<double> before = x;
      const SettleResult settled = Settle(system, t0, x,
                                          {.abs_tol = settings.abs_tol,
                                           .rel_tol = settings.rel_tol,
                                           .step_tol = settings.settle_tolerance,
                                           .max_iterations = settings.settle_iterations});
      const SettleReport report = ReportSettle(model, t0, before, x);
      const std::string where =
          report.largest_residual.empty() ? "" : " at " + report.largest_residual;
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
    integrator = MakeIntegrator(system, settings);
    integrator->Reset(t0, x);
    for (double t : settings.output.times) {
      if (options.interrupt != nullptr && options.interrupt->load()) throw Interrupted{};
      if (t > t0) integrator->AdvanceTo(t, x);
      if (!model.EvaluateOutputs(t, x.data())) {
        throw SimulationError(fmt::format("non-finite value at t = {}: {}", t, model.Diagnose()));
      }
      sink.Write(t);
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
