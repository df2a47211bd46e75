// The linearisation of a model at a state: df/dx by central differences, for Python's
// Model.jacobian() (e.g. of a settled system: its eigenvalues are the small-motion modes).
#pragma once

#include <vector>

#include "runtime/model/ode_system.h"

namespace hawser {

/// df/dx of `system` at (t, x), row-major n x n: column j is (f(x + h e_j) - f(x - h e_j)) / 2h
/// with h = sqrt(eps) * max(|x_j|, 1) (the step that balances truncation, O(h^2) relative,
/// against rounding, O(eps / h)). Throws SimulationError, naming the state, when f is not
/// finite at a perturbed state.
std::vector<double> CentralJacobian(OdeSystem& system, double t, const std::vector<double>& x);

}  // namespace hawser
