#include "simobjects/body/rigid_body_object.h"

#include "hawser/text.h"
#include "simobjects/body/rigid_body_math.h"

namespace hawser {

namespace {

/// Where the parameter `name` was written (its attribute's line), else the <Lib> element.
SourceLocation ParamLocation(const ObjectArgs& args, const std::string& name) {
  auto it = args.values.find(name);
  return it == args.values.end() ? args.loc : it->second.second;
}

}  // namespace

RigidBodyObject::RigidBodyObject(ObjectArgs& args, const RigidBodyDocs& docs)
    : SimObject(args), docs_(docs) {
  mass_ = DeclareParameter<double>(
      {.name = "Mass", .unit = "kg", .doc = docs.mass, .check = Positive()});
  const Eigen::VectorXd moments = DeclareParameter<Eigen::VectorXd>(
      {.name = "Inertia",
       .unit = "kg*m^2",
       .doc = "Moments of inertia Ixx,Iyy,Izz about " + docs.inertia_about + ", body frame.",
       .size = 3});
  const Eigen::VectorXd products = DeclareParameter<Eigen::VectorXd>(
      {.name = "InertiaProducts",
       .unit = "kg*m^2",
       .doc = "Off-diagonal tensor elements Ixy,Ixz,Iyz (= -integral x y dm etc.) about " +
              docs.inertia_about + ", body frame.",
       .fallback = Eigen::Vector3d::Zero(),
       .size = 3});
  if (describing()) return;  // The required Inertia is then empty.
  inertia_ = rigid_body::InertiaTensor(moments, products);
  if (const std::string problem = rigid_body::CheckInertia(inertia_); !problem.empty()) {
    const auto products_text = args.values.find("InertiaProducts");
    throw ScenarioError(
        ParamLocation(args, "Inertia"),
        name() + ": parameter 'Inertia' = '" + Excerpt(args.values.at("Inertia").first) +
            "' with InertiaProducts = '" +
            (products_text == args.values.end() ? "0,0,0" : Excerpt(products_text->second.first)) +
            "' is invalid: " + problem +
            "; expected the inertia of a real body (principal moments positive, each at most "
            "the sum of the other two)");
  }
}

void RigidBodyObject::DeclareMotion() {
  force_ = DeclareInput(Vector3Port("Force", "N", docs_.force, kZero3));
  moment_ = DeclareInput(Vector3Port("Moment", "N*m", docs_.moment, kZero3));
  pos_ = DeclareState(PositionState(docs_.pos));
  quat_ = DeclareState(QuaternionState("Orientation (w,x,y,z), body to world.",
                                       rigid_body::CheckUnitQuaternionState));
  vel_ = DeclareState(VelocityState(docs_.vel));
  ang_vel_ = DeclareState(AngularVelocityState("Angular velocity, world frame."));
  DeclareOutputFromState(Vector3Port("Pos", "m", docs_.pos_output), pos_);
  quat_out_ =
      DeclareOutput(QuaternionPort("Quat", "Orientation (w,x,y,z), body to world, normalised."));
  DeclareOutputFromState(Vector3Port("Vel", "m/s", "Velocity (state)."), vel_);
  DeclareOutputFromState(Vector3Port("AngVel", "rad/s", "Angular velocity, world (state)."),
                         ang_vel_);
}

Eigen::Vector4d RigidBodyObject::QuatState() const {
  const std::span<const double> q = state(quat_);
  return {q[0], q[1], q[2], q[3]};
}

}  // namespace hawser
