// Bushing frames given as roll, pitch, yaw (docs/design.md, "Force and energy conventions"):
// Frame<X>RollPitchYaw gives the same forces as Frame<X>Orientation set to the quaternion of R =
// Rz(yaw) Ry(pitch) Rx(roll), built here from the three elementary rotation matrices; giving both
// is a load error.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <Eigen/Geometry>
#include <cmath>
#include <numbers>

#include "tests/simobjects/connector/bushing_checks.h"
#include "tests/simobjects/roll_pitch_yaw_closed_form.h"
#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test::bushing {
namespace {

constexpr double kDeg = std::numbers::pi / 180;

// A configuration where every output is nonzero: B displaced, turned and moving.
BodyMotion MotionA() {
  BodyMotion a;
  a.pos = {0.1, -0.2, 0.3};
  a.quat = Turn(0.3, {1, 2, 3});
  a.vel = {0.2, 0.1, -0.1};
  a.ang_vel = {0.1, -0.3, 0.2};
  return a;
}
BodyMotion MotionB() {
  BodyMotion b;
  b.pos = {0.6, 0.3, -0.2};
  b.quat = Turn(0.5, {-1, 1, 2});
  b.vel = {-0.2, 0.3, 0.1};
  b.ang_vel = {0.4, 0.1, -0.2};
  return b;
}

void CheckSameOutputs(const std::string& with_rpy, const std::string& with_quaternion) {
  const Outputs rpy = Evaluate(with_rpy, MotionA(), MotionB());
  const Outputs quat = Evaluate(with_quaternion, MotionA(), MotionB());
  REQUIRE(rpy.size() == quat.size());
  // A plain pair, not a structured binding: clang 14 cannot capture bindings (CAPTURE).
  for (const auto& entry : quat) {
    const std::string& name = entry.first;
    const auto& value = entry.second;
    CAPTURE(name);
    // The two routes to R (our angles -> matrix; the closed form -> Eigen's quaternion ->
    // matrix) differ by a few ulps; the outputs are O(1) functions of R: 1e-12 absolute.
    CHECK((rpy.at(name) - value).cwiseAbs().maxCoeff() <=
          1e-12 * (1 + value.cwiseAbs().maxCoeff()));
  }
}

TEST_CASE("LinearBushing: FrameARollPitchYaw in degrees and FrameBRollPitchYaw in radians") {
  const std::string common =
      R"(<Lib LibName="base" SimObject="Connector/LinearBushing" Name="K" FrameAPosition="0.1,0,0.2" )"
      R"(FrameBPosition="0,-0.1,0.1" Stiffness="10,20,30,100,200,300" Damping="1,2,3,4,5,6" )";
  const Eigen::Quaterniond qa(ClosedFormRpy(10 * kDeg, 20 * kDeg, 30 * kDeg));
  const Eigen::Quaterniond qb(ClosedFormRpy(0.1, -0.2, 0.3));
  CheckSameOutputs(
      common + R"(FrameARollPitchYaw="10,20,30" FrameBRollPitchYaw="0.1,-0.2,0.3 rad"/>)",
      common + fmt::format(R"(FrameAOrientation="{}" FrameBOrientation="{}"/>)", Csv(qa), Csv(qb)));
}

TEST_CASE("BushingRollPitchYaw: FrameCRollPitchYaw with expressions and an explicit deg") {
  const std::string common =
      R"(<Lib LibName="base" SimObject="Connector/BushingRollPitchYaw" Name="K" )"
      R"(TorqueStiffness="10,20,30" TorqueDamping="1,2,3" ForceStiffness="100,200,300" )"
      R"(ForceDamping="4,5,6" )";
  const Eigen::Quaterniond qc(ClosedFormRpy(-15 * kDeg, 5 * kDeg, 120 * kDeg));
  CheckSameOutputs(common + R"(FrameCRollPitchYaw="-15, 10/2, 2*60 deg"/>)",
                   common + fmt::format(R"(FrameCOrientation="{}"/>)", Csv(qc)));
}

TEST_CASE("a frame given both as a quaternion and as roll-pitch-yaw is a load error") {
  const std::string xml = ScenarioXml(
      R"(<Lib LibName="base" SimObject="Connector/LinearBushing" Name="K" Stiffness="1,1,1,1,1,1" )"
      R"(FrameAOrientation="1,0,0,0" FrameARollPitchYaw="0,0,90"/>)",
      R"(<Connection K.PosA="0,0,0" K.PosB="0,0,1"/>)");
  CHECK(Contains(AssemblyErrors(xml),
                 "test.xml:2: error: K: parameters 'FrameARollPitchYaw' and 'FrameAOrientation' "
                 "both give the same orientation; expected one of them (roll, pitch, yaw, or a "
                 "unit quaternion)"));
  const std::string two = ScenarioXml(
      R"(<Lib LibName="base" SimObject="Connector/LinearBushing" Name="K" Stiffness="1,1,1,1,1,1" )"
      R"(FrameBRollPitchYaw="0,90"/>)",
      R"(<Connection K.PosA="0,0,0" K.PosB="0,0,1"/>)");
  CHECK(Contains(AssemblyErrors(two),
                 "test.xml:2: error: K: parameter 'FrameBRollPitchYaw': '0,90' has 2 values; "
                 "expected roll, pitch, yaw: three numbers in degrees such as 10,0,30, or in "
                 "radians with a trailing rad such as 0.1,0,0.5 rad"));
}

}  // namespace
}  // namespace hawser::test::bushing
