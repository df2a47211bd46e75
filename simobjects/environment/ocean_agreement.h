// Objects that also work without an Environment/Ocean (Cable/Cable, Body/Buoy) take their own
// WaterDensity and Gravity there; in an ocean they take the ocean's, and a value of their own
// must agree with it.
#pragma once

#include <string>

namespace hawser {

/// "" when `parameter` was not given or equals the ocean's value; otherwise what is wrong and
/// what is expected, e.g. "WaterDensity = 1000 differs from the ocean's 1025; expected ...".
/// `who` names the object kind in the message ("a line", "a buoy").
std::string OceanDisagreement(const char* parameter, bool given, double own, double ocean_value,
                              const char* who);

}  // namespace hawser
