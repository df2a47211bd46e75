// The scenario of the line-failure CLI tests (line_failure_test.cpp, end_break_test.cpp).
#pragma once

#include <string>

namespace hawser::testing {

// A 10 m cable L of 4 segments from (0, 0, 0) to (9, 0, -3), output every 0.1 s for 1 s. Its
// <Lib> is on line 3; `extra` goes into it.
inline std::string BreakScenario(const std::string& extra) {
  return "<Contents>\n<OBJECTS>\n<Lib LibName=\"base\" SimObject=\"Cable/Cable\" Name=\"L\" "
         "NumElements=\"4\" Length=\"10\" Diameter=\"0.1\" MassPerLength=\"10\" EA=\"1e6\" " +
         extra +
         " />\n</OBJECTS>\n<INTERCONNECTIONS>\n<Connection L.PositionA=\"0,0,0\" "
         "L.PositionB=\"9,0,-3\" />\n</INTERCONNECTIONS>\n<INITIALIZATION/>\n<INTEGRATION>\n"
         "<Engine TOutput=\"0, 0.1, 1\" FileOutput=\"objects:all\" />\n</INTEGRATION>\n"
         "</Contents>\n";
}

}  // namespace hawser::testing
