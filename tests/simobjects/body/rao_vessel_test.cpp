// Body/RAOVessel: in a regular wave its motion has exactly the RAO's amplitude and phase (from
// the closed form of the Airy wave at the vessel's reference point), and its velocities are the
// time derivatives of its position and attitude (central differences).
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <numbers>
#include <string>

#include "hawser/common_declarations.h"
#include "simobjects/body/rigid_body_math.h"
#include "tests/simobjects/scenario_test_util.h"
#include "tests/simobjects/temp_files.h"

namespace hawser::test {
namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kG = 9.81;

// The wave: H = 2 m (a = 1), T = 10 s, travelling towards 200 deg, phase 40 deg, deep water.
// The vessel heads 20 deg, so the waves meet it at 180 deg relative: head seas.
constexpr double kOmega = 2.0 * kPi / 10.0;
constexpr double kAmplitude = 1.0, kDirection = 200.0, kPhase = 40.0, kHeading = 20.0;
// RAO at (kOmega, 180 deg): amplitude (m/m, deg/m) and phase lag (deg) per DOF.
constexpr double kRaoAmplitude[6] = {0.7, 0.05, 0.9, 0.3, 4.0, 0.2};
constexpr double kRaoPhase[6] = {-90.0, 10.0, 5.0, 170.0, 95.0, -45.0};
const Eigen::Vector3d kPosition(100.0, -50.0, 2.0);

/// An RAO file with kOmega between two other frequencies and four headings; other cells hold
/// values the wave must not pick up (so a wrong lookup shows).
std::string RaoFile() {
  std::string text =
      "frequency, heading, surge, ph, sway, ph, heave, ph, roll, ph, pitch, ph, "
      "yaw, ph\n";
  for (double omega : {0.5, kOmega, 0.8}) {
    for (double heading : {0.0, 90.0, 180.0, 270.0}) {
      text += fmt::format("{:.17g}, {}", omega, heading);
      const bool ours = omega == kOmega && heading == 180.0;
      for (int i = 0; i < 6; ++i) {
        text += ours ? fmt::format(", {}, {}", kRaoAmplitude[i], kRaoPhase[i]) : ", 9, 0";
      }
      text += "\n";
    }
  }
  return WriteTempFile("vessel_raos.csv", text);
}

std::string VesselXml(const std::string& tout, const std::string& ocean_extra = "") {
  return ScenarioXml(
      fmt::format(R"(<Lib LibName="base" SimObject="Environment/Ocean" Name="Sea" Waves="regular" )"
                  R"(WaveHeight="{}" WavePeriod="10" WaveDirection="{}" WavePhase="{}" {}/>
<Lib LibName="base" SimObject="Body/RAOVessel" Name="V" RAOFile="{}" Position="{},{},{}" )"
                  R"(Heading="{}"/>)",
                  2.0 * kAmplitude, kDirection, kPhase, ocean_extra, RaoFile(), kPosition.x(),
                  kPosition.y(), kPosition.z(), kHeading),
      "", "<InitialCondition/>",
      fmt::format(R"(<Engine Integrator="rk4" stepsize="0.01" TOutput="{}" )"
                  R"(FileOutput="objects:all"/>)",
                  tout));
}

}  // namespace

