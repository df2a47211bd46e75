// Force/WaveDrift: the second-order wave drift load on a floating body from its mean drift
// coefficients (drift_table.h), in the ocean's sea: the mean drift and the slow drift by
// Newman's approximation (newman_drift.h), O(N) per evaluation in N wave components. Wire it to
// the body: inputs Pos and RollPitchYaw from a Body/FloatingBody's outputs, and its Force and
// Moment into the body's Force and Moment (summed with the fairleads':
// Floater.Force="Drift.Force + Fairlead.BodyForce").
//
// The load is evaluated at the body origin's horizontal position and with the body's yaw (the
// components' headings relative to the bow), in the heading frame (x to the bow, y to port,
// z up; rao_table.h), and turned into the world frame by the yaw. Roll and pitch are not
// applied (drift coefficients are small-motion data, as the force RAOs). Method "newman": the
// slow-drift load; "mean": only its mean sum_i D_i a_i^2 (the constant part, e.g. to compare or
// to leave the low frequencies to a separate model); "qtf": the full difference-frequency QTF
// (qtf_drift.h), O(N^2) per evaluation, pairs beyond DifferenceCutoff left out.
// DriftFile: the CSV of drift_table.h, or a WAMIT-format .8, .9 or .12d file (by its extension;
// drift_table.h), made dimensional with the ocean's density and gravity and ULEN; with
// Method="qtf" a WAMIT full QTF, .10d, .11d or .12d (qtf_table.h).
#pragma once

#include <optional>

#include "hawser/ocean.h"
#include "hawser/simobject.h"
#include "simobjects/body/qtf_drift.h"
#include "simobjects/body/rao_table.h"
#include "simobjects/body/wave_response.h"

namespace hawser {

class WaveDrift final : public SimObject {
 public:
  explicit WaveDrift(ObjectArgs& args);

  void Initialize() override;

 private:
  void Compute();

  std::optional<RaoTable> drift_;
  std::optional<QtfDrift> qtf_;  ///< Method "qtf" (then drift_ is empty).
  bool mean_only_ = false;
  bool wamit_ = false;                 ///< A WAMIT-format DriftFile (non-dimensional).
  double length_ = 1.0;                ///< ULEN [m].
  Vector6d scale_ = Vector6d::Ones();  ///< rho g L^k for a WAMIT file, else 1.
  ServiceUse ocean_;
  Input pos_, rpy_;
  Output force_, moment_, load_;
};

}  // namespace hawser
