// The linear oscillator of the long-running CLI tests (faults_test.cpp, hdf5_test.cpp): runs
// long enough to be interrupted, killed or cut off by a full disk.
#pragma once

#include <string>

namespace hawser::testing {

/// An oscillator Osc, x'' = w^2 (1 - x) from rest, with w^2 = `omega_squared` [rad^2/s^2]
/// (Math/LinearSystem A = [0 1; -w^2 0], B = [0; w^2], In = 1), integrated by CVODE at relative
/// and absolute tolerance `tolerance`, its states logged, output every 0.1 s to `tend` s.
/// `variables` (<Variable> lines, or "" for none) and `more` (<Lib> lines after Osc) may use
/// them.
inline std::string OscillatorScenario(const std::string& omega_squared,
                                      const std::string& tolerance, const std::string& tend,
                                      const std::string& variables = "",
                                      const std::string& more = "") {
  return "<Contents>\n" +
         (variables.empty() ? "" : "<VARIABLES>\n" + variables + "</VARIABLES>\n") +
         "<OBJECTS>\n  <Lib LibName=\"base\" SimObject=\"Math/LinearSystem\" Name=\"Osc\" A=\"0, "
         "1; -" +
         omega_squared + ", 0\" B=\"0; " + omega_squared + "\" C=\"1, 0\" D=\"0\" />\n" + more +
         "</OBJECTS>\n<INTERCONNECTIONS>\n  <Connection Osc.In=\"1\" />\n</INTERCONNECTIONS>\n"
         "<INITIALIZATION>\n  <InitialCondition Osc.State=\"0,0\" />\n</INITIALIZATION>\n"
         "<INTEGRATION>\n  <Engine IntegratorMethod=\"2\" TOutput=\"0, 0.1, " +
         tend + "\" AbsTol=\"" + tolerance + "\" RelTol=\"" + tolerance +
         "\" LogStates=\"1\" FileOutput=\"objects:all\" />\n</INTEGRATION>\n</Contents>\n";
}

}  // namespace hawser::testing
