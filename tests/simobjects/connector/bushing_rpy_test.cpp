// Connector/BushingRollPitchYaw against Drake's page: roll-pitch-yaw of C in A, the halfway frame
// B, t = N^T tau, the spatial forces F_A_A and F_C_C, forces as minus the gradient of
// PotentialEnergy, the power balance, action = -reaction, invariance, errors.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <Eigen/Geometry>
#include <cmath>
#include <map>
#include <numbers>
#include <tuple>

#include "tests/simobjects/connector/bushing_checks.h"
#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {

namespace {
using bushing::BodyMotion;
using bushing::Evaluate;
using bushing::GeneralA;

using bushing::Turn;
Eigen::Quaterniond Rpy(double roll, double pitch, double yaw) {
  return Turn(yaw, {0, 0, 1}) * Turn(pitch, {0, 1, 0}) * Turn(roll, {1, 0, 0});
}

std::string Lib(const std::string& k, const std::string& d, const std::string& kxyz,
                const std::string& dxyz, const std::string& extra = "") {
  return fmt::format(
      R"(<Lib LibName="base" SimObject="Connector/BushingRollPitchYaw" Name="K" )"
      R"(TorqueStiffness="{}" TorqueDamping="{}" ForceStiffness="{}" ForceDamping="{}" {}/>)",
      k, d, kxyz, dxyz, extra);
}
std::string Frames() { return bushing::GeneralFrames("C"); }
BodyMotion GeneralB() { return bushing::GeneralB({0.4, 0.1, 0.2}); }
bool Close(const Eigen::VectorXd& value, const Eigen::VectorXd& expected, double tol) {
  return (value - expected).norm() <= tol;
}
using V6 = Eigen::Matrix<double, 6, 1>;
}  // namespace

TEST_CASE("Connector/BushingRollPitchYaw: q is roll-pitch-yaw of C in A (R = Rz Ry Rx)") {
  const auto out = Evaluate(Lib("0,0,0", "0,0,0", "0,0,0", "0,0,0"), {.quat = Turn(0.2, {1, 1, 0})},
                            {.quat = Turn(0.2, {1, 1, 0}) * Rpy(0.1, -0.2, 0.3)});
  // Built from the angles in Drake's sequence; recovered to rounding.
  CHECK(Close(out.at("q"), Eigen::Vector3d(0.1, -0.2, 0.3), 1e-14));
}

