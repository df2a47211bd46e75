// Linear (Airy) wave dispersion: the wave number of a wave of given frequency in water of given
// depth. Part of the ocean kinematics library (namespace hawser::ocean), which has no runtime
// dependencies; the Environment/Ocean SimObject provides it to cables and bodies as a service.
//
// Dispersion relation of linear water waves (Newman 1977, "Marine Hydrodynamics", section 6.2;
// DNV-RP-C205 (2010) section 3.2.2.4):
//
//   omega^2 = g k tanh(k h)
//
// with omega the angular frequency [rad/s], k the wave number [rad/m], h the water depth [m] and
// g the acceleration of gravity [m/s^2]. Limits: deep water (k h -> inf) k = omega^2 / g;
// shallow water (k h -> 0) k = omega / sqrt(g h).
#pragma once

namespace hawser::ocean {

/// Acceleration of gravity used when none is given [m/s^2] (the world's default: docs/design.md,
/// "Force and energy conventions").
inline constexpr double kDefaultGravity = 9.81;

/// Wave number k [rad/m] of a linear wave of angular frequency omega >= 0 [rad/s] in water of
/// depth h > 0 [m] (h = +infinity: deep water), from omega^2 = g k tanh(k h).
///
/// Method: with x = omega^2 h / g and y = k h, solve y tanh(y) = x by Newton's method from Guo's
/// explicit approximation (Guo 2002, "Simple and explicit solution of wave dispersion
/// equation", Coastal Engineering 45, 71-74; error < 0.75 %):
///   y0 = x (1 - exp(-x^(5/4)))^(-2/5).
/// Two or three Newton steps reach a relative residual below 1e-14. For x >= 20, tanh(y) = 1 to
/// double precision and the deep-water value k = omega^2 / g is returned exactly. Only tanh is
/// used, which never overflows. Throws std::invalid_argument for omega < 0, h <= 0, g <= 0 or a
/// non-finite omega.
double WaveNumber(double omega, double depth, double gravity = kDefaultGravity);

/// Angular frequency omega = sqrt(g k tanh(k h)) [rad/s] of wave number k >= 0 [rad/m] in depth
/// h [m] (+infinity: deep water, omega = sqrt(g k)); the inverse of WaveNumber.
double AngularFrequency(double wave_number, double depth, double gravity = kDefaultGravity);

}  // namespace hawser::ocean
