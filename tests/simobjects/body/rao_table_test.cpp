// The RAO table (simobjects/body/rao_table.h): reading the documented CSV, its units and
// errors, and the documented interpolation (complex-linear in frequency and heading, periodic
// heading, held frequency ends), each against values worked out by hand from the rows.
#include "simobjects/body/rao_table.h"

#include <doctest/doctest.h>

#include <cmath>
#include <complex>
#include <numbers>
#include <string>

#include "hawser/common_declarations.h"
#include "tests/simobjects/scenario_test_util.h"
#include "tests/simobjects/temp_files.h"

namespace hawser::test {
namespace {

const SourceLocation kWhere{"scenario.xml", 4};

/// One row with surge = amplitude at phase (others 0 except heave = 1 at 0 deg).
std::string Row(double frequency, double heading, double amplitude, double phase) {
  return std::to_string(frequency) + ", " + std::to_string(heading) + ", " +
         std::to_string(amplitude) + ", " + std::to_string(phase) +
         ", 0, 0, 1, 0, 0, 0, 0, 0, 0, 0\n";
}

std::string ReadError(const std::string& name, const std::string& text) {
  try {
    RaoTable::Read(WriteTempFile(name, text), RaoFrequencyUnit::kRadPerSecond, kWhere);
  } catch (const ScenarioError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("RAO table: a file read in rad/s, Hz or periods gives the rows' complex values") {
  // Rows in any order, a header and a comment; the value is |RAO| e^{i phase}.
  const std::string text = "# a comment\nfrequency,heading,...\n" + Row(1.0, 90, 3, 10) +
                           Row(0.5, 0, 1, 20) + Row(0.5, 90, 2, -30) + Row(1.0, 0, 4, 350);
  const RaoTable t =
      RaoTable::Read(WriteTempFile("rao_ok.csv", text), RaoFrequencyUnit::kRadPerSecond, kWhere);
  CHECK(t.frequencies() == std::vector<double>{0.5, 1.0});
  CHECK(t.headings() == std::vector<double>{0.0, 90.0});
  // Exact: the rows themselves (std::to_string keeps 6 decimals, exact for these values).
  CHECK(std::abs(t.At(0.5, 90)[0] - std::polar(2.0, -30 * kDegree)) < 1e-15);
  CHECK(std::abs(t.At(1.0, 0)[0] - std::polar(4.0, 350 * kDegree)) < 1e-15);
  CHECK(std::abs(t.At(1.0, 0)[2] - 1.0) < 1e-15);

  // Hz: f = 0.5 Hz is omega = pi; a period of 4 s is omega = pi / 2.
  const RaoTable hz = RaoTable::Read(WriteTempFile("rao_hz.csv", Row(0.5, 0, 1, 0)),
                                     RaoFrequencyUnit::kHertz, kWhere);
  CHECK(hz.frequencies()[0] == doctest::Approx(std::numbers::pi).epsilon(1e-15));
  const RaoTable period = RaoTable::Read(WriteTempFile("rao_period.csv", Row(4.0, 0, 1, 0)),
                                         RaoFrequencyUnit::kPeriodSeconds, kWhere);
  CHECK(period.frequencies()[0] == doctest::Approx(std::numbers::pi / 2).epsilon(1e-15));
}

TEST_CASE("RAO table: complex bilinear interpolation, periodic headings, held frequency ends") {
  using C = std::complex<double>;
  const RaoTable::Response zero{};
  auto response = [&](C surge) {
    RaoTable::Response r = zero;
    r[0] = surge;
    return r;
  };
  // 2 frequencies x 3 headings (0, 90, 180).
  const C v00(1, 0), v01(0, 2), v02(-3, 0), v10(5, 1), v11(0, -2), v12(1, 1);
  const RaoTable t(
      {0.5, 1.5}, {0.0, 90.0, 180.0},
      {response(v00), response(v01), response(v02), response(v10), response(v11), response(v12)});
  // Inside the grid: omega 1.0 is halfway, heading 45 is halfway: the mean of four values.
  // Rounding: a few operations on values of order 1: 1e-15.
  CHECK(std::abs(t.At(1.0, 45)[0] - (v00 + v01 + v10 + v11) / 4.0) < 1e-15);
  // Periodic heading: 270 lies between 180 and 0 + 360, halfway; -90 is 270.
  CHECK(std::abs(t.At(0.5, 270)[0] - (v02 + v00) / 2.0) < 1e-15);
  CHECK(std::abs(t.At(0.5, -90)[0] - (v02 + v00) / 2.0) < 1e-15);
  CHECK(std::abs(t.At(0.5, 720 + 90)[0] - v01) < 1e-15);
  // Frequencies outside the table hold the nearest end.
  CHECK(std::abs(t.At(0.1, 90)[0] - v01) < 1e-15);
  CHECK(std::abs(t.At(9.0, 180)[0] - v12) < 1e-15);
  // Interpolating the complex value, not amplitude and phase: 1 at 0 deg and 1 at 180 deg
  // average to 0, not to 1 at 90 deg.
  CHECK(std::abs(t.At(0.5, 90)[0] - v01) < 1e-15);
  // One heading applies at every heading.
  const RaoTable one({1.0}, {30.0}, {response(v10)});
  CHECK(std::abs(one.At(1.0, 200)[0] - v10) < 1e-15);
}

TEST_CASE("RAO table: bad rows name the CSV file and line, a gappy grid the missing row") {
  const std::string short_row = ReadError("rao_short.csv", "1, 0, 1, 0\n");
  CHECK(Contains(short_row, "rao_short.csv:1: error: RAO row has 4 values; expected 14"));
  const std::string negative = ReadError("rao_neg.csv", Row(1, 0, 1, 0) + Row(2, 0, -1, 0));
  CHECK(Contains(negative, "rao_neg.csv:2: error: RAO amplitude -1"));
  const std::string zero = ReadError("rao_zero.csv", Row(0, 0, 1, 0));
  CHECK(Contains(zero, "rao_zero.csv:1: error: RAO frequency 0 is not positive"));
  const std::string repeat = ReadError("rao_rep.csv", Row(1, 0, 1, 0) + "\n" + Row(1, 360, 1, 0));
  CHECK(Contains(repeat,
                 "rao_rep.csv:3: error: RAO row repeats frequency 1 and heading 360 deg "
                 "of line 1"));
  const std::string gap = ReadError("rao_gap.csv", Row(1, 0, 1, 0) + Row(2, 90, 1, 0));
  CHECK(Contains(gap, "scenario.xml:4: error: RAO file '"));
  CHECK(Contains(gap, "has no row for frequency 1 rad/s at heading 90 deg"));
  CHECK(Contains(ReadError("rao_empty.csv", "# nothing\n"), "has no rows"));
  CHECK(Contains(ReadError("rao_bad.csv", Row(1, 0, 1, 0) + "1, 0, x, 0, 0, 0, 0, 0, 0, 0, 0, "
                                                            "0, 0, 0\n"),
                 "rao_bad.csv:2: error:"));
}

}  // namespace hawser::test
