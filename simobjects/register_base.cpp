// The built-in SimObject library ("base"). Every built-in type is registered here, by its
// FhSim-style path with FhSim's other spellings as aliases. A plugin provides a function of the
// same type (hawser::RegisterFunction, hawser/plugin.h).
#include "simobjects/register_base.h"

#include "simobjects/body/body_3d.h"
#include "simobjects/body/body_6d.h"
#include "simobjects/body/body_point.h"
#include "simobjects/body/buoy.h"
#include "simobjects/body/floating_body.h"
#include "simobjects/body/mass.h"
#include "simobjects/body/rao_vessel.h"
#include "simobjects/cable/cable.h"
#include "simobjects/cable/cable_point.h"
#include "simobjects/cable/linear_spring.h"
#include "simobjects/connector/axial_spring_damper.h"
#include "simobjects/connector/bushing_roll_pitch_yaw.h"
#include "simobjects/connector/linear_bushing.h"
#include "simobjects/connector/spring_damper.h"
#include "simobjects/environment/ocean_environment.h"
#include "simobjects/environment/wave_probe.h"
#include "simobjects/environment/wind_environment.h"
#include "simobjects/force/current_load.h"
#include "simobjects/force/wave_drift.h"
#include "simobjects/force/wind_load.h"
#include "simobjects/math/derivative.h"
#include "simobjects/math/linear_mapping.h"
#include "simobjects/math/linear_system.h"
#include "simobjects/math/low_pass.h"
#include "simobjects/math/polynomial.h"
#include "simobjects/math/roll_pitch_yaw_to_quat.h"
#include "simobjects/signal/external.h"
#include "simobjects/signal/mux.h"
#include "simobjects/source/clock.h"
#include "simobjects/source/constant.h"
#include "simobjects/source/sine.h"
#include "simobjects/source/table.h"

namespace hawser {

void RegisterBaseLibrary(Registry& r) {
  for (const char* lib : {"base", "fhsim_base", "FhSimBaseLibrary", "hawser"})
    r.AddLibraryName(lib);
  r.Add<LinearSpring>("Cable/LinearSpring", "Linear spring between two points (FhSim).");
  r.Add<Cable>("Cable/Cable", "Lumped-mass cable / mooring line with seabed contact.");
  r.Add<Cable>("Cable/Line", "Cable/Cable made of sections of named line types (CSV file).");
  r.Add<CablePoint>("Cable/Point",
                    "A point joining line ends (bridle, shared anchor): mass, volume, drag; "
                    "free (3 DOF) or fixed.");
  r.Add<Table>("Src/Table", "A signal read from a CSV file, linear interpolation, ends held.");
  r.Add<Buoy>("Body/Buoy", "Spherical buoy: buoyancy, drag, added mass; 3 DOF.");
  r.Add<OceanEnvironment>("Environment/Ocean",
                          "The ocean as a service: depth, density, gravity, current profile, "
                          "regular or irregular waves.");
  r.Add<WaveProbe>("Environment/WaveProbe",
                   "Wave elevation, water velocity and acceleration at a point of the ocean.");
  r.Add<BodyPoint>("Body/Point",
                   "A point fixed on a body (fairlead): its world motion, and forces applied "
                   "there as force and moment on the body.",
                   {"Frame/Point"});
  r.Add<FloatingBody>("Body/FloatingBody",
                      "Floating rigid body, 6 DOF: hydrostatics, added mass, linear and "
                      "quadratic damping, wave excitation from force RAOs.",
                      {"Body/Floater"});
  r.Add<WindEnvironment>("Environment/Wind",
                         "The wind as a service: mean profile and gust spectrum (NPD, Kaimal).");
  r.Add<WindLoad>("Force/WindLoad",
                  "Wind load on a body from coefficients per relative heading or areas and Cd.");
  r.Add<CurrentLoad>("Force/CurrentLoad",
                     "Current load on a hull from coefficients per relative heading or areas.");
  r.Add<WaveDrift>("Force/WaveDrift",
                   "Second-order wave drift on a floater: mean drift coefficients, slow drift "
                   "by Newman's approximation.");
  r.Add<RaoVessel>("Body/RAOVessel",
                   "Vessel whose 6-DOF motion follows its displacement RAOs in the ocean's sea.",
                   {"Body/Vessel"});
  r.Add<Clock>("Src/Clock", "The simulation time as a signal.");
  r.Add<Constant>("Src/Constant", "A constant vector signal.");
  r.Add<Sine>("Src/Sine", "Sine wave Bias + Amplitude sin(2 pi t / T + phase), switchable.");
  r.Add<Mux>("Signal/Mux", "Concatenates N input vectors into one.");
  r.Add<External>("Signal/External", "A signal set from outside: a co-simulation's input.");
  r.Add<LinearSystem>("Math/LinearSystem", "Linear state-space system x' = Ax + Bu, y = Cx + Du.");
  r.Add<LinearMapping>("Math/LinearMapping", "Static linear map Out = Cu InU + Cv InV.");
  r.Add<Derivative>("Math/Derivative", "Filtered time derivative s / (Tf s + 1).");
  r.Add<LowPass>("Math/LowPass", "First-order low-pass filter State' = r (In - State).");
  r.Add<Polynomial>("Math/Polynomial", "Static polynomial c0 + c1 x + ... + cn x^n, element-wise.");
  r.Add<RollPitchYawToQuat>("Math/RollPitchYawToQuat",
                            "Roll, pitch, yaw (Drake's convention) to a unit quaternion.");
  r.Add<Mass>("Body/Mass", "Point mass, 3 translational DOF, no gravity.");
  r.Add<Body3D>("Body/3DBody", "Point mass, 3 translational DOF, with gravity.", {"Ball/3DBody"});
  r.Add<Body6D>("Body/6DBody", "Rigid body, 6 DOF, with gravity.", {"Ball/6DBody"});
  r.Add<SpringDamper>("Connector/SpringDamper",
                      "Linear spring-damper between points of two bodies (Drake).");
  r.Add<AxialSpringDamper>("Connector/AxialSpringDamper",
                           "Spring-damper along an axis fixed in body A (Exudyn).");
  r.Add<LinearBushing>("Connector/LinearBushing",
                       "6-DOF linear bushing on x-y-z Euler angles between two frames (Simbody).");
  r.Add<BushingRollPitchYaw>("Connector/BushingRollPitchYaw",
                             "Quasi-symmetric roll-pitch-yaw bushing between two frames (Drake).");
}

const Registry& BuiltinRegistry() {
  static const Registry registry = [] {
    Registry r;
    r.SetLibrary("base");
    RegisterFunction* const register_base = &RegisterBaseLibrary;  // The plugins' type too.
    register_base(r);
    return r;
  }();
  return registry;
}

}  // namespace hawser
