// A body's mooring stiffness from its lines, as MoorPy's getCoupledStiffness: the derivative of
// the loads on the body's Force and Moment inputs with respect to its pose, the lines settled
// quasi-statically at every pose (for Python's Model.mooring_stiffness, docs/python.md).
#pragma once

#include <string>
#include <vector>

#include "runtime/model/model.h"
#include "runtime/scenario/engine_settings.h"

namespace hawser {

struct StiffnessSteps {
  double translation = 0.01;  ///< [m] the central differences' step in x, y, z.
  double rotation = 1e-3;     ///< [rad] the step of the rotations about x, y, z.
};

/// K = -d(F, M)/d(x, y, z, rx, ry, rz) of the rigid body `body` at its pose in `x` (time t),
/// row-major 6 x 6 [N/m, N/rad; N m/m, N m/rad]: F and M are the values of its Force and
/// Moment inputs (world frame, the moment about its Pos, as the body reads them), the rotations
/// small turns about the world axes through Pos. Column j is -(L(+h e_j) - L(-h e_j)) / 2h
/// (central differences: the error is O(h^2), the curvature of the load-offset curve), where
/// L(pose) is the load after Settle (solve/settle.h) has brought every other state to rest with
/// the body held at that pose and at rest. A body with a position but no orientation (Pos and
/// Force only, e.g. Body/Buoy) gives 3 x 3. Throws ScenarioError when `body` is no such body
/// (naming what it lacks) or a step is not positive, SimulationError when a Settle does not
/// converge.
std::vector<double> MooringStiffness(Model& model, const EngineSettings& settings, double t,
                                     const std::vector<double>& x, const std::string& body,
                                     const StiffnessSteps& steps = {});

}  // namespace hawser
