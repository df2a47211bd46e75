// A line longer than its span, lying on the seabed: the catenary start is the slack profile
// (catenary.h: H = 0, the rest hanging under the upper end), and Settle finishes from there.
// Before, no catenary was found ("did not converge (residual 11.8 m)"), the line started
// straight, and with its upper end 5 m up Settle failed.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <numbers>

#include "tests/simobjects/settled_config.h"

namespace hawser::test {
namespace {

// 100 m of the reference line's chain (150 kg/m, d = 0.1 m, EA 6e8 N) in water 50 m deep, its
// end A on the seabed and end B `height` m above it, 93.87 m across.
std::string SlackLine(int elements, double height) {
  return ScenarioXml(
      fmt::format(R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Depth="50"/>
<Lib LibName="base" SimObject="Cable/Cable" Name="L" NumElements="{}" Length="100" Diameter="0.1" MassPerLength="150" EA="6e8"/>)",
                  elements),
      fmt::format(R"(<Connection L.PositionA="0,0,-50" L.PositionB="93.87,0,{}"/>)",
                  -50.0 + height));
}

// Weight in water per metre (the ocean's 1025 kg/m^3 and 9.81 m/s^2).
const double kW = (150.0 - 1025.0 * std::numbers::pi * 0.01 / 4.0) * 9.81;

}  // namespace

TEST_CASE("a slack line on the seabed settles from its slack catenary start") {
  for (const double height : {0.0, 5.0}) {
    CAPTURE(height);
    const SettledConfig s = SettleScenario(LoadScenarioFromString(SlackLine(100, height), "t.xml"));
    // Slack: no horizontal tension. An end's force is then the weight of what hangs from it
    // plus the half segment (l0 = 1 m) that its own lumped node carries. At A nothing hangs:
    // w l0 / 2, to Settle's residual.
    CHECK(s.Output("L", "TensionA") == doctest::Approx(kW * 0.5).epsilon(1e-3));
    // At B, `height` m hang: w (height + l0 / 2). 0.5 %: the touchdown node's weight is shared
    // between the seabed's contact spring and the hanging part (measured 0.14 % at N = 100 and
    // 0.06 % at N = 200 for 5 m).
    CHECK(s.Output("L", "TensionB") == doctest::Approx(kW * (height + 0.5)).epsilon(5e-3));
  }
}

}  // namespace hawser::test
