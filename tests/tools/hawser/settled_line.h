// The scenario the Cable/Line CLI tests run: one line between two given positions, settled
// (Settle="1") and written once at t = 0 and 1 s. Each test gives what it varies; the rest of
// the file, and so the line each element stands on, is the same everywhere.
#pragma once

#include <string>

namespace hawser::testing {

struct SettledLine {
  std::string line_types;  ///< A <LINETYPES> section (its lines, each ending in "\n") or "".
  std::string objects;     ///< <Lib> lines before the line's (each ending in "\n") or "".
  std::string name = "L1";
  std::string line;  ///< The Cable/Line's attributes after its name (may span lines).
  std::string position_a, position_b;  ///< What PositionA and PositionB connect to.
  std::string tolerance;               ///< AbsTol and RelTol.
  std::string file_output;             ///< The Engine's FileOutput.
};

inline std::string SettledLineScenario(const SettledLine& s) {
  return "<Contents>\n" + s.line_types + "<OBJECTS>\n" + s.objects +
         "<Lib LibName=\"base\" SimObject=\"Cable/Line\" Name=\"" + s.name + "\" " + s.line +
         "/>\n"
         "</OBJECTS>\n"
         "<INTERCONNECTIONS>\n"
         "<Connection " +
         s.name + ".PositionA=\"" + s.position_a + "\" " + s.name + ".PositionB=\"" + s.position_b +
         "\"/>\n"
         "</INTERCONNECTIONS>\n"
         "<INITIALIZATION><InitialCondition/></INITIALIZATION>\n"
         "<INTEGRATION>\n"
         "<Engine Integrator=\"cvode-bdf\" Settle=\"1\" TOutput=\"0, 1, 1\" AbsTol=\"" +
         s.tolerance + "\" RelTol=\"" + s.tolerance +
         "\"\n"
         "        FileOutput=\"" +
         s.file_output +
         "\"/>\n"
         "</INTEGRATION>\n"
         "</Contents>\n";
}

}  // namespace hawser::testing
