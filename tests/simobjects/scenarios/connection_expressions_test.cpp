// Connection values use the parameters' expression engine (docs/design.md, "Scenario format"): a
// literal's elements and a reference's factors are expressions, in a whole run with the built-in
// Cable/LinearSpring.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <numbers>
#include <string>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {
namespace {

TEST_CASE("connection expressions: a point on a circle and scaled, negated forces") {
  // S1 (k = 10 N/m, L0 = 100 m) from (R cos 120 deg, R sin 120 deg, -100) to (0, 0, -100) with
  // R = 470: L = R, so ForceA = k (L - L0) (PosB - PosA) / L = 10 * 370 * (1/2, -sqrt(3)/2, 0).
  // S2 and S3 (k = 1, L0 = 0) from the origin to 0.01 * S1.ForceB and -S1.ForceB: with L0 = 0
  // a spring's ForceA is k (PosB - PosA), so they give those vectors back.
  const std::string xml =
      "<Contents><VARIABLES><Variable Name=\"R\" Value=\"470\"/></VARIABLES><OBJECTS>\n"
      R"(<Lib LibName="base" SimObject="Cable/LinearSpring" Name="S1" Stiffness="10" RelaxedLength="100"/>
<Lib LibName="base" SimObject="Cable/LinearSpring" Name="S2" Stiffness="1" RelaxedLength="0"/>
<Lib LibName="base" SimObject="Cable/LinearSpring" Name="S3" Stiffness="1" RelaxedLength="0"/>
</OBJECTS><INTERCONNECTIONS>
<Connection S1.PosA="${R}*cos(2*pi/3), ${R}*sin(2*pi/3), -100" S1.PosB="0, 0, -100"/>
<Connection S2.PosA="0,0,0" S2.PosB="S1.ForceB*0.01"/>
<Connection S3.PosA="0,0,0" S3.PosB="-S1.ForceB"/>
</INTERCONNECTIONS><INITIALIZATION><InitialCondition/></INITIALIZATION>
<INTEGRATION><Engine Integrator="rk4" stepsize="1" TOutput="0, 1, 1"/></INTEGRATION></Contents>
)";
  const MemorySink sink = Run(xml);
  const double f = 10 * (470.0 - 100.0);
  const double s1_a[] = {f / 2, -f * std::sqrt(3.0) / 2, 0};
  for (int i = 0; i < 3; ++i) {
    CAPTURE(i);
    const std::string n = fmt::format("[{}]", i);
    // cos and sin of 2 pi / 3 round in their last bit, and L = |PosB - PosA| is computed from
    // them: 1e-12 relative (absolute 1e-9 N for the zero component) is far above that.
    CHECK(sink.Column("S1.ForceA" + n)[0] == doctest::Approx(s1_a[i]).epsilon(1e-12).scale(1));
    CHECK(sink.Column("S2.ForceA" + n)[0] ==
          doctest::Approx(-0.01 * s1_a[i]).epsilon(1e-12).scale(1));
    CHECK(sink.Column("S3.ForceA" + n)[0] == doctest::Approx(s1_a[i]).epsilon(1e-12).scale(1));
  }
}

TEST_CASE("connection expressions: a bad element is a load error naming it and its line") {
  const std::string xml = ScenarioXml(
      R"(<Lib LibName="base" SimObject="Cable/LinearSpring" Name="S" Stiffness="1" RelaxedLength="1"/>)",
      "\n<Connection S.PosA=\"0,0,0\" S.PosB=\"1, 2*, 3\"/>");
  // The <Connection> is on line 4: <OBJECTS> on line 1, the <Lib> on 2, </OBJECTS> on 3.
  CHECK(Contains(AssemblyErrors(xml),
                 "test.xml:4: error: S.PosB: connection value '1, 2*, 3': element 2 '2*' "
                 "is not a number"));
}

TEST_CASE("connection expressions: a sum inside a vector element needs parentheses") {
  auto xml = [](const std::string& pos_b) {
    return ScenarioXml(
        R"(<Lib LibName="base" SimObject="Cable/LinearSpring" Name="S" Stiffness="1" RelaxedLength="1"/>)",
        "\n<Connection S.PosA=\"0,0,0\" S.PosB=\"" + pos_b + "\"/>");
  };
  // "0,0,5-1" is the sum of (0,0,5) and -1: terms of widths 3 and 1.
  CHECK(Contains(AssemblyErrors(xml("0,0,5-1")),
                 "test.xml:4: error: width mismatch: input S.PosB has width 3, but the term '1' "
                 "of '0,0,5-1' has 1 number(s); expected 3 comma-separated numbers ('+' and '-' "
                 "outside parentheses separate terms: write a sum inside an element as (a-b))"));
  CHECK(AssemblyErrors(xml("0,0,(5-1)")).empty());
}

}  // namespace
}  // namespace hawser::test
