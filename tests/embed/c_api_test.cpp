// The C API (hawser/c_api.h): every function on the ball of examples/c_api/pushed_ball.xml, and
// its errors, each with its status and the message's reason.
#include "hawser/c_api.h"

#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

const std::string kBall = HAWSER_SOURCE_DIR "/examples/c_api/pushed_ball.xml";

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

/// The model of kBall, destroyed at the end of the test.
struct Ball {
  Ball() {
    REQUIRE_MESSAGE(hawser_create_from_file(kBall.c_str(), &m) == HAWSER_OK, hawser_last_error());
  }
  ~Ball() { hawser_destroy(m); }
  double Z() {
    double pos[3] = {0, 0, 0};
    REQUIRE(hawser_get(m, "Ball.Pos", pos, 3, nullptr) == HAWSER_OK);
    return pos[2];
  }
  hawser_model* m = nullptr;
};

TEST_CASE("c_api: an unpushed ball stays at its equilibrium, a push moves it as the closed form") {
  // z_eq = -(1 + 2 * 9.81 / 50) = -1.3924 m; a push F = 5 N down from t = 1 s:
  // z(t) = z_eq - (F / k)(1 - cos(5 (t - 1))). CVODE at RelTol = AbsTol = 1e-9: ~1e-8 m.
  Ball b;
  const double z_eq = -(1 + 2 * 9.81 / 50);
  CHECK(hawser_time(b.m) == 0.0);
  REQUIRE(hawser_advance(b.m, 1.0) == HAWSER_OK);
  CHECK(hawser_time(b.m) == 1.0);
  CHECK(b.Z() == doctest::Approx(z_eq).epsilon(1e-7));
  const double push[3] = {0, 0, -5};
  REQUIRE(hawser_set_input(b.m, "Push", push, 3) == HAWSER_OK);
  for (double t = 1.25; t <= 3.0; t += 0.25) {
    REQUIRE(hawser_advance(b.m, t) == HAWSER_OK);
    CHECK(b.Z() == doctest::Approx(z_eq - 0.1 * (1 - std::cos(5 * (t - 1)))).epsilon(1e-7));
  }
  // The input as an output: what was set.
  double out[3];
  size_t width = 0;
  REQUIRE(hawser_get(b.m, "Push.Out", out, 3, &width) == HAWSER_OK);
  CHECK(width == 3);
  CHECK(out[2] == -5.0);
}

TEST_CASE("c_api: the state vector, its names, get and set, save and load") {
  Ball b;
  REQUIRE(hawser_state_size(b.m) == 6);
  CHECK(std::string(hawser_state_name(b.m, 0)) == "Ball:Pos[0]");
  CHECK(std::string(hawser_state_name(b.m, 5)) == "Ball:Vel[2]");
  CHECK(hawser_state_name(b.m, 6) == nullptr);
  std::vector<double> x(6);
  REQUIRE(hawser_get_state(b.m, x.data(), 6) == HAWSER_OK);
  CHECK(x[2] == -1.3924);  // The initial condition, as written.
  // A state set by hand is where the ball is: 0.2 m above, at rest, read back as a state.
  x[2] += 0.2;
  REQUIRE(hawser_set_state(b.m, 5.0, x.data(), 6) == HAWSER_OK);
  CHECK(hawser_time(b.m) == 5.0);
  double pos[3];
  size_t width = 0;
  REQUIRE(hawser_get(b.m, "Ball:Pos", pos, 3, &width) == HAWSER_OK);
  CHECK(width == 3);
  CHECK(pos[2] == x[2]);
  // Saved, advanced, loaded: back at t = 5 with the same state.
  const std::string file = (std::filesystem::temp_directory_path() / "c_api_state.h5").string();
  REQUIRE(hawser_save_state(b.m, file.c_str()) == HAWSER_OK);
  REQUIRE(hawser_advance(b.m, 5.3) == HAWSER_OK);
  CHECK(b.Z() != x[2]);
  REQUIRE(hawser_load_state(b.m, file.c_str()) == HAWSER_OK);
  CHECK(hawser_time(b.m) == 5.0);
  CHECK(b.Z() == x[2]);
  // A model with another stiffness refuses it.
  hawser_model* other = nullptr;
  const std::string xml = R"(<Contents><OBJECTS>
  <Lib LibName="base" SimObject="Body/3DBody" Name="Ball" Mass="3" Material="Steel" />
  </OBJECTS><INTERCONNECTIONS><Connection Ball.Force="0,0,0" /></INTERCONNECTIONS>
  <INITIALIZATION><InitialCondition Ball.Pos="0,0,0" Ball.Vel="0,0,0" /></INITIALIZATION>
  <INTEGRATION><Engine TOutput="0, 0.1, 1" /></INTEGRATION></Contents>)";
  REQUIRE_MESSAGE(hawser_create_from_string(xml.c_str(), "other.xml", &other) == HAWSER_OK,
                  hawser_last_error());
  CHECK(hawser_load_state(other, file.c_str()) == HAWSER_BAD_INPUT);
  CHECK(Contains(hawser_last_error(), "the state was saved from another model"));
  hawser_destroy(other);
  std::filesystem::remove(file);
  CHECK(hawser_load_state(b.m, file.c_str()) == HAWSER_BAD_INPUT);
  CHECK(Contains(hawser_last_error(), "c_api_state.h5"));
}

