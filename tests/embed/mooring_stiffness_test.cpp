// A body's mooring stiffness (runtime/embed/mooring_stiffness.h) against closed forms: a rigid
// body held by linear springs at their relaxed length, K = sum k [n; r x n][n; r x n]^T; the
// buoy of configs/cable_free_float_mooring.xml on three catenary lines, whose surge stiffness is
// the elastic catenary's; and the errors, each with its reason.
#include "runtime/embed/mooring_stiffness.h"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <Eigen/Dense>
#include <array>
#include <cmath>
#include <string>
#include <vector>

#include "bench/reference_line.h"
#include "hawser/errors.h"
#include "runtime/embed/session.h"
#include "simobjects/cable/catenary.h"

namespace hawser {
namespace {

struct Spring {
  Eigen::Vector3d r;  ///< Attachment on the body, from its origin [m].
  Eigen::Vector3d n;  ///< Unit direction from the attachment to the anchor.
  double k;           ///< [N/m]
  double length;      ///< Relaxed length, = the distance to the anchor (no tension) [m].
};

const std::array<Spring, 4> kSprings{{
    {{2, 0, 0}, {1, 0, 0}, 1000, 10},
    {{0, 1, 0.5}, {0, 0.6, 0.8}, 2000, 5},
    {{0, 0, -1}, Eigen::Vector3d(1, 1, -1).normalized(), 500, 8},
    {{-1, -1, 0}, {0, -1, 0}, 3000, 4},
}};

/// A Body/6DBody at the origin, without gravity, held by kSprings (Cable/LinearSpring, end A
/// on a Body/Point of the body, end B on the anchor).
std::string SpringBodyXml() {
  std::string objects = R"(<Lib LibName="base" SimObject="Body/6DBody" Name="B" Mass="1000"
     Inertia="100,200,300" Gravity="0,0,0"/>
)";
  std::string wiring, force = "", moment = "";
  for (size_t i = 0; i < kSprings.size(); ++i) {
    const Spring& s = kSprings[i];
    const Eigen::Vector3d anchor = s.r + s.length * s.n;
    objects += fmt::format(
        R"(<Lib LibName="base" SimObject="Body/Point" Name="P{0}" Position="{1:.17g},{2:.17g},{3:.17g}"/>
<Lib LibName="base" SimObject="Src/Constant" Name="A{0}" Value="{4:.17g},{5:.17g},{6:.17g}"/>
<Lib LibName="base" SimObject="Cable/LinearSpring" Name="S{0}" Stiffness="{7}" RelaxedLength="{8:.17g}"/>
)",
        i, s.r.x(), s.r.y(), s.r.z(), anchor.x(), anchor.y(), anchor.z(), s.k, s.length);
    wiring += fmt::format(
        R"(<Connection P{0}.BodyPos="B.Pos" P{0}.BodyQuat="B.Quat" P{0}.BodyVel="B.Vel" P{0}.BodyAngVel="B.AngVel" S{0}.PosA="P{0}.Pos" S{0}.PosB="A{0}.Out" P{0}.Force="S{0}.ForceA"/>
)",
        i);
    force += fmt::format("{}P{}.BodyForce", i == 0 ? "" : " + ", i);
    moment += fmt::format("{}P{}.BodyMoment", i == 0 ? "" : " + ", i);
  }
  return fmt::format(R"(<Contents><OBJECTS>
{}</OBJECTS><INTERCONNECTIONS>
{}<Connection B.Force="{}" B.Moment="{}"/>
</INTERCONNECTIONS><INITIALIZATION><InitialCondition/></INITIALIZATION>
<INTEGRATION><Engine Integrator="cvode-bdf" TOutput="0, 1, 1"/></INTEGRATION></Contents>
)",
                     objects, wiring, force, moment);
}

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("mooring stiffness: a body on relaxed linear springs, K = sum k [n; r x n][n; r x n]^T") {
  // A small displacement u and turn theta move attachment r by u + theta x r, which stretches
  // the spring by n . (u + theta x r) = n . u + (r x n) . theta; the force -k (stretch) n acts
  // at r, its moment about the origin is r x force. At zero tension the springs' turning adds
  // nothing at first order.
  Eigen::Matrix<double, 6, 6> expected = Eigen::Matrix<double, 6, 6>::Zero();
  for (const Spring& s : kSprings) {
    Eigen::Matrix<double, 6, 1> g;
    g << s.n, s.r.cross(s.n);
    expected += s.k * g * g.transpose();
  }
  const auto session = Session::FromText(SpringBodyXml(), "springs.xml");
  const std::vector<double> k = session->MooringStiffness("B");
  REQUIRE(k.size() == 36);
  // Central differences over 0.01 m and 1e-3 rad: the error is the cubic term of the stretch,
  // ~(h / L)^2 ~ 1e-6 of an entry, and round-off of forces ~k h over 2h, ~1e-13 k.
  const double scale = expected.cwiseAbs().maxCoeff();
  for (int i = 0; i < 6; ++i) {
    for (int j = 0; j < 6; ++j) {
      CHECK_MESSAGE(std::abs(k[i * 6 + j] - expected(i, j)) < 1e-5 * scale,
                    fmt::format("K[{}][{}] = {} against {}", i, j, k[i * 6 + j], expected(i, j)));
    }
  }
  // The session's state is left where it was.
  CHECK(session->Get("B:Pos") == std::vector<double>{0, 0, 0});
}

