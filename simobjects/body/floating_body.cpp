#include "simobjects/body/floating_body.h"

#include <cmath>

#include "hawser/log.h"
#include "hawser/text.h"
#include "simobjects/body/hydro_matrix_checks.h"
#include "simobjects/body/rao_parameters.h"
#include "simobjects/body/rigid_body_math.h"
#include "simobjects/common/ocean_agreement.h"
#include "simobjects/common/rotation_math.h"

namespace hawser {
namespace {

Eigen::Matrix3d Skew(const Eigen::Vector3d& v) {
  Eigen::Matrix3d s;
  s << 0.0, -v.z(), v.y(), v.z(), 0.0, -v.x(), -v.y(), v.x(), 0.0;
  return s;
}

/// diag(R, R) m diag(R, R)^T.
Matrix6d RotateSixBySix(const Matrix6d& m, const Eigen::Matrix3d& r) {
  Matrix6d t = Matrix6d::Zero();
  t.topLeftCorner<3, 3>() = r;
  t.bottomRightCorner<3, 3>() = r;
  return t * m * t.transpose();
}

}  // namespace

FloatingBody::FloatingBody(ObjectArgs& args)
    : RigidBodyObject(args, {.mass = "Mass m (structure and ballast).",
                             .inertia_about = "the centre of gravity G",
                             .force = "External force at O, world frame (e.g. summed fairleads).",
                             .moment = "External moment about O, world frame.",
                             .pos = "Origin O, world frame.",
                             .vel = "Velocity of O, world.",
                             .pos_output = "Origin (state)."}) {
  centre_of_gravity_ =
      DeclareParameter<Eigen::VectorXd>({.name = "CentreOfGravity",
                                         .unit = "m",
                                         .doc = "G in body coordinates (from the origin O).",
                                         .fallback = Eigen::Vector3d::Zero(),
                                         .size = 3});
  DeclareWamit(args);
  DeclareHydrostatics(args);
  DeclareDamping();
  const std::string raos = DeclareParameter<std::string>(
      {.name = "ForceRAOFile",
       .unit = "-",
       .doc = "CSV of force RAOs about O, heading frame, N/m and N*m/m (rao_table.h); \"\" for "
              "no wave excitation. Relative to the scenario file's folder.",
       .fallback = ""});
  const std::string unit = DeclareParameter(FrequencyUnitParameter());
  if (!describing() && !raos.empty()) force_raos_ = ReadRaoTable(*this, args, raos, unit);
  if (!describing() && wamit_) {
    const std::string base = args.values.at("WamitFile").first;
    WamitHull hull = ReadWamitHull(*this, args, base, wamit_scales_, fit_tolerance_);
    for (int free_dof : {0, 1, 5}) {
      if (hull.stiffness.row(free_dof).cwiseAbs().maxCoeff() > 0.0) {
        throw ScenarioError(args.values.at("WamitFile").second,
                            name() + " (" + type() + "): '" + base + ".hst' has a nonzero row " +
                                std::to_string(free_dof + 1) +
                                "; hydrostatics do not restore surge, sway or yaw");
      }
    }
    stiffness_ = hull.stiffness;
    added_mass_ = hull.added_mass_infinite;
    force_raos_ = std::move(hull.excitation);
    memory_ = std::move(hull.memory);
  }
  if (const auto given = args.values.find("FrequencyUnit");
      !describing() && raos.empty() && given != args.values.end()) {
    Warn(given->second.second, name() + " (" + type() +
                                   "): FrequencyUnit is ignored without a ForceRAOFile (it "
                                   "gives the unit of that file's first column)");
  }
  ocean_ = DeclareServiceUse({.name = Ocean::kServiceName,
                              .provided_by = "an Environment/Ocean object",
                              .doc = "density, gravity, current and waves",
                              .required = true});

  DeclareMotion();
  if (memory_.size() > 0) {
    memory_state_ = DeclareState(
        {.name = "RadiationMemory",
         .width = memory_.size(),
         .unit = "-",
         .doc = "States of the fitted radiation memory, per DOF pair (wamit_hull.h)."});
  }
  rpy_ = DeclareOutput({.name = "RollPitchYaw",
                        .width = 3,
                        .unit = "deg",
                        .doc = "Roll, pitch, yaw: R = Rz(yaw) Ry(pitch) Rx(roll).",
                        .dims = {RollPitchYawDimension()}});
  wave_load_ = DeclareOutput({.name = "WaveLoad",
                              .width = 6,
                              .unit = "N, N*m",
                              .doc = "First-order wave force and moment about O, heading frame.",
                              .dims = {DofDimension()}});
  DeclareCalc({quat_out_, rpy_}, {}, [this] { CalcAttitude(); });
  DeclareCalc({wave_load_}, {}, [this] { CalcLoads(); });
}

void FloatingBody::CalcAttitude() {
  const Eigen::Vector4d q = QuatState();
  Eigen::Map<Eigen::Vector4d>(out(quat_out_).data()) = q.normalized();
  out3(rpy_) = RotationToRollPitchYaw(rigid_body::RotationFromQuat(q)) / kDegree;
}

void FloatingBody::CalcLoads() {
  quat_value_ = QuatState();
  rotation_ = rigid_body::RotationFromQuat(quat_value_);
  const Eigen::Vector3d rpy = RotationToRollPitchYaw(rotation_);
  Vector6d wave;
  environment_loads_ = EnvironmentLoads(rotation_, rpy, wave);
  Eigen::Map<Vector6d>(out(wave_load_).data()) = wave;
}

void FloatingBody::DeclareHydrostatics(const ObjectArgs& args) {
  displacement_ = DeclareParameter<double>(
      {.name = "Displacement",
       .unit = "m^3",
       .doc = "Displaced volume V at the reference (0: Mass / density, floating freely).",
       .fallback = 0.0,
       .check = AtLeast(0.0)});
  hydrostatic_z_ = DeclareParameter<double>(
      {.name = "HydrostaticZ",
       .unit = "m",
       .doc = "Height of O at which the body displaces V (its reference draft).",
       .fallback = 0.0});
  const Eigen::MatrixXd stiffness = DeclareParameter<Eigen::MatrixXd>(
      {.name = "HydrostaticStiffness",
       .unit = "N/m, N/rad, N*m/m, N*m/rad",
       .doc = "6x6 restoring matrix C about O, heading frame (rows ';').",
       .fallback = Eigen::MatrixXd(),
       .check = [](const Eigen::MatrixXd& c) {
         return c.rows() < 3 || c.cols() < 3 || c(2, 2) >= 0.0
                    ? std::string()
                    : "C33 = rho g Awp >= 0 (heave restoring of a body piercing the surface), "
                      "but C33 is " +
                          NumberText(c(2, 2));
       }});
  waterplane_area_ = DeclareParameter<double>({.name = "WaterplaneArea",
                                               .unit = "m^2",
                                               .doc = "Awp: C33 = rho g Awp (instead of C).",
                                               .fallback = 0.0,
                                               .check = AtLeast(0.0)});
  metacentric_height_ = DeclareParameter<Eigen::VectorXd>(
      {.name = "MetacentricHeight",
       .unit = "m",
       .doc = "GMT, GML: C44 = rho g V GMT, C55 = rho g V GML (instead of C).",
       .fallback = Eigen::Vector2d::Zero(),
       .size = 2});
  if (describing()) return;
  const bool matrix = args.values.contains("HydrostaticStiffness");
  const bool waterplane =
      args.values.contains("WaterplaneArea") || args.values.contains("MetacentricHeight");
  if (wamit_) {
    for (const char* conflict : {"HydrostaticStiffness", "WaterplaneArea", "MetacentricHeight"}) {
      if (const auto it = args.values.find(conflict); it != args.values.end())
        throw ScenarioError(it->second.second, name() + " (" + type() + "): " + conflict +
                                                   " and WamitFile are both given; the WAMIT "
                                                   ".hst file gives the hydrostatics");
    }
    return;
  }
  if (matrix == waterplane) {
    throw Error(matrix ? "HydrostaticStiffness and WaterplaneArea/MetacentricHeight are both "
                         "given; expected one of the two"
                       : "no hydrostatics; expected HydrostaticStiffness (6x6), or "
                         "WaterplaneArea and MetacentricHeight");
  }
  stiffness_from_waterplane_ = waterplane;
  if (!matrix) {
    if (const auto gm = args.values.find("MetacentricHeight");
        gm != args.values.end() && metacentric_height_.minCoeff() < 0.0) {
      Warn(gm->second.second, name() + " (" + type() + "): MetacentricHeight " +
                                  NumberText(metacentric_height_[0]) + ", " +
                                  NumberText(metacentric_height_[1]) +
                                  " m has a negative entry: the hull capsizes unless moorings or "
                                  "other forces hold it");
    }
    return;
  }
  if (stiffness.rows() != 6 || stiffness.cols() != 6) {
    throw Error("HydrostaticStiffness has " + std::to_string(stiffness.rows()) + "x" +
                std::to_string(stiffness.cols()) + " values; expected 6x6 (rows separated by ';')");
  }
  for (int free_dof : {0, 1, 5}) {
    if (stiffness.row(free_dof).cwiseAbs().maxCoeff() > 0.0 ||
        stiffness.col(free_dof).cwiseAbs().maxCoeff() > 0.0) {
      throw Error("HydrostaticStiffness row or column " + std::to_string(free_dof + 1) +
                  " is not zero; hydrostatics do not restore surge, sway or yaw (rows and "
                  "columns 1, 2, 6 must be zero; moorings restore them)");
    }
  }
  stiffness_ = stiffness;
  if (std::string problem = UnstableRestoring(stiffness); !problem.empty()) {
    Warn(args.values.at("HydrostaticStiffness").second,
         name() + " (" + type() + "): HydrostaticStiffness: " + problem);
  }
}

void FloatingBody::DeclareWamit(const ObjectArgs& args) {
  DeclareParameter<std::string>(
      {.name = "WamitFile",
       .unit = "-",
       .doc = "WAMIT output base name: reads base.1, base.3 and base.hst instead of "
              "HydrostaticStiffness, AddedMass and ForceRAOFile, with radiation memory; \"\" "
              "for none. Relative to the scenario file's folder.",
       .fallback = ""});
  wamit_scales_.length = DeclareParameter<double>(
      {.name = "WamitLength",
       .unit = "m",
       .doc = "WAMIT's ULEN, the length of its non-dimensional coefficients.",
       .fallback = 1.0,
       .check = Positive()});
  wamit_scales_.rho = DeclareParameter<double>(
      {.name = "WamitDensity",
       .unit = "kg/m^3",
       .doc = "rho of the WAMIT coefficients (must equal the ocean's Density).",
       .fallback = 1025.0,
       .check = Positive()});
  wamit_scales_.g = DeclareParameter<double>(
      {.name = "WamitGravity",
       .unit = "m/s^2",
       .doc = "g of the WAMIT coefficients (must equal the ocean's Gravity).",
       .fallback = 9.81,
       .check = Positive()});
  fit_tolerance_ = DeclareParameter<double>(
      {.name = "RadiationFitTolerance",
       .unit = "-",
       .doc = "Largest error of the radiation memory fit, relative to max |K(i omega)|.",
       .fallback = 0.02,
       .check = Positive()});
  const auto file = args.values.find("WamitFile");
  wamit_ = !describing() && file != args.values.end() && !file->second.first.empty();
  if (!wamit_) return;
  for (const char* conflict : {"AddedMass", "ForceRAOFile"}) {
    if (const auto it = args.values.find(conflict); it != args.values.end())
      throw ScenarioError(it->second.second,
                          name() + " (" + type() + "): " + conflict +
                              " and WamitFile are both given; the WAMIT files give " +
                              (std::string(conflict) == "AddedMass" ? "the added mass (.1)"
                                                                    : "the excitation (.3)"));
  }
}

void FloatingBody::DeclareDamping() {
  // The physical checks (hydro_matrix_checks.h) report at the parameter's line.
  auto six_by_six = [this](const char* name, const char* unit, const char* doc,
                           std::string (*check)(const Eigen::MatrixXd&)) -> Matrix6d {
    const Eigen::MatrixXd m =
        DeclareParameter<Eigen::MatrixXd>({.name = name,
                                           .unit = unit,
                                           .doc = doc,
                                           .fallback = Eigen::MatrixXd::Zero(6, 6),
                                           .check = check});
    if (describing()) return Matrix6d::Zero();
    if (m.rows() != 6 || m.cols() != 6) {
      throw Error(std::string(name) + " has " + std::to_string(m.rows()) + "x" +
                  std::to_string(m.cols()) + " values; expected 6x6 (rows separated by ';')");
    }
    return m;
  };
  added_mass_ = six_by_six("AddedMass", "kg, kg*m, kg*m^2",
                           "6x6 added mass about O, body frame (constant).", SymmetricCheck);
  linear_damping_ =
      six_by_six("LinearDamping", "N*s/m, N*m*s/rad",
                 "6x6 linear damping B on the body velocity, body frame.", DissipativeCheck);
  quadratic_damping_ =
      six_by_six("QuadraticDamping", "N*s^2/m^2, N*m*s^2/rad^2",
                 "6x6 quadratic damping on the velocity relative to the current, body frame.",
                 NonNegativeDiagonalCheck);
}

void FloatingBody::Initialize() {
  const Ocean* ocean = service<Ocean>(ocean_);
  rho_ = ocean->density();
  g_ = ocean->gravity();
  if (wamit_ && (wamit_scales_.rho != rho_ || wamit_scales_.g != g_)) {
    throw Error("WamitDensity " + NumberText(wamit_scales_.rho) + " kg/m^3 and WamitGravity " +
                NumberText(wamit_scales_.g) + " m/s^2 differ from the ocean's " + NumberText(rho_) +
                " and " + NumberText(g_) +
                "; the WAMIT coefficients must be made dimensional with the ocean's values");
  }
  if (displacement_ == 0.0) displacement_ = mass_ / rho_;
  if (stiffness_from_waterplane_) {
    stiffness_(2, 2) = rho_ * g_ * waterplane_area_;
    stiffness_(3, 3) = rho_ * g_ * displacement_ * metacentric_height_[0];
    stiffness_(4, 4) = rho_ * g_ * displacement_ * metacentric_height_[1];
  }
  Matrix6d total = added_mass_;
  const Eigen::Matrix3d c = Skew(centre_of_gravity_);
  total.topLeftCorner<3, 3>() += mass_ * Eigen::Matrix3d::Identity();
  total.topRightCorner<3, 3>() -= mass_ * c;
  total.bottomLeftCorner<3, 3>() += mass_ * c;
  total.bottomRightCorner<3, 3>() += inertia_ + mass_ * c.transpose() * c;
  if (Eigen::LLT<Matrix6d>(0.5 * (total + total.transpose())).info() != Eigen::Success)
    throw Error("the body's mass matrix plus AddedMass is not positive definite");
  const Eigen::Vector3d g_world =
      state3(pos_) + rigid_body::RotationFromQuat(QuatState()) * centre_of_gravity_;
  if (std::string problem =
          BelowSeabed("its centre of gravity (initial Pos plus CentreOfGravity)", g_world.z(),
                      -ocean->depth(), "the ocean's Depth " + NumberText(ocean->depth()) + " m");
      !problem.empty()) {
    throw Error(problem);
  }
}

Vector6d FloatingBody::EnvironmentLoads(const Eigen::Matrix3d& rotation, const Eigen::Vector3d& rpy,
                                        Vector6d& wave) const {
  const Ocean* ocean = service<Ocean>(ocean_);
  const Eigen::Vector3d p = state3(pos_);
  const double yaw = rpy.z();
  const Eigen::Matrix3d heading = Eigen::AngleAxisd(yaw, Eigen::Vector3d::UnitZ()).matrix();
  Vector6d xi = Vector6d::Zero();
  xi << 0.0, 0.0, p.z() - hydrostatic_z_, rpy.x(), rpy.y(), 0.0;
  Vector6d in_heading = -stiffness_ * xi;
  wave.setZero();
  if (force_raos_) {
    wave = RaoResponse(*force_raos_, *ocean, time(), p.x(), p.y(), yaw, /*with_rate=*/false).value;
  }
  in_heading += wave;

  Vector6d nu, current = Vector6d::Zero();
  nu << rotation.transpose() * state3(vel_), rotation.transpose() * state3(ang_vel_);
  current.head<3>() = rotation.transpose() * ocean->Current(std::min(p.z(), 0.0));
  const Vector6d nu_r = nu - current;
  Vector6d in_body =
      -linear_damping_ * nu - quadratic_damping_ * nu_r.cwiseProduct(nu_r.cwiseAbs());
  if (memory_.size() > 0) in_body -= memory_.Force(state(memory_state_).data());

  Vector6d loads;
  loads << heading * in_heading.head<3>() + rotation * in_body.head<3>(),
      heading * in_heading.tail<3>() + rotation * in_body.tail<3>();
  loads[2] += (rho_ * displacement_ - mass_) * g_;
  return loads;
}

void FloatingBody::CalcDerivatives() {
  // CalcLoads ran at this state (the model evaluates every non-diagnostic output
  // before the derivatives).
  const Eigen::Vector4d& q = quat_value_;
  const Eigen::Matrix3d& rotation = rotation_;
  const Eigen::Vector3d w = state3(ang_vel_);
  const Eigen::Vector3d c = rotation * centre_of_gravity_;
  const Eigen::Matrix3d inertia_world = rotation * inertia_ * rotation.transpose();

  Vector6d rhs = environment_loads_;
  const Eigen::Vector3d centripetal = w.cross(w.cross(c));  // of G relative to O
  rhs.head<3>() += in3(force_) - mass_ * centripetal;
  rhs.tail<3>() += in3(moment_) - w.cross(inertia_world * w) - mass_ * c.cross(centripetal);

  const Eigen::Matrix3d skew_c = Skew(c);
  Matrix6d mass = RotateSixBySix(added_mass_, rotation);
  mass.topLeftCorner<3, 3>() += mass_ * Eigen::Matrix3d::Identity();
  mass.topRightCorner<3, 3>() -= mass_ * skew_c;
  mass.bottomLeftCorner<3, 3>() += mass_ * skew_c;
  mass.bottomRightCorner<3, 3>() += inertia_world + mass_ * skew_c.transpose() * skew_c;
  const Vector6d acceleration = mass.partialPivLu().solve(rhs);

  derivative3(pos_) = state3(vel_);
  derivative3(vel_) = acceleration.head<3>();
  derivative3(ang_vel_) = acceleration.tail<3>();
  Eigen::Map<Eigen::Vector4d>(derivative(quat_).data()) =
      rigid_body::QuatRate(q, rotation.transpose() * w, rigid_body::kQuatStabilisation);
  if (memory_.size() > 0) {
    Vector6d nu;
    nu << rotation.transpose() * state3(vel_), rotation.transpose() * w;
    memory_.Derivative(state(memory_state_).data(), nu, derivative(memory_state_).data());
  }
}

}  // namespace hawser
