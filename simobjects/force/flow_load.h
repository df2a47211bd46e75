// The common part of Force/WindLoad and Force/CurrentLoad: a hull load from coefficients per
// relative flow heading (flow_coefficients.h) on the flow velocity relative to the hull.
//
// Wiring: inputs Pos, Vel, AngVel and RollPitchYaw from a body's outputs (Body/FloatingBody),
// outputs Force and Moment into the body's Force and Moment (summed with its other loads).
// The load acts at the centre of pressure P = O + Rz(yaw) CentreOfPressure (CentreOfPressure in
// the heading frame from O), where the flow is sampled:
//   u = U_flow(t, P) - (v_O + omega x (P - O)),  horizontal part only,
//   V = |u|, beta = atan2(u_y, u_x) in the heading frame (towards, from the bow),
//   F = Rz(yaw) 1/2 rho V^2 (C_x(beta), C_y(beta), 0),
//   M = (P - O) x F + (0, 0, 1/2 rho V^2 C_mz(beta))   about O, world.
// The body's velocity is subtracted, so the load damps the body's motion through the flow
// (aerodynamic or hydrodynamic damping), and a body moving in still air feels a drag.
// Roll and pitch do not turn the coefficients (small angles, as the hull's other data).
#pragma once

#include <Eigen/Core>
#include <optional>

#include "hawser/simobject.h"
#include "simobjects/force/flow_coefficients.h"

namespace hawser {

class FlowLoad : public SimObject {
 protected:
  /// `medium` ("wind", "current") names the flow in the parameters' docs.
  FlowLoad(ObjectArgs& args, const std::string& medium);

  /// The flow's velocity [m/s] at `point` and time t (from Initialize() on).
  virtual Eigen::Vector3d FlowVelocity(double t, const Eigen::Vector3d& point) const = 0;
  /// The fluid's density [kg/m^3].
  virtual double FlowDensity() const = 0;

 private:
  void Compute();

  std::optional<FlowCoefficients> coefficients_;
  Eigen::Vector3d centre_ = Eigen::Vector3d::Zero();
  Input pos_, vel_, ang_vel_, rpy_;
  Output force_, moment_, relative_;
};

}  // namespace hawser
