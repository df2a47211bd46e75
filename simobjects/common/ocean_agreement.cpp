#include "simobjects/common/ocean_agreement.h"

#include "hawser/text.h"

namespace hawser {

ParamSpec<double> WaterDensityParameter() {
  return {.name = "WaterDensity",
          .unit = "kg/m^3",
          .doc = "Water density rho.",
          .fallback = 1025.0,
          .check = AtLeast(0.0)};
}

ParamSpec<double> GravityParameter() {
  return {.name = "Gravity",
          .unit = "m/s^2",
          .doc = "Gravitational acceleration, along -z.",
          .fallback = 9.81,
          .check = AtLeast(0.0)};
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
