// Cable/Point: a point where the ends of several lines meet (a bridle's apex, a shared anchor, a
// clump weight or a buoy between lines), as MoorDyn's free and fixed points are.
//
// Free (Fixed = 0), 3 translational degrees of freedom, with mass m, displaced volume V, drag
// area CdA and added-mass coefficient Ca (isotropic), fully submerged:
//   (m + Ca rho V) Vel' = Force + (rho V - m) g e_z - 1/2 rho CdA |u| u + (1 + Ca) rho V a_w
//   Pos' = Vel,   u = Vel - (water velocity + Current)
// Force is the sum of the attached lines' end forces (their ForceA or ForceB, each ON the
// point), world frame, z up; a_w is the water's acceleration (0 without an Environment/Ocean).
// The line ends have no inertia of their own (cable.h, ForceA), so m + Ca rho V must be > 0:
// give the point at least the mass it stands for (a shackle, a plate) or half a segment of each
// line. Pos and Vel are states and outputs that read no input, so a point breaks algebraic
// loops between lines, and each line couples only to its end node's neighbour.
//
// Fixed (Fixed = 1): a shared anchor or a fixed fairlead, no state: Pos = Position and Vel = 0
// always, and Load = Force (the sum of the lines' forces on it, e.g. an anchor's load).
//
// Start: Pos starts at Position (required), unless an <InitialCondition P.Pos> gives it; the
// lines attached to it then start on their catenaries between their ends (cable.h), so nothing
// inside the lines needs placing, and Settle finds the point's equilibrium.
//
// In an ocean the point takes the ocean's density and gravity (a different own value is an
// error) and its water velocity and acceleration at Pos, and must start above the seabed.
#pragma once

#include <Eigen/Dense>

#include "hawser/ocean.h"
#include "hawser/simobject.h"

namespace hawser {

class CablePoint final : public SimObject {
 public:
  explicit CablePoint(ObjectArgs& args);
  void CalcDerivatives() override;
  void Initialize() override;

 private:
  /// The free point's states, ports and derivative.
  void DeclareFree(const ObjectArgs& args);
  /// The fixed point's outputs.
  void DeclareFixed();

  Eigen::Vector3d position_ =
      Eigen::Vector3d::Zero();  ///< Position [m]: the start (free) or the place (fixed).
  double mass_ = 0.0, volume_ = 0.0, cda_ = 0.0, ca_ = 0.0, rho_ = 0.0, g_ = 0.0;
  bool fixed_ = false, given_density_ = false, given_gravity_ = false;
  Input force_, current_;
  State pos_, vel_;
  Output pos_out_, vel_out_, load_;
  ServiceUse ocean_;
};

}  // namespace hawser
