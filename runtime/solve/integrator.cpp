#include "runtime/solve/integrator.h"

#include <memory>
#include <stdexcept>

#include "runtime/solve/cvode_integrator.h"
#include "runtime/solve/fixed_step_integrator.h"

namespace hawser {

std::unique_ptr<Integrator> MakeIntegrator(OdeSystem& system, const EngineSettings& settings) {
  switch (settings.integrator) {
    case IntegratorKind::kCvodeBdf:
    case IntegratorKind::kCvodeAdams:
      return std::make_unique<CvodeIntegrator>(system, settings);
    case IntegratorKind::kRk4:
    case IntegratorKind::kEuler:
    case IntegratorKind::kSemiExplicitEuler:
    case IntegratorKind::kLeapfrog:
    case IntegratorKind::kNewmark:
      return std::make_unique<FixedStepIntegrator>(system, settings);
  }
  throw std::invalid_argument("MakeIntegrator: unknown integrator kind");
}

}  // namespace hawser
