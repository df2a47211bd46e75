#include "hawser/roll_pitch_yaw.h"

#include <fmt/format.h>

#include <cctype>
#include <cmath>
#include <numbers>
#include <vector>

#include "hawser/text.h"
#include "hawser/value_parse.h"

namespace hawser {

Eigen::Vector4d RollPitchYawToQuaternion(const Eigen::Vector3d& rpy) {
  // q = q_z(yaw) q_y(pitch) q_x(roll), the product of the three half-angle quaternions.
  const double cr = std::cos(rpy[0] / 2), sr = std::sin(rpy[0] / 2);
  const double cp = std::cos(rpy[1] / 2), sp = std::sin(rpy[1] / 2);
  const double cy = std::cos(rpy[2] / 2), sy = std::sin(rpy[2] / 2);
  Eigen::Vector4d q(cr * cp * cy + sr * sp * sy, sr * cp * cy - cr * sp * sy,
                    cr * sp * cy + sr * cp * sy, cr * cp * sy - sr * sp * cy);
  if (q[0] < 0) q = -q;
  return q;
}

Eigen::Vector3d ParseRollPitchYaw(const std::string& text, const SourceLocation& loc,
                                  const std::string& what) {
  std::string numbers = Trim(text);
  double scale = std::numbers::pi / 180;
  for (const char* unit : {"rad", "deg"}) {
    const std::string u = unit;
    // The unit follows a number, a space or ')': "30 deg", "0.5rad", "pi/6 rad"; not "2*pirad".
    if (numbers.size() > u.size() && numbers.compare(numbers.size() - u.size(), u.size(), u) == 0 &&
        std::isalpha(static_cast<unsigned char>(numbers[numbers.size() - u.size() - 1])) == 0 &&
        numbers[numbers.size() - u.size() - 1] != '_') {
      numbers = Trim(numbers.substr(0, numbers.size() - u.size()));
      scale = u == "rad" ? 1.0 : std::numbers::pi / 180;
      break;
    }
  }
  const std::vector<double> v = ParseVector(numbers, loc, what);
  if (v.size() != 3) {
    throw ScenarioError(loc, fmt::format("{}: '{}' has {} values; expected roll, pitch, yaw: "
                                         "three numbers in degrees such as 10,0,30, or in "
                                         "radians with a trailing rad such as 0.1,0,0.5 rad",
                                         what, Excerpt(Trim(text)), v.size()));
  }
  return Eigen::Vector3d(v[0], v[1], v[2]) * scale;
}

}  // namespace hawser
