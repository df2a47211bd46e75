// Connector/LinearBushing against Simbody's page: the sign at hand-computed configurations, forces
// as minus the gradient of PotentialEnergy, the element's power balance, action = -reaction,
// invariance under a rigid motion of the scene, load-time errors and the singular middle angle.
// The generic checks (namespace bushing) are shared with bushing_rpy_test.cpp.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <Eigen/Geometry>
#include <cmath>
#include <map>
#include <numbers>

#include "tests/simobjects/connector/bushing_checks.h"
#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test::bushing {

std::string Csv(const Eigen::VectorXd& v) {
  std::string s;
  for (Eigen::Index i = 0; i < v.size(); ++i) s += fmt::format("{}{:.17g}", i ? "," : "", v[i]);
  return s;
}
std::string Csv(const Eigen::Quaterniond& q) {
  return Csv(Eigen::Vector4d(q.w(), q.x(), q.y(), q.z()));
}

/// A connection literal of v: each comma-separated element is its own number, signs included
/// ("-1,2,-3" is (-1, 2, -3); runtime/scenario/connection_parser.h).
std::string Literal(const Eigen::VectorXd& v) { return Csv(v); }
std::string Literal(const Eigen::Quaterniond& q) {
  return Literal(Eigen::Vector4d(q.w(), q.x(), q.y(), q.z()));
}

/// Assembles a scenario with `lib` (a <Lib .../> named K) wired to literal motions of A and B,
/// evaluates it at t = 0 and returns every output of K by name.
Outputs Evaluate(const std::string& lib, const BodyMotion& a, const BodyMotion& b) {
  std::string wiring = "<Connection";
  // Plain variables, not a structured binding: clang 14 cannot capture bindings (CAPTURE).
  for (const auto& m_x : {std::pair{&a, "A"}, std::pair{&b, "B"}}) {
    const BodyMotion* m = m_x.first;
    const char* x = m_x.second;
    wiring += fmt::format(R"( K.Pos{0}="{1}" K.Quat{0}="{2}" K.Vel{0}="{3}" K.AngVel{0}="{4}")", x,
                          Literal(m->pos), Literal(m->quat), Literal(m->vel), Literal(m->ang_vel));
  }
  const std::string xml = ScenarioXml(lib, fmt::format("{}/>", wiring));
  std::unique_ptr<Model> model =
      Model::Assemble(LoadScenarioFromString(xml, "t.xml"), BuiltinRegistry());
  std::vector<double> x = model->InitialState(0.0);
  model->EvaluateOutputs(0.0, x.data());
  const SimObject& k = *model->FindObject("K");
  Outputs out;
  for (size_t i = 0; i < k.interface().outputs.size(); ++i) {
    const auto view = k.output_view(static_cast<int>(i));
    out[k.interface().outputs[i].spec.name] =
        Eigen::Map<const Eigen::VectorXd>(view.data(), static_cast<Eigen::Index>(view.size()));
  }
  return out;
}

double V(const std::string& lib, const BodyMotion& a, const BodyMotion& b) {
  return Evaluate(lib, a, b).at("PotentialEnergy")[0];
}

/// The motion after time t along its velocity: pos + v t, R = Exp(w t) R0 (exact rates at t = 0).
BodyMotion Advance(BodyMotion m, double t) {
  m.pos += m.vel * t;
  if (m.ang_vel.norm() > 0) {
    m.quat = Eigen::AngleAxisd(m.ang_vel.norm() * t, m.ang_vel.normalized()) * m.quat;
  }
  return m;
}

// Central differences with h = 1e-5: truncation ~h^2 V''' ~ 1e-10 * 1e3, rounding
// ~1e-16 * V / h ~ 1e-10 for V ~ 10 J (measured: at most 6e-10 relative); 1e-8 (1 + |value|)
// leaves a margin of 15 and still catches any error in a law (those are O(1) relative).
constexpr double kFdStep = 1e-5;
bool Near(double value, double expected) {
  return std::abs(value - expected) <= 1e-8 * (1.0 + std::abs(expected));
}

