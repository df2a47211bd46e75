// configs/cable_free_float_mooring.xml: a free-floating buoy held by three lines. Settle works
// on the model's sparse Jacobian pattern (the buoy couples to the three lines' end nodes only),
// and the equilibrium it finds is checked against closed forms: the buoyancy of the partly
// submerged sphere, the buoy's vertical balance, and the symmetry of the spread.
#include <doctest/doctest.h>

#include <cmath>
#include <numbers>
#include <string>

#include "tests/simobjects/settled_config.h"

namespace hawser::test {
TEST_CASE("configs/cable_free_float_mooring.xml settles on the sparse pattern to the closed form") {
  const SettledConfig s = SettleConfig(HAWSER_SOURCE_DIR "/configs/cable_free_float_mooring.xml");
  const SettleResult& r = s.result;
  // 1e-6 m/s and m/s^2: far below anything the run's tolerances (1e-4) resolve.
  constexpr double kResidualTol = 1e-6;
  CHECK(r.residual < kResidualTol);
  // 3 x (39 nodes x 6 + 1) + 6 = 711 states. Differences column by column would cost 711
  // evaluations per Jacobian; on the pattern each line needs 18 groups and the buoy's coupling
  // of the three line ends adds a few.
  CHECK(s.model->size() == 711);
  CHECK(r.column_groups <= 40);

  // Body/Buoy in the config: Mass 2e5 kg, Diameter 10 m; defaults rho 1025, g 9.81, Ca 0.5,
  // surface at z = 0. Submerged cap of height h = R - z: V = pi h^2 (3 R - h) / 3.
  const double m = 2.0e5, radius = 5.0, rho = 1025.0, g = 9.81, ca = 0.5;
  const double z = s.Output("Float", "Pos", 2);
  const double h = radius - z;
  REQUIRE(h > 0.0);
  REQUIRE(h < 2.0 * radius);  // Floating, neither dry nor fully under.
  const double buoyancy = rho * g * std::numbers::pi * h * h * (3.0 * radius - h) / 3.0;
  CHECK(s.Output("Float", "Buoyancy") == doctest::Approx(buoyancy).epsilon(1e-12));
  // At rest the buoy's acceleration rows are within the residual, so its force balance holds
  // to (m + Ca rho V_sphere) kResidualTol ~ 0.5 N, against forces of ~1e6 N.
  const double force_tol =
      (m + ca * rho * 4.0 / 3.0 * std::numbers::pi * std::pow(radius, 3)) * kResidualTol;
  double total[3] = {0.0, 0.0, 0.0};
  for (const char* line : {"L1", "L2", "L3"}) {
    for (int k = 0; k < 3; ++k) total[k] += s.Output(line, "ForceB", k);
  }
  CHECK(std::abs(total[0]) < force_tol);
  CHECK(std::abs(total[1]) < force_tol);
  CHECK(std::abs(total[2] + buoyancy - m * g) < force_tol);
  // The lines pull down hard (a trivial balance would have them slack): about 260 kN each.
  CHECK(-total[2] > 3 * 2.0e5);
  // The spread is symmetric under 120-degree turns, so the three tensions agree; what differs is
  // rounding in the anchors' coordinates (1e-15 m) and the residual: 1e-6 relative.
  const double t1 = s.Output("L1", "TensionB");
  for (const char* line : {"L2", "L3"}) {
    CHECK(s.Output(line, "TensionB") == doctest::Approx(t1).epsilon(1e-6));
  }
}

}  // namespace hawser::test
