// Numbers in messages, written the way the runtime writes them, so that a SimObject's errors read
// like hawser's own. Part of the public SimObject API.
#pragma once

#include <string>

namespace hawser {

/// The shortest text that reads back to the same double: "0.1", "250000", "1e-07".
std::string NumberText(double value);
/// At most `digits` significant digits, as printf's "%.<digits>g": NumberText(1/3.0, 3) = "0.333".
std::string NumberText(double value, int digits);

}  // namespace hawser