TEST_CASE("Connector/BushingRollPitchYaw sign at hand-computed configurations (Drake page)") {
  SUBCASE("roll 0.1, k0 = 10: tau0 = -1, torque -1 about x on C, +1 on A") {
    const auto out =
        Evaluate(Lib("10,0,0", "0,0,0", "0,0,0", "0,0,0"), {}, {.quat = Turn(0.1, {1, 0, 0})});
    // Closed forms (N = identity at pitch = yaw = 0); rounding only.
    CHECK(Close(out.at("tau"), Eigen::Vector3d(-1, 0, 0), 1e-14));
    CHECK(Close(out.at("MomentB"), Eigen::Vector3d(-1, 0, 0), 1e-14));
    CHECK(Close(out.at("MomentA"), Eigen::Vector3d(1, 0, 0), 1e-14));
    CHECK(Close(out.at("SpatialForceConC"), (V6() << -1, 0, 0, 0, 0, 0).finished(), 1e-14));
    CHECK(Close(out.at("SpatialForceAonA"), (V6() << 1, 0, 0, 0, 0, 0).finished(), 1e-14));
  }
  SUBCASE("yaw 90 deg, Co at (1,0,0), kx = 100: the force acts along the halfway frame's x") {
    const auto out = Evaluate(Lib("0,0,0", "0,0,0", "100,0,0", "0,0,0"), {},
                              {.pos = {1, 0, 0}, .quat = Turn(std::numbers::pi / 2, {0, 0, 1})});
    // B is turned 45 deg about z: [x y z] = (cos 45, -sin 45, 0); f = (-100 cos 45, 0, 0) in B,
    // i.e. (-50, -50, 0) in A = world, applied at Bo = (0.5, 0, 0). Moment on C about Co:
    // (-0.5, 0, 0) x (-50, -50, 0) = (0, 0, 25); on A about Ao: (0.5, 0, 0) x (50, 50, 0) = the
    // same (0, 0, 25), as the page promises ("the moment of -f on A about Ao is equal to the
    // moment of f on C about Co"). F_C_C is expressed in C (turned 90 deg): force (-50, 50, 0).
    // Tolerance: the 90 deg quaternion literal and sqrt(1/2), a few 1e-16 relative of 100.
    const double h = std::sqrt(0.5);
    CHECK(Close(out.at("xyz"), Eigen::Vector3d(h, -h, 0), 1e-14));
    CHECK(Close(out.at("f"), Eigen::Vector3d(-100 * h, 0, 0), 1e-12));
    CHECK(Close(out.at("ForceB"), Eigen::Vector3d(-50, -50, 0), 1e-12));
    CHECK(Close(out.at("MomentB"), Eigen::Vector3d(0, 0, 25), 1e-12));
    CHECK(Close(out.at("ForceA"), Eigen::Vector3d(50, 50, 0), 1e-12));
    CHECK(Close(out.at("MomentA"), Eigen::Vector3d(0, 0, 25), 1e-12));
    CHECK(Close(out.at("SpatialForceConC"), (V6() << 0, 0, 25, -50, 50, 0).finished(), 1e-12));
    CHECK(Close(out.at("SpatialForceAonA"), (V6() << 0, 0, 25, 50, 50, 0).finished(), 1e-12));
    CHECK(out.at("PotentialEnergy")[0] == doctest::Approx(25).epsilon(1e-14));  // 100 h^2 / 2.
  }
  SUBCASE("general angles: t = N^T tau with the page's N") {
    const double q0 = 0.2, q1 = 0.3, q2 = 0.4;
    const auto out =
        Evaluate(Lib("10,20,30", "0,0,0", "0,0,0", "0,0,0"), {}, {.quat = Rpy(q0, q1, q2)});
    Eigen::Matrix3d n;  // As printed on the page.
    n << std::cos(q2) / std::cos(q1), std::sin(q2) / std::cos(q1), 0, -std::sin(q2), std::cos(q2),
        0, std::cos(q2) * std::tan(q1), std::sin(q2) * std::tan(q1), 1;
    const Eigen::Vector3d tau = -Eigen::Vector3d(10 * q0, 20 * q1, 30 * q2);
    CHECK(Close(out.at("tau"), tau, 1e-13));
    CHECK(Close(out.at("t"), n.transpose() * tau, 1e-13));
    CHECK(Close(out.at("MomentB"), n.transpose() * tau, 1e-13));  // Frame A = world.
  }
}

TEST_CASE("Connector/BushingRollPitchYaw spatial forces agree with the world outputs") {
  const std::string lib = Lib("10,20,30", "1,2,3", "100,200,300", "4,5,6", Frames());
  const BodyMotion a = GeneralA(), b = GeneralB();
  const auto out = Evaluate(lib, a, b);
  // Frame poses, from the same literals as in Frames().
  const Eigen::Matrix3d r_wa = (a.quat * Turn(0.3, {0, 1, 1})).toRotationMatrix();
  const Eigen::Matrix3d r_wc = (b.quat * Turn(-0.5, {1, 0.2, -0.4})).toRotationMatrix();
  const Eigen::Vector3d ao = a.pos + a.quat * Eigen::Vector3d(0.1, 0.2, -0.1);
  const Eigen::Vector3d co = b.pos + b.quat * Eigen::Vector3d(-0.2, 0.05, 0.1);
  const V6 fa = out.at("SpatialForceAonA"), fc = out.at("SpatialForceConC");
  // Shift each to its body's origin in world: M_body = M_frame + (frame origin - body) x F.
  // Tolerance: rounding in products of ~100 N and ~1 m.
  const Eigen::Vector3d force_a = r_wa * fa.tail<3>(), force_c = r_wc * fc.tail<3>();
  CHECK(Close(out.at("ForceA"), force_a, 1e-12));
  CHECK(Close(out.at("ForceB"), force_c, 1e-12));
  CHECK(Close(out.at("MomentA"), r_wa * fa.head<3>() + (ao - a.pos).cross(force_a), 1e-12));
  CHECK(Close(out.at("MomentB"), r_wc * fc.head<3>() + (co - b.pos).cross(force_c), 1e-12));
}

