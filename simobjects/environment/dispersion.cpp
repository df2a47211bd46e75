#include "simobjects/environment/dispersion.h"

#include <cmath>
#include <stdexcept>
#include <string>

#include "hawser/text.h"

namespace hawser::ocean {
namespace {

// Above this x = omega^2 h / g, y = k h > 19.9 and 1 - tanh(y) = 2 exp(-2 y) / (1 + ...) < 1e-17:
// the deep-water wave number is exact to double precision.
constexpr double kDeepX = 20.0;

void CheckDepthAndGravity(double depth, double gravity) {
  if (!(depth > 0.0)) {
    throw std::invalid_argument("water depth is " + NumberText(depth) +
                                " m; expected > 0 (or infinity for deep water)");
  }
  if (!(gravity > 0.0) || !std::isfinite(gravity)) {
    throw std::invalid_argument("gravity is " + NumberText(gravity) + " m/s^2; expected > 0");
  }
}

}  // namespace

double WaveNumber(double omega, double depth, double gravity) {
  CheckDepthAndGravity(depth, gravity);
  if (!(omega >= 0.0) || !std::isfinite(omega)) {
    throw std::invalid_argument("wave angular frequency is " + NumberText(omega) +
                                " rad/s; expected a finite value >= 0");
  }
  const double k_deep = omega * omega / gravity;
  if (std::isinf(depth)) return k_deep;
  const double x = k_deep * depth;
  if (x >= kDeepX) return k_deep;
  if (x == 0.0) return 0.0;
  // Guo (2002) start; -expm1 keeps 1 - exp(-x^(5/4)) accurate for small x.
  double y = x * std::pow(-std::expm1(-std::pow(x, 1.25)), -0.4);
  // Newton on f(y) = y tanh(y) - x, f'(y) = tanh(y) + y (1 - tanh^2(y)) > 0 for y > 0. From
  // a start within 0.75 % the convergence is quadratic: once a step is below 1e-9 y, the error
  // left after it is of order 1e-18 y, below rounding.
  for (int i = 0; i < 20; ++i) {
    const double t = std::tanh(y);
    const double step = (y * t - x) / (t + y * (1.0 - t * t));
    y -= step;
    if (std::abs(step) <= 1e-9 * y) break;
  }
  return y / depth;
}

double AngularFrequency(double wave_number, double depth, double gravity) {
  CheckDepthAndGravity(depth, gravity);
  if (!(wave_number >= 0.0) || !std::isfinite(wave_number)) {
    throw std::invalid_argument("wave number is " + NumberText(wave_number) +
                                " rad/m; expected a finite value >= 0");
  }
  const double t = std::isinf(depth) ? 1.0 : std::tanh(wave_number * depth);
  return std::sqrt(gravity * wave_number * t);
}

}  // namespace hawser::ocean
