// The common declarations (hawser/common_declarations.h): each helper gives the specification a
// SimObject used to spell out, and an object declared with them has the interface, views and
// checks the model relies on.
#include "hawser/common_declarations.h"

#include <doctest/doctest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "hawser/simobject.h"
#include "runtime/model/object_wiring.h"

namespace hawser {
namespace {

TEST_CASE("common declarations: the unit factors") {
  // pi / 180 * 180 is pi to one rounding (relative 1e-16; 1e-15 allows it); 2 pi / 2 pi is 1.
  CHECK(kDegree * 180.0 == doctest::Approx(std::numbers::pi).epsilon(1e-15));
  CHECK(kRadPerHertz / (2.0 * std::numbers::pi) == 1.0);
}

TEST_CASE("common declarations: a 3-vector port and a quaternion port") {
  const PortSpec force = Vector3Port("Force", "N", "Force, world frame.");
  CHECK(force.name == "Force");
  CHECK(force.width == 3);
  CHECK(force.unit == "N");
  CHECK(force.doc == "Force, world frame.");
  CHECK_FALSE(force.fallback.has_value());  // Without a default the input must be connected.
  REQUIRE(force.dims.size() == 1);
  CHECK(force.dims[0].name == "xyz");
  CHECK(force.dims[0].labels == std::vector<std::string>{"x", "y", "z"});

  const PortSpec current = Vector3Port("Current", "m/s", "Water velocity.", kZero3);
  REQUIRE(current.fallback.has_value());
  CHECK(*current.fallback == std::vector<double>{0.0, 0.0, 0.0});

  const PortSpec quat = QuaternionPort("Quat", "Orientation.", kIdentityQuaternion);
  CHECK(quat.width == 4);
  CHECK(quat.unit == "-");
  CHECK(quat.dims[0].labels == std::vector<std::string>{"w", "x", "y", "z"});
  CHECK(*quat.fallback == std::vector<double>{1.0, 0.0, 0.0, 0.0});
}

TEST_CASE("common declarations: the states of a body and of a dissipating element") {
  const StateSpec pos = PositionState("Centre.");
  CHECK((pos.name == "Pos" && pos.unit == "m" && pos.width == 3));
  CHECK(pos.velocities.empty());  // A position need not vanish at an equilibrium.
  const StateSpec vel = VelocityState("Velocity.");
  CHECK((vel.name == "Vel" && vel.unit == "m/s"));
  REQUIRE(vel.velocities.size() == 1);
  CHECK((vel.velocities[0].begin == 0 && vel.velocities[0].end == 3));
  const StateSpec ang_vel = AngularVelocityState("Angular velocity.");
  CHECK((ang_vel.name == "AngVel" && ang_vel.unit == "rad/s"));
  CHECK((ang_vel.velocities[0].begin == 0 && ang_vel.velocities[0].end == 3));
  const StateSpec quat = QuaternionState("Orientation.", nullptr);
  CHECK((quat.name == "Quat" && quat.width == 4));
  CHECK(quat.initial == std::vector<double>{1.0, 0.0, 0.0, 0.0});  // The identity rotation.
  const StateSpec energy = DissipatedEnergyState("Integral of DissipatedPower.");
  CHECK((energy.name == "DissipatedEnergy" && energy.unit == "J" && energy.width == 1));
  CHECK(energy.accumulator);
  const std::vector<double> negative{-1.0}, zero{0.0};
  CHECK_FALSE(energy.check(negative).empty());  // A dissipated energy cannot start negative.
  CHECK(energy.check(zero).empty());
}

/// A point mass declared with the helpers only: Pos' = Vel, Vel' = Force / m (m = 2 kg).
class HelperMass final : public SimObject {
 public:
  explicit HelperMass(ObjectArgs& args) : SimObject(args) {
    force_ = DeclareInput(Vector3Port("Force", "N", "Force.", kZero3));
    pos_ = DeclareState(PositionState("Position."));
    vel_ = DeclareState(VelocityState("Velocity."));
    DeclareOutputFromState(Vector3Port("Pos", "m", "Position (state)."), pos_);
  }
  void CalcDerivatives() override {
    derivative3(pos_) = state3(vel_);
    derivative3(vel_) = in3(force_) / 2.0;
  }

 private:
  Input force_;
  State pos_, vel_;
};

TEST_CASE("common declarations: an object declared with them computes through its views") {
  ObjectArgs args{.name = "M", .type = "Test/HelperMass"};
  HelperMass mass(args);
  CHECK(mass.interface().outputs.at(0).source == OutputInfo::Source::kState);
  std::vector<double> force{2.0, 4.0, -6.0}, pos{0.0, 0.0, 0.0}, vel{1.0, 2.0, 3.0};
  std::vector<double> pos_dot(3), vel_dot(3);
  ObjectWiring::BindInput(mass, 0, force, true);
  ObjectWiring::BindState(mass, 0, pos, pos_dot, false);
  ObjectWiring::BindState(mass, 1, vel, vel_dot, false);
  mass.CalcDerivatives();
  CHECK(pos_dot == vel);                                  // x' = v, exactly.
  CHECK(vel_dot == std::vector<double>{1.0, 2.0, -3.0});  // F / m with m = 2: exact halves.
}

}  // namespace
}  // namespace hawser