TEST_CASE("Connector/BushingRollPitchYaw forces are minus the gradient of PotentialEnergy") {
  BodyMotion a = GeneralA(), b = GeneralB();
  a.vel = b.vel = a.ang_vel = b.ang_vel = Eigen::Vector3d::Zero();
  // With kx = ky = kz the force law is exactly conservative for every motion (doc: Drake's
  // w_AB = w_AC / 2); with unequal ones only for translations (w_AC = 0).
  bushing::CheckForcesAreMinusGradient(Lib("10,20,30", "0,0,0", "150,150,150", "0,0,0", Frames()),
                                       a, b, true);
  bushing::CheckForcesAreMinusGradient(Lib("10,20,30", "0,0,0", "100,200,300", "0,0,0", Frames()),
                                       a, b, false);
}

TEST_CASE("Connector/BushingRollPitchYaw power: delivered = -(dV/dt + DissipatedPower)") {
  bushing::CheckPowerBalance(Lib("10,20,30", "1,2,3", "150,150,150", "4,5,6", Frames()), GeneralA(),
                             GeneralB());
  // Unequal force stiffnesses: exact when the bodies do not rotate relative to each other.
  BodyMotion b = GeneralB();
  b.ang_vel = GeneralA().ang_vel;
  bushing::CheckPowerBalance(Lib("10,20,30", "1,2,3", "100,200,300", "4,5,6", Frames()), GeneralA(),
                             b);
}

TEST_CASE("Connector/BushingRollPitchYaw: equal and opposite, and invariant under a rigid motion") {
  const std::string lib = Lib("10,20,30", "1,2,3", "100,200,300", "4,5,6", Frames());
  bushing::CheckActionReaction(lib, GeneralA(), GeneralB());
  bushing::CheckSceneInvariance(lib, GeneralA(), GeneralB(),
                                {"q", "qdot", "tau", "xyz", "xyzdot", "f", "t", "SpatialForceAonA",
                                 "SpatialForceConC", "PotentialEnergy", "DissipatedPower"});
}

TEST_CASE("Connector/BushingRollPitchYaw stops the run near gimbal lock (|cos pitch| < 0.008)") {
  const std::string lib = Lib("1,1,1", "0,0,0", "1,1,1", "0,0,0");
  try {
    Evaluate(lib, {}, {.quat = Rpy(0.1, std::numbers::pi / 2 - 1e-4, 0.2)});
    FAIL("expected a SimulationError");
  } catch (const SimulationError& e) {
    CHECK(Contains(e.what(), "K (Connector/BushingRollPitchYaw) at t = 0: pitch angle"));
    CHECK(Contains(e.what(), "gimbal lock"));
  }
  // cos(pitch) = 0.01 > 0.008: evaluates, with pitch recovered (rounding / cos ~ 1e-14).
  CHECK(Evaluate(lib, {}, {.quat = Rpy(0.1, -std::acos(0.01), 0.2)}).at("q")[1] ==
        doctest::Approx(-std::acos(0.01)).epsilon(1e-12));
}

