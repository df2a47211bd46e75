// Properties every force element must have, checked for each connector against independent
// sources: finite differences of its own PotentialEnergy, the power balance, Newton's third law,
// frame invariance; and the energy balance of a damped multi-body scenario over 100 s.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <Eigen/Geometry>
#include <cmath>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {

namespace {

struct Pose {
  Eigen::Vector3d pos;
  Eigen::Quaterniond quat;
  Eigen::Vector3d vel, ang_vel;
};

/// A connector's outputs at one configuration.
struct Result {
  Eigen::Vector3d force_a, moment_a, force_b, moment_b;
  double potential = 0, conservative = 0, non_conservative = 0, dissipated = 0;
};

std::string Text(const Eigen::Vector3d& v) {
  return fmt::format("{:.17g},{:.17g},{:.17g}", v[0], v[1], v[2]);
}
std::string Text(const Eigen::Quaterniond& q) {
  return fmt::format("{:.17g},{:.17g},{:.17g},{:.17g}", q.w(), q.x(), q.y(), q.z());
}

/// Evaluates the connector declared by `lib` (Name="S") with both bodies' kinematics constant.
/// The values come from Src/Constant blocks (vector parameters); connection literals would do as
/// well ("-0.2,0.6,0.1" is that vector, runtime/scenario/connection_parser.h).
Result Evaluate(const std::string& lib, const Pose& a, const Pose& b) {
  std::string objects = lib, connections;
  for (auto [x, p] : {std::pair{"A", &a}, std::pair{"B", &b}}) {
    const std::pair<std::string, std::string> values[] = {{"Pos", Text(p->pos)},
                                                          {"Quat", Text(p->quat)},
                                                          {"Vel", Text(p->vel)},
                                                          {"AngVel", Text(p->ang_vel)}};
    for (const auto& [port, value] : values) {
      objects += fmt::format(
          "\n<Lib LibName=\"base\" SimObject=\"Src/Constant\" Name=\"{0}{1}\" Value=\"{2}\"/>",
          port, x, value);
      connections += fmt::format("<Connection S.{0}{1}=\"{0}{1}.Out\"/>", port, x);
    }
  }
  std::unique_ptr<Model> model = Model::Assemble(
      LoadScenarioFromString(ScenarioXml(objects, connections), "test.xml"), BuiltinRegistry());
  std::vector<double> x = model->InitialState(0.0);
  REQUIRE(model->EvaluateOutputs(0.0, x.data()));
  auto get = [&](const std::string& port) { return OutputOf(*model, "S", port); };
  auto get3 = [&](const std::string& port) {
    return Eigen::Vector3d(get(port)[0], get(port)[1], get(port)[2]);
  };
  return {get3("ForceA"),
          get3("MomentA"),
          get3("ForceB"),
          get3("MomentB"),
          get("PotentialEnergy")[0],
          get("ConservativePower")[0],
          get("NonConservativePower")[0],
          get("DissipatedPower")[0]};
}

/// The connectors under test, with damping c, and general points, axes and orientations.
std::vector<std::string> Connectors(double c) {
  return {fmt::format(R"(<Lib LibName="base" SimObject="Connector/SpringDamper" Name="S" )"
                      R"(PointA="0.3,-0.2,0.1" PointB="-0.1,0.4,0.2" FreeLength="1.3" )"
                      R"(Stiffness="70" Damping="{}"/>)",
                      c),
          fmt::format(R"(<Lib LibName="base" SimObject="Connector/AxialSpringDamper" Name="S" )"
                      R"(PointA="0.3,-0.2,0.1" PointB="-0.1,0.4,0.2" Axis="0.2,0.5,1" )"
                      R"(Offset="0.2" Force="1.5" Stiffness="70" Damping="{}"/>)",
                      c)};
}

Pose PoseA() {
  return {{0.1, 0.2, 0.3},
          Eigen::Quaterniond(Eigen::AngleAxisd(0.7, Eigen::Vector3d(1, 2, 3).normalized())),
          {0.4, -0.3, 0.2},
          {0.5, 1.1, -0.7}};
}
Pose PoseB() {
  return {{1.1, -0.4, 0.9},
          Eigen::Quaterniond(Eigen::AngleAxisd(1.1, Eigen::Vector3d(-1, 0.5, 2).normalized())),
          {-0.2, 0.6, 0.1},
          {-0.8, 0.3, 0.9}};
}

/// The pose moved rigidly along its own velocities for a time h (rotation about world axes).
Pose Advance(const Pose& p, double h) {
  Pose q = p;
  q.pos += h * p.vel;
  q.quat =
      Eigen::Quaterniond(Eigen::AngleAxisd(h * p.ang_vel.norm(), p.ang_vel.normalized())) * p.quat;
  return q;
}

}  // namespace

