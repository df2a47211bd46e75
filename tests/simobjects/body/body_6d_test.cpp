#include <doctest/doctest.h>
#include <fmt/format.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>

#include "simobjects/body/rigid_body_math.h"
#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {

namespace {

/// 10 s, outputs every 0.1 s, CVODE tolerances 1e-12 so that the integrator's error (~1e-11
/// relative over the run) sits well below the 1e-8 asserted.
constexpr const char* kLongTightEngine =
    R"(<Engine Integrator="cvode-bdf" AbsTol="1e-12" RelTol="1e-12" TOutput="0, 0.1, 10" )"
    R"(LogStates="1" FileOutput="objects:all"/>)";

Eigen::Vector3d Row3(const MemorySink& sink, const std::string& port, size_t i) {
  return {sink.Column(port + "[0]")[i], sink.Column(port + "[1]")[i], sink.Column(port + "[2]")[i]};
}

Eigen::Quaterniond RowQuat(const MemorySink& sink, const std::string& port, size_t i) {
  return {sink.Column(port + "[0]")[i], sink.Column(port + "[1]")[i], sink.Column(port + "[2]")[i],
          sink.Column(port + "[3]")[i]};
}

}  // namespace

TEST_CASE("rigid_body_math: quaternion product and rate against Eigen's quaternions") {
  const Eigen::Quaterniond p(Eigen::AngleAxisd(0.7, Eigen::Vector3d(1, 2, 3).normalized()));
  const Eigen::Quaterniond q(Eigen::AngleAxisd(-1.3, Eigen::Vector3d(-2, 0.5, 1).normalized()));
  const Eigen::Quaterniond pq = p * q;  // Eigen's Hamilton product: an independent implementation.
  const Eigen::Vector4d r =
      rigid_body::QuatMultiply({p.w(), p.x(), p.y(), p.z()}, {q.w(), q.x(), q.y(), q.z()});
  // Rounding only: a few ulps of unit-size numbers.
  CHECK((r - Eigen::Vector4d(pq.w(), pq.x(), pq.y(), pq.z())).norm() < 1e-15);
  CHECK((rigid_body::RotationFromQuat(r) - pq.toRotationMatrix()).norm() < 1e-14);
  // Over a small step h, q ⊗ exp(omega_b h / 2) is the exact rotation about a constant body axis;
  // the rate times h matches the difference to O(h^2) ~ 1e-12 (h = 1e-6, |omega| ~ 1).
  const Eigen::Vector3d omega_body(0.3, -0.8, 0.5);
  const double h = 1e-6;
  const Eigen::Quaterniond stepped =
      q * Eigen::Quaterniond(Eigen::AngleAxisd(omega_body.norm() * h, omega_body.normalized()));
  const Eigen::Vector4d rate = rigid_body::QuatRate({q.w(), q.x(), q.y(), q.z()}, omega_body, 1.0);
  const Eigen::Vector4d difference(stepped.w() - q.w(), stepped.x() - q.x(), stepped.y() - q.y(),
                                   stepped.z() - q.z());
  CHECK((rate * h - difference).norm() < 1e-11);
  // The stabilising term pulls |q| towards 1: the kinematic term is orthogonal to q, so
  // d|q|^2/dt = 2 q . q' = -2 k (|q|^2 - 1) |q|^2 (k = 1).
  const Eigen::Vector4d long_q = 1.1 * Eigen::Vector4d(q.w(), q.x(), q.y(), q.z());
  const double d_norm2 = 2.0 * long_q.dot(rigid_body::QuatRate(long_q, omega_body, 1.0));
  CHECK(d_norm2 == doctest::Approx(-2.0 * (1.21 - 1.0) * 1.21).epsilon(1e-14));
}