void CheckForcesAreMinusGradient(const std::string& lib, const BodyMotion& a, const BodyMotion& b,
                                 bool rotations) {
  const Outputs out = Evaluate(lib, a, b);
  // Plain variables, not a structured binding: clang 14 cannot capture bindings (CAPTURE).
  for (const auto& m_x : {std::pair{&a, "A"}, std::pair{&b, "B"}}) {
    const BodyMotion* m = m_x.first;
    const char* x = m_x.second;
    for (int i = 0; i < 3; ++i) {
      CAPTURE(x);
      CAPTURE(i);
      BodyMotion plus = *m, minus = *m;
      plus.pos[i] += kFdStep;
      minus.pos[i] -= kFdStep;
      const bool is_a = m == &a;
      const double dv_dx = ((is_a ? V(lib, plus, b) : V(lib, a, plus)) -
                            (is_a ? V(lib, minus, b) : V(lib, a, minus))) /
                           (2 * kFdStep);
      CHECK(Near(out.at(fmt::format("Force{}", x))[i], -dv_dx));
      if (!rotations) continue;
      // A small rotation about world axis i through the body's origin: work of the moment.
      plus = *m;
      minus = *m;
      plus.quat = Eigen::AngleAxisd(kFdStep, Eigen::Vector3d::Unit(i)) * m->quat;
      minus.quat = Eigen::AngleAxisd(-kFdStep, Eigen::Vector3d::Unit(i)) * m->quat;
      const double dv_dtheta = ((is_a ? V(lib, plus, b) : V(lib, a, plus)) -
                                (is_a ? V(lib, minus, b) : V(lib, a, minus))) /
                               (2 * kFdStep);
      CHECK(Near(out.at(fmt::format("Moment{}", x))[i], -dv_dtheta));
    }
  }
}

void CheckPowerBalance(const std::string& lib, const BodyMotion& a, const BodyMotion& b) {
  const Outputs out = Evaluate(lib, a, b);
  const double delivered = out.at("ForceA").dot(a.vel) + out.at("MomentA").dot(a.ang_vel) +
                           out.at("ForceB").dot(b.vel) + out.at("MomentB").dot(b.ang_vel);
  const double dv_dt = (V(lib, Advance(a, kFdStep), Advance(b, kFdStep)) -
                        V(lib, Advance(a, -kFdStep), Advance(b, -kFdStep))) /
                       (2 * kFdStep);
  const double dissipated = out.at("DissipatedPower")[0];
  CAPTURE(delivered);
  CAPTURE(dv_dt);
  CAPTURE(dissipated);
  CHECK(dissipated > 0.0);  // The cases below have damping and motion on every axis.
  CHECK(Near(delivered, -(dv_dt + dissipated)));
}

void CheckActionReaction(const std::string& lib, const BodyMotion& a, const BodyMotion& b) {
  const Outputs out = Evaluate(lib, a, b);
  const Eigen::Vector3d fa = out.at("ForceA"), fb = out.at("ForceB");
  // Moments about the world origin: M + p x F for each body; they must cancel. Tolerance:
  // rounding in sums of terms of ~100 N*m.
  CHECK((fa + fb).norm() < 1e-12 * (1 + fa.norm()));
  const Eigen::Vector3d total = Eigen::Vector3d(out.at("MomentA")) + a.pos.cross(fa) +
                                Eigen::Vector3d(out.at("MomentB")) + b.pos.cross(fb);
  CHECK(total.norm() < 1e-12 * (1 + fa.norm() + Eigen::Vector3d(out.at("MomentA")).norm()));
}

void CheckSceneInvariance(const std::string& lib, const BodyMotion& a, const BodyMotion& b,
                          const std::vector<std::string>& frame_free_outputs) {
  const Eigen::Quaterniond r0(Eigen::AngleAxisd(1.1, Eigen::Vector3d(1, -2, 0.5).normalized()));
  const Eigen::Vector3d p0(3, -4, 5);
  const auto move = [&](BodyMotion m) {
    m.pos = r0 * m.pos + p0;
    m.quat = r0 * m.quat;
    m.vel = r0 * m.vel;
    m.ang_vel = r0 * m.ang_vel;
    return m;
  };
  const Outputs out = Evaluate(lib, a, b), moved = Evaluate(lib, move(a), move(b));
  // Rounding through a few rotations and 17-digit literals: 1e-11 relative.
  const auto close = [](const Eigen::VectorXd& u, const Eigen::VectorXd& v) {
    return (u - v).norm() <= 1e-11 * (1.0 + v.norm());
  };
  for (const std::string& name : frame_free_outputs) {
    CAPTURE(name);
    CHECK(close(moved.at(name), out.at(name)));
  }
  for (const char* name : {"ForceA", "MomentA", "ForceB", "MomentB"}) {
    CAPTURE(name);
    CHECK(close(moved.at(name), r0 * Eigen::Vector3d(out.at(name))));
  }
}

}  // namespace hawser::test::bushing

