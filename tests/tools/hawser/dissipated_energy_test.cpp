// A force element's DissipatedEnergy integrates a power >= 0 from its initial value, so a negative
// initial value is bad input (Simbody throws on it): `file:line: error:` at the
// <InitialCondition>, exit code 2 (docs/design.md, "Force and energy conventions" and
// "Errors, exit codes and input limits").
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

struct ElementCase {
  std::string lib;          ///< The <Lib> attributes after Name="E".
  std::string connections;  ///< Its <Connection> attributes.
};

// Every type with a DissipatedEnergy state, with its required parameters and inputs.
std::vector<ElementCase> Elements() {
  const std::string points = R"(E.PosA="0,0,0" E.PosB="0,0,1")";
  return {
      {R"(SimObject="Connector/SpringDamper" FreeLength="1" Stiffness="10")", points},
      {R"(SimObject="Connector/AxialSpringDamper")", points},
      {R"(SimObject="Connector/LinearBushing" Stiffness="1,1,1,1,1,1")", points},
      {R"(SimObject="Connector/BushingRollPitchYaw" TorqueStiffness="1,1,1" )"
       R"(ForceStiffness="1,1,1")",
       points},
      {R"(SimObject="Cable/Cable" NumElements="3" Length="10" Diameter="0.1" )"
       R"(MassPerLength="1" EA="1e5")",
       R"(E.PositionA="0,0,0" E.PositionB="9,0,0")"},
  };
}

// The <InitialCondition> is on line 9.
std::string Scenario(const ElementCase& c, const std::string& energy) {
  return "<Contents>\n<OBJECTS>\n<Lib LibName=\"base\" Name=\"E\" " + c.lib +
         " />\n</OBJECTS>\n<INTERCONNECTIONS>\n<Connection " + c.connections +
         " />\n</INTERCONNECTIONS>\n<INITIALIZATION>\n<InitialCondition E.DissipatedEnergy=\"" +
         energy +
         "\" />\n</INITIALIZATION>\n<INTEGRATION>\n<Engine IntegratorMethod=\"2\" "
         "TOutput=\"0, 0.1, 0.2\" FileOutput=\"objects:all\" />\n</INTEGRATION>\n</Contents>\n";
}

TEST_CASE("a negative initial DissipatedEnergy is a load error at its InitialCondition line") {
  for (const ElementCase& c : Elements()) {
    CAPTURE(c.lib);
    const std::string path = WriteTempFile("negative_energy.xml", Scenario(c, "-0.5"));
    const std::string out = path + ".csv";  // Never written: loading fails first.
    for (const std::string& command : {std::string("validate"), "run -o '" + out + "'"}) {
      CAPTURE(command);
      const CommandResult r = RunHawser(command + " '" + path + "'");
      CAPTURE(r.output);
      CHECK(r.exit_code == 2);
      CHECK(r.output.find(path +
                          ":9: error: initial condition E.DissipatedEnergy = -0.5 is invalid; "
                          "expected a value >= 0; dissipated energy cannot start negative") !=
            std::string::npos);
    }
    CHECK_FALSE(std::filesystem::exists(out));
    std::filesystem::remove(out);
    std::filesystem::remove(path);
  }
}

TEST_CASE("a zero or positive initial DissipatedEnergy is accepted") {
  for (const ElementCase& c : Elements()) {
    CAPTURE(c.lib);
    for (const char* energy : {"0", "2.5"}) {
      const std::string path = WriteTempFile("energy.xml", Scenario(c, energy));
      const CommandResult r = RunHawser("validate '" + path + "'");
      CAPTURE(r.output);
      CHECK(r.exit_code == 0);
      std::filesystem::remove(path);
    }
  }
}

}  // namespace
}  // namespace hawser::testing
