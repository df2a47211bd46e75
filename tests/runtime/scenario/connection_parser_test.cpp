#include "runtime/scenario/connection_parser.h"

#include <doctest/doctest.h>

#include <cmath>
#include <string>

namespace hawser {
namespace {

const SourceLocation kLoc{"s.xml", 4};

std::string ErrorOf(const std::string& text) {
  try {
    ParseConnectionTerms(text, kLoc);
  } catch (const ScenarioError& e) {
    CHECK(e.location().line == kLoc.line);
    return e.message();
  }
  return "";
}

TEST_CASE("a plain port reference") {
  auto terms = ParseConnectionTerms("M.PosB", kLoc);
  REQUIRE(terms.size() == 1);
  CHECK(terms[0].is_reference());
  CHECK(terms[0].object == "M");
  CHECK(terms[0].port == "PosB");
  CHECK(terms[0].factor == 1.0);
  CHECK_FALSE(terms[0].slice_begin.has_value());
  CHECK_FALSE(terms[0].slice_end.has_value());
}

TEST_CASE("literals, with FhSim's spaces and signs after commas") {
  auto a = ParseConnectionTerms("0,0,5", kLoc);
  REQUIRE(a.size() == 1);
  CHECK_FALSE(a[0].is_reference());
  CHECK(a[0].literal == std::vector<double>{0, 0, 5});
  auto b = ParseConnectionTerms(" 0, 0, -10 ", kLoc);
  REQUIRE(b.size() == 1);
  CHECK(b[0].literal == std::vector<double>{0, 0, -10});
  auto c = ParseConnectionTerms("1e-3", kLoc);
  REQUIRE(c.size() == 1);
  CHECK(c[0].literal == std::vector<double>{1e-3});
  CHECK(c[0].factor == 1.0);
}

TEST_CASE("a sum of references and a subtracted literal") {
  auto t = ParseConnectionTerms("S1.ForceB + S2.ForceA - 0,0,100", kLoc);
  REQUIRE(t.size() == 3);
  CHECK(t[0].object == "S1");
  CHECK(t[0].port == "ForceB");
  CHECK(t[0].factor == 1.0);
  CHECK(t[1].object == "S2");
  CHECK(t[1].port == "ForceA");
  CHECK(t[1].factor == 1.0);
  // "- 0,0,100": the minus is the term's sign, so the literal is (0,0,100) with factor -1.
  CHECK_FALSE(t[2].is_reference());
  CHECK(t[2].literal == std::vector<double>{0, 0, 100});
  CHECK(t[2].factor == -1.0);
}

TEST_CASE("factors, elements and slices") {
  auto a = ParseConnectionTerms("-1*B.Out[1]", kLoc);
  REQUIRE(a.size() == 1);
  CHECK(a[0].factor == -1.0);
  CHECK(a[0].object == "B");
  CHECK(a[0].port == "Out");
  CHECK(a[0].slice_begin == 1);
  CHECK(a[0].slice_end == 2);  // One element: [1, 1+1).

  auto b = ParseConnectionTerms("2*B.Out[0:3] + 0.5 * C.In", kLoc);
  REQUIRE(b.size() == 2);
  CHECK(b[0].factor == 2.0);
  CHECK(b[0].slice_begin == 0);
  CHECK(b[0].slice_end == 3);
  CHECK(b[1].factor == 0.5);
  CHECK(b[1].object == "C");

  auto c = ParseConnectionTerms("- A.F - 2*B.G [ 2 : 4 ]", kLoc);
  REQUIRE(c.size() == 2);
  CHECK(c[0].factor == -1.0);
  CHECK(c[1].factor == -2.0);
  CHECK(c[1].slice_begin == 2);
  CHECK(c[1].slice_end == 4);

  // Each element of a literal is an expression, as in a parameter: "3*1,2" is (3*1, 2).
  auto d = ParseConnectionTerms("3*1,2", kLoc);
  REQUIRE(d.size() == 1);
  CHECK(d[0].factor == 1.0);
  CHECK(d[0].literal == std::vector<double>{3, 2});
}

TEST_CASE("syntax errors quote the text and the 1-based position") {
  CHECK(ErrorOf("").find("connection value is empty") != std::string::npos);
  CHECK(ErrorOf("  ").find("connection value is empty") != std::string::npos);
  // "A.F +" has 5 characters: the missing term is at position 6, one past the end.
  CHECK(ErrorOf("A.F +").find("connection value 'A.F +': unexpected end of value at position 6") !=
        std::string::npos);
  // "A.F 0": the '0' is the 5th character.
  CHECK(ErrorOf("A.F 0").find("unexpected '0' at position 5; expected '+', '-' or the end") !=
        std::string::npos);
  // "0,0,x": 'x' is the 5th character and the third element; muparser says why.
  CHECK(ErrorOf("0,0,x") ==
        "connection value '0,0,x': element 3 'x' is not a port reference or a number at "
        "position 5; expected a port reference Obj.Port such as B.Out, or a number or an "
        "expression such as 2*pi or 10*cos(pi/3)");
  CHECK(ErrorOf("0,0,(1") ==
        "connection value '0,0,(1': element 3 '(1' is not a number "
        "(missing parenthesis) at position 5; expected a number or an "
        "expression such as 2*pi or 10*cos(pi/3)");
  // "0,0,1+": the '+' after 1 separates terms, and no term follows it.
  CHECK(ErrorOf("0,0,1+") ==
        "connection value '0,0,1+': unexpected end of value at position 7; "
        "expected a port reference such as B.Out or numbers such as "
        "0,0,-10");
  CHECK(ErrorOf("A.B.C").find("'A.B' has a second '.'") != std::string::npos);
  CHECK(ErrorOf("B + A.F").find("'B' is not a port reference or a number at position 1") !=
        std::string::npos);
  CHECK(ErrorOf("A.F[3:1]").find("empty slice [3:1]") != std::string::npos);
  CHECK(ErrorOf("A.F[1").find("expected ']'") != std::string::npos);
  CHECK(ErrorOf("A.F ^ 2").find("unexpected '^' at position 5") != std::string::npos);
  CHECK(ErrorOf("2B.Out") ==
        "connection value '2B.Out': '2' before B.Out is not followed by "
        "'*' at position 2; expected a factor and '*' before a port "
        "reference, as in 2*B.Out");
  CHECK(ErrorOf("A.F*B.G").find("a second port reference 'B.G' in one term at position 5") !=
        std::string::npos);
  CHECK(ErrorOf("2*(A.F)").find("port reference 'A.F' inside parentheses at position 4") !=
        std::string::npos);
  CHECK(ErrorOf("A.F*foo(2)").find("factor 'foo(2)' is not a number") != std::string::npos);
  CHECK(ErrorOf("A.F + 1,,2").find("element 2 is empty at position 9") != std::string::npos);
}

TEST_CASE("IsIdentifier") {
  CHECK(IsIdentifier("M"));
  CHECK(IsIdentifier("_cable2"));
  CHECK_FALSE(IsIdentifier(""));
  CHECK_FALSE(IsIdentifier("2M"));
  CHECK_FALSE(IsIdentifier("M 1"));
  CHECK_FALSE(IsIdentifier("A.B"));
}

TEST_CASE("a leading minus belongs to the first number of a literal, not to the whole vector") {
  // Regression: "-0.2,0.6,0.1" was read as -(0.2,0.6,0.1).
  auto a = ParseConnectionTerms("-0.2,0.6,0.1", kLoc);
  REQUIRE(a.size() == 1);
  CHECK(a[0].factor == 1.0);
  CHECK(a[0].literal == std::vector<double>{-0.2, 0.6, 0.1});
  // Between terms the sign applies to the whole next term.
  auto b = ParseConnectionTerms("-1,2 - 3,4", kLoc);
  REQUIRE(b.size() == 2);
  CHECK(b[0].literal == std::vector<double>{-1, 2});
  CHECK(b[0].factor == 1.0);
  CHECK(b[1].literal == std::vector<double>{3, 4});
  CHECK(b[1].factor == -1.0);
  // Parentheses keep a sum inside one element: (-1, 2-3, 4).
  auto v = ParseConnectionTerms("-1,(2 - 3),4", kLoc);
  REQUIRE(v.size() == 1);
  CHECK(v[0].literal == std::vector<double>{-1, -1, 4});
  // A leading minus before a factor makes the factor negative.
  auto c = ParseConnectionTerms("-2*B.Out", kLoc);
  CHECK(c[0].factor == -2.0);
}

// Literal elements and factors are read by the parameters' expression engine (a connection value is
// written like a parameter's: docs/design.md, "Scenario format"). The expected values are the
// closed forms, computed here in C++; tolerances are stated per check.
TEST_CASE("connection expressions: elements and factors as in parameters") {
  // The README's example after ${R} = 470 is expanded: a point on a circle of radius 470.
  auto a = ParseConnectionTerms("470*cos(2*pi/3), 470*sin(2*pi/3), -100", kLoc);
  REQUIRE(a.size() == 1);
  REQUIRE(a[0].literal.size() == 3);
  // muparser and libm may round cos/sin differently in the last bit: 1e-12 relative.
  CHECK(a[0].literal[0] == doctest::Approx(-235.0).epsilon(1e-12));
  CHECK(a[0].literal[1] == doctest::Approx(470.0 * std::sqrt(3.0) / 2).epsilon(1e-12));
  CHECK(a[0].literal[2] == -100.0);

  // A factor after the reference, as muparser reads "x*2" and "x/4*2" from the left.
  auto b = ParseConnectionTerms("Spring.ForceB*2", kLoc);
  REQUIRE(b.size() == 1);
  CHECK(b[0].object == "Spring");
  CHECK(b[0].port == "ForceB");
  CHECK(b[0].factor == 2.0);
  CHECK(ParseConnectionTerms("Spring.ForceB / 4*2", kLoc)[0].factor == 0.5);
  CHECK(ParseConnectionTerms("2*Spring.ForceB", kLoc)[0].factor == 2.0);
  CHECK(ParseConnectionTerms("-Spring.ForceB", kLoc)[0].factor == -1.0);
  // Both sides multiply, and expressions may be factors: 2 * 3 * (1+1) = 12.
  CHECK(ParseConnectionTerms("2*3*B.Out[1]*(1+1)", kLoc)[0].factor == 12.0);
  // A variable that expands to a negative number: "A.F - -5" adds 5.
  auto c = ParseConnectionTerms("A.F - -5", kLoc);
  REQUIRE(c.size() == 2);
  CHECK(c[1].literal == std::vector<double>{-5});
  CHECK(c[1].factor == -1.0);
  // An exponent's sign is not a term separator; a scalar sum keeps its arithmetic: A.F - 1 + 2.
  auto d = ParseConnectionTerms("1e-3*A.F - 1 + 2", kLoc);
  REQUIRE(d.size() == 3);
  CHECK(d[0].factor == 1e-3);
  CHECK(d[1].literal == std::vector<double>{1});
  CHECK(d[1].factor == -1.0);
  CHECK(d[2].literal == std::vector<double>{2});
  CHECK(d[2].factor == 1.0);
  // Inside parentheses '+' and '-' are the element's: (0, 0, 3-1) with the term's sign +.
  auto e = ParseConnectionTerms("A.F + 0, 0, (3-1)", kLoc);
  REQUIRE(e.size() == 2);
  CHECK(e[1].literal == std::vector<double>{0, 0, 2});
  // Functions with several arguments keep their commas.
  CHECK(ParseConnectionTerms("min(1,2), max(3,4)", kLoc)[0].literal == std::vector<double>{1, 4});
}

}  // namespace
}  // namespace hawser