TEST_CASE("Connectors: forces and moments are minus the gradient of PotentialEnergy") {
  for (const std::string& lib : Connectors(0.0)) {
    CAPTURE(lib);
    const Pose a0 = PoseA(), b0 = PoseB();
    const Result r = Evaluate(lib, a0, b0);
    const double scale = r.force_a.norm();
    REQUIRE(scale > 1.0);  // A configuration with a real force.
    // Central differences, h = 1e-5 m (rad): truncation ~h^2 |PE'''| ~ 1e-8 N and rounding
    // ~1e-16 PE / h ~ 1e-11 N, so 1e-6 of the force has margin.
    const double h = 1e-5;
    for (int i = 0; i < 3; ++i) {
      const Eigen::Vector3d e = Eigen::Vector3d::Unit(i);
      for (char body : {'A', 'B'}) {
        const Eigen::Vector3d force = body == 'A' ? r.force_a : r.force_b;
        const Eigen::Vector3d moment = body == 'A' ? r.moment_a : r.moment_b;
        CAPTURE(body);
        CAPTURE(i);
        auto energy = [&](const Eigen::Vector3d& shift, double angle) {
          Pose a = a0, b = b0;
          Pose& p = body == 'A' ? a : b;
          p.pos += shift;
          p.quat = Eigen::Quaterniond(Eigen::AngleAxisd(angle, e)) * p.quat;
          return Evaluate(lib, a, b).potential;
        };
        const double fd_force = -(energy(h * e, 0) - energy(-h * e, 0)) / (2 * h);
        CHECK(force[i] == doctest::Approx(fd_force).scale(scale).epsilon(1e-6));
        // A small rotation about world axis e_i about the body's origin: dPE = -M_i dtheta.
        const double fd_moment =
            -(energy(Eigen::Vector3d::Zero(), h) - energy(Eigen::Vector3d::Zero(), -h)) / (2 * h);
        CHECK(moment[i] == doctest::Approx(fd_moment).scale(scale).epsilon(1e-6));
      }
    }
  }
}

TEST_CASE("Connectors: power balance, Drake's power definitions, Newton's third law") {
  for (const std::string& lib : Connectors(3.0)) {
    CAPTURE(lib);
    const Pose a = PoseA(), b = PoseB();
    const Result r = Evaluate(lib, a, b);
    // Power delivered to the bodies = ConservativePower + NonConservativePower: the same products
    // summed in another order, so only rounding (~1e-15 of the terms) separates them.
    const double delivered = r.force_a.dot(a.vel) + r.moment_a.dot(a.ang_vel) +
                             r.force_b.dot(b.vel) + r.moment_b.dot(b.ang_vel);
    const double terms =
        r.force_a.norm() * (a.vel.norm() + b.vel.norm() + a.ang_vel.norm() + b.ang_vel.norm());
    CHECK(delivered ==
          doctest::Approx(r.conservative + r.non_conservative).scale(terms).epsilon(1e-12));
    // Drake: ConservativePower = -d(PE)/dt along the motion, by central differences (h = 1e-5 s,
    // truncation ~1e-10 relative).
    const double h = 1e-5;
    const double d_pe = (Evaluate(lib, Advance(a, h), Advance(b, h)).potential -
                         Evaluate(lib, Advance(a, -h), Advance(b, -h)).potential) /
                        (2 * h);
    CHECK(r.conservative == doctest::Approx(-d_pe).scale(terms).epsilon(1e-8));
    // Damping only dissipates.
    CHECK(r.non_conservative < 0.0);
    CHECK(r.dissipated == doctest::Approx(-r.non_conservative).epsilon(1e-15));
    // Equal and opposite forces; moments balance about a common point (the world origin).
    CHECK((r.force_a + r.force_b).norm() < 1e-14 * r.force_a.norm());
    const Eigen::Vector3d net_moment =
        r.moment_a + a.pos.cross(r.force_a) + r.moment_b + b.pos.cross(r.force_b);
    CHECK(net_moment.norm() < 1e-13 * r.force_a.norm() * (a.pos.norm() + b.pos.norm() + 1));
  }
}

