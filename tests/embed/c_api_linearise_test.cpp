// The C API's linearisation (hawser/c_api.h): hawser_mooring_stiffness of a body on two relaxed
// linear springs against the closed form tests/python/test_mooring_stiffness.py uses, and
// hawser_jacobian of the ball of examples/c_api/pushed_ball.xml against its spring and
// pendulum; their errors, each with its status and the message's reason.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "hawser/c_api.h"

namespace {

using Vec3 = std::array<double, 3>;

/// A spring from r on the body [m] along the unit direction n [-] to its anchor, k [N/m], at its
/// relaxed length [m]: test_mooring_stiffness.py's SPRINGS.
struct Spring {
  Vec3 r, n;
  double k, length;
};
const std::array<Spring, 2> kSprings = {Spring{{1.0, 0.0, 0.5}, {0.0, 0.6, 0.8}, 400.0, 6.0},
                                        Spring{{0.0, -2.0, 0.0}, {0.8, 0.0, -0.6}, 900.0, 3.0}};

std::string Csv(const Vec3& v) {
  std::ostringstream out;
  out.precision(17);
  out << v[0] << ',' << v[1] << ',' << v[2];
  return out.str();
}

/// The scenario of test_mooring_stiffness.py's springs_xml(): a 6-DOF body without gravity, each
/// spring from a Body/Point on it to a constant anchor. (A stream, not string +: g++ 12's
/// -Wrestrict misreads concatenations with std::to_string.)
std::string SpringsXml() {
  std::ostringstream objects, wiring;
  objects.precision(17);
  objects << R"(<Lib LibName="base" SimObject="Body/6DBody" Name="B" Mass="10" Inertia="1,2,3" )"
          << R"(Gravity="0,0,0"/>)";
  for (size_t i = 0; i < kSprings.size(); ++i) {
    const Spring& s = kSprings[i];
    Vec3 anchor{};
    for (int c = 0; c < 3; ++c) anchor[c] = s.r[c] + s.length * s.n[c];
    objects << R"(<Lib LibName="base" SimObject="Body/Point" Name="P)" << i << R"(" Position=")"
            << Csv(s.r) << R"("/><Lib LibName="base" SimObject="Src/Constant" Name="A)" << i
            << R"(" Value=")" << Csv(anchor)
            << R"("/><Lib LibName="base" SimObject="Cable/LinearSpring" Name="S)" << i
            << R"(" Stiffness=")" << s.k << R"(" RelaxedLength=")" << s.length << R"("/>)";
    wiring << "<Connection P" << i << ".BodyPos=\"B.Pos\" P" << i << ".BodyQuat=\"B.Quat\" P" << i
           << ".BodyVel=\"B.Vel\" P" << i << ".BodyAngVel=\"B.AngVel\" S" << i << ".PosA=\"P" << i
           << ".Pos\" S" << i << ".PosB=\"A" << i << ".Out\" P" << i << ".Force=\"S" << i
           << ".ForceA\"/>";
  }
  wiring << R"(<Connection B.Force="P0.BodyForce + P1.BodyForce" )"
         << R"(B.Moment="P0.BodyMoment + P1.BodyMoment"/>)";
  std::ostringstream xml;
  xml << "<Contents><OBJECTS>" << objects.str() << "</OBJECTS><INTERCONNECTIONS>" << wiring.str()
      << "</INTERCONNECTIONS><INITIALIZATION><InitialCondition/></INITIALIZATION><INTEGRATION>"
      << R"(<Engine TOutput="0, 1, 1"/></INTEGRATION></Contents>)";
  return xml.str();
}

/// K = sum k g g^T with g = [n; r x n]: a move u and turn theta stretch a spring by
/// n . u + (r x n) . theta, and its force -k (stretch) n acts at r; at zero tension the springs'
/// turning adds nothing at first order.
std::array<double, 36> ClosedForm() {
  std::array<double, 36> k{};
  for (const Spring& s : kSprings) {
    const std::array<double, 6> g = {s.n[0],
                                     s.n[1],
                                     s.n[2],
                                     s.r[1] * s.n[2] - s.r[2] * s.n[1],
                                     s.r[2] * s.n[0] - s.r[0] * s.n[2],
                                     s.r[0] * s.n[1] - s.r[1] * s.n[0]};
    for (int i = 0; i < 6; ++i) {
      for (int j = 0; j < 6; ++j) k[i * 6 + j] += s.k * g[i] * g[j];
    }
  }
  return k;
}

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

/// A model of `xml`, destroyed at the end of the test.
struct Model {
  explicit Model(const std::string& xml) {
    REQUIRE_MESSAGE(hawser_create_from_string(xml.c_str(), "springs.xml", &m) == HAWSER_OK,
                    hawser_last_error());
  }
  ~Model() { hawser_destroy(m); }
  hawser_model* m = nullptr;
};

}  // namespace