TEST_CASE("c_api: errors carry the status and the reason") {
  hawser_model* m = nullptr;
  // A bad scenario (the ball's type misspelt, on line 8): file:line and the reason; no model.
  std::ifstream in(kBall);
  std::string bad((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  bad.replace(bad.find("Body/3DBody"), 11, "Body/3DBdy");
  CHECK(hawser_create_from_string(bad.c_str(), "bad.xml", &m) == HAWSER_BAD_INPUT);
  CHECK(m == nullptr);
  const std::string message = hawser_last_error();
  CAPTURE(message);
  CHECK(Contains(message, "bad.xml:8: error:"));
  CHECK(Contains(message, "Body/3DBdy"));
  CHECK(hawser_create_from_file("/nonexistent/s.xml", &m) != HAWSER_OK);
  CHECK(Contains(hawser_last_error(), "/nonexistent/s.xml"));
  CHECK(hawser_create_from_file(nullptr, &m) == HAWSER_BAD_INPUT);
  CHECK(Contains(hawser_last_error(), "path is NULL"));

  Ball b;
  const double v[3] = {1, 2, 3};
  CHECK(hawser_set_input(b.m, "Pull", v, 3) == HAWSER_BAD_INPUT);
  CHECK(Contains(hawser_last_error(), "no external input 'Pull'"));
  CHECK(Contains(hawser_last_error(), "are: Push"));
  CHECK(hawser_set_input(b.m, "Ball", v, 3) == HAWSER_BAD_INPUT);
  CHECK(Contains(hawser_last_error(), "'Ball' is a Body/3DBody, not a Signal/External input"));
  CHECK(hawser_set_input(b.m, "Push", v, 2) == HAWSER_BAD_INPUT);
  CHECK(Contains(hawser_last_error(), "input 'Push' has width 3, not 2"));
  const double nan[3] = {0, NAN, 0};
  CHECK(hawser_set_input(b.m, "Push", nan, 3) == HAWSER_BAD_INPUT);
  CHECK(Contains(hawser_last_error(), "is not finite"));

  REQUIRE(hawser_advance(b.m, 0.5) == HAWSER_OK);
  CHECK(hawser_last_error() == std::string());
  CHECK(hawser_advance(b.m, 0.2) == HAWSER_BAD_INPUT);
  CHECK(Contains(hawser_last_error(), "cannot advance to t = 0.2: the model is at t = 0.5"));

  double out[3];
  size_t width = 7;
  CHECK(hawser_get(b.m, "Bal.Pos", out, 3, &width) == HAWSER_BAD_INPUT);
  CHECK(Contains(hawser_last_error(), "no object 'Bal'"));
  CHECK(hawser_get(b.m, "Ball.Position", out, 3, &width) == HAWSER_BAD_INPUT);
  CHECK(Contains(hawser_last_error(), "Ball has no output 'Position'; its outputs are:"));
  CHECK(hawser_get(b.m, "Ball:Speed", out, 3, &width) == HAWSER_BAD_INPUT);
  CHECK(Contains(hawser_last_error(), "Ball has no state 'Speed'; its states are: Pos, Vel"));
  CHECK(hawser_get(b.m, "Ball", out, 3, &width) == HAWSER_BAD_INPUT);
  CHECK(Contains(hawser_last_error(), "expected an output Obj.Port or a state Obj:State"));
  // The width alone, with no room for the values.
  CHECK(hawser_get(b.m, "Ball.Pos", nullptr, 0, &width) == HAWSER_OK);
  CHECK(width == 3);

  std::vector<double> x(6);
  CHECK(hawser_get_state(b.m, x.data(), 5) == HAWSER_BAD_INPUT);
  CHECK(Contains(hawser_last_error(), "the state has 6 entries, not 5"));
  CHECK(hawser_set_state(b.m, 1.0, x.data(), 7) == HAWSER_BAD_INPUT);
  CHECK(Contains(hawser_last_error(), "the state has 6 entries, not 7"));
  x[4] = INFINITY;
  CHECK(hawser_set_state(b.m, 1.0, x.data(), 6) == HAWSER_BAD_INPUT);
  CHECK(Contains(hawser_last_error(), "state entry 4 (Ball:Vel[1]) is inf"));
  CHECK(hawser_save_state(b.m, "/nonexistent/dir/s.h5") == HAWSER_IO_ERROR);
  CHECK(Contains(hawser_last_error(), "/nonexistent/dir/s.h5"));
  CHECK(hawser_advance(nullptr, 1.0) == HAWSER_BAD_INPUT);
  CHECK(Contains(hawser_last_error(), "model is NULL"));
  hawser_destroy(nullptr);  // Allowed, as free(NULL).
}

}  // namespace
