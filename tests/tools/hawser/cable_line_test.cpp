// Cable/Line through the real program: a chain-polyester-chain line settles onto the
// multi-section elastic catenary (closed form below), its Utilisation is the top segment's
// tension over the chain's MBL, and bad line types or sections exit 2 naming the file, line
// and parameter.
#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include "tests/tools/hawser/cli_support.h"
#include "tests/tools/hawser/csv_text.h"
#include "tests/tools/hawser/settled_line.h"

namespace hawser::testing {
namespace {

// MoorPy's R4 studless chain at 76 mm and polyester at 160 mm (configs/data/line_types.csv).
constexpr const char* kTypes =
    "# test line types\n"
    "Name, Diameter, VolumetricDiameter, MassPerLength, EA, MBL, Cdn, Cdt, Can\n"
    "chain76, 0.1368, 0.1368, 115.52, 4.944e8, 6.028e6, 1.333, 0.639, 1.0\n"
    "poly160, 0.12664, 0.12664, 17.382, 1.1039e8, 7.8848e6, 2.021, 0.008, 1.1\n";

std::string Scenario(const std::string& types_file, const std::string& sections) {
  return SettledLineScenario(
      {.objects =
           R"(<Lib LibName="base" SimObject="Src/Constant" Name="Anchor" Value="-620,0,-150"/>)"
           "\n"
           R"(<Lib LibName="base" SimObject="Src/Constant" Name="Fairlead" Value="0,0,-10"/>)"
           "\n",
       .line = "LineTypes=\"" + types_file + "\"\n     Sections=\"" + sections +
               "\" SeabedDepth=\"-150\"",
       .position_a = "Anchor.Out",
       .position_b = "Fairlead.Out",
       .tolerance = "1e-5",
       .file_output = "object.L1.ForceB,object.L1.Utilisation"});
}

/// A section of the continuous line: unstretched length, weight in water per length, EA, and
/// the weight in water of a point (clump weight) at its upper end [N].
struct Section {
  double length, weight, ea, point = 0.0;
};

/// Weight in water per length [N/m] of mass m [kg/m] and volumetric diameter d [m].
double WeightInWater(double m, double d) {
  return (m - 1025.0 * std::numbers::pi * d * d / 4.0) * 9.81;
}

/// The elastic catenary of sections from an anchor on a frictionless seabed, derived here: the
/// horizontal tension H is constant; the vertical tension is 0 up to the touchdown point (arc
/// length s_td from the anchor) and grows by w_i per unstretched length of section i above it.
/// Grounded: dx = (1 + H / EA) ds. Suspended, from V_s to V_e = V_s + w l over a section's
/// suspended length l (integrating dx = H (1 / EA + 1 / T) ds, dz = V (1 / EA + 1 / T) ds with
/// T = sqrt(H^2 + V^2)):
///   dx = H l / EA + (H / w) (asinh(V_e / H) - asinh(V_s / H)),
///   dz = (V_e^2 - V_s^2) / (2 w EA) + (sqrt(H^2 + V_e^2) - sqrt(H^2 + V_s^2)) / w.
/// A suspended point at a section's upper end adds its weight in water to V there.
/// Returns the span and height reached and the top's vertical tension.
Eigen::Vector3d Reach(const std::vector<Section>& sections, double h, double touchdown) {
  double x = 0.0, z = 0.0, v = 0.0, start = 0.0;
  for (const Section& s : sections) {
    const double grounded = std::clamp(touchdown - start, 0.0, s.length);
    x += grounded * (1.0 + h / s.ea);
    const double l = s.length - grounded;
    const double ve = v + s.weight * l;
    x += h * l / s.ea + h / s.weight * (std::asinh(ve / h) - std::asinh(v / h));
    z += (ve * ve - v * v) / (2.0 * s.weight * s.ea) +
         (std::hypot(h, ve) - std::hypot(h, v)) / s.weight;
    v = ve + (l > 0.0 ? s.point : 0.0);
    start += s.length;
  }
  return {x, z, v};
}

/// H, the top's V and the touchdown's arc length for the given span and height: Newton on (H, s_td)
/// with a central- difference Jacobian and step halving (H > 0, the residual decreasing), from a
/// guess.
Eigen::Vector3d SolveCatenary(const std::vector<Section>& sections, double span, double height,
                              Eigen::Vector2d u) {
  const auto residual = [&](const Eigen::Vector2d& at) {
    const Eigen::Vector3d r = Reach(sections, at[0], at[1]);
    return Eigen::Vector2d(r[0] - span, r[1] - height);
  };
  for (int it = 0; it < 100; ++it) {
    const Eigen::Vector2d f = residual(u);
    if (f.norm() < 1e-9) return {u[0], Reach(sections, u[0], u[1])[2], u[1]};
    Eigen::Matrix2d j;
    for (int k = 0; k < 2; ++k) {
      Eigen::Vector2d step = Eigen::Vector2d::Zero();
      step[k] = 1e-6 * std::max(1.0, std::abs(u[k]));
      j.col(k) = (residual(u + step) - residual(u - step)) / (2.0 * step[k]);
    }
    Eigen::Vector2d du = j.partialPivLu().solve(f);
    while (!(u[0] - du[0] > 0.0) || !(residual(u - du).norm() < f.norm())) {
      du /= 2.0;
      if (du.norm() < 1e-14 * u.norm()) break;
    }
    u -= du;
  }
  FAIL("the closed form did not converge");
  return {};
}

TEST_CASE("Cable/Line: a settled chain-polyester-chain line is the multi-section catenary") {
  const std::string types = WriteTempFile("line_types_cpc.csv", kTypes);
  const std::string xml = WriteTempFile(
      "cable_line_cpc.xml",
      Scenario("line_types_cpc.csv", "chain76 250 25; poly160 300 30; chain76 100 10"));
  const std::string out = WriteTempFile("cable_line_cpc.csv", "");
  const CommandResult r = RunHawser("run '" + xml + "' -o '" + out + "'");
  REQUIRE_MESSAGE(r.exit_code == 0, r.output);
  const std::vector<double> row = ParseCsv(ReadFile(out)).rows.back();
  REQUIRE(row.size() == 5);  // Time, ForceB x, y, z, Utilisation.
  const double w_chain = WeightInWater(115.52, 0.1368), w_poly = WeightInWater(17.382, 0.12664);
  const std::vector<Section> sections = {
      {250.0, w_chain, 4.944e8}, {300.0, w_poly, 1.1039e8}, {100.0, w_chain, 4.944e8}};
  const Eigen::Vector3d hv = SolveCatenary(sections, 620.0, 140.0, {1e5, 100.0});
  // The closed form's touchdown lies in the lower chain (checked by the solution: V at the
  // top is below the whole line's weight), so one section is partly grounded.
  CHECK(hv[1] < w_chain * 350.0 + w_poly * 300.0);
  MESSAGE("closed form H ", hv[0], " N, V ", hv[1], " N; settled ", -row[1], ", ", -row[3]);
  // 0.1 %: the lumped line's discretisation error at 65 segments (O(1/N^2); 0.08 % in H at
  // this N, 0.03 % at 130) and the seabed's resting penetration (3 mm of 140 m).
  CHECK(-row[1] == doctest::Approx(hv[0]).epsilon(1e-3));
  CHECK(-row[3] == doctest::Approx(hv[1]).epsilon(1e-3));
  const double top = std::hypot(hv[0], hv[1]);
  // The largest segment tension is the top chain segment's, at its middle: below the end's
  // tension by up to the weight of half a 10 m segment (its share at the end node).
  CHECK(row[4] * 6.028e6 <= top * 1.001);
  CHECK(row[4] * 6.028e6 >= top - w_chain * 5.0 - 1e-3 * top);
  std::remove(types.c_str());
  std::remove(xml.c_str());
  std::remove(out.c_str());
}

TEST_CASE("Cable/Line: a clump weight at a section boundary moves the catenary as derived") {
  // 5 t of 0.5 m^3 (Cd A 2 m^2, Ca 1) between the polyester and the upper chain.
  const std::string types = WriteTempFile("line_types_clump.csv", kTypes);
  std::string scenario =
      Scenario("line_types_clump.csv", "chain76 250 25; poly160 300 30; chain76 100 10");
  const std::string seabed = "SeabedDepth=\"-150\"";
  scenario.replace(scenario.find(seabed), seabed.size(), seabed + " Points=\"2 5000 0.5 2 1\"");
  const std::string xml = WriteTempFile("cable_line_clump.xml", scenario);
  const std::string out = WriteTempFile("cable_line_clump.csv", "");
  const CommandResult r = RunHawser("run '" + xml + "' -o '" + out + "'");
  REQUIRE_MESSAGE(r.exit_code == 0, r.output);
  const std::vector<double> row = ParseCsv(ReadFile(out)).rows.back();
  REQUIRE(row.size() == 5);
  const double w_chain = WeightInWater(115.52, 0.1368), w_poly = WeightInWater(17.382, 0.12664);
  const double clump = (5000.0 - 1025.0 * 0.5) * 9.81;
  const std::vector<Section> sections = {
      {250.0, w_chain, 4.944e8}, {300.0, w_poly, 1.1039e8, clump}, {100.0, w_chain, 4.944e8}};
  const Eigen::Vector3d hv = SolveCatenary(sections, 620.0, 140.0, {1e5, 100.0});
  MESSAGE("closed form H ", hv[0], " N, V ", hv[1], " N; settled ", -row[1], ", ", -row[3]);
  CHECK(hv[2] < 250.0);  // The touchdown in the lower chain: the clump hangs.
  CHECK(hv[0] > 1.5e5);  // Far from the line without it (H = 123 kN): the clump matters.
  // 0.1 %: as for the line without the clump.
  CHECK(-row[1] == doctest::Approx(hv[0]).epsilon(1e-3));
  CHECK(-row[3] == doctest::Approx(hv[1]).epsilon(1e-3));
  std::remove(types.c_str());
  std::remove(xml.c_str());
  std::remove(out.c_str());
}

struct BadLine {
  std::string name, types, sections;
  std::string where;                   ///< "types" (the CSV's line 3) or "xml" (the Lib element).
  std::vector<std::string> fragments;  ///< Must all appear in the message.
};

TEST_CASE("Cable/Line: bad line types and sections exit 2 with file:line and the parameter") {
  const std::string good = kTypes;
  const auto with_row = [](const std::string& row) {
    return std::string("# bad\nName, Diameter, MassPerLength, EA, MBL\n") + row + "\n";
  };
  const std::vector<BadLine> cases = {
      {"unknown type",
       good,
       "chain76 250 25; wire 300 30",
       "xml",
       {"Sections: section 2", "unknown line type 'wire'"}},
      {"negative length",
       good,
       "chain76 -250 25; poly160 300 30",
       "xml",
       {"Sections: section 1 length = -250", "expected a length > 0"}},
      {"missing length",
       good,
       "chain76 25; poly160 300 30",
       "xml",
       {"Sections: section 1", "expected TYPE LENGTH SEGMENTS"}},
      {"missing type",
       good,
       "250 25; poly160 300 30",
       "xml",
       {"Sections: section 1", "expected TYPE LENGTH SEGMENTS"}},
      {"zero MBL",
       with_row("chain, 0.1, 100, 5e8, 0"),
       "chain 300 30",
       "types",
       {"column 5 (MBL) = 0", "expected a value > 0"}},
      {"negative mass",
       with_row("chain, 0.1, -100, 5e8, 6e6"),
       "chain 300 30",
       "types",
       {"column 3 (MassPerLength) = -100", "expected a value > 0"}},
      {"missing cell",
       with_row("chain, 0.1, 100, 5e8"),
       "chain 300 30",
       "types",
       {"row has 4 cell(s); expected 5"}},
  };
  for (const BadLine& c : cases) {
    CAPTURE(c.name);
    const std::string types = WriteTempFile("line_types_bad.csv", c.types);
    const std::string xml =
        WriteTempFile("cable_line_bad.xml", Scenario("line_types_bad.csv", c.sections));
    const CommandResult r = RunHawser("validate '" + xml + "'");
    CHECK(r.exit_code == 2);
    // The line of the Sections attribute, counted here; a line type's row is line 3 of the CSV
    // (after a comment and the header).
    const std::string text = ReadFile(xml);
    const auto sections_line =
        1 + std::count(text.begin(), text.begin() + text.find("Sections="), '\n');
    const std::string at = c.where == "xml"
                               ? xml + ":" + std::to_string(sections_line) + ": error: "
                               : types + ":3: error: ";
    CHECK_MESSAGE(r.output.find(at) != std::string::npos, r.output);
    for (const std::string& f : c.fragments) {
      CHECK_MESSAGE(r.output.find(f) != std::string::npos, "missing '", f, "' in ", r.output);
    }
    std::remove(types.c_str());
    std::remove(xml.c_str());
  }
}

}  // namespace
}  // namespace hawser::testing
