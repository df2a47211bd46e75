// The first-order response of a body to the ocean's waves through its RAOs (rao_table.h): each
// wave component contributes a |H| cos(psi + epsilon) to each of the six responses, with the
// component's phase psi taken at the body's reference point (x, y) and its heading relative to
// the body's heading. Used for force RAOs (Body/FloatingBody) and displacement RAOs
// (Body/RAOVessel).
#pragma once

#include <Eigen/Core>
#include <span>

#include "hawser/ocean.h"
#include "simobjects/body/rao_table.h"

namespace hawser {

using Vector6d = Eigen::Matrix<double, 6, 1>;

struct WaveResponse {
  Vector6d value = Vector6d::Zero();  ///< sum_k Re(a_k H_k e^{i psi_k}), in the table's units.
  Vector6d rate = Vector6d::Zero();   ///< Its time derivative, sum_k Re(-i omega_k a_k H_k ...).
};

/// The responses at time t [s] of a body whose RAO reference point is at (x, y) [m] and whose x
/// axis points `heading` [rad] from +x towards +y, to the ocean's waves (all components; H at
/// each component's frequency and relative heading, rao_table.h), times the ocean's wave ramp
/// (the rate includes the ramp's own rate; without `with_rate` it is left zero, for a caller that
/// reads only the value).
WaveResponse RaoResponse(const RaoTable& table, const Ocean& ocean, double t, double x, double y,
                         double heading, bool with_rate = true);

}  // namespace hawser
