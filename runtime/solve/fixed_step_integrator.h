// Fixed-step explicit methods: forward Euler, semi-explicit Euler, the leapfrog and classical
// Runge-Kutta 4.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "runtime/model/ode_system.h"
#include "runtime/scenario/engine_settings.h"
#include "runtime/solve/integrator.h"

namespace hawser {

/// Explicit Euler (FhSim IntegratorMethod 0), classical RK4 (IntegratorMethod 1), semi-explicit
/// Euler (positions moved with the new velocities, OdeSystem::PositionRates), the leapfrog
/// (second order: semi-explicit Euler with the forces at the extrapolated velocity and the
/// damping centred implicitly, OdeSystem::SolveImplicitPart) or Newmark (trapezoidal, the
/// objects' implicit part solved on the change of acceleration, NewmarkStep) with the constant
/// step settings.step_size [s]. Between two output times it takes full steps and ends with one
/// shortened step that lands exactly on the output time (the leapfrog: equal steps of at most
/// step_size that divide the interval), so results are the method's solution at exactly that
/// time. Work vectors are allocated in Reset, never in AdvanceTo.
class FixedStepIntegrator final : public Integrator {
 public:
  /// Throws ScenarioError at settings.loc unless settings.step_size > 0, and for semi-explicit
  /// Euler, the leapfrog and Newmark when the system has velocities without positions
  /// (OdeSystem::UnpairedVelocities). `system` must outlive the integrator.
  FixedStepIntegrator(OdeSystem& system, const EngineSettings& settings);

  void Reset(double t0, std::span<const double> x0) override;
  /// Throws SimulationError naming the time, the step and the system's Diagnose() text when the
  /// derivative or the new state is not finite; the state is then left at the last good step.
  void AdvanceTo(double t_out, std::span<double> x) override;
  SolverStats stats() const override { return stats_; }
  /// "euler", "rk4", "semi-explicit-euler", "leapfrog" or "newmark".
  std::string name() const override { return ToString(kind_); }

 private:
  void Step(double h);
  struct PositionSpan;
  /// An update over the whole state: `paired(span)` over each span of paired positions,
  /// `gap(begin, count)` over the states between; each returns the OR of NonFiniteBit over its
  /// values; returns the OR over all.
  template <class GapUpdate, class PairedUpdate>
  uint64_t UpdateBySpans(const GapUpdate& gap, const PairedUpdate& paired) const;
  /// Newmark's step from (t_, x_) into x_new_; returns the OR of NonFiniteBit over it.
  uint64_t NewmarkStep(double h);
  /// The leapfrog's equal steps to t_out and its output (the velocities at t_out).
  void LeapfrogTo(double t_out, std::span<double> x);
  /// The leapfrog's derivative for the step from (t_, x_) into k1_, its history updated;
  /// returns the derivative the update takes (k1_, or its half kick on the first step).
  const double* LeapfrogStep(double h);
  /// Semi-explicit Euler's pairs from the system, or ScenarioError naming the unpaired states.
  void PairPositions(const EngineSettings& settings);
  /// Lets a system with discrete events update them at (t_, x_) (OdeSystem::AfterStep).
  void AfterStep();
  void Derivative(double t, const double* x, double* xdot, double h);

  OdeSystem& system_;
  IntegratorKind kind_;
  double h_;
  double beta_;  ///< Newmark's beta (EngineSettings::newmark_beta).
  int n_ = 0;
  bool initialised_ = false;
  double t_ = 0.0;
  std::vector<double> x_, x_new_, k1_, k2_, k3_, k4_, stage_;
  /// The leapfrog's derivative of the step before (zero without one) and whether there was a
  /// step before (its state is then x_new_); dropped at Reset and when an event changes the
  /// equations.
  std::vector<double> k_previous_;
  bool history_ = false;
  /// The step size of the Newmark predictor in stage_ (left by the step before).
  double predicted_step_ = 0.0;
  /// Whether the leapfrog's velocities lag its positions by half a step (after its first step
  /// from Reset; an event keeps it).
  bool staggered_ = false;
  /// Semi-explicit Euler's pairs: states [begin, end) whose positions (position_mask_ 1) have
  /// the rate state `offset` further on.
  struct PositionSpan {
    int begin, end, offset;
  };
  std::vector<PositionSpan> spans_;
  std::vector<double> position_mask_;
  /// 1 at each velocity that is a position's rate (the leapfrog extrapolates them).
  std::vector<double> velocity_mask_;
  SolverStats stats_;
};

}  // namespace hawser