TEST_CASE("rigid_body_math: inertia checks") {
  using rigid_body::CheckInertia;
  using rigid_body::InertiaTensor;
  CHECK(CheckInertia(InertiaTensor({1, 2, 3}, {0, 0, 0})).empty());
  // A thin flat plate (Izz = Ixx + Iyy) is physical: the triangle inequality holds with equality.
  CHECK(CheckInertia(InertiaTensor({0.1, 0.2, 0.3}, {0, 0, 0})).empty());
  // A rotated box: tensor elements from R diag(1,2,2.5) R^T are accepted.
  const Eigen::Matrix3d r = Eigen::AngleAxisd(0.4, Eigen::Vector3d(1, 1, 0).normalized()).matrix();
  const Eigen::Matrix3d box = r * Eigen::Vector3d(1, 2, 2.5).asDiagonal() * r.transpose();
  CHECK(CheckInertia(box).empty());
  CHECK(Contains(CheckInertia(InertiaTensor({1, 1, -1}, {0, 0, 0})), "not positive definite"));
  CHECK(Contains(CheckInertia(InertiaTensor({1, 1, 1}, {2, 0, 0})), "not positive definite"));
  CHECK(Contains(CheckInertia(InertiaTensor({1, 1, 3}, {0, 0, 0})), "triangle inequality"));
}

TEST_CASE("Body/6DBody torque-free tumbling: energy and angular momentum conserved") {
  // Asymmetric body with products of inertia, initial omega along no principal axis, rotated.
  const MemorySink sink = Run(ScenarioXml(
      R"(<Lib LibName="base" SimObject="Body/6DBody" Name="B" Mass="2" Inertia="1,2,2.5" )"
      R"(InertiaProducts="0.1,-0.2,0.05" Gravity="0,0,0"/>)",
      "",
      R"(<InitialCondition B.AngVel="1.5,-0.5,2" )"
      R"(B.Quat="0.8775825618903728,0.4794255386042030,0,0"/>)",
      kLongTightEngine));
  const Eigen::Matrix3d inertia_body = rigid_body::InertiaTensor({1, 2, 2.5}, {0.1, -0.2, 0.05});
  // World angular momentum computed here from Quat and AngVel with Eigen: L = R I R^T omega.
  auto momentum = [&](size_t i) {
    const Eigen::Matrix3d rot = RowQuat(sink, "B.Quat", i).toRotationMatrix();
    return Eigen::Vector3d(rot * inertia_body * rot.transpose() * Row3(sink, "B.AngVel", i));
  };
  auto energy = [&](size_t i) {
    const Eigen::Matrix3d rot = RowQuat(sink, "B.Quat", i).toRotationMatrix();
    const Eigen::Vector3d w = Row3(sink, "B.AngVel", i);
    return 0.5 * w.dot(rot * inertia_body * rot.transpose() * w);
  };
  const Eigen::Vector3d l0 = momentum(0);
  const double e0 = energy(0);
  double max_spin_change = 0.0;
  for (size_t i = 0; i < sink.times().size(); ++i) {
    CAPTURE(sink.times()[i]);
    // Conservation laws of the exact solution; integrator tolerance 1e-12: 1e-8 has margin.
    CHECK((momentum(i) - l0).norm() < 1e-8 * l0.norm());
    CHECK(energy(i) == doctest::Approx(e0).epsilon(1e-8));
    CHECK(sink.Column("B.KineticEnergy")[i] == doctest::Approx(e0).epsilon(1e-8));
    CHECK((Row3(sink, "B.AngularMomentum", i) - l0).norm() < 1e-8 * l0.norm());
    // The state quaternion stays unit: the exact solution has |q| = 1 and the stabiliser damps
    // the integrator's drift (tolerance 1e-12), so |q| - 1 stays below 1e-9.
    const double state_norm = RowQuat(sink, "B:Quat", i).coeffs().norm();
    CHECK(std::abs(state_norm - 1.0) < 1e-9);
    CHECK(RowQuat(sink, "B.Quat", i).coeffs().norm() == doctest::Approx(1.0).epsilon(1e-15));
    max_spin_change =
        std::max(max_spin_change, (Row3(sink, "B.AngVel", i) - Row3(sink, "B.AngVel", 0)).norm());
  }
  // The test is not vacuous: omega (world) really changes while L stays put.
  CHECK(max_spin_change > 0.5);
}

