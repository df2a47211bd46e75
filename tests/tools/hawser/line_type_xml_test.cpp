// Line types as XML through the real program: the scenario's <LINETYPES> section and the shared
// file its File attribute includes give the same line as the CSV file; a line type's EI applies
// per section (the bending energy of a known bend against its hand-computed value); bad XML line
// types exit 2 naming the file, line and attribute.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "tests/tools/hawser/cli_support.h"
#include "tests/tools/hawser/csv_text.h"
#include "tests/tools/hawser/settled_line.h"

namespace hawser::testing {
namespace {

// The two types of configs/data/line_types.csv, as CSV and as XML.
constexpr const char* kCsv =
    "Name, Diameter, VolumetricDiameter, MassPerLength, EA, MBL, Cdn, Cdt, Can\n"
    "chain76, 0.1368, 0.1368, 115.52, 4.944e8, 6.028e6, 1.333, 0.639, 1.0\n"
    "poly160, 0.12664, 0.12664, 17.382, 1.1039e8, 7.8848e6, 2.021, 0.008, 1.1\n";
constexpr const char* kChainXml =
    "<LineTypes>\n"
    "  <!-- R4 studless chain, 76 mm -->\n"
    "  <LineType Name=\"chain76\" Diameter=\"0.1368\" VolumetricDiameter=\"0.1368\"\n"
    "            MassPerLength=\"115.52\" EA=\"4.944e8\" MBL=\"6.028e6\" Cdn=\"1.333\"\n"
    "            Cdt=\"0.639\" Can=\"1.0\"/>\n"
    "</LineTypes>\n";
constexpr const char* kPolyElement =
    "<LineType Name=\"poly160\" Diameter=\"0.12664\" MassPerLength=\"17.382\" EA=\"1.1039e8\"\n"
    "          MBL=\"7.8848e6\" Cdn=\"2.021\" Can=\"1.1\"/>\n";

/// A chain-polyester-chain line; `line_types` is the <LINETYPES> section (may be empty) and
/// `attribute` the Cable/Line's LineTypes attribute (may be empty).
std::string Scenario(const std::string& line_types, const std::string& attribute) {
  return SettledLineScenario(
      {.line_types = line_types,
       .objects =
           R"(<Lib LibName="base" SimObject="Src/Constant" Name="Anchor" Value="-620,0,-150"/>)"
           "\n"
           R"(<Lib LibName="base" SimObject="Src/Constant" Name="Fairlead" Value="0,0,-10"/>)"
           "\n",
       .line = attribute + "\n     Sections=\"chain76 250 25; poly160 300 30; chain76 100 10\" "
                           "SeabedDepth=\"-150\"",
       .position_a = "Anchor.Out",
       .position_b = "Fairlead.Out",
       .tolerance = "1e-5",
       .file_output = "object.L1.ForceB,object.L1.Utilisation"});
}

/// The first or last CSV row of running `xml`.
std::vector<double> Row(const std::string& xml, const std::string& out_name, bool last = true) {
  const std::string out = WriteTempFile(out_name, "");
  const CommandResult r = RunHawser("run '" + xml + "' -o '" + out + "'");
  REQUIRE_MESSAGE(r.exit_code == 0, r.output);
  const auto rows = ParseCsv(ReadFile(out)).rows;
  REQUIRE(!rows.empty());
  std::vector<double> row = last ? rows.back() : rows.front();
  std::remove(out.c_str());
  return row;
}

TEST_CASE("Cable/Line: XML line types (included file and scenario) equal the CSV's") {
  const std::string csv = WriteTempFile("xml_types_ref.csv", kCsv);
  const std::string ref =
      WriteTempFile("xml_types_ref.xml", Scenario("", "LineTypes=\"xml_types_ref.csv\""));
  const std::string shared = WriteTempFile("xml_types_shared.xml", kChainXml);
  const std::string xml =
      WriteTempFile("xml_types_line.xml", Scenario("<LINETYPES File=\"xml_types_shared.xml\">\n" +
                                                       std::string(kPolyElement) + "</LINETYPES>\n",
                                                   ""));
  const std::vector<double> a = Row(ref, "xml_types_ref_out.csv");
  const std::vector<double> b = Row(xml, "xml_types_line_out.csv");
  REQUIRE(a.size() == 5);
  REQUIRE(b.size() == a.size());
  // The same numbers reach the same code (VolumetricDiameter defaults to Diameter and Cdt to
  // 0.008 as in the CSV row), so the results agree to the last bits; 1e-12 leaves room for
  // nothing else.
  for (size_t k = 0; k < a.size(); ++k) CHECK(b[k] == doctest::Approx(a[k]).epsilon(1e-12));
  CHECK(a[4] > 0.0);  // A real result: the line carries tension.
  for (const std::string& f : {csv, ref, shared, xml}) std::remove(f.c_str());
}

/// A line of two sections, one segment each (10 m of type a, 20 m of type b), bent by 90
/// degrees at the boundary node, every segment at its unstretched length and every node at
/// z = 0: its potential energy is the bending energy alone.
std::string BendScenario(const std::string& ei_a, const std::string& ei_b) {
  return R"(<Contents>
<LINETYPES>
<LineType Name="a" Diameter="0.1" MassPerLength="10" EA="1e8" MBL="1e6" EI=")" +
         ei_a + R"("/>
<LineType Name="b" Diameter="0.1" MassPerLength="10" EA="1e8" MBL="1e6" EI=")" +
         ei_b + R"("/>
</LINETYPES>
<OBJECTS>
<Lib LibName="base" SimObject="Src/Constant" Name="A" Value="0,0,0"/>
<Lib LibName="base" SimObject="Src/Constant" Name="B" Value="10,20,0"/>
<Lib LibName="base" SimObject="Cable/Line" Name="L" Sections="a 10 1; b 20 1"/>
</OBJECTS>
<INTERCONNECTIONS>
<Connection L.PositionA="A.Out" L.PositionB="B.Out"/>
</INTERCONNECTIONS>
<INITIALIZATION><InitialCondition L.Nodes="10,0,0,0,0,0"/></INITIALIZATION>
<INTEGRATION>
<Engine Integrator="cvode-bdf" TOutput="0, 1e-6, 1e-6" FileOutput="object.L.PotentialEnergy"/>
</INTEGRATION>
</Contents>
)";
}

TEST_CASE("Cable/Line: a line type's EI applies per section, in series at a boundary") {
  // The boundary node joins half segments of 5 m (EI_a) and 10 m (EI_b); their rotational
  // compliances add: C = EI / l0 = 2 / (l_a / EI_a + l_b / EI_b), and the bend of 90 degrees has
  // |e_1 - e_0|^2 = 2, so E = C (docs/cables-and-mooring.md, "Bending stiffness").
  struct Case {
    const char *ei_a, *ei_b;
    double energy;
  };
  for (const Case& c : {Case{"1e4", "4e4", 2.0 / (10.0 / 1e4 + 20.0 / 4e4)},
                        Case{"3e4", "3e4", 2.0 / (30.0 / 3e4)}, Case{"1e4", "0", 0.0}}) {
    CAPTURE(c.ei_a);
    CAPTURE(c.ei_b);
    const std::string xml = WriteTempFile("xml_types_bend.xml", BendScenario(c.ei_a, c.ei_b));
    const std::vector<double> row = Row(xml, "xml_types_bend.csv", false);  // At t = 0.
    REQUIRE(row.size() == 2);
    // Exact but for rounding: the segments are at their unstretched lengths, every node at z = 0.
    CHECK(row[0] == 0.0);
    CHECK(row[1] == doctest::Approx(c.energy).epsilon(1e-9));
    std::remove(xml.c_str());
  }
}

struct BadTypes {
  std::string name;
  std::string shared;   ///< The included file's text ("" for none).
  std::string section;  ///< The <LineType> elements of the scenario's <LINETYPES>.
  std::string at;       ///< "shared:LINE" or "scenario:LINE".
  std::vector<std::string> fragments;
};

TEST_CASE("Cable/Line: bad XML line types exit 2 with file:line and the attribute") {
  const std::string poly = kPolyElement;
  const std::vector<BadTypes> cases = {
      {"unknown attribute",
       "",
       poly + "<LineType Name=\"chain76\" Diameter=\"0.1\" MassPerLength=\"100\" EA=\"5e8\" "
              "MBL=\"6e6\" Stiffnes=\"1\"/>\n",
       "scenario:5",
       {"unknown attribute 'Stiffnes'"}},
      {"negative EA in the shared file",
       "<LineTypes>\n<LineType Name=\"chain76\" Diameter=\"0.1\" MassPerLength=\"100\"\n"
       "  EA=\"-5e8\" MBL=\"6e6\"/>\n</LineTypes>\n",
       poly,
       "shared:3",
       {"attribute EA = -500000000", "expected a value > 0"}},
      {"zero MBL",
       "",
       poly + "<LineType Name=\"chain76\" Diameter=\"0.1\" MassPerLength=\"100\" EA=\"5e8\" "
              "MBL=\"0\"/>\n",
       "scenario:5",
       {"attribute MBL = 0", "expected a value > 0"}},
      {"missing Diameter",
       "",
       poly + "<LineType Name=\"chain76\" MassPerLength=\"100\" EA=\"5e8\" MBL=\"6e6\"/>\n",
       "scenario:5",
       {"<LineType chain76> has no Diameter"}},
      {"defined twice",
       kChainXml,
       poly + poly,
       "scenario:5",
       {"line type 'poly160' is defined twice", "first at"}},
      {"tension table not increasing",
       "",
       poly + "<LineType Name=\"chain76\" Diameter=\"0.1\" MassPerLength=\"100\" EA=\"5e8\" "
              "MBL=\"6e6\" TensionStrain=\"0.02:2e5 0.01:3e5\"/>\n",
       "scenario:5",
       {"attribute TensionStrain", "does not increase"}},
      {"shared file not LineTypes",
       "<Types/>\n",
       poly,
       "shared:1",
       {"root element is <Types>", "expected <LineTypes>"}},
      {"shared file malformed",
       "<LineTypes>\n<LineType Name=\"x\"\n",
       poly,
       "shared:",
       {"malformed XML"}},
      {"shared file missing", "-", poly, "scenario:2", {"line type file", "xml_types_missing.xml"}},
  };
  for (const BadTypes& c : cases) {
    CAPTURE(c.name);
    std::string shared;
    std::string file_attribute;
    if (c.shared == "-") {
      file_attribute = " File=\"xml_types_missing.xml\"";
    } else if (!c.shared.empty()) {
      shared = WriteTempFile("xml_types_bad_shared.xml", c.shared);
      file_attribute = " File=\"xml_types_bad_shared.xml\"";
    }
    const std::string xml = WriteTempFile(
        "xml_types_bad.xml",
        Scenario("<LINETYPES" + file_attribute + ">\n" + c.section + "</LINETYPES>\n", ""));
    const CommandResult r = RunHawser("validate '" + xml + "'");
    CHECK(r.exit_code == 2);
    const bool in_shared = c.at.rfind("shared:", 0) == 0;
    const std::string at = (in_shared ? shared : xml) + ":" + c.at.substr(c.at.find(':') + 1);
    CHECK_MESSAGE(r.output.find(at) != std::string::npos, "missing '", at, "' in ", r.output);
    CHECK(r.output.find("error:") != std::string::npos);
    for (const std::string& f : c.fragments) {
      CHECK_MESSAGE(r.output.find(f) != std::string::npos, "missing '", f, "' in ", r.output);
    }
    std::remove(xml.c_str());
    if (!shared.empty()) std::remove(shared.c_str());
  }
}

TEST_CASE("Cable/Line: no line types at all exits 2 naming the object") {
  const std::string xml = WriteTempFile("xml_types_none.xml", Scenario("", ""));
  const CommandResult r = RunHawser("validate '" + xml + "'");
  CHECK(r.exit_code == 2);
  CHECK_MESSAGE(r.output.find(xml + ":5: error:") != std::string::npos, r.output);
  CHECK(r.output.find("has no line types") != std::string::npos);
  std::remove(xml.c_str());
}

}  // namespace
}  // namespace hawser::testing
