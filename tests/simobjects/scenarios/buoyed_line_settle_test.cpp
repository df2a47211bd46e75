// configs/cable_buoyed_line.xml settles (runtime/solve/settle.h): two Cable/Cable lines holding a
// Body/Buoy. Checked against the buoy's own force balance, in closed form from its parameters,
// and by running the config as shipped: from equilibrium the buoy stays put. (Before Settle's
// natural monotonicity test the iteration stalled at max|f| ~ 0.04 and the buoy then drifted
// 0.5 m in x and 0.85 m in z over the 20 s run.)
#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <fstream>
#include <numbers>
#include <sstream>
#include <string>
#include <vector>

#include "tests/simobjects/scenario_test_util.h"
#include "tests/simobjects/settled_config.h"

namespace hawser::test {
namespace {

const char* const kConfig = HAWSER_SOURCE_DIR "/configs/cable_buoyed_line.xml";

std::string ConfigText() {
  std::ifstream file(kConfig);
  REQUIRE(file.good());
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

// max|f| in m/s (position rows) and m/s^2 (velocity rows). 1e-6 is 4e4 times below where the
// old iteration stalled and far below what the run's AbsTol = 1e-5 resolves.
constexpr double kResidualTol = 1e-6;

/// The settled buoy's force balance against its closed-form net buoyancy.
void CheckBuoyBalance(const SettledConfig& s) {
  CHECK(s.result.residual < kResidualTol);
  // Body/Buoy's parameters in the config (Mass 2000 kg, Diameter 3 m) and its defaults (rho
  // 1025 kg/m^3, g 9.81 m/s^2, Ca 0.5). Fully submerged (checked below), at rest: no drag.
  const double m = 2000.0, d = 3.0, rho = 1025.0, g = 9.81, ca = 0.5;
  const double volume = std::numbers::pi * d * d * d / 6.0;
  const double net_buoyancy = rho * g * volume - m * g;  // 122.5 kN upwards.
  const Eigen::Vector3d lines = s.Output3("Lower", "ForceB") + s.Output3("Upper", "ForceA");
  // Static balance: lines + net buoyancy e_z = 0. The buoy's acceleration rows are within the
  // residual, so the imbalance is at most (m + Ca rho V) kResidualTol ~ 9e-3 N (7e-8 of the
  // net buoyancy).
  const double force_tol = (m + ca * rho * volume) * kResidualTol;
  CHECK(std::abs(lines.x()) < force_tol);
  CHECK(std::abs(lines.y()) < force_tol);
  CHECK(std::abs(lines.z() + net_buoyancy) < force_tol);
  // Both lines are taut at the buoy (not a trivial balance of zeros): each pulls with more than
  // a tenth of the net buoyancy.
  CHECK(s.Output3("Lower", "ForceB").norm() > 0.1 * net_buoyancy);
  CHECK(s.Output3("Upper", "ForceA").norm() > 0.1 * net_buoyancy);
  const Eigen::Vector3d pos = s.Output3("Buoy", "Pos");
  CHECK(pos.z() + 0.5 * d < 0.0);  // Fully submerged, as the closed form assumes.
}

}  // namespace

TEST_CASE("configs/cable_buoyed_line.xml settles: the lines' end forces balance the buoy") {
  CheckBuoyBalance(SettleConfig(kConfig));
}

TEST_CASE("the buoyed line with 40 segments per line settles (damped Newton steps)") {
  // Twice the config's discretisation, same start. Without Settle's damped steps the iteration
  // chattered at dtau ~ 1e-3 (every full step rejected) and gave up after 200 iterations.
  std::string text = ConfigText();
  for (size_t at = text.find("NumElements=\"20\""); at != std::string::npos;
       at = text.find("NumElements=\"20\"", at)) {
    text.replace(at, 16, "NumElements=\"40\"");
  }
  const SettledConfig s = SettleScenario(LoadScenarioFromString(text, "buoyed40.xml"));
  CHECK(s.model->size() == 2 * (39 * 6 + 1) + 6);
  CheckBuoyBalance(s);
}

TEST_CASE("configs/cable_buoyed_line.xml as shipped (Settle=\"1\"): the buoy stays put for 20 s") {
  const MemorySink sink = Run(ConfigText());
  REQUIRE(sink.times().back() == doctest::Approx(20.0));
  // From static equilibrium nothing moves. The integrator runs at RelTol 1e-5 on positions of
  // ~90 m, so its own accuracy target is ~1e-3 m: a drift below that is no motion at all.
  for (const char* column : {"Buoy:Pos[0]", "Buoy:Pos[1]", "Buoy:Pos[2]"}) {
    CAPTURE(column);
    const std::vector<double> p = sink.Column(column);
    double drift = 0.0;
    for (double v : p) drift = std::max(drift, std::abs(v - p.front()));
    CHECK(drift < 1e-3);
  }
}

}  // namespace hawser::test
