#include "runtime/embed/linearise.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "hawser/errors.h"

namespace hawser {

std::vector<double> CentralJacobian(OdeSystem& system, double t, const std::vector<double>& x) {
  const size_t n = x.size();
  std::vector<double> jacobian(n * n), plus(n), minus(n), probe = x;
  const double root_eps = std::sqrt(std::numeric_limits<double>::epsilon());
  for (size_t j = 0; j < n; ++j) {
    const double h = root_eps * std::max(std::abs(x[j]), 1.0);
    probe[j] = x[j] + h;
    const bool ok_plus = system.Rhs(t, probe.data(), plus.data());
    probe[j] = x[j] - h;
    const bool ok_minus = system.Rhs(t, probe.data(), minus.data());
    probe[j] = x[j];
    if (!ok_plus || !ok_minus) {
      throw SimulationError(
          fmt::format("the Jacobian's column {} (state entry {}): a non-finite "
                      "value at a perturbed state: {}",
                      j, j, system.Diagnose()));
    }
    for (size_t i = 0; i < n; ++i) jacobian[i * n + j] = (plus[i] - minus[i]) / (2 * h);
  }
  return jacobian;
}

}  // namespace hawser