TEST_CASE("Body/RAOVessel in a regular wave moves with the RAO's amplitude and phase exactly") {
  const MemorySink sink = Run(VesselXml("0, 0.37, 20"));
  // Closed form: eta = a cos(psi) at the reference point, psi = k (x cos b + y sin b) - w t +
  // phi, deep water k = w^2 / g; each DOF is a |RAO| cos(psi + lag) (rao_table.h).
  const double k = kOmega * kOmega / kG;
  const double b = kDirection * kDegree;
  const Eigen::Matrix3d heading =
      Eigen::AngleAxisd(kHeading * kDegree, Eigen::Vector3d::UnitZ()).matrix();
  for (size_t n = 0; n < sink.times().size(); ++n) {
    const double t = sink.times()[n];
    const double psi = k * (kPosition.x() * std::cos(b) + kPosition.y() * std::sin(b)) -
                       kOmega * t + kPhase * kDegree;
    double xi[6];
    for (int i = 0; i < 6; ++i) {
      xi[i] = kAmplitude * kRaoAmplitude[i] * std::cos(psi + kRaoPhase[i] * kDegree);
      // Round-off of a sum of products of order 1..100 (psi ~ 40 rad): 1e-12.
      CHECK(sink.Column(fmt::format("V.Motion[{}]", i))[n] ==
            doctest::Approx(xi[i]).scale(1).epsilon(1e-12));
    }
    const Eigen::Vector3d pos = kPosition + heading * Eigen::Vector3d(xi[0], xi[1], xi[2]);
    for (int i = 0; i < 3; ++i)
      CHECK(sink.Column(fmt::format("V.Pos[{}]", i))[n] ==
            doctest::Approx(pos[i]).scale(1).epsilon(1e-12));
    // The attitude: Rz(heading + yaw) Ry(pitch) Rx(roll), compared as rotation matrices.
    const Eigen::Matrix3d expected =
        (Eigen::AngleAxisd((kHeading + xi[5]) * kDegree, Eigen::Vector3d::UnitZ()) *
         Eigen::AngleAxisd(xi[4] * kDegree, Eigen::Vector3d::UnitY()) *
         Eigen::AngleAxisd(xi[3] * kDegree, Eigen::Vector3d::UnitX()))
            .matrix();
    const Eigen::Vector4d q(sink.Column("V.Quat[0]")[n], sink.Column("V.Quat[1]")[n],
                            sink.Column("V.Quat[2]")[n], sink.Column("V.Quat[3]")[n]);
    CHECK((rigid_body::RotationFromQuat(q) - expected).cwiseAbs().maxCoeff() < 1e-13);
  }
}

TEST_CASE("Body/RAOVessel velocities are the time derivatives of its position and attitude") {
  // Central differences over h = 1e-4 s: truncation error h^2 / 6 times the third derivative,
  // (w h)^2 / 6 ~ 7e-10 relative, and rounding ~1e-16 / h ~ 1e-12 of positions of order 100:
  // 1e-8 absolute on velocities of order 1.
  // Also while the waves ramp in (WaveRampTime 4 s: the velocities then include the ramp's rate).
  const double h = 1e-4;
  for (const std::string ramp : {"", R"(WaveRampTime="4")"}) {
    CAPTURE(ramp);
    const MemorySink sink = Run(VesselXml(fmt::format("0, {:.17g}, 6", h), ramp));
    const auto& t = sink.times();
    for (size_t n = 1; n + 1 < t.size(); n += 1000) {
      for (int i = 0; i < 3; ++i) {
        const auto& pos = sink.Column(fmt::format("V.Pos[{}]", i));
        CHECK(sink.Column(fmt::format("V.Vel[{}]", i))[n] ==
              doctest::Approx((pos[n + 1] - pos[n - 1]) / (t[n + 1] - t[n - 1]))
                  .scale(1)
                  .epsilon(1e-8));
      }
      // omega_world = 2 qdot ⊗ q*, its vector part.
      auto quat = [&](size_t m) {
        return Eigen::Vector4d(sink.Column("V.Quat[0]")[m], sink.Column("V.Quat[1]")[m],
                               sink.Column("V.Quat[2]")[m], sink.Column("V.Quat[3]")[m]);
      };
      const Eigen::Vector4d qdot = (quat(n + 1) - quat(n - 1)) / (t[n + 1] - t[n - 1]);
      const Eigen::Vector4d q = quat(n);
      const Eigen::Vector4d conj(q[0], -q[1], -q[2], -q[3]);
      const Eigen::Vector4d omega = 2.0 * rigid_body::QuatMultiply(qdot, conj);
      for (int i = 0; i < 3; ++i)
        CHECK(sink.Column(fmt::format("V.AngVel[{}]", i))[n] ==
              doctest::Approx(omega[1 + i]).scale(1).epsilon(1e-8));
    }
  }
}

TEST_CASE("Body/RAOVessel without an Environment/Ocean is a load error naming the provider") {
  const std::string xml = ScenarioXml(fmt::format(
      R"(<Lib LibName="base" SimObject="Body/RAOVessel" Name="V" RAOFile="{}"/>)", RaoFile()));
  const std::string e = AssemblyErrors(xml);
  CHECK(Contains(e, "test.xml:2: error:"));
  CHECK(Contains(e, "Environment/Ocean"));
  CHECK(Contains(
      AssemblyErrors(ScenarioXml(
          R"(<Lib LibName="base" SimObject="Body/RAOVessel" Name="V" RAOFile="no.csv"/>)")),
      "test.xml:2: error: V (Body/RAOVessel): cannot open RAO file 'no.csv'"));
}

}  // namespace hawser::test