TEST_CASE("c_api: the mooring stiffness of a body on relaxed springs is the closed form") {
  Model model(SpringsXml());
  const std::array<double, 36> expected = ClosedForm();
  double largest = 0;
  for (double v : expected) largest = std::max(largest, std::abs(v));
  std::vector<double> k(36, 0.0);
  size_t rows = 0;
  REQUIRE_MESSAGE(
      hawser_mooring_stiffness(model.m, "B", 0.01, 1e-3, k.data(), k.size(), &rows) == HAWSER_OK,
      hawser_last_error());
  CHECK(rows == 6);
  // Central differences over 0.01 m and 1e-3 rad: the error is the stretch's cubic term,
  // ~(h / L)^2 ~ 1e-5 of an entry at L = 3 m (the Python test's bound).
  for (size_t i = 0; i < 36; ++i) {
    const double got = k[i], want = expected[i];
    CAPTURE(i);
    CHECK(std::abs(got - want) <= 1e-4 * largest);
  }
  // The state is left as it was: the body is still at the origin.
  double pos[3] = {1, 1, 1};
  REQUIRE(hawser_get(model.m, "B.Pos", pos, 3, nullptr) == HAWSER_OK);
  CHECK(pos[0] == 0.0);
  CHECK(pos[1] == 0.0);
  CHECK(pos[2] == 0.0);
}

TEST_CASE("c_api: mooring stiffness errors name the argument and the reason") {
  Model model(SpringsXml());
  std::vector<double> k(36, 0.0);
  size_t rows = 0;
  CHECK(hawser_mooring_stiffness(model.m, "C", 0.01, 1e-3, k.data(), 36, &rows) ==
        HAWSER_BAD_INPUT);
  CHECK(Contains(hawser_last_error(), "mooring stiffness: no object 'C'"));
  CHECK(hawser_mooring_stiffness(model.m, "S0", 0.01, 1e-3, k.data(), 36, &rows) ==
        HAWSER_BAD_INPUT);
  CHECK(Contains(hawser_last_error(), "mooring stiffness of 'S0': not a body with a position"));
  CHECK(hawser_mooring_stiffness(model.m, "B", 0.0, 1e-3, k.data(), 36, &rows) == HAWSER_BAD_INPUT);
  CHECK(Contains(hawser_last_error(), "the step dx = 0 is not a positive number"));
  CHECK(hawser_mooring_stiffness(model.m, "B", 0.01, 1e-3, k.data(), 35, &rows) ==
        HAWSER_BAD_INPUT);
  CHECK(Contains(hawser_last_error(),
                 "mooring stiffness: the capacity 35 is less than the 36 entries it needs"));
  CHECK(hawser_mooring_stiffness(model.m, nullptr, 0.01, 1e-3, k.data(), 36, &rows) ==
        HAWSER_BAD_INPUT);
  CHECK(Contains(hawser_last_error(), "body is NULL"));
  CHECK(hawser_mooring_stiffness(model.m, "B", 0.01, 1e-3, nullptr, 36, &rows) == HAWSER_BAD_INPUT);
  CHECK(Contains(hawser_last_error(), "stiffness is NULL"));
}

TEST_CASE("c_api: the jacobian of the hanging ball is its stiffness over its mass") {
  hawser_model* m = nullptr;
  REQUIRE_MESSAGE(
      hawser_create_from_file(HAWSER_SOURCE_DIR "/examples/c_api/pushed_ball.xml", &m) == HAWSER_OK,
      hawser_last_error());
  const size_t n = hawser_state_size(m);
  REQUIRE(n == 6);
  size_t pos = n, vel = n;
  for (size_t i = 0; i < n; ++i) {
    const std::string name = hawser_state_name(m, i);
    if (name == "Ball:Pos[0]") pos = i;
    if (name == "Ball:Vel[0]") vel = i;
  }
  REQUIRE(pos < n);
  REQUIRE(vel < n);
  std::vector<double> j(n * n, 0.0);
  REQUIRE_MESSAGE(hawser_jacobian(m, j.data(), j.size()) == HAWSER_OK, hawser_last_error());
  const auto at = [&j, n](size_t row, size_t col) { return j[row * n + col]; };
  // d(Pos)/dt = Vel: an identity block. Central differences of a linear map: exact but for
  // rounding, eps * |f| / h ~ 1e-7 with h = sqrt(eps).
  for (size_t a = 0; a < 3; ++a) {
    for (size_t b = 0; b < 3; ++b) {
      const double got = at(pos + a, vel + b);
      CHECK(std::abs(got - (a == b ? 1.0 : 0.0)) <= 1e-6);
    }
  }
  // 2 kg on a 50 N/m spring of 1 m hangs at z_eq = -(1 + 2 * 9.81 / 50): along the spring
  // -k / m = -25 1/s^2; across it the pendulum, -T / (L m) = -g / |z_eq|.
  const double z_eq = -(1 + 2 * 9.81 / 50);
  CHECK(at(vel + 2, pos + 2) == doctest::Approx(-25.0).epsilon(1e-6));
  CHECK(at(vel, pos) == doctest::Approx(-9.81 / -z_eq).epsilon(1e-6));
  CHECK(at(vel + 1, pos + 1) == doctest::Approx(-9.81 / -z_eq).epsilon(1e-6));
  // Too small a buffer: bad input, naming the entries needed.
  CHECK(hawser_jacobian(m, j.data(), n * n - 1) == HAWSER_BAD_INPUT);
  CHECK(Contains(hawser_last_error(), "jacobian: the capacity 35 is less than the 36 entries"));
  CHECK(hawser_jacobian(m, nullptr, 36) == HAWSER_BAD_INPUT);
  CHECK(Contains(hawser_last_error(), "jacobian is NULL"));
  hawser_destroy(m);
}
