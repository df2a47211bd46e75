#include "simobjects/environment/sea_state.h"

#include <doctest/doctest.h>

#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>
#include <vector>

namespace hawser::ocean::test {
namespace {

constexpr double kG = 9.81;
constexpr double kInf = std::numeric_limits<double>::infinity();

// Linear theory written out independently of sea_state.cpp, with plain cosh/sinh (moderate k h)
// or exp(k z) in deep water (Newman 1977 section 6.2, DNV-RP-C205 table 3-1).
struct Closed {
  const WaveComponent& c;
  double h;
  double Psi(double t, double x, double y) const {
    return c.wave_number * (x * std::cos(c.direction) + y * std::sin(c.direction)) - c.omega * t +
           c.phase;
  }
  double Ch(double z) const {  // cosh(k (z + h)) / sinh(k h)
    const double k = c.wave_number;
    return std::isinf(h) ? std::exp(k * z) : std::cosh(k * (z + h)) / std::sinh(k * h);
  }
  double Sh(double z) const {
    const double k = c.wave_number;
    return std::isinf(h) ? std::exp(k * z) : std::sinh(k * (z + h)) / std::sinh(k * h);
  }
  double Potential(double t, double x, double y, double z) const {
    const double k = c.wave_number;
    const double r = std::isinf(h) ? std::exp(k * z) : std::cosh(k * (z + h)) / std::cosh(k * h);
    return kG * c.amplitude / c.omega * r * std::sin(Psi(t, x, y));
  }
  Eigen::Vector3d Velocity(double t, double x, double y, double z) const {
    const double wa = c.omega * c.amplitude, psi = Psi(t, x, y);
    return {wa * Ch(z) * std::cos(psi) * std::cos(c.direction),
            wa * Ch(z) * std::cos(psi) * std::sin(c.direction), wa * Sh(z) * std::sin(psi)};
  }
  Eigen::Vector3d Acceleration(double t, double x, double y, double z) const {
    const double w2a = c.omega * c.omega * c.amplitude, psi = Psi(t, x, y);
    return {w2a * Ch(z) * std::sin(psi) * std::cos(c.direction),
            w2a * Ch(z) * std::sin(psi) * std::sin(c.direction), -w2a * Sh(z) * std::cos(psi)};
  }
};

// Three crossing components in 30 m of water; sum of amplitudes 1.75 m, so every point at
// z <= -2 m is always submerged.
SeaState ThreeWaves(double depth, Stretching stretching = Stretching::kNone) {
  return SeaState(
      {RegularWave(2.0, 8.0, 0.5, 0.3, depth, kG), RegularWave(1.0, 5.0, -1.0, 2.0, depth, kG),
       RegularWave(0.5, 12.0, 2.5, 4.0, depth, kG)},
      depth, kG, stretching);
}

double Potential(const SeaState& sea, double t, double x, double y, double z) {
  double sum = 0.0;
  for (const auto& c : sea.components()) sum += Closed{c, sea.depth()}.Potential(t, x, y, z);
  return sum;
}

}  // namespace

TEST_CASE("Ocean sea state: Airy wave kinematics match linear theory, finite and deep water") {
  for (double depth : {30.0, 8.0, kInf}) {
    const WaveComponent wave = RegularWave(2.0, 8.0, 0.7, 0.4, depth, kG);
    const SeaState sea({wave}, depth, kG, Stretching::kNone);
    const Closed closed{wave, depth};
    const double scale = wave.omega * wave.omega * wave.amplitude;  // largest |acceleration|
    for (double t : {0.0, 1.3, 2.9, 5.5}) {
      for (double z : {-1.2, -4.0, -7.9}) {
        CAPTURE(depth);
        CAPTURE(t);
        CAPTURE(z);
        const Eigen::Vector3d p(3.0, -2.0, z);
        const WaveKinematics kin = sea.At(t, p);
        // Rounding only: the library's exponential form and cosh/sinh agree to ~1e-15.
        CHECK(kin.elevation ==
              doctest::Approx(wave.amplitude * std::cos(closed.Psi(t, 3.0, -2.0))).epsilon(1e-13));
        CHECK(kin.submerged);
        CHECK((kin.velocity - closed.Velocity(t, 3.0, -2.0, z)).norm() < 1e-13 * scale);
        CHECK((kin.acceleration - closed.Acceleration(t, 3.0, -2.0, z)).norm() < 1e-13 * scale);
      }
    }
  }
}

TEST_CASE("Ocean sea state: velocity is the potential's gradient, acceleration its rate") {
  for (double depth : {30.0, kInf}) {
    CAPTURE(depth);
    const SeaState sea = ThreeWaves(depth);
    const double d = 1e-3, dt = 1e-4;
    for (const Eigen::Vector3d& p :
         {Eigen::Vector3d(1.0, 2.0, -2.5), Eigen::Vector3d(-7.0, 4.0, -11.0),
          Eigen::Vector3d(20.0, -3.0, -25.0)}) {
      const double t = 3.7;
      const WaveKinematics kin = sea.At(t, p);
      // grad phi by central differences of the test's own potential: truncation (k d)^2 / 6 <
      // 1e-7 relative, rounding 1e-16 |phi| / d < 1e-11 m/s; asserted to 1e-7 m/s.
      Eigen::Vector3d grad;
      for (int i = 0; i < 3; ++i) {
        Eigen::Vector3d e = Eigen::Vector3d::Zero();
        e[i] = d;
        const Eigen::Vector3d a = p + e, b = p - e;
        grad[i] =
            (Potential(sea, t, a.x(), a.y(), a.z()) - Potential(sea, t, b.x(), b.y(), b.z())) /
            (2.0 * d);
      }
      CHECK((kin.velocity - grad).norm() < 1e-7);
      // du/dt by a central difference in time: truncation (omega dt)^2 / 6 ~ 1e-8, rounding
      // ~1e-12 m/s^2; asserted to 1e-7 m/s^2.
      const Eigen::Vector3d dudt =
          (sea.At(t + dt, p).velocity - sea.At(t - dt, p).velocity) / (2.0 * dt);
      CHECK((kin.acceleration - dudt).norm() < 1e-7);
      // Dynamic pressure p_d / rho = -d phi / dt, by a central difference (same error budget).
      const double dphidt = (Potential(sea, t + dt, p.x(), p.y(), p.z()) -
                             Potential(sea, t - dt, p.x(), p.y(), p.z())) /
                            (2.0 * dt);
      CHECK(kin.dynamic_pressure == doctest::Approx(-dphidt).epsilon(1e-7));
    }
  }
}

TEST_CASE("Ocean sea state: the wave velocity field is divergence- and curl-free") {
  for (double depth : {30.0, kInf}) {
    CAPTURE(depth);
    const SeaState sea = ThreeWaves(depth);
    const double d = 1e-3, t = 1.1;
    const Eigen::Vector3d p(4.0, -6.0, -3.0);
    Eigen::Matrix3d jac;  // jac(i, j) = d u_i / d x_j, central differences
    for (int j = 0; j < 3; ++j) {
      Eigen::Vector3d e = Eigen::Vector3d::Zero();
      e[j] = d;
      jac.col(j) = (sea.At(t, p + e).velocity - sea.At(t, p - e).velocity) / (2.0 * d);
    }
    // Each entry is of order k omega a ~ 0.1 1/s; truncation (k d)^2 / 6 relative and rounding
    // 1e-16 / 1e-3: div u and curl u vanish to 1e-8 1/s.
    CHECK(std::abs(jac.trace()) < 1e-8);
    CHECK(std::abs(jac(2, 1) - jac(1, 2)) < 1e-8);
    CHECK(std::abs(jac(0, 2) - jac(2, 0)) < 1e-8);
    CHECK(std::abs(jac(1, 0) - jac(0, 1)) < 1e-8);
    CHECK(jac.cwiseAbs().maxCoeff() > 1e-2);  // not vacuous: entries ~ k omega a = 0.05 1/s
  }
}

TEST_CASE("Ocean sea state: linearised free-surface conditions, and Wheeler at the crest") {
  const double dt = 1e-4;
  for (double depth : {30.0, kInf}) {
    CAPTURE(depth);
    const SeaState plain = ThreeWaves(depth, Stretching::kNone);
    const SeaState wheeler = ThreeWaves(depth, Stretching::kWheeler);
    for (double t : {0.4, 2.2, 6.1, 9.0}) {
      CAPTURE(t);
      const double x = 2.0, y = 1.0;
      const double eta = plain.Elevation(t, x, y);
      const double deta_dt =
          (plain.Elevation(t + dt, x, y) - plain.Elevation(t - dt, x, y)) / (2.0 * dt);
      // Kinematic condition d eta / dt = w on z = 0 (linear theory), where z = 0 is wet; the
      // central difference is accurate to (omega dt)^2 / 6 ~ 1e-9, so 1e-7 m/s.
      if (eta >= 0.0) CHECK(std::abs(plain.At(t, {x, y, 0.0}).velocity.z() - deta_dt) < 1e-7);
      // Wheeler maps the instantaneous surface z = eta to z' = 0: w there is exactly linear
      // theory's surface value, so d eta / dt = w(eta) holds at the moving surface too.
      const WaveKinematics top = wheeler.At(t, {x, y, eta});
      CHECK(top.submerged);
      CHECK(std::abs(top.velocity.z() - deta_dt) < 1e-7);
      // Dynamic condition p_d = rho g eta at the surface (p_d / rho = g eta at z' = 0).
      CHECK(std::abs(top.dynamic_pressure - kG * eta) < 1e-12 * kG * 1.75);  // rounding
      // Just above the surface: dry, zero kinematics, eta still reported.
      const WaveKinematics above = wheeler.At(t, {x, y, eta + 1e-9});
      CHECK_FALSE(above.submerged);
      CHECK(above.velocity.norm() == 0.0);
      CHECK(above.acceleration.norm() == 0.0);
      CHECK(above.elevation == eta);
    }
  }
}

TEST_CASE("Ocean sea state: Wheeler and vertical stretching map z as documented") {
  const double depth = 30.0, t = 0.0, x = 0.0, y = 0.0;
  // A single wave with its crest at the origin at t = 0: eta = a = 1 m.
  const WaveComponent crest = RegularWave(2.0, 8.0, 0.0, 0.0, depth, kG);
  const SeaState wheeler({crest}, depth, kG, Stretching::kWheeler);
  const SeaState vertical({crest}, depth, kG, Stretching::kVerticalExtrapolation);
  const SeaState plain({crest}, depth, kG, Stretching::kNone);
  const double eta = wheeler.Elevation(t, x, y);
  CHECK(eta == doctest::Approx(1.0).epsilon(1e-15));
  // Wheeler: z' = h (z - eta) / (h + eta); z = -10 maps to 30 * (-11) / 31.
  const double z = -10.0, zs = depth * (z - eta) / (depth + eta);
  CHECK((wheeler.At(t, {x, y, z}).velocity - plain.At(t, {x, y, zs}).velocity).norm() < 1e-14);
  // The seabed stays put: w = 0 at z = -h under every choice, and below it (held at -h).
  CHECK(std::abs(wheeler.At(t, {x, y, -depth}).velocity.z()) < 1e-15);
  CHECK(wheeler.At(t, {x, y, -depth - 5.0}).velocity == wheeler.At(t, {x, y, -depth}).velocity);
  // Vertical extrapolation: constant above the mean level, equal to the z = 0 value.
  CHECK((vertical.At(t, {x, y, 0.6}).velocity - plain.At(t, {x, y, 0.0}).velocity).norm() < 1e-15);
  // None: linear theory continued above z = 0, larger than at z = 0 under the crest.
  CHECK(plain.At(t, {x, y, 0.6}).velocity.x() > plain.At(t, {x, y, 0.0}).velocity.x());
  // Deep-water Wheeler is the shift z' = z - eta.
  const WaveComponent deep = RegularWave(2.0, 8.0, 0.0, 0.0, kInf, kG);
  const SeaState deep_wheeler({deep}, kInf, kG, Stretching::kWheeler);
  const SeaState deep_plain({deep}, kInf, kG, Stretching::kNone);
  CHECK(
      (deep_wheeler.At(t, {x, y, -4.0}).velocity - deep_plain.At(t, {x, y, -5.0}).velocity).norm() <
      1e-14);
}

TEST_CASE("Ocean sea state: no overflow for k h beyond 700, equals deep water there") {
  // T = 3 s in 2000 m: k h = 894, where cosh(k h) overflows a double.
  const WaveComponent wave = RegularWave(1.0, 3.0, 0.2, 0.0, 2000.0, kG);
  CHECK(std::isinf(std::cosh(wave.wave_number * 2000.0)));
  const SeaState sea({wave}, 2000.0, kG, Stretching::kNone);
  const SeaState deep({RegularWave(1.0, 3.0, 0.2, 0.0, kInf, kG)}, kInf, kG, Stretching::kNone);
  for (double z : {-0.1, -3.0, -100.0, -1999.0, -2000.0}) {
    CAPTURE(z);
    const WaveKinematics a = sea.At(1.0, {0.5, 0.0, z}), b = deep.At(1.0, {0.5, 0.0, z});
    CHECK(a.velocity.allFinite());
    CHECK(a.acceleration.allFinite());
    // e^(-2 k h) ~ 1e-777: finite and deep water agree to rounding.
    CHECK((a.velocity - b.velocity).norm() <= 1e-14 * (1.0 + b.velocity.norm()));
    CHECK((a.acceleration - b.acceleration).norm() <= 1e-14 * (1.0 + b.acceleration.norm()));
  }
}

TEST_CASE("Ocean sea state: many points at once give the single-point results bit for bit") {
  const SeaState sea = ThreeWaves(30.0, Stretching::kWheeler);
  Eigen::Matrix3Xd points(3, 5);
  points << 0.0, 5.0, -3.0, 12.0, 1.0,  //
      0.0, 1.0, 2.0, -4.0, 1.0,         //
      -1.0, -29.0, 0.3, -12.0, 3.0;
  std::vector<WaveKinematics> out(5);
  sea.At(2.5, points, out);
  for (int i = 0; i < 5; ++i) {
    const WaveKinematics one = sea.At(2.5, points.col(i));
    CHECK(out[i].elevation == one.elevation);
    CHECK(out[i].velocity == one.velocity);
    CHECK(out[i].acceleration == one.acceleration);
    CHECK(out[i].submerged == one.submerged);
  }
  std::vector<WaveKinematics> wrong(4);
  CHECK_THROWS_AS(sea.At(2.5, points, wrong), std::invalid_argument);
}

TEST_CASE("Ocean sea state: inconsistent or bad components are rejected") {
  WaveComponent c = RegularWave(1.0, 8.0, 0.0, 0.0, 30.0, kG);
  CHECK_NOTHROW(SeaState({c}, 30.0, kG));
  CHECK_THROWS_AS(SeaState({c}, 10.0, kG), std::invalid_argument);  // k for another depth
  c.amplitude = -1.0;
  CHECK_THROWS_AS(SeaState({c}, 30.0, kG), std::invalid_argument);
  CHECK_THROWS_AS(RegularWave(1.0, 0.0, 0.0, 0.0, 30.0), std::invalid_argument);
  CHECK_THROWS_AS(RegularWave(1.0, 8.0, 0.0, 0.0, -30.0), std::invalid_argument);
}

}  // namespace hawser::ocean::test