TEST_CASE("Body/6DBody symmetric top: body-frame omega precesses at (I3 - I1) w3 / I1") {
  // Ixx = Iyy = I1 = 2, Izz = I3 = 3.5: Euler's equations give omega_b3 constant and (omega_b1,
  // omega_b2) rotating at lambda = (I3 - I1) w3 / I1 (closed form; checks the gyroscopic sign).
  const double w1 = 0.7, w2 = -0.2, w3 = 1.5, lambda = (3.5 - 2.0) * w3 / 2.0;
  // Initial orientation: 0.5 rad about x; AngVel is given in world coordinates: R omega_b.
  const Eigen::Matrix3d rot0 = Eigen::AngleAxisd(0.5, Eigen::Vector3d::UnitX()).matrix();
  const Eigen::Vector3d world0 = rot0 * Eigen::Vector3d(w1, w2, w3);
  const MemorySink sink = Run(ScenarioXml(
      R"(<Lib LibName="base" SimObject="Ball/6DBody" Name="B" Mass="1" Inertia="2,2,3.5" )"
      R"(Gravity="0,0,0"/>)",
      "",
      fmt::format(R"(<InitialCondition B.AngVel="{:.17g},{:.17g},{:.17g}" )"
                  R"(B.Quat="{:.17g},{:.17g},0,0"/>)",
                  world0[0], world0[1], world0[2], std::cos(0.25), std::sin(0.25)),
      kLongTightEngine));
  for (size_t i = 0; i < sink.times().size(); ++i) {
    const double t = sink.times()[i];
    CAPTURE(t);
    const Eigen::Matrix3d rot = RowQuat(sink, "B.Quat", i).toRotationMatrix();
    const Eigen::Vector3d body = rot.transpose() * Row3(sink, "B.AngVel", i);
    const double c = std::cos(lambda * t), s = std::sin(lambda * t);
    // Closed form; integrator error ~1e-10 absolute at tolerance 1e-12 over 10 s.
    CHECK(body[0] == doctest::Approx(w1 * c - w2 * s).scale(1).epsilon(1e-8));
    CHECK(body[1] == doctest::Approx(w1 * s + w2 * c).scale(1).epsilon(1e-8));
    CHECK(body[2] == doctest::Approx(w3).scale(1).epsilon(1e-8));
  }
}

TEST_CASE("Body/6DBody: constant moment spins it up, free fall z = z0 - g t^2 / 2") {
  // Body rotated 90 degrees about x: its y axis points along world z, so a world moment Mz = 3
  // meets the inertia Iyy = 2: omega_z = 1.5 t, angle 0.75 t^2 about world z (closed form).
  const double half = std::sqrt(0.5);
  const MemorySink sink = Run(ScenarioXml(
      R"(<Lib LibName="base" SimObject="Body/6DBody" Name="B" Mass="3" Inertia="1,2,2.5" )"
      R"(Material="Steel" Mesh="box.obj" Scale="1"/>)",
      R"(<Connection B.Moment="0,0,3"/>)",
      fmt::format(R"(<InitialCondition B.Quat="{0:.17g},{0:.17g},0,0" B.Pos="0,0,10" )"
                  R"(B.Vel="1,0,0"/>)",
                  half)));
  const Eigen::Quaterniond q0(half, half, 0, 0);
  for (size_t i = 0; i < sink.times().size(); ++i) {
    const double t = sink.times()[i];
    CAPTURE(t);
    const Eigen::Quaterniond expected =
        Eigen::Quaterniond(Eigen::AngleAxisd(0.75 * t * t, Eigen::Vector3d::UnitZ())) * q0;
    const Eigen::Quaterniond q = RowQuat(sink, "B.Quat", i);
    // Polynomial / trigonometric closed forms; tolerances 1e-11 in kTightEngine: 1e-8 margin.
    CHECK(std::abs(std::abs(q.dot(expected)) - 1.0) < 1e-8);
    CHECK(Row3(sink, "B.AngVel", i)[2] == doctest::Approx(1.5 * t).scale(1).epsilon(1e-8));
    CHECK(Row3(sink, "B.Pos", i)[2] ==
          doctest::Approx(10 - 0.5 * 9.81 * t * t).scale(1).epsilon(1e-8));
    CHECK(Row3(sink, "B.Pos", i)[0] == doctest::Approx(t).scale(1).epsilon(1e-8));
    // -m g . Pos with the default gravity (0,0,-9.81).
    CHECK(sink.Column("B.PotentialEnergy")[i] ==
          doctest::Approx(3 * 9.81 * Row3(sink, "B.Pos", i)[2]).epsilon(1e-14));
  }
}

