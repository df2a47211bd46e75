// Cable/Cable while the integrator estimates its Jacobian (SimObject::estimating_jacobian()):
// the water kinematics sampled at the base point are kept for the perturbed evaluations at the
// same time, and sampled afresh at any other time or outside the estimation.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {
namespace {

TEST_CASE("Cable/Cable keeps the base point's water while its Jacobian is estimated") {
  // Four segments from (0,0,-30) to (40,0,-2) under regular waves 2 m high.
  const std::string xml =
      ScenarioXml(R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Depth="100" )"
                  R"(Waves="regular" WaveHeight="2" WavePeriod="8"/>
<Lib LibName="base" SimObject="Cable/Cable" Name="L" NumElements="4" Length="50" Diameter="0.1" )"
                  R"(MassPerLength="20" EA="1e7"/>)",
                  R"(<Connection L.PositionA="0,0,-30" L.PositionB="40,0,-2"/>)");
  auto model = Model::Assemble(LoadScenarioFromString(xml, "scenario.xml"), BuiltinRegistry());
  const std::vector<double> x = model->InitialState(0.0);
  const size_t n = x.size();
  std::vector<double> base(n), frozen(n), fresh(n);
  const double t = 1.3;
  REQUIRE(model->Rhs(t, x.data(), base.data()));
  auto estimating = [&](double time, const std::vector<double>& state) {
    model->SetEstimatingJacobian(true);
    const bool ok = model->Rhs(time, state.data(), frozen.data());
    model->SetEstimatingJacobian(false);
    REQUIRE(ok);
    REQUIRE(model->Rhs(time, state.data(), fresh.data()));
  };

  // Velocities perturbed: the water is sampled at the same node positions, so keeping it
  // changes nothing, bit for bit.
  std::vector<double> moved = x;
  for (int node = 0; node < 3; ++node) moved[6 * node + 3] += 0.25;
  estimating(t, moved);
  CHECK(frozen == fresh);

  // The last free node lifted 5 m above the still water level: afresh it is dry (its full
  // weight, no buoyancy, drag or fluid inertia); with the base point's water kept it is still
  // wet, so its vertical acceleration is larger. Buoyancy alone accounts for rho A g / m_eff,
  // 2.8 m/s^2 (m_eff = m + rho Can A normal to the line) to 3.9 m/s^2 (m along it); the kept
  // water's drag and inertia at 2 m depth under these waves (|u| < 0.8 m/s, |a| < 0.6 m/s^2)
  // change it by at most 1.4 m/s^2 either way. Lower bound: 2.8 - 1.4.
  std::vector<double> lifted = x;
  lifted[6 * 2 + 2] = 5.0;
  estimating(t, lifted);
  CHECK(frozen[6 * 2 + 5] - fresh[6 * 2 + 5] > 1.4);

  // At another time the water is sampled afresh even while estimating.
  estimating(t + 0.5, lifted);
  CHECK(frozen == fresh);
}

}  // namespace
}  // namespace hawser::test