TEST_CASE("Connector/BushingRollPitchYaw parameter errors at load time, with file:line") {
  const auto errors = [](const std::string& params) {
    return AssemblyErrors(
        ScenarioXml(fmt::format("\n\n"
                                R"(<Lib LibName="base" SimObject="Connector/BushingRollPitchYaw" )"
                                R"(Name="K" {}/>)",
                                params),
                    R"(<Connection K.PosA="0,0,0" K.PosB="0,0,0"/>)"));
  };
  SUBCASE("negative force stiffness") {
    const std::string e = errors(R"(TorqueStiffness="1,1,1" ForceStiffness="1,-1,1")");
    CHECK(Contains(e, "test.xml:4: error: K: parameter 'ForceStiffness'"));
  }
  SUBCASE("negative torque damping") {
    CHECK(
        Contains(errors(R"(TorqueStiffness="1,1,1" ForceStiffness="1,1,1" TorqueDamping="0,-3,0")"),
                 "test.xml:4: error: K: parameter 'TorqueDamping'"));
  }
  SUBCASE("wrong length") {
    CHECK(Contains(errors(R"(TorqueStiffness="1,1" ForceStiffness="1,1,1")"),
                   "test.xml:4: error: K: parameter 'TorqueStiffness' has 2 values; expected 3"));
  }
  SUBCASE("non-unit frame quaternion") {
    const std::string e = errors(
        R"(TorqueStiffness="1,1,1" ForceStiffness="1,1,1" FrameCOrientation="0.7071,0.7071,0,0")");
    CHECK(Contains(e, "test.xml:4: error: K: parameter 'FrameCOrientation'"));
    CHECK(Contains(e, "unit quaternion"));
  }
}

}  // namespace hawser::test

namespace hawser::test {

TEST_CASE("configs/compliant_revolute_rpy.xml: a pendulum on a compliant revolute joint") {
  // Short run, with dense output around the first zero crossing of the joint angle.
  const std::string xml =
      bushing::PendulumConfig("compliant_revolute_rpy.xml", "0, 0.38:0.0005:0.46, 1");
  const MemorySink sink = Run(xml);
  const std::vector<double> yaw = sink.Column("Hinge.q[2]");
  const std::vector<double> roll = sink.Column("Hinge.q[0]");
  std::vector<double> total(sink.times().size(), 0.0);
  for (const char* column : {"Rod.KineticEnergy", "Rod.PotentialEnergy", "Hinge.PotentialEnergy",
                             "Hinge:DissipatedEnergy"}) {
    const std::vector<double> values = sink.Column(column);
    for (size_t i = 0; i < total.size(); ++i) total[i] += values[i];
  }
  REQUIRE(sink.times().front() == 0.38);  // The start time itself is not an output time here.
  double crossing = 0.0;
  for (size_t i = 1; i < yaw.size(); ++i) {
    // Isotropic force stiffness: exactly conservative; integrator drift is ~1e-7 J per second.
    CHECK(std::abs(total[i] - total.front()) < 1e-5);
    CHECK(std::abs(roll[i]) < 1e-6);  // Held by k0 = 500 N*m/rad; no roll load at all.
    if (crossing == 0.0 && yaw[i - 1] > 0.0 && yaw[i] <= 0.0) {
      const double t0 = sink.times()[i - 1], t1 = sink.times()[i];
      crossing = t0 + (t1 - t0) * yaw[i - 1] / (yaw[i - 1] - yaw[i]);
    }
  }
  // Ideal pendulum from 45 deg: a quarter period is sqrt(I / (m g d)) K(sin(22.5 deg)), with
  // I = 0.08333 + 1 * 0.5^2 about the pivot, and K(k) = pi / (2 AGM(1, sqrt(1 - k^2))).
  double x = 1.0, y = std::cos(std::numbers::pi / 8);
  for (int i = 0; i < 8; ++i) std::tie(x, y) = std::pair{(x + y) / 2, std::sqrt(x * y)};
  const double quarter = std::sqrt((0.08333 + 0.25) / (9.81 * 0.5)) * std::numbers::pi / (2 * x);
  // The bushing is compliant: the pivot gives by (m g + centripetal) / kxyz = 1-2 mm, which
  // lengthens the 0.5 m arm by up to 0.4 %, and slightly damped. Measured: +3.6e-3 relative.
  CAPTURE(crossing);
  CAPTURE(quarter);
  CHECK(std::abs(crossing / quarter - 1.0) < 5e-3);
}

}  // namespace hawser::test
