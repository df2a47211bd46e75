#include "hawser/text.h"

#include <fmt/format.h>

namespace hawser {

std::string NumberText(double value) { return fmt::format("{}", value); }

std::string NumberText(double value, int digits) { return fmt::format("{:.{}g}", value, digits); }

}  // namespace hawser