TEST_CASE("Connectors: rotating and translating the whole scene rotates the forces") {
  const Eigen::Quaterniond turn(Eigen::AngleAxisd(2.1, Eigen::Vector3d(0.3, -1, 0.4).normalized()));
  const Eigen::Matrix3d rot = turn.toRotationMatrix();
  const Eigen::Vector3d shift(5, -3, 12);
  auto move = [&](const Pose& p) {
    return Pose{rot * p.pos + shift, turn * p.quat, rot * p.vel, rot * p.ang_vel};
  };
  for (const std::string& lib : Connectors(3.0)) {
    CAPTURE(lib);
    const Result r = Evaluate(lib, PoseA(), PoseB());
    const Result m = Evaluate(lib, move(PoseA()), move(PoseB()));
    // Same physics in another frame: values agree to rounding of positions of size ~15 m
    // (~1e-14 relative); 1e-12 of the force magnitude.
    const double f = r.force_a.norm();
    CHECK((m.force_a - rot * r.force_a).norm() < 1e-12 * f);
    CHECK((m.force_b - rot * r.force_b).norm() < 1e-12 * f);
    CHECK((m.moment_a - rot * r.moment_a).norm() < 1e-12 * f);
    CHECK((m.moment_b - rot * r.moment_b).norm() < 1e-12 * f);
    CHECK(m.potential == doctest::Approx(r.potential).epsilon(1e-12));
    CHECK(m.conservative == doctest::Approx(r.conservative).epsilon(1e-12));
    CHECK(m.dissipated == doctest::Approx(r.dissipated).epsilon(1e-12));
  }
}

TEST_CASE("Energy: damped two-body scenario keeps kinetic + potential + dissipated constant") {
  const Scenario scenario =
      LoadScenario(std::string(HAWSER_SOURCE_DIR) + "/configs/damped_two_body_energy.xml");
  std::unique_ptr<Model> model = Model::Assemble(scenario, BuiltinRegistry());
  MemorySink sink;
  Simulate(*model, scenario.engine, sink);
  REQUIRE_MESSAGE(sink.result().status == RunStatus::kCompleted, sink.result().message);
  REQUIRE(sink.times().back() == 100.0);
  std::vector<double> total(sink.times().size(), 0.0);
  for (const char* column :
       {"A.KineticEnergy", "B.KineticEnergy", "A.PotentialEnergy", "B.PotentialEnergy",
        "S1.PotentialEnergy", "S2.PotentialEnergy", "S3.PotentialEnergy", "S1:DissipatedEnergy",
        "S2:DissipatedEnergy", "S3:DissipatedEnergy"}) {
    const std::vector<double> values = sink.Column(column);
    for (size_t i = 0; i < total.size(); ++i) total[i] += values[i];
  }
  // Conservation of energy (the exact solution's invariant). CVODE at tolerances 1e-10 over
  // 100 s: the drift stays far below 1e-6 of the initial total.
  double drift = 0.0;
  for (size_t i = 0; i < total.size(); ++i) {
    CAPTURE(sink.times()[i]);
    CHECK(total[i] == doctest::Approx(total[0]).epsilon(1e-6));
    drift = std::max(drift, std::abs(total[i] - total[0]) / std::abs(total[0]));
  }
  MESSAGE("energy drift over 100 s: " << drift << " of " << total[0] << " J");
  // Not vacuous: the dampers took a sizeable share of the energy.
  const double dissipated = sink.Column("S1:DissipatedEnergy").back() +
                            sink.Column("S2:DissipatedEnergy").back() +
                            sink.Column("S3:DissipatedEnergy").back();
  MESSAGE("dissipated: " << dissipated << " J");
  CHECK(dissipated > 1.0);
  CHECK(sink.Column("S3:DissipatedEnergy").back() > 0.0);
}

}  // namespace hawser::test
