// The scenario many CLI tests run: a ball on a linear spring anchored at the origin, the spring's
// force on the ball (plus whatever `force` adds), written as a user would write it. Each test
// gives what it varies; the rest of the file is the same everywhere.
#pragma once

#include <string>
#include <vector>

namespace hawser::testing {

struct SpringBall {
  std::vector<std::string> variables;  ///< <Variable> elements; none: no VARIABLES section.
  std::string spring = R"(Stiffness="50" RelaxedLength="1")";  ///< Cable/LinearSpring's.
  std::string body = "Body/3DBody";                            ///< The ball's SimObject.
  std::string ball = R"(Mass="2")";                            ///< The ball's parameters.
  std::vector<std::string> more_objects;                       ///< <Lib> elements after the ball's.
  std::string force = "Spring.ForceB";                         ///< Ball.Force's connection.
  std::string initial;  ///< The InitialCondition's attributes.
  std::string engine;   ///< The Engine's attributes.
};

/// `elements`, each on its own line indented by two spaces.
inline std::string ElementLines(const std::vector<std::string>& elements) {
  std::string text;
  for (const std::string& e : elements) text += "  " + e + "\n";
  return text;
}

/// The scenario's text: each element on its own line, indented by two spaces.
inline std::string SpringBallScenario(const SpringBall& s) {
  return "<Contents>\n" +
         (s.variables.empty() ? ""
                              : "<VARIABLES>\n" + ElementLines(s.variables) + "</VARIABLES>\n") +
         "<OBJECTS>\n"
         "  <Lib LibName=\"base\" SimObject=\"Cable/LinearSpring\" Name=\"Spring\" " +
         s.spring + " />\n  <Lib LibName=\"base\" SimObject=\"" + s.body + "\" Name=\"Ball\" " +
         s.ball + " />\n" + ElementLines(s.more_objects) +
         "</OBJECTS>\n"
         "<INTERCONNECTIONS>\n"
         "  <Connection Spring.PosA=\"0,0,0\" Spring.PosB=\"Ball.Pos\" />\n"
         "  <Connection Ball.Force=\"" +
         s.force +
         "\" />\n"
         "</INTERCONNECTIONS>\n"
         "<INITIALIZATION>\n"
         "  <InitialCondition " +
         s.initial +
         " />\n"
         "</INITIALIZATION>\n"
         "<INTEGRATION>\n"
         "  <Engine " +
         s.engine +
         " />\n"
         "</INTEGRATION>\n"
         "</Contents>\n";
}

}  // namespace hawser::testing