TEST_CASE("Body/6DBody parameter and initial-condition errors carry file:line") {
  SUBCASE("Mass <= 0") {
    const std::string e = AssemblyErrors(ScenarioXml(
        "\n"
        R"(<Lib LibName="base" SimObject="Body/6DBody" Name="B" Mass="-1" Inertia="1,1,1"/>)"));
    CHECK(Contains(e, "test.xml:3:"));
    CHECK(Contains(e, "B: parameter 'Mass'"));
  }
  SUBCASE("non-positive-definite inertia, reported at the Inertia attribute's line") {
    const std::string e = AssemblyErrors(
        ScenarioXml("<Lib LibName=\"base\" SimObject=\"Body/6DBody\" Name=\"B\" Mass=\"1\"\n"
                    "     Inertia=\"1,1,1\" InertiaProducts=\"2,0,0\"/>"));
    CHECK(Contains(e, "test.xml:3:"));
    CHECK(Contains(e, "B: parameter 'Inertia'"));
    CHECK(Contains(e, "not positive definite"));
  }
  SUBCASE("inertia breaking the triangle inequality") {
    const std::string e = AssemblyErrors(ScenarioXml(
        "\n\n"
        R"(<Lib LibName="base" SimObject="Body/6DBody" Name="B" Mass="1" Inertia="1,1,3"/>)"));
    CHECK(Contains(e, "test.xml:4:"));
    CHECK(Contains(e, "triangle inequality"));
  }
  SUBCASE("non-unit initial quaternion: a load-time error at the <InitialCondition> line") {
    const std::string xml = ScenarioXml(
        "\n"
        R"(<Lib LibName="base" SimObject="Body/6DBody" Name="B" Mass="1" Inertia="1,1,1"/>)",
        "", R"(<InitialCondition B.Quat="1,0,0.1,0"/>)");
    const auto pos = xml.find("B.Quat=");
    const int line = 1 + static_cast<int>(std::count(xml.begin(), xml.begin() + pos, '\n'));
    const std::string e = AssemblyErrors(xml);
    CHECK(Contains(e, "test.xml:" + std::to_string(line) + ":"));
    CHECK(Contains(e, "initial condition B.Quat = 1,0,0.1,0 is invalid"));
    CHECK(Contains(e, "norm 1.00498756"));  // sqrt(1.01).
    // Rounded to 1e-7 (|q| - 1 < 1e-6): accepted.
    CHECK_NOTHROW(Run(ScenarioXml(
        R"(<Lib LibName="base" SimObject="Body/6DBody" Name="B" Mass="1" Inertia="1,1,1"/>)", "",
        R"(<InitialCondition B.Quat="0.7071068,0.7071068,0,0"/>)")));
  }
}

TEST_CASE("Body/6DBody describes itself") {
  const std::vector<std::string> params = DescribedParameters("Body/6DBody");
  CHECK(params == std::vector<std::string>{"Mass", "Inertia", "InertiaProducts", "Gravity",
                                           "Material", "Mesh", "Scale"});
  CHECK(BuiltinRegistry().Find("Ball/6DBody") == BuiltinRegistry().Find("Body/6DBody"));
}

}  // namespace hawser::test
