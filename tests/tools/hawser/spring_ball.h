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

/// A free 1 kg mass (Body/Mass) leaving z = 1 m at `velocity` [m/s along z] towards the anchor of
/// a spring of zero stiffness and length, in Euler steps of 0.25 s for 2 s: at -1 m/s a step lands
/// exactly on the anchor at t = 1, where the spring's direction (and force) is not finite, so the
/// run fails after the rows t = 0 to 0.75. `engine` is put before the Engine's FileOutput.
inline SpringBall CoastingBall(const std::string& velocity, const std::string& engine = "") {
  return {.spring = R"(Stiffness="0" RelaxedLength="0")",
          .body = "Body/Mass",
          .ball = R"(Mass="1")",
          .initial = R"(Ball.Pos="0,0,1" Ball.Vel="0,0,)" + velocity + "\"",
          .engine = R"(Integrator="euler" stepsize="0.25" TOutput="0, 0.25, 2" )" + engine +
                    R"(FileOutput="objects:all")"};
}

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