TEST_CASE("mooring stiffness: the three-line buoy's surge stiffness is the catenary's") {
  const auto session = Session::FromFile(HAWSER_SOURCE_DIR "/configs/cable_free_float_mooring.xml");
  const std::vector<double> k = session->MooringStiffness("Float");  // Settled at the start.
  REQUIRE(k.size() == 9);                                            // Body/Buoy: 3 DOF.
  // Each line's fairlead, 20 m from the buoy's centre and 10 m below it, spans X = 470 m to its
  // anchor on the seabed at z = -100 m. Spread at 0, 120, 240 degrees, each line pulling with
  // horizontal tension H(X) towards its anchor:
  //   k_xx = k_yy = sum dH/dX cos^2 a + (H / X) sin^2 a = 3/2 (dH/dX + H / X)
  // (floater_mooring_test.cpp); the couplings xy, xz, yz cancel by the spread's symmetry.
  const double span = 470.0, height = session->Get("Float:Pos")[2] - 10.0 + 100.0;
  const CatenaryLine line{500.0, test::kRefWeight, 6.0e8};
  const auto h_at = [&](double x) {
    const auto sol = SolveCatenary(line, x, height, true);
    REQUIRE(sol.has_value());
    return sol->horizontal_tension;
  };
  // dH/dX over +-1 mm: its truncation error is ~1e-9 relative.
  const double dh_dx = (h_at(span + 1e-3) - h_at(span - 1e-3)) / 2e-3;
  const double k_surge = 1.5 * (dh_dx + h_at(span) / span);
  MESSAGE("K = [", k[0], " ", k[1], " ", k[2], "; ", k[3], " ", k[4], " ", k[5], "; ", k[6], " ",
          k[7], " ", k[8], "], catenary k_surge ", k_surge);
  // 40 segments per line: the lumped-mass tension is within ~0.3 % of the catenary (1 / N^2
  // from 1 % at 20 segments, cable_test.cpp); 1 %.
  CHECK(k[0] == doctest::Approx(k_surge).epsilon(0.01));
  CHECK(k[4] == doctest::Approx(k_surge).epsilon(0.01));
  // The couplings: zero up to the settled lines' residual; 1e-3 of k_surge.
  for (int idx : {1, 2, 3, 5, 6, 7}) CHECK(std::abs(k[idx]) < 1e-3 * k_surge);
  // Heave: the lines' weight hanging off the seabed grows as the buoy rises: positive.
  CHECK(k[8] > 0);
}

TEST_CASE("mooring stiffness: an unknown object or one that is no body is refused by name") {
  const auto session = Session::FromText(SpringBodyXml(), "springs.xml");
  try {
    session->MooringStiffness("Nobody");
    FAIL("no error");
  } catch (const ScenarioError& e) {
    CHECK(Contains(e.what(), "mooring stiffness: no object 'Nobody'"));
  }
  try {
    session->MooringStiffness("S1");
    FAIL("no error");
  } catch (const ScenarioError& e) {
    CHECK(Contains(e.what(), "mooring stiffness of 'S1': not a body with a position state Pos"));
  }
}

}  // namespace hawser
