// Numbers that do not fit a double are errors, not infinity or a silent 0.
// The bounds are IEEE 754 binary64's: the largest finite double is about 1.8e308, the smallest
// normal one about 2.2e-308 (std::numeric_limits<double>::max() and ::min()).
#include <doctest/doctest.h>

#include <limits>
#include <string>

#include "hawser/text.h"
#include "hawser/value_parse.h"

namespace hawser {
namespace {

const SourceLocation kLoc{"range.xml", 9};

template <class Fn>
std::string ErrorOf(Fn&& fn) {
  try {
    fn();
  } catch (const ScenarioError& e) {
    CHECK(e.location().line == kLoc.line);
    return e.message();
  }
  FAIL("accepted");
  return "";
}

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST_CASE("numbers: overflow is an error for every parser") {
  for (const char* text : {"1e400", "-1e400", "1e309"}) {
    CAPTURE(text);
    CHECK(Has(ErrorOf([&] { ParseNumber(text, kLoc, "P"); }), "is out of range (above about"));
    CHECK(Has(ErrorOf([&] { ParseInteger(text, kLoc, "N"); }), "is out of range"));
  }
  CHECK(Has(ErrorOf([] { ParseVector("0,0,1e400", kLoc, "V"); }),
            "V: '0,0,1e400' is not a list of numbers ('1e400': 1e400 is out of range"));
  CHECK(Has(ErrorOf([] { ParseMatrix("1,2;3,1e999", kLoc, "M"); }),
            "'1e999': 1e999 is out of range"));
  // Inside an expression the literal itself is checked, and a result that overflows is caught.
  CHECK(Has(ErrorOf([] { ParseNumber("2*1e400", kLoc, "P"); }), "1e400 is out of range"));
  CHECK(Has(ErrorOf([] { ParseNumber("1e300*1e300", kLoc, "P"); }), "evaluates to inf"));
}

TEST_CASE("numbers: a nonzero literal that would become 0 or a denormal is an error") {
  for (const char* text : {"1e-400", "-1e-400", "1e-310", "0.0000001e-302"}) {
    CAPTURE(text);
    const std::string m = ErrorOf([&] { ParseNumber(text, kLoc, "P"); });
    CHECK(Has(m, "is out of range (nonzero but below about 2.2e-308"));
  }
  CHECK(Has(ErrorOf([] { ParseNumber("1e-400", kLoc, "P"); }), "it would become 0"));
  CHECK(Has(ErrorOf([] { ParseNumber("1e-310", kLoc, "P"); }), "it would become a denormal"));
  CHECK(Has(ErrorOf([] { ParseVector("1,1e-400", kLoc, "V"); }), "'1e-400': 1e-400 is out of"));
  CHECK(Has(ErrorOf([] { ParseMatrix("1e-400", kLoc, "M"); }), "1e-400 is out of range"));
  CHECK(Has(ErrorOf([] { ParseNumber("3*1e-400", kLoc, "P"); }), "1e-400 is out of range"));
  // An expression whose result is a denormal has lost its precision as well.
  CHECK(Has(ErrorOf([] { ParseNumber("1e-300/1e10", kLoc, "P"); }), "a denormal"));
}

TEST_CASE("numbers: valid extremes and zeros are unchanged") {
  // Written zeros in any form are zero, not underflow.
  for (const char* zero : {"0", "0.0", "0e-400", "-0", "0.000e5"}) {
    CAPTURE(zero);
    CHECK(ParseNumber(zero, kLoc, "P") == 0.0);
  }
  CHECK(ParseNumber("1.7976931348623157e308", kLoc, "P") == std::numeric_limits<double>::max());
  CHECK(ParseNumber("2.2250738585072014e-308", kLoc, "P") == std::numeric_limits<double>::min());
  CHECK(ParseNumber("1e-300", kLoc, "P") == 1e-300);
  CHECK(ParseNumber("0*5", kLoc, "P") == 0.0);  // A computed zero is a zero.
  // Names with digits are not literals: log10(100) = 2 exactly in glibc.
  CHECK(ParseNumber("log10(100)", kLoc, "P") == 2.0);
}

TEST_CASE("messages quote a long value as an excerpt with its length") {
  CHECK(Excerpt("short") == "short");
  const std::string exact(kExcerptLength, 'x');
  CHECK(Excerpt(exact) == exact);
  const std::string long_text(5000, 'y');
  CHECK(Excerpt(long_text) == std::string(kExcerptLength, 'y') + "... (5000 characters)");
  std::string huge = "1";
  for (int i = 0; i < 100000; ++i) huge += ",2";
  huge += ",x";
  const std::string m = ErrorOf([&] { ParseVector(huge, kLoc, "V"); });
  CHECK(m.size() < 400);
  CHECK(Has(m, "... (" + std::to_string(huge.size()) + " characters)"));
  CHECK(Has(m, "'x' is not a number"));
}

}  // namespace
}  // namespace hawser

namespace hawser {
namespace {

TEST_CASE("numbers: a control character is an error, not the end of the number") {
  // Found by fuzzing: muparser stopped at a NUL byte and "1\x01\0," read as 1.
  const std::string with_nul("1 \x01\0,", 5);
  CHECK_THROWS_AS(ParseNumber(with_nul, {"f.xml", 1}, "P"), ScenarioError);
  CHECK_THROWS_AS(ParseNumber(std::string(" 13 \0 ", 6), {"f.xml", 1}, "P"), ScenarioError);
  CHECK(ParseNumber("1 +\t2", {"f.xml", 1}, "P") == 3.0);  // White space stays white space.
}

}  // namespace
}  // namespace hawser
