// Objects that also work without an Environment/Ocean (Cable/Cable, Body/Buoy) take their own
// WaterDensity and Gravity there (and a cable its SeabedDepth); in an ocean they take the
// ocean's, and a value of their own must agree with it. Objects in an ocean must also start in
// its water column: above the seabed z = -Depth, to within kSeabedTolerance.
#pragma once

#include <string>

#include "hawser/declarations.h"

namespace hawser {

/// The WaterDensity parameter of such an object: rho [kg/m^3], 1025 by default, >= 0.
ParamSpec<double> WaterDensityParameter();

/// The Gravity parameter of such an object: g [m/s^2] along -z, 9.81 by default, >= 0.
ParamSpec<double> GravityParameter();

/// "" when `parameter` was not given or equals the ocean's value; otherwise what is wrong and
/// what is expected, e.g. "WaterDensity = 1000 differs from the ocean's 1025; expected ...".
/// `who` names the object kind in the message ("a line", "a buoy").
std::string OceanDisagreement(const char* parameter, bool given, double own, double ocean_value,
                              const char* who);

/// How far below the seabed a point may start [m]: the rounding of a depth written to the
/// centimetre. An anchor lies ON the seabed (z = -Depth); a point 1 cm below it is pressed into
/// a cable's seabed spring with 1 cm of its stiffness (3e5 N/m^2 by default: 3 kN per metre of
/// line), while one metres below it starts with tensions of 1e8 N and more.
inline constexpr double kSeabedTolerance = 0.01;

/// "" when a point at height z [m] is above the seabed at z = seabed_z [m] (-inf: none), to
/// within kSeabedTolerance; otherwise what is wrong and what is expected, naming the point as
/// `what` ("end A (input PositionA)") and the seabed as `seabed` ("the ocean's Depth 320 m").
std::string BelowSeabed(const std::string& what, double z, double seabed_z,
                        const std::string& seabed);

}  // namespace hawser
