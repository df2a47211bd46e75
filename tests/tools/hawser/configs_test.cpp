// Every example in configs/ runs with the installed program, and the numbers in its output are
// checked: against closed forms where one exists, by a conservation law, or at least for shape
// and finiteness.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <sstream>
#include <vector>

#include "tests/tools/hawser/cli_support.h"
#include "tests/tools/hawser/csv_text.h"

namespace hawser::testing {
namespace {

const std::string kConfigs = HAWSER_SOURCE_DIR "/configs";

Csv RunConfig(const std::string& file) {
  const std::string out = WriteTempFile(std::filesystem::path(file).stem().string() + ".csv", "");
  const CommandResult r = RunHawser(fmt::format("run -q '{}' -o '{}'", file, out), kConfigs);
  INFO(file, ": ", r.output);
  REQUIRE(r.exit_code == 0);
  return ParseCsv(ReadFile(out));
}

TEST_CASE("every config runs, and writes a CSV of finite numbers with a Time column") {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kConfigs)) {
    if (entry.path().extension() != ".xml") continue;
    CAPTURE(entry.path().string());
    const Csv csv = RunConfig(entry.path().string());
    REQUIRE(!csv.header.empty());
    CHECK(csv.header[0] == "Time");
    CHECK(csv.rows.size() >= 2);
    for (const auto& row : csv.rows) {
      REQUIRE(row.size() == csv.header.size());
      for (double v : row) CHECK(std::isfinite(v));
    }
    ++count;
  }
  CHECK(count >= 5);
}

TEST_CASE("configs/fhsim_linear_spring.xml: FhSim's published example values") {
  const Csv csv = RunConfig(kConfigs + "/fhsim_linear_spring.xml");
  REQUIRE(csv.rows.size() == 31);
  for (double f : csv.Column("M.ForceA[2]")) CHECK(f == -50.0);
  for (double f : csv.Column("M.ForceB[2]")) CHECK(f == 50.0);
  CHECK(csv.Column("Time").back() == 30.0);
}

TEST_CASE("configs/mass_on_spring.xml follows z_eq + 0.5 cos(5 t)") {
  const Csv csv = RunConfig(kConfigs + "/mass_on_spring.xml");
  const auto t = csv.Column("Time");
  const auto z = csv.Column("Ball.Pos[2]");
  for (size_t i = 0; i < t.size(); ++i) {
    // The config's tolerances are 1e-9: the global error over 10 s stays below 1e-5 m
    // (2e-5 of the 0.5 m amplitude).
    CHECK(z[i] ==
          doctest::Approx(-1.3924 + 0.5 * std::cos(5.0 * t[i])).scale(0).epsilon(1e-5 / 1.4));
  }
}

TEST_CASE("configs/linear_system_oscillator.xml follows the damped step response") {
  const Csv csv = RunConfig(kConfigs + "/linear_system_oscillator.xml");
  const auto t = csv.Column("Time");
  const auto x = csv.Column("Osc.Out");
  const double w = 2, zeta = 0.1, wd = w * std::sqrt(1 - zeta * zeta);
  for (size_t i = 0; i < t.size(); ++i) {
    const double exact = 1 - std::exp(-zeta * w * t[i]) *
                                 (std::cos(wd * t[i]) + zeta * w / wd * std::sin(wd * t[i]));
    CHECK(std::abs(x[i] - exact) < 1e-7);  // Tolerances 1e-10 in the config; 1e-7 leaves margin.
  }
}

TEST_CASE("configs/spring_chain.xml conserves kinetic + gravitational + elastic energy") {
  const Csv csv = RunConfig(kConfigs + "/spring_chain.xml");
  std::vector<double> total(csv.rows.size(), 0.0);
  for (int i = 1; i <= 5; ++i) {
    for (const std::string& name :
         {fmt::format("N{}.KineticEnergy", i), fmt::format("N{}.PotentialEnergy", i),
          fmt::format("S{}.PotentialEnergy", i)}) {
      const auto c = csv.Column(name);
      for (size_t r = 0; r < c.size(); ++r) total[r] += c[r];
    }
  }
  // No damping: energy is conserved; with tolerances 1e-8 the drift stays below 1e-6 of the
  // energy exchanged (the chain drops ~3 m, releasing ~ 2.5 kg * 9.81 m/s2 * 3 m ~ 70 J).
  for (double e : total) CHECK(std::abs(e - total[0]) < 70 * 1e-5);
}

TEST_CASE("configs/fhsim_signal_blocks.xml: clock, switched sine and linear mapping") {
  const Csv csv = RunConfig(kConfigs + "/fhsim_signal_blocks.xml");
  const auto t = csv.Column("Time");
  const auto clock = csv.Column("Clock.SimTime");
  const auto wave = csv.Column("Wave.Out");
  const auto map0 = csv.Column("Map.Out[0]");
  for (size_t i = 0; i < t.size(); ++i) {
    CHECK(clock[i] == t[i]);
    // Bias 0.5, amplitude 2, period 4 s, switched on at t = 1 s.
    const double expected = t[i] < 1 ? 0.5 : 0.5 + 2 * std::sin(2 * M_PI * t[i] / 4);
    CHECK(wave[i] == doctest::Approx(expected).epsilon(1e-12));
    CHECK(map0[i] == clock[i]);  // Row 1 of Cu picks the clock.
  }
  CHECK(t.back() == 8.0);
  CHECK(t.size() == 161);  // 0:0.05:Inf up to 8 s.
}

}  // namespace
}  // namespace hawser::testing

namespace hawser::testing {
namespace {

TEST_CASE("configs/cable_catenary_mooring.xml: auto picks KLU, the summary and .h5 say so") {
  // 99 free nodes x 6 + DissipatedEnergy = 595 states; each node row reads its own node and its
  // two neighbours, so the pattern fills about 3 % of the matrix and auto takes the sparse path.
  const std::string out = WriteTempFile("mooring_solver.h5", "");
  const CommandResult r = RunHawser(
      fmt::format("run '{}/cable_catenary_mooring.xml' -o '{}'", kConfigs, out), kConfigs);
  REQUIRE_MESSAGE(r.exit_code == 0, r.output);
  CHECK_MESSAGE(r.output.find("(linear solver: sparse, ") != std::string::npos, r.output);
  // A line's condensed Newton matrix is block tridiagonal: factored as a band.
  CHECK_MESSAGE(r.output.find("factored as a band of half-bandwidths 5 and 5") != std::string::npos,
                r.output);
  const CommandResult attr = RunCommand("/usr/bin/python3 -c \"import h5py; print(h5py.File('" +
                                        out + "').attrs['linear_solver_used'])\"");
  CHECK_MESSAGE(attr.output.starts_with("sparse, "), attr.output);
}

}  // namespace
}  // namespace hawser::testing
