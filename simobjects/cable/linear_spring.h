// Cable/LinearSpring: FhSim's "A linear spring in 3 degrees of freedom".
//
// Ends A and B at positions PosA, PosB (world frame, inputs). With l = PosB - PosA, L = |l|:
//   ForceA = k (L - L0) l / L      (force ON end A: pulls A towards B when stretched)
//   ForceB = -ForceA
// The spring also takes compression (L < L0 pushes the ends apart).
//
// Sign convention: FhSim's page writes T = k (L0 - L) and f_A = T l/L, which read literally
// pushes A towards B under compression and contradicts the page's own definition of f_A as "the
// force from the spring on end A". hawser follows the physics and FhSim's examples (which wire a
// cable's ForceB straight into a body's force input); the page's example file (k = 10, L0 = 10,
// A = origin, B = (0,0,5)) gives ForceA = (0,0,-50), ForceB = (0,0,50) as published.
// PotentialEnergy = k (L - L0)^2 / 2. At L = 0 the direction is undefined: the force is reported
// as not finite, and the run stops naming this object.
#pragma once

#include "hawser/simobject.h"

namespace hawser {

class LinearSpring final : public SimObject {
 public:
  explicit LinearSpring(ObjectArgs& args);
  /// Checks the ends at the start: coincident ends leave the force's direction undefined.
  void Initialize() override;

 private:
  void CalcForces();
  void CalcEnergy();

  double stiffness_;
  double relaxed_length_;
  Input pos_a_, pos_b_;
  Output force_a_, force_b_, potential_energy_;
};

}  // namespace hawser
