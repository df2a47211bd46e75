// configs/floater_moored_in_irregular_sea.xml and configs/vessel_on_raos_moored.xml, settled
// (in calm water: their waves ramp in from 0 at t = 0): the floater's equilibrium against the
// closed forms of its loads, and the vessel's mooring against the symmetry of the spread.
#include <doctest/doctest.h>

#include <cmath>
#include <numbers>
#include <string>

#include "tests/simobjects/settled_config.h"

namespace hawser::test {

TEST_CASE(
    "configs/floater_moored_in_irregular_sea.xml settles where the lines balance the "
    "current's drag and the hydrostatics") {
  const SettledConfig s =
      SettleConfig(HAWSER_SOURCE_DIR "/configs/floater_moored_in_irregular_sea.xml");
  Eigen::Vector3d lines = Eigen::Vector3d::Zero(), moment = Eigen::Vector3d::Zero();
  for (const char* fair : {"Fair1", "Fair2", "Fair3"}) {
    lines += s.Output3(fair, "BodyForce");
    moment += s.Output3(fair, "BodyMoment");
  }
  // The config's numbers: QuadraticDamping B11 = 1/2 rho Cd D T = 307500 N s^2/m^2 on the
  // current at O's depth z (the 1/7 power law, 0.6 m/s at the surface, depth 100 m, towards +x)
  // taken in the body frame: pitched by theta, the body sees U (cos theta, 0, sin theta) and
  // B11 acts on its x part, so the drag is B11 U^2 cos^2 theta (cos theta, 0, -sin theta) in
  // the world. C33 = 3158949.953 N/m, C55 = 78973748.83 N m/rad; V = m / rho, so weight and
  // buoyancy cancel at z = 0. At rest the body's acceleration rows are within Settle's residual
  // (~1e-9 m/s^2) times its mass (~2e7 kg): 0.1 N against forces of 1e5 N, so 1e-6 relative.
  const double z = s.Output("Spar", "Pos", 2);
  const double pitch = s.Output("Spar", "RollPitchYaw", 1) * std::numbers::pi / 180.0;
  const double current = 0.6 * std::pow((100.0 + z) / 100.0, 1.0 / 7.0);
  const double drag = 307500.0 * current * current * std::cos(pitch) * std::cos(pitch);
  CHECK(lines.x() == doctest::Approx(-drag * std::cos(pitch)).epsilon(1e-6));
  CHECK(std::abs(lines.y()) < 1.0);  // Symmetric about the x axis.
  CHECK(z == doctest::Approx((lines.z() - drag * std::sin(pitch)) / 3158949.953).epsilon(1e-6));
  // Pitch: the lines' moment about O balances -C55 theta (yaw 0: heading frame = world).
  CHECK(pitch == doctest::Approx(moment.y() / 78973748.83).epsilon(1e-6));
  // Drifted downstream by the current, a few metres for this spread (Settle's report).
  CHECK(s.Output("Spar", "Pos", 0) > 1.0);
  CHECK(s.Output("Spar", "Pos", 0) < 20.0);
}

TEST_CASE("configs/vessel_on_raos_moored.xml settles with the vessel at its mean position") {
  const SettledConfig s = SettleConfig(HAWSER_SOURCE_DIR "/configs/vessel_on_raos_moored.xml");
  // The ramp is 0 at t = 0: no wave motion, so the vessel is exactly at Position, level.
  for (int i = 0; i < 6; ++i) CHECK(s.Output("Vessel", "Motion", i) == 0.0);
  CHECK(s.Output("Vessel", "Quat", 0) == 1.0);
  // Lines 2 and 3 mirror each other about the x axis, as does the current (towards +x): equal
  // tensions to Settle's residual (1e-6 relative).
  CHECK(s.Output("Line2", "TensionB") ==
        doctest::Approx(s.Output("Line3", "TensionB")).epsilon(1e-6));
}

}  // namespace hawser::test
