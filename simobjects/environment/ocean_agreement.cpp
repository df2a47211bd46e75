#include "simobjects/environment/ocean_agreement.h"

#include "hawser/text.h"

namespace hawser {

std::string OceanDisagreement(const char* parameter, bool given, double own, double ocean_value,
                              const char* who) {
  if (!given || own == ocean_value) return "";
  return std::string(parameter) + " = " + NumberText(own) + " differs from the ocean's " +
         NumberText(ocean_value) + "; expected no such parameter (" + who +
         " in an Environment/Ocean takes the ocean's) or the same value";
}

}  // namespace hawser
