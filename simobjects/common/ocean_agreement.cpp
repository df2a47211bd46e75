#include "simobjects/common/ocean_agreement.h"

#include <string>
#include <utility>

#include "hawser/text.h"

namespace hawser {

namespace {

/// A parameter that may not be negative, with its default.
ParamSpec<double> NonNegative(std::string name, std::string unit, std::string doc,
                              double fallback) {
  return {.name = std::move(name),
          .unit = std::move(unit),
          .doc = std::move(doc),
          .fallback = fallback,
          .check = AtLeast(0.0)};
}

}  // namespace

ParamSpec<double> WaterDensityParameter() {
  return NonNegative("WaterDensity", "kg/m^3", "Water density rho.", 1025.0);
}

ParamSpec<double> GravityParameter() {
  return NonNegative("Gravity", "m/s^2", "Gravitational acceleration, along -z.", 9.81);
}

std::string OceanDisagreement(const char* parameter, bool given, double own, double ocean_value,
                              const char* who) {
  if (!given || own == ocean_value) return "";
  return std::string(parameter) + " = " + NumberText(own) + " differs from the ocean's " +
         NumberText(ocean_value) + "; expected no such parameter (" + who +
         " in an Environment/Ocean takes the ocean's) or the same value";
}

std::string BelowSeabed(const std::string& what, double z, double seabed_z,
                        const std::string& seabed) {
  if (!(z < seabed_z - kSeabedTolerance)) return "";
  return what + " starts at z = " + NumberText(z) + " m, " + NumberText(seabed_z - z, 4) +
         " m below the seabed at z = " + NumberText(seabed_z) + " m (" + seabed +
         "); expected a point in the water column, z >= " + NumberText(seabed_z) +
         " m (an anchor lies on the seabed), to within " + NumberText(kSeabedTolerance) + " m";
}

}  // namespace hawser
