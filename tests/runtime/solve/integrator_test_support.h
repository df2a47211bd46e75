// Test-local ODE systems and engine settings shared by the integrator tests (integrator_test.cpp,
// cvode_integrator_test.cpp, fixed_step_integrator_test.cpp, semi_explicit_euler_test.cpp,
// leapfrog_test.cpp, newmark_test.cpp).
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "hawser/errors.h"
#include "runtime/model/ode_system.h"
#include "runtime/scenario/engine_settings.h"
#include "runtime/solve/integrator.h"

namespace hawser::integrator_test {

/// q'' = -w^2 q as x = (q, v): q = cos(w t), v = -w sin(w t) from q(0) = 1, v(0) = 0.
class Oscillator : public OdeSystem {
 public:
  explicit Oscillator(double w) : w_(w) {}
  int size() const override { return 2; }
  bool Rhs(double /*t*/, const double* x, double* xdot) override {
    xdot[0] = x[1];
    xdot[1] = -w_ * w_ * x[0];
    return true;
  }

 private:
  double w_;
};

/// x' = -x: x = exp(-t) from x(0) = 1.
class Decay : public OdeSystem {
 public:
  int size() const override { return 1; }
  bool Rhs(double /*t*/, const double* x, double* xdot) override {
    xdot[0] = -x[0];
    return true;
  }
};

inline EngineSettings Settings(IntegratorKind kind, double end, double tol = 1e-8,
                               double step = 0.0) {
  EngineSettings s;
  s.integrator = kind;
  s.abs_tol = tol;
  s.rel_tol = tol;
  s.step_size = step;
  s.output.start = 0.0;
  s.output.end = end;
  s.loc = {"test.xml", 3};
  return s;
}

/// x = (q, v), q' = v (declared: q's rate is state 1), v' = -w^2 q - 2 z w v; mass 1 and
/// damping C = 2 z w, and stiffness K = w^2 of which the share `implicit_stiffness` is taken
/// implicitly: SolveImplicitPart divides the acceleration's change by 1 + g C + b s K.
class DampedOscillator : public OdeSystem {
 public:
  DampedOscillator(double w, double zeta, double implicit_stiffness = 0.0)
      : w_(w), zeta_(zeta), share_(implicit_stiffness) {}
  int size() const override { return 2; }
  bool Rhs(double /*t*/, const double* x, double* xdot) override {
    xdot[0] = x[1];
    xdot[1] = -w_ * w_ * x[0] - 2 * zeta_ * w_ * x[1];
    return true;
  }
  void SolveImplicitPart(double damping_h, double stiffness_h2, const double* previous,
                         double* xdot) override {
    const double taken = 1.0 + damping_h * 2 * zeta_ * w_ + stiffness_h2 * share_ * w_ * w_;
    xdot[1] = previous[1] + (xdot[1] - previous[1]) / taken;
  }
  std::vector<bool> Velocities() const override { return {false, true}; }
  std::vector<int> PositionRates() const override { return {1, -1}; }

 private:
  double w_, zeta_, share_;
};

/// Growth of the damped oscillator's motion from (q, v) = (1, 0) over 4000 steps of h of the
/// fixed-step method `kind`: the largest |(w q, v)| in the last 1000 steps over that in the
/// first 1000 (+inf once the state overflows, which the integrator reports).
inline double Growth(IntegratorKind kind, double w, double zeta, double h,
                     double implicit_stiffness = 0.0, double newmark_beta = 0.25) {
  DampedOscillator system(w, zeta, implicit_stiffness);
  EngineSettings settings = Settings(kind, 4000 * h, 0.0, h);
  settings.newmark_beta = newmark_beta;
  auto integrator = MakeIntegrator(system, settings);
  std::vector<double> x{1.0, 0.0};
  integrator->Reset(0.0, x);
  double first = 0.0, last = 0.0;
  try {
    for (int i = 1; i <= 4000; ++i) {
      integrator->AdvanceTo(i * h, x);
      const double size = std::hypot(w * x[0], x[1]);
      if (i <= 1000) first = std::max(first, size);
      if (i > 3000) last = std::max(last, size);
    }
  } catch (const SimulationError&) {
    return INFINITY;
  }
  return last / first;
}

/// The errors of the fixed-step method `kind` at t = 1 with step h on the damped oscillator
/// w = 3, z = 0.2 from (q, v) = (1, 0) (`implicit_stiffness` as DampedOscillator's), against the
/// closed form q = e^{-z w t} (cos(wd t) + z w / wd sin(wd t)), v = -(w^2 / wd) e^{-z w t}
/// sin(wd t), wd = w sqrt(1 - z^2): {|q error|, |v error| / w}.
inline std::vector<double> ErrorsAtOne(IntegratorKind kind, double h,
                                       double implicit_stiffness = 0.0) {
  const double w = 3.0, zeta = 0.2;
  const double wd = w * std::sqrt(1 - zeta * zeta);
  const double q_exact = std::exp(-zeta * w) * (std::cos(wd) + zeta * w / wd * std::sin(wd));
  const double v_exact = -(w * w / wd) * std::exp(-zeta * w) * std::sin(wd);
  DampedOscillator system(w, zeta, implicit_stiffness);
  auto integrator = MakeIntegrator(system, Settings(kind, 1.0, 0.0, h));
  std::vector<double> x{1.0, 0.0};
  integrator->Reset(0.0, x);
  integrator->AdvanceTo(1.0, x);
  return {std::abs(x[0] - q_exact), std::abs(x[1] - v_exact) / w};
}

/// Checks that the fixed-step method `kind` refuses, at the <Engine>'s line, a system with a
/// velocity that no position is paired with, naming it.
inline void CheckRefusesUnpairedVelocities(IntegratorKind kind) {
  class Unpaired : public Oscillator {
   public:
    Unpaired() : Oscillator(1.0) {}
    std::vector<std::string> UnpairedVelocities() const override { return {"B.Vel"}; }
  } system;
  try {
    MakeIntegrator(system, Settings(kind, 1.0, 0.0, 0.1));
    FAIL("accepted");
  } catch (const ScenarioError& e) {
    const std::string what = e.what();
    CAPTURE(what);
    CHECK(what.rfind("test.xml:3: error: Engine Integrator " + ToString(kind) + " ", 0) == 0);
    CHECK(what.find("B.Vel does not") != std::string::npos);
  }
}

}  // namespace hawser::integrator_test
