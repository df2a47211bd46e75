// A result row that logs only a floating body's pose (Quat, RollPitchYaw: what points on the
// body and the lines' fairleads read) computes the pose and not the loads: Body/FloatingBody
// has one calculation for its attitude outputs and one for its loads (WaveLoad, and the
// environment loads the derivatives read), so Model::EvaluateLogged skips the RAO sum.
#include <doctest/doctest.h>

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {
namespace {

std::unique_ptr<Model> Spar() {
  const std::string xml = ScenarioXml(
      std::string(R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Depth="320"
     Waves="jonswap" WaveHeight="6" WavePeriod="10" NumComponents="40" Seed="2"/>
<Lib LibName="base" SimObject="Body/FloatingBody" Name="Spar" Mass="8066048"
     CentreOfGravity="0,0,-78" Inertia="1.9e10,1.9e10,1.6423e8" Displacement="8029.21"
     WaterplaneArea="33.18" MetacentricHeight="15.94,15.94" ForceRAOFile=")") +
          HAWSER_SOURCE_DIR + R"(/configs/data/spar_oc3_force_raos.csv"/>)",
      "", "<InitialCondition/>",
      R"(<Engine Integrator="cvode-bdf" TOutput="0, 0.1, 1"
        FileOutput="object.Spar.Quat,object.Spar.RollPitchYaw"/>)");
  return Model::Assemble(LoadScenarioFromString(xml, "t.xml"), BuiltinRegistry());
}

std::vector<double> Values(const Model& model, const char* port) {
  const std::span<const double> v = OutputOf(model, "Spar", port);
  return {v.begin(), v.end()};
}

TEST_CASE("a row logging a floating body's pose computes the pose and not the wave loads") {
  std::unique_ptr<Model> model = Spar();
  model->SetLogged({OutputOf(*model, "Spar", "Quat"), OutputOf(*model, "Spar", "RollPitchYaw")});
  std::vector<double> x = model->InitialState(0.0);
  // A tilted, yawed attitude (an unnormalised quaternion, as the integrator may hold it), so
  // that every component of both outputs counts.
  const std::vector<double> q = Values(*model, "Quat");
  REQUIRE(q.size() == 4);
  bool set = false;
  for (size_t i = 0; i + 4 <= x.size() && !set; ++i) {
    if (x[i] == 1.0 && x[i + 1] == 0.0 && x[i + 2] == 0.0 && x[i + 3] == 0.0) {
      x[i] = 0.99;
      x[i + 1] = 0.05;
      x[i + 2] = -0.03;
      x[i + 3] = 0.2;
      set = true;
    }
  }
  REQUIRE(set);  // The identity quaternion of the initial state was found and replaced.

  REQUIRE(model->EvaluateOutputs(20.0, x.data()));
  const std::vector<double> load_at_20 = Values(*model, "WaveLoad");
  REQUIRE(model->EvaluateLogged(23.0, x.data()));
  const std::vector<double> quat = Values(*model, "Quat"), rpy = Values(*model, "RollPitchYaw");
  // The row left the loads alone: WaveLoad still holds t = 20 s's value ...
  CHECK(Values(*model, "WaveLoad") == load_at_20);
  // ... and a full evaluation at the same time and state gives the pose bit for bit, and a
  // different wave load (3 s later in a 10-s sea).
  REQUIRE(model->EvaluateOutputs(23.0, x.data()));
  CHECK(Values(*model, "Quat") == quat);
  CHECK(Values(*model, "RollPitchYaw") == rpy);
  CHECK(Values(*model, "WaveLoad") != load_at_20);
  CHECK(rpy[2] > 10.0);  // Yaw [deg]: the attitude is the one set above (2 atan(0.2 / 0.99)).
}

}  // namespace
}  // namespace hawser::test
