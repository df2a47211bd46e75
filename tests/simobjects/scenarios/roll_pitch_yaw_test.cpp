// Roll-pitch-yaw (docs/design.md, "Force and energy conventions"): Math/RollPitchYawToQuat and
// Obj.RollPitchYaw initial conditions against R = Rz(yaw) Ry(pitch) Rx(roll), built from the three
// elementary rotation matrices, and each quaternion turned into a matrix by the textbook formula.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <Eigen/Dense>
#include <cmath>
#include <numbers>
#include <string>

#include "tests/simobjects/roll_pitch_yaw_closed_form.h"
#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {
namespace {

constexpr double kDeg = std::numbers::pi / 180;

/// The rotation matrix of the unit quaternion (w, x, y, z).
Eigen::Matrix3d QuaternionMatrix(double w, double x, double y, double z) {
  Eigen::Matrix3d r;
  r << 1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),  //
      2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),   //
      2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y);
  return r;
}

Eigen::Matrix3d MatrixOfColumns(const MemorySink& sink, const std::string& stem) {
  auto c = [&](int i) { return sink.Column(fmt::format("{}[{}]", stem, i))[0]; };
  // A unit quaternion within round-off: |q| = 1 to 1e-15.
  CHECK(std::abs(c(0) * c(0) + c(1) * c(1) + c(2) * c(2) + c(3) * c(3) - 1) < 1e-15);
  CHECK(c(0) >= 0);  // The documented sign: w >= 0.
  return QuaternionMatrix(c(0), c(1), c(2), c(3));
}

// Entries of rotation matrices are at most 1; a few trig evaluations and products: 1e-14.
constexpr double kTol = 1e-14;

TEST_CASE("Math/RollPitchYawToQuat matches Rz(yaw) Ry(pitch) Rx(roll), in deg and rad") {
  const double angles[][3] = {{10, 20, 30}, {-170, 89, -45}, {0, 0, 180}, {90, -60, 135}};
  for (const auto& a : angles) {
    CAPTURE(a[0]);
    CAPTURE(a[1]);
    CAPTURE(a[2]);
    const std::string xml = ScenarioXml(
        fmt::format(
            R"(<Lib LibName="base" SimObject="Src/Constant" Name="D" Value="{0},{1},{2}"/>
<Lib LibName="base" SimObject="Src/Constant" Name="R" Value="{3:.17g},{4:.17g},{5:.17g}"/>
<Lib LibName="base" SimObject="Math/RollPitchYawToQuat" Name="QD"/>
<Lib LibName="base" SimObject="Math/RollPitchYawToQuat" Name="QR" Unit="rad"/>)",
            a[0], a[1], a[2], a[0] * kDeg, a[1] * kDeg, a[2] * kDeg),
        R"(<Connection QD.RollPitchYaw="D.Out" QR.RollPitchYaw="R.Out"/>)", "<InitialCondition/>",
        R"(<Engine Integrator="rk4" stepsize="1" TOutput="0, 1, 1"/>)");
    const MemorySink sink = Run(xml);
    const Eigen::Matrix3d expected = ClosedFormRpy(a[0] * kDeg, a[1] * kDeg, a[2] * kDeg);
    CHECK((MatrixOfColumns(sink, "QD.Quat") - expected).cwiseAbs().maxCoeff() < kTol);
    CHECK((MatrixOfColumns(sink, "QR.Quat") - expected).cwiseAbs().maxCoeff() < kTol);
  }
  CHECK(Contains(
      AssemblyErrors(ScenarioXml(
          R"(<Lib LibName="base" SimObject="Math/RollPitchYawToQuat" Name="Q" Unit="grad"/>)",
          R"(<Connection Q.RollPitchYaw="0,0,0"/>)")),
      "test.xml:2: error: Q: parameter 'Unit' = 'grad' is invalid; expected deg or rad"));
}

std::string BodyXml(const std::string& initial) {
  return ScenarioXml(
      R"(<Lib LibName="base" SimObject="Body/6DBody" Name="B" Mass="1" Inertia="1,2,3"/>)",
      R"(<Connection B.Force="0,0,9.81" B.Moment="0,0,0"/>)", "\n" + initial,
      R"(<Engine Integrator="rk4" stepsize="1" TOutput="0, 1, 1" LogStates="1"/>)");
}

TEST_CASE("an initial condition Obj.RollPitchYaw sets the Quat state") {
  const MemorySink deg = Run(BodyXml(R"(<InitialCondition B.RollPitchYaw="10,20,30"/>)"));
  CHECK((MatrixOfColumns(deg, "B:Quat") - ClosedFormRpy(10 * kDeg, 20 * kDeg, 30 * kDeg))
            .cwiseAbs()
            .maxCoeff() < kTol);
  const MemorySink rad = Run(BodyXml(R"(<InitialCondition B.RollPitchYaw="0.5, -1, pi/4 rad"/>)"));
  CHECK((MatrixOfColumns(rad, "B:Quat") - ClosedFormRpy(0.5, -1, std::numbers::pi / 4))
            .cwiseAbs()
            .maxCoeff() < kTol);
}

TEST_CASE("initial conditions: Quat and RollPitchYaw together, or RollPitchYaw without Quat") {
  // The <InitialCondition> elements are on lines 4 and 5 (BodyXml puts them after a newline).
  const std::string both = BodyXml(
      "<InitialCondition B.Quat=\"1,0,0,0\"/>\n<InitialCondition B.RollPitchYaw=\"0,0,90\"/>");
  CHECK(Contains(AssemblyErrors(both),
                 "test.xml:5: error: initial conditions B.Quat (line 4) and B.RollPitchYaw "
                 "(line 5) both set state B.Quat; expected one of them"));
  const std::string no_quat = ScenarioXml(
      R"(<Lib LibName="base" SimObject="Body/3DBody" Name="P" Mass="1"/>)",
      R"(<Connection P.Force="0,0,0"/>)", R"(<InitialCondition P.RollPitchYaw="0,0,90"/>)");
  CHECK(Contains(AssemblyErrors(no_quat),
                 "error: P (Body/3DBody) has no state 'Quat', which the initial condition "
                 "P.RollPitchYaw sets; expected an object with an orientation state Quat"));
  const std::string bad = BodyXml(R"(<InitialCondition B.RollPitchYaw="0,0,90 grad"/>)");
  CHECK(Contains(AssemblyErrors(bad),
                 "initial condition B.RollPitchYaw: '0,0,90 grad' is not a "
                 "list of numbers"));
}

}  // namespace
}  // namespace hawser::test
