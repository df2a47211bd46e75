// Newmark on a cable: with the taut segments' axial stiffness and damping implicit, a taut line
// runs past the explicit methods' axial limit and converges to a tight BDF reference at second
// order, while the leapfrog diverges there.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {
namespace {

// A 20 m line of 10 segments (EA 1e6 N, 5 kg/m, l0 = 2 m) stretched 1 % between fixed points in
// water, released straight: it sags under its weight and swings. Its fastest axial mode is
// w = 2 sqrt(k / m) = 2 sqrt(5e5 / 10) = 447 rad/s, so the leapfrog's limit is h = 2 / w =
// 0.0045 s; the fastest transverse one is 2 sqrt(T / (l0 m)) ~ 45 rad/s (T ~ 1e4 N), which
// Newmark's explicit part takes up to h w = sqrt(2): h = 0.03 s.
std::string Scenario(const std::string& engine) {
  return ScenarioXml(
      R"(<Lib LibName="base" SimObject="Cable/Cable" Name="C" NumElements="10" Length="20"
 Diameter="0.1" MassPerLength="5" EA="1e6" WaterDensity="1025" Gravity="9.81"/>)",
      R"(<Connection C.PositionA="0,0,0" C.PositionB="20.2,0,-1"/>)", "<InitialCondition/>",
      fmt::format(R"(<Engine {} TOutput="0, 0.1, 3" FileOutput="object.C.TensionB"/>)", engine));
}

std::vector<double> TensionB(const std::string& engine) {
  return Run(Scenario(engine)).Column("C.TensionB");
}

/// The largest difference between two tension histories, over the reference's largest value.
double Difference(const std::vector<double>& a, const std::vector<double>& reference) {
  REQUIRE(a.size() == reference.size());
  double largest = 0.0, scale = 0.0;
  for (size_t i = 0; i < a.size(); ++i) {
    largest = std::max(largest, std::abs(a[i] - reference[i]));
    scale = std::max(scale, std::abs(reference[i]));
  }
  return largest / scale;
}

TEST_CASE("newmark runs a taut cable past the axial limit and converges at second order") {
  const std::vector<double> reference =
      TensionB(R"(Integrator="cvode-bdf" AbsTol="1e-10" RelTol="1e-10")");
  // At 2.2 and 1.1 times the leapfrog's limit, halving the step quarters the error up to
  // higher-order terms (measured 4.04): [3.5, 4.5] rejects orders 1 and 3 (ratios 2, 8).
  // Further out (h w = 9 at 0.02 s) the under-resolved axial modes reduce the order (2.6).
  const double coarse = Difference(TensionB(R"(Integrator="newmark" stepsize="0.01")"), reference);
  const double fine = Difference(TensionB(R"(Integrator="newmark" stepsize="0.005")"), reference);
  CAPTURE(coarse);
  CAPTURE(fine);
  CHECK(coarse / fine > 3.5);
  CHECK(coarse / fine < 4.5);
  // At 9 times the limit it stays bounded and close: within 1e-3 of the largest tension
  // (measured 5.0e-4; a diverging run is off by orders of magnitude).
  CHECK(Difference(TensionB(R"(Integrator="newmark" stepsize="0.04")"), reference) < 1e-3);
  // The leapfrog at 0.01 s, 2.2 times its axial limit, blows up (a clear error).
  const RunResult leapfrog =
      RunScenarioText(Scenario(R"(Integrator="leapfrog" stepsize="0.01")"), BuiltinRegistry())
          .result();
  CHECK(leapfrog.status != RunStatus::kCompleted);
}

// The same line with end B moving x = 19 + 2 sin(pi t) (v = 2 pi cos(pi t)): the span swings
// from 17 to 21 m about its 20 m length, so the line goes slack and snaps taut every second.
std::string SnapScenario(const std::string& engine) {
  return ScenarioXml(
      R"(<Lib LibName="base" SimObject="Cable/Cable" Name="C" NumElements="10" Length="20"
 Diameter="0.1" MassPerLength="5" EA="1e6" WaterDensity="1025" Gravity="9.81"/>
<Lib LibName="base" SimObject="Src/Sine" Name="X" Amplitude="2" PeriodS="2" Bias="19"/>
<Lib LibName="base" SimObject="Src/Sine" Name="U" Amplitude="6.283185307179586" PeriodS="2" PhaseRad="1.5707963267948966"/>
<Lib LibName="base" SimObject="Signal/Mux" Name="P" NumInput="2" InPortWidth2="2"/>
<Lib LibName="base" SimObject="Signal/Mux" Name="V" NumInput="2" InPortWidth2="2"/>)",
      R"(<Connection C.PositionA="0,0,0" P.In1="X.Out" P.In2="0,-1" V.In1="U.Out" V.In2="0,0" C.PositionB="P.Out" C.VelocityB="V.Out"/>)",
      "<InitialCondition/>",
      fmt::format(R"(<Engine {} TOutput="0, 0.01, 4" FileOutput="object.C.TensionB"/>)", engine));
}

TEST_CASE("newmark follows a line that snaps taut below the slack limit, refuses above it") {
  // A slack segment that snaps taut within a step is a kink the linearised implicit step can
  // follow only below h w = sqrt(2) on its axial mode, w^2 = k (1 / m_a + 1 / m_b) = 5e5 (2 /
  // 10): h < 0.00447 s. Below it, against a tight BDF run (largest difference over the
  // largest tension): the snaps are kinks in time, timed to O(h), so halving the step at least
  // halves the error less a margin (1.8x; measured 0.100 -> 0.043), and at 0.004 s it stays
  // within 0.2 (twice the measured; a run that chatters between slack and taut is off by
  // 213 % at 0.005 s without the check). Above it the run stops with the segment, the time
  // and the largest step named.
  const std::vector<double> reference =
      Run(SnapScenario(R"(Integrator="cvode-bdf" AbsTol="1e-9" RelTol="1e-9")"))
          .Column("C.TensionB");
  const double coarse =
      Difference(Run(SnapScenario(R"(Integrator="newmark" stepsize="0.004")")).Column("C.TensionB"),
                 reference);
  const double fine =
      Difference(Run(SnapScenario(R"(Integrator="newmark" stepsize="0.002")")).Column("C.TensionB"),
                 reference);
  CAPTURE(coarse);
  CAPTURE(fine);
  CHECK(coarse < 0.2);
  CHECK(fine < coarse / 1.8);
  const RunResult refused =
      RunScenarioText(SnapScenario(R"(Integrator="newmark" stepsize="0.005")"), BuiltinRegistry())
          .result();
  CHECK(refused.status == RunStatus::kFailed);
  CAPTURE(refused.message);
  CHECK(refused.message.find("C (Cable/Cable): segment ") != std::string::npos);
  CHECK(refused.message.find("is slack at t = ") != std::string::npos);
  CHECK(refused.message.find("use stepsize < 0.00447") != std::string::npos);
}

}  // namespace
}  // namespace hawser::test