namespace hawser::test {

namespace {
using bushing::BodyMotion;
using bushing::Csv;
using bushing::Evaluate;
using bushing::GeneralA;

using bushing::Turn;

std::string Lib(const std::string& stiffness, const std::string& damping,
                const std::string& extra = "") {
  return fmt::format(
      R"(<Lib LibName="base" SimObject="Connector/LinearBushing" Name="K" Stiffness="{}" )"
      R"(Damping="{}" {}/>)",
      stiffness, damping, extra);
}

/// A general configuration: both frames offset and turned in their bodies, both bodies moving.
std::string GeneralLib(const std::string& damping) {
  return Lib("10,20,30,100,200,300", damping, bushing::GeneralFrames("B"));
}
BodyMotion GeneralB() { return bushing::GeneralB({0.5, 0.3, 0.1}); }
}  // namespace

TEST_CASE("Connector/LinearBushing sign at hand-computed configurations (Simbody page)") {
  SUBCASE("M turned 0.1 rad about x of F, k0 = 10: q0 = 0.1, f0 = -1, moment -1 about x on B") {
    const auto out =
        Evaluate(Lib("10,0,0,0,0,0", "0,0,0,0,0,0"), {}, {.quat = Turn(0.1, {1, 0, 0})});
    // Closed forms; rounding only.
    CHECK(out.at("q")[0] == doctest::Approx(0.1).epsilon(1e-14));
    CHECK(out.at("f")[0] == doctest::Approx(-1.0).epsilon(1e-14));
    CHECK((out.at("MomentB") - Eigen::Vector3d(-1, 0, 0)).norm() < 1e-14);
    CHECK((out.at("MomentA") - Eigen::Vector3d(1, 0, 0)).norm() < 1e-14);
    CHECK(out.at("ForceB").norm() < 1e-14);
    CHECK(out.at("PotentialEnergy")[0] == doctest::Approx(10 * 0.01 / 2).epsilon(1e-14));
  }
  SUBCASE("F and M turned 90 deg about z in their bodies; B turned 0.1 about y: moment -1 on y") {
    const std::string quarter = Csv(Turn(std::numbers::pi / 2, {0, 0, 1}));
    const auto out =
        Evaluate(Lib("10,0,0,0,0,0", "0,0,0,0,0,0",
                     fmt::format(R"(FrameAOrientation="{0}" FrameBOrientation="{0}")", quarter)),
                 {}, {.quat = Turn(0.1, {0, 1, 0})});
    // R_FM = Rz(-90) Ry(0.1) Rz(90) = Rx(0.1): F's x axis is the world y axis, so q = (0.1, 0, 0)
    // and the couple -1 about M's x is -1 about world y. Tolerance: 17-digit literals, 1e-15.
    CHECK(out.at("q")[0] == doctest::Approx(0.1).epsilon(1e-13));
    CHECK(out.at("q").tail<5>().norm() < 1e-13);
    CHECK((out.at("MomentB") - Eigen::Vector3d(0, -1, 0)).norm() < 1e-13);
  }
  SUBCASE("M 0.2 m above F along z, kz = 50, cz = 4, moving up at 0.5 m/s: f5 = -12") {
    const auto out =
        Evaluate(Lib("0,0,0,0,0,50", "0,0,0,0,0,4"), {}, {.pos = {0, 0, 0.2}, .vel = {0, 0, 0.5}});
    // f = -(k q + c qdot) = -(50 * 0.2 + 4 * 0.5) = -12 on B; +12 on A; power c qdot^2 = 1.
    CHECK((out.at("ForceB") - Eigen::Vector3d(0, 0, -12)).norm() < 1e-13);
    CHECK((out.at("ForceA") - Eigen::Vector3d(0, 0, 12)).norm() < 1e-13);
    CHECK(out.at("MomentA").norm() < 1e-13);  // Applied at M's origin, on A's z axis.
    CHECK(out.at("DissipatedPower")[0] == doctest::Approx(1.0).epsilon(1e-14));
  }
}

TEST_CASE("Connector/LinearBushing spatial forces at its frames transfer to ForceX and MomentX") {
  // The frames' poses computed here from the inputs and parameters of GeneralLib: R_GF = R_A R_AF,
  // p_GF = PosA + R_A p_AF (likewise M on B). Moving each spatial force from its frame to the
  // body's origin and into world (F = R f, M = R m + (p_frame - p_body) x F) must give the
  // existing outputs exactly.
  const BodyMotion a = GeneralA(), b = GeneralB();
  const auto out = Evaluate(GeneralLib("1,2,3,4,5,6"), a, b);
  const Eigen::Matrix3d r_gf = (a.quat * Turn(0.3, {0, 1, 1})).toRotationMatrix();
  const Eigen::Matrix3d r_gm = (b.quat * Turn(-0.5, {1, 0.2, -0.4})).toRotationMatrix();
  const Eigen::Vector3d p_gf = a.pos + a.quat * Eigen::Vector3d(0.1, 0.2, -0.1);
  const Eigen::Vector3d p_gm = b.pos + b.quat * Eigen::Vector3d(-0.2, 0.05, 0.1);
  const Eigen::VectorXd on_f = out.at("SpatialForceFonF"), on_m = out.at("SpatialForceMonM");
  REQUIRE(on_f.size() == 6);
  REQUIRE(on_m.size() == 6);
  const Eigen::Vector3d force_a = r_gf * on_f.tail<3>(), force_b = r_gm * on_m.tail<3>();
  const Eigen::Vector3d moment_a = r_gf * on_f.head<3>() + (p_gf - a.pos).cross(force_a);
  const Eigen::Vector3d moment_b = r_gm * on_m.head<3>() + (p_gm - b.pos).cross(force_b);
  REQUIRE(out.at("ForceB").norm() > 1.0);  // Not vacuous: forces and moments of order 10-100.
  REQUIRE(out.at("MomentA").norm() > 1.0);
  // Rotations and cross products of values up to ~100: rounding ~1e-13; 1e-10 absolute.
  CHECK((force_a - out.at("ForceA")).norm() < 1e-10);
  CHECK((force_b - out.at("ForceB")).norm() < 1e-10);
  CHECK((moment_a - out.at("MomentA")).norm() < 1e-10);
  CHECK((moment_b - out.at("MomentB")).norm() < 1e-10);
  // On M at Mo the force is the page's [f3, f4, f5] (given in F) re-expressed in M.
  CHECK((on_m.tail<3>() - r_gm.transpose() * r_gf * out.at("f").tail<3>()).norm() < 1e-10);
}

TEST_CASE("Connector/LinearBushing forces are minus the gradient of PotentialEnergy") {
  const std::string lib = GeneralLib("0,0,0,0,0,0");
  const auto q = Evaluate(lib, GeneralA(), GeneralB()).at("q");
  CAPTURE(q.transpose());
  REQUIRE(std::abs(q[1]) < 1.2);  // A general configuration, far from the singular angle.
  REQUIRE(q.head<3>().cwiseAbs().minCoeff() > 0.05);  // Every coordinate engaged.
  REQUIRE(q.tail<3>().cwiseAbs().minCoeff() > 0.05);
  BodyMotion a = GeneralA(), b = GeneralB();
  a.vel = b.vel = a.ang_vel = b.ang_vel = Eigen::Vector3d::Zero();
  bushing::CheckForcesAreMinusGradient(lib, a, b, true);
}

TEST_CASE("Connector/LinearBushing power: delivered = -(dV/dt + DissipatedPower)") {
  bushing::CheckPowerBalance(GeneralLib("1,2,3,4,5,6"), GeneralA(), GeneralB());
}

TEST_CASE("Connector/LinearBushing: equal and opposite, and invariant under a rigid motion") {
  const std::string lib = GeneralLib("1,2,3,4,5,6");
  bushing::CheckActionReaction(lib, GeneralA(), GeneralB());
  bushing::CheckSceneInvariance(lib, GeneralA(), GeneralB(),
                                {"q", "qdot", "f", "PotentialEnergy", "DissipatedPower"});
}

TEST_CASE("Connector/LinearBushing stops the run near the singular middle angle") {
  // q1 = 90 deg - 0.1 deg: |cos q1| = 1.7e-3 < 0.008.
  const double near = std::numbers::pi / 2 - 0.1 * std::numbers::pi / 180;
  try {
    Evaluate(Lib("1,1,1,1,1,1", "0,0,0,0,0,0"), {}, {.quat = Turn(near, {0, 1, 0})});
    FAIL("expected a SimulationError");
  } catch (const SimulationError& e) {
    CHECK(Contains(e.what(), "K (Connector/LinearBushing) at t = 0"));
    CHECK(Contains(e.what(), "qy = 89.9 deg"));
  }
  // Through a run, the message reaches the result (and the run fails; nothing is lost).
  const std::string xml =
      ScenarioXml(Lib("1,1,1,1,1,1", "0,0,0,0,0,0"),
                  fmt::format(R"(<Connection K.PosA="0,0,0" K.PosB="0,0,0" K.QuatB="{}"/>)",
                              Csv(Turn(near, {0, 1, 0}))));
  const MemorySink sink = RunScenarioText(xml, BuiltinRegistry());
  CHECK(sink.result().status == RunStatus::kFailed);
  CHECK(Contains(sink.result().message, "K (Connector/LinearBushing)"));
  // Just outside the threshold (cos = 0.01) it still evaluates.
  CHECK(Evaluate(Lib("1,1,1,1,1,1", "0,0,0,0,0,0"), {}, {.quat = Turn(std::acos(0.01), {0, 1, 0})})
            .at("q")[1] == doctest::Approx(std::acos(0.01)).epsilon(1e-12));
}

TEST_CASE("Connector/LinearBushing parameter errors at load time, with file:line") {
  const auto errors = [](const std::string& params) {
    return AssemblyErrors(ScenarioXml(
        fmt::format("\n"
                    R"(<Lib LibName="base" SimObject="Connector/LinearBushing" Name="K" )"
                    R"({}/>)",
                    params),
        R"(<Connection K.PosA="0,0,0" K.PosB="0,0,0"/>)"));
  };
  SUBCASE("negative stiffness") {
    const std::string e = errors(R"(Stiffness="1,1,-2,1,1,1")");
    CHECK(Contains(e, "test.xml:3: error: K: parameter 'Stiffness'"));
    CHECK(Contains(e, "element 2 is -2"));
  }
  SUBCASE("negative damping") {
    CHECK(Contains(errors(R"(Stiffness="1,1,1,1,1,1" Damping="0,0,0,0,0,-1")"),
                   "test.xml:3: error: K: parameter 'Damping'"));
  }
  SUBCASE("wrong length") {
    const std::string e = errors(R"(Stiffness="1,1,1")");
    CHECK(Contains(e, "test.xml:3: error: K: parameter 'Stiffness' has 3 values; expected 6"));
  }
  SUBCASE("non-unit frame quaternion") {
    const std::string e = errors(R"(Stiffness="1,1,1,1,1,1" FrameBOrientation="1,1,0,0")");
    CHECK(Contains(e, "test.xml:3: error: K: parameter 'FrameBOrientation'"));
    CHECK(Contains(e, "unit quaternion"));
  }
  SUBCASE("missing stiffness") {
    const std::string e = errors("");
    CAPTURE(e);
    CHECK(Contains(e,
                   "test.xml:3: error: K (Connector/LinearBushing): missing required parameter "
                   "'Stiffness'"));
  }
}

}  // namespace hawser::test

namespace hawser::test {

TEST_CASE("configs/bushing_pendulum.xml: kinetic + potential + dissipated energy is constant") {
  // Keep the test short.
  const std::string xml = bushing::PendulumConfig("bushing_pendulum.xml", "0, 0.1, 2");
  const MemorySink sink = Run(xml);
  std::vector<double> total(sink.times().size(), 0.0);
  for (const char* column :
       {"Link1.KineticEnergy", "Link2.KineticEnergy", "Link1.PotentialEnergy",
        "Link2.PotentialEnergy", "Hinge1.PotentialEnergy", "Hinge2.PotentialEnergy",
        "Hinge1:DissipatedEnergy", "Hinge2:DissipatedEnergy"}) {
    const std::vector<double> values = sink.Column(column);
    for (size_t i = 0; i < total.size(); ++i) total[i] += values[i];
  }
  CHECK(sink.Column("Hinge1:DissipatedEnergy").back() > 0.01);  // The dampers do work.
  for (double e : total) {
    // Integrator tolerances 1e-9: the drift measured over 10 s is 1.3e-6 J of 34 J.
    CHECK(std::abs(e - total.front()) < 1e-5);
  }
}

}  // namespace hawser::test
