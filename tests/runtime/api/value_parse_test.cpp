#include "hawser/value_parse.h"

#include <doctest/doctest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <random>
#include <string>

namespace hawser {
namespace {

const SourceLocation kLoc{"s.xml", 7};

// The message of the ScenarioError that fn throws ("" if none), and checks its location.
template <class Fn>
std::string ErrorOf(Fn&& fn) {
  try {
    fn();
  } catch (const ScenarioError& e) {
    CHECK(e.location().file == kLoc.file);
    CHECK(e.location().line == kLoc.line);
    return e.message();
  }
  return "";
}

TEST_CASE("ParseNumber reads plain numbers exactly as the C++ compiler does") {
  // Both sides are correctly rounded decimal conversions, so equality is exact.
  CHECK(ParseNumber("0.1", kLoc, "x") == 0.1);
  CHECK(ParseNumber("1.5e3", kLoc, "x") == 1500.0);
  CHECK(ParseNumber("  10 ", kLoc, "x") == 10.0);
  CHECK(ParseNumber("-2.5E-3", kLoc, "x") == -2.5e-3);
  CHECK(ParseNumber("0.00000001", kLoc, "x") == 1e-8);
  CHECK(ParseNumber(".5", kLoc, "x") == 0.5);
}

TEST_CASE("ParseNumber evaluates expressions with muparser") {
  // Multiplying by 2 and dividing 10 by 4 are exact in binary floating point; sqrt is correctly
  // rounded by IEEE 754, so these compare exactly too.
  CHECK(ParseNumber("2*pi", kLoc, "x") == 2 * std::numbers::pi);
  CHECK(ParseNumber("sqrt(2)", kLoc, "x") == std::sqrt(2.0));
  CHECK(ParseNumber("10/4", kLoc, "x") == 2.5);
  CHECK(ParseNumber(" (1+2)*3 ", kLoc, "x") == 9.0);
}

TEST_CASE("ParseNumber rejects text that is not a single finite number") {
  CHECK(ErrorOf([] {
          ParseNumber("abc", kLoc, "parameter 'Stiffness' of M");
        }).find("parameter 'Stiffness' of M: 'abc' is not a number") != std::string::npos);
  CHECK(ErrorOf([] {
          ParseNumber("abc", kLoc, "x");
        }).find("expected e.g. 10, 1.5e3 or an expression such as 2*pi") != std::string::npos);
  CHECK(ErrorOf([] { ParseNumber("", kLoc, "x"); }).find("is empty") != std::string::npos);
  CHECK(ErrorOf([] { ParseNumber("1,2", kLoc, "x"); }).find("several") != std::string::npos);
  CHECK(ErrorOf([] { ParseNumber("1/0", kLoc, "x"); }).find("evaluates to inf") !=
        std::string::npos);
  CHECK(ErrorOf([] { ParseNumber("nan", kLoc, "x"); }).find("is not a number") !=
        std::string::npos);
  CHECK(ErrorOf([] { ParseNumber("1e999", kLoc, "x"); }).find("out of range") != std::string::npos);
}

TEST_CASE("ParseInteger accepts whole numbers only") {
  CHECK(ParseInteger(" 3 ", kLoc, "x") == 3);
  CHECK(ParseInteger("-4", kLoc, "x") == -4);
  CHECK(ParseInteger("2*3", kLoc, "x") == 6);
  CHECK(ErrorOf([] {
          ParseInteger("2.5", kLoc, "NumCores");
        }).find("NumCores: '2.5' is not an integer; expected a whole number") != std::string::npos);
  CHECK(ErrorOf([] { ParseInteger("two", kLoc, "x"); }).find("is not an integer") !=
        std::string::npos);
}

TEST_CASE("ParseBool accepts true/false/1/0 in any case") {
  CHECK(ParseBool("true", kLoc, "x"));
  CHECK(ParseBool(" TRUE ", kLoc, "x"));
  CHECK(ParseBool("1", kLoc, "x"));
  CHECK_FALSE(ParseBool("False", kLoc, "x"));
  CHECK_FALSE(ParseBool("0 ", kLoc, "x"));
  CHECK(ErrorOf([] {
          ParseBool("yes", kLoc, "LogStates");
        }).find("LogStates: 'yes' is not a bool; expected true, false, 1 or 0") !=
        std::string::npos);
}

TEST_CASE("ParseVector splits at commas outside parentheses") {
  CHECK(ParseVector("0, 0, -10", kLoc, "x") == std::vector<double>{0, 0, -10});
  CHECK(ParseVector("5", kLoc, "x") == std::vector<double>{5});
  // muparser's min takes two arguments separated by a comma: that comma does not split.
  CHECK(ParseVector("min(1,2), 3", kLoc, "x") == std::vector<double>{1, 3});
  CHECK(ParseVector("2*pi,0", kLoc, "x") == std::vector<double>{2 * std::numbers::pi, 0});
  CHECK(ErrorOf([] {
          ParseVector("1,abc,3", kLoc, "M.Pos");
        }).find("M.Pos: '1,abc,3' is not a list of numbers ('abc' is not a number)") !=
        std::string::npos);
  CHECK(ErrorOf([] { ParseVector("1,,2", kLoc, "x"); }).find("an element is empty") !=
        std::string::npos);
  CHECK(ErrorOf([] { ParseVector(" ", kLoc, "x"); }).find("it is empty") != std::string::npos);
}

// A decimal literal as a table row might hold it: a sign or none, integer and fraction digits
// (leading zeros included), an exponent near the ends of the double range or small.
std::string RandomLiteral(std::mt19937& random) {
  const auto pick = [&](int n) { return static_cast<int>(random() % static_cast<unsigned>(n)); };
  const auto digits = [&](int n) {
    std::string d;
    for (int i = 0; i < n; ++i) d += static_cast<char>('0' + pick(10));
    return d;
  };
  static constexpr const char* kSigns[] = {"", "-", "+"};
  std::string s = kSigns[pick(3)];
  const int whole = pick(4) == 0 ? 0 : 1 + pick(18), fraction = pick(3) == 0 ? 0 : pick(20);
  s += digits(whole);
  if (whole > 0 && fraction == 0 && pick(8) == 0) s += '.';  // "12.": a plain literal too.
  if (fraction > 0 || whole == 0) s.append(".").append(digits(std::max(fraction, 1)));
  if (pick(2) == 0) {
    static constexpr int kExponents[] = {0, 3, -3, 300, 307, 308, 309, -300, -307, -308, -320};
    s.append(pick(2) == 0 ? "e" : "E").append(std::to_string(kExponents[pick(11)] + pick(5) - 2));
  }
  return s;
}

TEST_CASE("ParseVector reads a list of plain numbers as ParseNumber reads each, bit for bit") {
  // ParseVector takes a faster path for lists of plain literals (table rows); ParseNumber's is
  // the general one. Each literal alone, then 3 at a time in a row with spaces: the same doubles
  // (the same bits: -0 is kept), and the same refusal of one that does not fit a normal double.
  std::mt19937 random(20261127);
  int read = 0, refused = 0;
  for (int round = 0; round < 3000; ++round) {
    std::string literals[3], row;
    double expected[3];
    bool fits = true;
    for (int k = 0; k < 3; ++k) {
      literals[k] = RandomLiteral(random);
      std::string reason;
      fits = EvaluateNumber(literals[k], &expected[k], &reason) && fits;
      row.append(k ? " ,\t" : " ").append(literals[k]);
    }
    const std::string one = ErrorOf([&] {
      const std::vector<double> v = ParseVector(literals[0], kLoc, "x");
      REQUIRE(v.size() == 1);
      CHECK(std::bit_cast<std::uint64_t>(v[0]) == std::bit_cast<std::uint64_t>(expected[0]));
    });
    CHECK(one.empty() == ErrorOf([&] { ParseNumber(literals[0], kLoc, "x"); }).empty());
    const std::string all = ErrorOf([&] {
      const std::vector<double> v = ParseVector(row, kLoc, "x");
      REQUIRE(v.size() == 3);
      for (int k = 0; k < 3; ++k) {
        INFO(literals[k]);
        CHECK(std::bit_cast<std::uint64_t>(v[k]) == std::bit_cast<std::uint64_t>(expected[k]));
      }
    });
    INFO(row);
    CHECK(all.empty() == fits);
    (fits ? read : refused) += 1;
  }
  // Both kinds drawn often enough to mean something (counts of this fixed seed's draws).
  CHECK(read > 1000);
  CHECK(refused > 300);
}

TEST_CASE("ParseMatrix splits rows at semicolon and elements at ','") {
  Eigen::MatrixXd m = ParseMatrix("0,1;-0.5,-2", kLoc, "A");
  REQUIRE(m.rows() == 2);
  REQUIRE(m.cols() == 2);
  CHECK(m(0, 0) == 0.0);
  CHECK(m(0, 1) == 1.0);
  CHECK(m(1, 0) == -0.5);
  CHECK(m(1, 1) == -2.0);
  Eigen::MatrixXd row = ParseMatrix("1, 2, 3", kLoc, "A");
  CHECK(row.rows() == 1);
  CHECK(row.cols() == 3);
  CHECK(ErrorOf([] {
          ParseMatrix("1,2;3", kLoc, "A");
        }).find("row 2 has 1 elements but row 1 has 2") != std::string::npos);
  CHECK(ErrorOf([] { ParseMatrix("1,2;x,4", kLoc, "A"); }).find("'x' is not a number") !=
        std::string::npos);
}

TEST_CASE("Trim removes ASCII white space at both ends only") {
  CHECK(Trim("  a b \t\n") == "a b");
  CHECK(Trim("") == "");
  CHECK(Trim(" \r\n ") == "");
}

}  // namespace
}  // namespace hawser
