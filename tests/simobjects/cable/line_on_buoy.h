// The line on a buoy of the cable Jacobian tests (cable_jacobian_test.cpp,
// cable_bending_model_test.cpp).
#pragma once

#include <memory>
#include <string>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {

/// The model of a line L from (0, 0, -30) to a Body/Buoy B (2000 kg, 2 m diameter) that starts
/// at (37.5, 0, -18) moving at (0.1, 0, 0.05) m/s: the buoy's Force reads the line's ForceB and
/// the line's PositionB and VelocityB read the buoy's states. `line` is the cable's <Lib>
/// element (closed), `nodes` its initial Nodes.
inline std::unique_ptr<Model> LineOnBuoy(const std::string& line, const std::string& nodes) {
  const std::string xml = ScenarioXml(
      line + "\n" +
          R"(<Lib LibName="base" SimObject="Body/Buoy" Name="B" Mass="2000" Diameter="2"/>)",
      R"(<Connection L.PositionA="0,0,-30" L.PositionB="B.Pos" L.VelocityB="B.Vel" )"
      R"(B.Force="L.ForceB"/>)",
      R"(<InitialCondition B.Pos="37.5,0,-18" B.Vel="0.1,0,0.05" L.Nodes=")" + nodes + R"("/>)");
  return Model::Assemble(LoadScenarioFromString(xml, "scenario.xml"), BuiltinRegistry());
}

}  // namespace hawser::test
