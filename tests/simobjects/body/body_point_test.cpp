// Body/Point against rigid-body kinematics written here independently (Eigen's AngleAxis for the
// rotation), the power balance, and a composed pendulum whose energy is conserved.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <Eigen/Geometry>
#include <cmath>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {
namespace {

struct PointCase {
  Eigen::Vector3d p{1.0, 2.0, 3.0}, v{0.3, -0.2, 0.1}, w{0.4, 0.5, -0.6}, f{10.0, -20.0, 5.0};
  Eigen::Vector3d r_body{2.0, -1.0, 0.5};
  Eigen::Quaterniond q{Eigen::AngleAxisd(0.7, Eigen::Vector3d(1.0, 1.0, 1.0).normalized())};
};

std::string Vec(const Eigen::Vector3d& x) {
  return fmt::format("{:.17g},{:.17g},{:.17g}", x[0], x[1], x[2]);
}

/// Evaluates a lone Body/Point with literal inputs; returns Pos, Vel, BodyForce, BodyMoment.
std::array<Eigen::Vector3d, 4> Evaluate(const PointCase& c) {
  const std::string xml = ScenarioXml(
      fmt::format(R"(<Lib LibName="base" SimObject="Body/Point" Name="P" Position="{}"/>)",
                  Vec(c.r_body)),
      fmt::format(R"(<Connection P.BodyPos="{}" P.BodyQuat="{:.17g},{:.17g},{:.17g},{:.17g}" )"
                  R"(P.BodyVel="{}" P.BodyAngVel="{}" P.Force="{}"/>)",
                  Vec(c.p), c.q.w(), c.q.x(), c.q.y(), c.q.z(), Vec(c.v), Vec(c.w), Vec(c.f)));
  auto model = Model::Assemble(LoadScenarioFromString(xml, "test.xml"), BuiltinRegistry());
  std::vector<double> x = model->InitialState(0.0);
  REQUIRE(model->EvaluateOutputs(0.0, x.data()));
  std::array<Eigen::Vector3d, 4> result;
  int k = 0;
  for (const char* port : {"Pos", "Vel", "BodyForce", "BodyMoment"}) {
    const auto values = OutputOf(*model, "P", port);
    result[k++] = Eigen::Vector3d(values[0], values[1], values[2]);
  }
  return result;
}

TEST_CASE("Body/Point: world motion of the point and force and moment on the body") {
  const PointCase c;
  const auto [pos, vel, body_force, body_moment] = Evaluate(c);
  const Eigen::Vector3d r = c.q.toRotationMatrix() * c.r_body;
  // Closed forms p + R r_B, v + w x r, F, r x F. Tolerance: the inputs are printed with 17
  // digits (exact round trip) and the two rotation matrices differ only by rounding, ~1e-16 of
  // |r| ~ 2.3 m; 1e-13 m leaves a wide margin and still catches any wrong sign or frame.
  CHECK((pos - (c.p + r)).norm() < 1e-13);
  CHECK((vel - (c.v + c.w.cross(r))).norm() < 1e-13);
  CHECK(body_force == c.f);                            // Action equals reaction, exactly (a copy).
  CHECK((body_moment - r.cross(c.f)).norm() < 1e-12);  // |F||r| ~ 50 N m: ~1e-14 relative.
  // Power balance: the power of F at the point equals the power of the force and moment on the
  // body, F . Vel = BodyForce . v + BodyMoment . w, to rounding (~1e-15 of |F||Vel| ~ 30 W).
  CHECK(std::abs(c.f.dot(vel) - (body_force.dot(c.v) + body_moment.dot(c.w))) < 1e-12);
}

TEST_CASE("Body/Point: Vel is the time derivative of Pos under the body's rigid motion") {
  // Move the body for +-h along its velocity and rotation: p(t) = p + v t, q(t) = exp(w t) q.
  // The central difference of Pos matches Vel to O(h^2 |w|^2 |r|) ~ 1e-12 m/s at h = 1e-6 s;
  // rounding adds ~1e-16 * 3 m / 1e-6 s ~ 3e-10 m/s: tolerance 1e-8 m/s.
  const PointCase c;
  const double h = 1e-6;
  auto at = [&](double t) {
    PointCase moved = c;
    moved.p = c.p + c.v * t;
    moved.q = Eigen::Quaterniond(Eigen::AngleAxisd(c.w.norm() * t, c.w.normalized())) * c.q;
    return Evaluate(moved)[0];
  };
  const Eigen::Vector3d fd = (at(h) - at(-h)) / (2.0 * h);
  CHECK((fd - Evaluate(c)[1]).norm() < 1e-8);
}

TEST_CASE("Body/Point: a body swinging on a spring from an offset point conserves energy") {
  // A 6-DOF body hangs from an anchor by a spring attached at a point off its centre of mass: the
  // point's motion drives the spring, the spring's force comes back as force and moment. With
  // no damping, kinetic + gravity + spring energy stays at its initial value; CVODE at 1e-11
  // keeps the drift far below 1e-6 of the energy exchanged (~1e3 J), which any error in the
  // point's moment (a wrong arm, sign or frame) would break by orders of magnitude.
  const std::string xml = ScenarioXml(
      R"(<Lib LibName="base" SimObject="Body/6DBody" Name="B" Mass="50" Inertia="10,20,30"/>
<Lib LibName="base" SimObject="Body/Point" Name="P" Position="0.5,0.3,1"/>
<Lib LibName="base" SimObject="Cable/LinearSpring" Name="S" Stiffness="2000" RelaxedLength="1"/>)",
      R"(<Connection P.BodyPos="B.Pos" P.BodyQuat="B.Quat" P.BodyVel="B.Vel" )"
      R"(P.BodyAngVel="B.AngVel" P.Force="S.ForceB" S.PosA="0,0,3" S.PosB="P.Pos" )"
      R"(B.Force="P.BodyForce" B.Moment="P.BodyMoment"/>)",
      R"(<InitialCondition B.Pos="0.4,-0.2,0" B.AngVel="0.1,0.2,0"/>)");
  const MemorySink sink = Run(xml);
  const auto kinetic = sink.Column("B.KineticEnergy");
  const auto gravity = sink.Column("B.PotentialEnergy");
  const auto spring = sink.Column("S.PotentialEnergy");
  const double e0 = kinetic[0] + gravity[0] + spring[0];
  double exchanged = 0.0;
  for (size_t i = 0; i < kinetic.size(); ++i) {
    exchanged = std::max(exchanged, std::abs(kinetic[i] - kinetic[0]));
    CHECK(std::abs(kinetic[i] + gravity[i] + spring[i] - e0) < 1e-6 * 1e3);
  }
  CHECK(exchanged > 100.0);  // The body really swings: hundreds of joules change form.
}

}  // namespace
}  // namespace hawser::test
