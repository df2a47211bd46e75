#include "simobjects/environment/current_profile.h"

#include <doctest/doctest.h>

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace hawser::ocean::test {
namespace {

constexpr double kPi = std::numbers::pi;

// Velocity of speed U towards beta, written out here.
Eigen::Vector3d Towards(double speed, double beta) {
  return {speed * std::cos(beta), speed * std::sin(beta), 0.0};
}

}  // namespace

TEST_CASE("Ocean current: uniform profile below the surface, none above") {
  const auto c = CurrentProfile::Uniform(0.8, kPi / 6.0);
  // cos 30 deg = sqrt(3)/2, sin 30 deg = 1/2: (0.69282..., 0.4, 0); rounding only.
  CHECK((c.VelocityAt(-35.0) - Eigen::Vector3d(0.4 * std::sqrt(3.0), 0.4, 0.0)).norm() < 1e-15);
  CHECK(c.VelocityAt(0.0) == c.VelocityAt(-1000.0));
  CHECK(c.VelocityAt(0.01).norm() == 0.0);
  CHECK(CurrentProfile().VelocityAt(-5.0).norm() == 0.0);
}

TEST_CASE("Ocean current: 1/7 power law against hand values") {
  const auto c = CurrentProfile::PowerLaw(1.5, 0.0, 100.0);
  // U0 ((z + h) / h)^(1/7): 0.5^(1/7) = 0.905723664..., 0.1^(1/7) = 0.719685673...
  // (hand/calculator values, 9 digits; asserted to 1e-8).
  CHECK(c.VelocityAt(0.0).x() == doctest::Approx(1.5).epsilon(1e-15));
  CHECK(c.VelocityAt(-50.0).x() == doctest::Approx(1.5 * 0.905723664).epsilon(1e-8));
  CHECK(c.VelocityAt(-90.0).x() == doctest::Approx(1.5 * 0.719685673).epsilon(1e-8));
  CHECK(c.VelocityAt(-100.0).norm() == 0.0);  // at the seabed
  CHECK(c.VelocityAt(-101.0).norm() == 0.0);  // below it
  CHECK(c.VelocityAt(1.0).norm() == 0.0);     // above the surface
  CHECK(c.VelocityAt(-50.0).y() == 0.0);
  // Another exponent and direction: 2 (0.75)^(1/5) = 1.888175023 towards -y.
  const auto d = CurrentProfile::PowerLaw(2.0, -kPi / 2.0, 40.0, 0.2);
  CHECK((d.VelocityAt(-10.0) - Towards(1.888175023, -kPi / 2.0)).norm() < 1e-9);
}

TEST_CASE("Ocean current: depth table interpolates speed and direction, held at the ends") {
  const auto c =
      CurrentProfile::Table({{-2.0, 1.0, 0.0}, {-20.0, 0.6, kPi / 2.0}, {-50.0, 0.2, kPi / 2.0}});
  // Above the first row (down from z = 0): the first row's value.
  CHECK((c.VelocityAt(0.0) - Towards(1.0, 0.0)).norm() < 1e-15);
  CHECK((c.VelocityAt(-1.0) - Towards(1.0, 0.0)).norm() < 1e-15);
  // Halfway between rows 1 and 2 (z = -11): speed 0.8, direction 45 deg.
  CHECK((c.VelocityAt(-11.0) - Towards(0.8, kPi / 4.0)).norm() < 1e-15);
  // A quarter of the way from row 2 to row 3 (z = -27.5): speed 0.5, direction 90 deg.
  CHECK((c.VelocityAt(-27.5) - Towards(0.5, kPi / 2.0)).norm() < 1e-15);
  // Below the last row: its value; above the surface: none.
  CHECK((c.VelocityAt(-300.0) - Towards(0.2, kPi / 2.0)).norm() < 1e-15);
  CHECK(c.VelocityAt(0.5).norm() == 0.0);
  // Directions turn along the shorter arc: 350 deg to 10 deg passes through 0 deg.
  const auto w =
      CurrentProfile::Table({{0.0, 1.0, 350.0 * kPi / 180.0}, {-10.0, 1.0, 10.0 * kPi / 180.0}});
  CHECK((w.VelocityAt(-5.0) - Eigen::Vector3d(1.0, 0.0, 0.0)).norm() < 1e-15);
  double speed = 0.0, direction = 0.0;
  w.SpeedAndDirection(-7.5, speed, direction);
  CHECK(speed == 1.0);
  CHECK(std::remainder(direction - 5.0 * kPi / 180.0, 2.0 * kPi) == doctest::Approx(0.0));
  // A single row is a uniform current below it and above it (to z = 0).
  const auto one = CurrentProfile::Table({{-10.0, 0.3, 1.0}});
  CHECK(one.VelocityAt(-3.0) == one.VelocityAt(-30.0));
}

TEST_CASE("Ocean current: bad profiles are rejected") {
  CHECK_THROWS_AS(CurrentProfile::Table({}), std::invalid_argument);
  CHECK_THROWS_AS(CurrentProfile::Table({{-10.0, 1.0, 0.0}, {-5.0, 1.0, 0.0}}),
                  std::invalid_argument);  // not from the surface down
  CHECK_THROWS_AS(CurrentProfile::Table({{-10.0, 1.0, 0.0}, {-10.0, 1.0, 0.0}}),
                  std::invalid_argument);  // repeated depth
  CHECK_THROWS_AS(CurrentProfile::Table({{5.0, 1.0, 0.0}}), std::invalid_argument);  // above
  CHECK_THROWS_AS(CurrentProfile::Table({{-1.0, -1.0, 0.0}}), std::invalid_argument);
  CHECK_THROWS_AS(CurrentProfile::Uniform(-0.1, 0.0), std::invalid_argument);
  CHECK_THROWS_AS(CurrentProfile::PowerLaw(1.0, 0.0, 0.0), std::invalid_argument);
  CHECK_THROWS_AS(CurrentProfile::PowerLaw(1.0, 0.0, 50.0, 0.0), std::invalid_argument);
}

}  // namespace hawser::ocean::test
