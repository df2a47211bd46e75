// Cable/Cable energy bookkeeping: KineticEnergy + PotentialEnergy + DissipatedEnergy.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {
namespace {

// A 50 m line, N = 10, between fixed anchors 40 m apart at z = -50, released at rest from the
// straight line between them (every segment slack: 4 m chords for l0 = 5 m), so that it falls,
// stretches, rebounds and hits the seabed at z = -58 (the hanging line sags ~12 m). Can = 0:
// the added-mass term is not conservative when the line turns (cable.h), and this test checks
// the bookkeeping of every other term.
std::string FallingLineXml(const std::string& dissipation) {
  std::string nodes;
  for (int i = 1; i < 10; ++i) nodes += fmt::format("{}{},0,-50,0,0,0", i > 1 ? "," : "", 4.0 * i);
  return ScenarioXml(
      fmt::format(R"(<Lib LibName="base" SimObject="Cable/Cable" Name="C" NumElements="10"
 Length="50" Diameter="0.1" MassPerLength="150" EA="1e7" Can="0" SeabedDepth="-58" {}/>)",
                  dissipation),
      R"(<Connection C.PositionA="0,0,-50" C.PositionB="40,0,-50"/>)",
      fmt::format(R"(<InitialCondition C.Nodes="{}"/>)", nodes),
      // Tolerances 1e-10: the balance holds for the exact solution; the integration error of
      // each energy term (~1e-10 of the ~3e6 J potential energy, which the z datum makes large)
      // must stay well below 1e-6 of the ~5e5 J exchanged.
      R"(<Engine Integrator="cvode-bdf" AbsTol="1e-10" RelTol="1e-10" TOutput="0, 0.05, 4" )"
      R"(LogStates="1" FileOutput="objects:all"/>)");
}

struct Balance {
  double drift = 0.0;      ///< max |E(t) - E(0)| of KE + PE + DissipatedEnergy [J].
  double exchanged = 0.0;  ///< max |PE(t) - PE(0)| [J]: the scale of the energy that moves.
  double dissipated = 0.0;
  double min_power = 0.0;
  double deepest = 0.0;  ///< Lowest node z [m].
};

Balance Check(const std::string& dissipation) {
  const MemorySink sink = Run(FallingLineXml(dissipation));
  const auto ke = sink.Column("C.KineticEnergy"), pe = sink.Column("C.PotentialEnergy"),
             ed = sink.Column("C:DissipatedEnergy"), pd = sink.Column("C.DissipatedPower");
  Balance b;
  const double e0 = ke[0] + pe[0] + ed[0];
  for (size_t r = 0; r < ke.size(); ++r) {
    b.drift = std::max(b.drift, std::abs(ke[r] + pe[r] + ed[r] - e0));
    b.exchanged = std::max(b.exchanged, std::abs(pe[r] - pe[0]));
    b.min_power = std::min(b.min_power, pd[r]);
    for (int i = 1; i < 10; ++i)
      b.deepest =
          std::min(b.deepest, sink.Column(fmt::format("C.NodePositions[{}]", 3 * i + 2))[r]);
  }
  b.dissipated = ed.back();
  MESSAGE("drift " << b.drift << " J of " << b.exchanged << " J exchanged, dissipated "
                   << b.dissipated << " J, deepest node z " << b.deepest);
  return b;
}

}  // namespace

TEST_CASE("Cable/Cable: kinetic + potential + dissipated energy is constant with fixed ends") {
  SUBCASE("axial damping, drag, seabed damping and friction") {
    const Balance b = Check(R"(SeabedFriction="0.5")");
    CHECK(b.drift < 1e-6 * b.exchanged);
    CHECK(b.dissipated > 0.1 * b.exchanged);  // The dissipation terms did work.
    CHECK(b.min_power >= 0.0);                // No current: power is lost, never gained.
    CHECK(b.deepest < -58.0);                 // The seabed took part.
  }
  SUBCASE("no damping, drag or seabed damping: kinetic + potential alone is conserved") {
    const Balance b = Check(R"(DampingRatio="0" Cdn="0" Cdt="0" SeabedDamping="0")");
    CHECK(b.drift < 1e-6 * b.exchanged);
    CHECK(b.dissipated == 0.0);
    CHECK(b.deepest < -58.0);
  }
}

}  // namespace hawser::test
