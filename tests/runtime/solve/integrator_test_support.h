// Test-local ODE systems and engine settings shared by the integrator tests (integrator_test.cpp,
// cvode_integrator_test.cpp, fixed_step_integrator_test.cpp).
#pragma once

#include "runtime/model/ode_system.h"
#include "runtime/scenario/engine_settings.h"

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

}  // namespace hawser::integrator_test
