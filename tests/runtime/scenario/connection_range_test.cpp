// Connection literals and factors that do not fit a double are errors at load time: "0,0,1e400"
// used to validate and then fail the run with exit 3. Bounds are IEEE 754 binary64's (largest
// finite about 1.8e308, smallest normal about 2.2e-308).
#include <doctest/doctest.h>

#include <string>

#include "runtime/scenario/connection_parser.h"

namespace hawser {
namespace {

const SourceLocation kLoc{"c.xml", 5};

std::string ErrorOf(const std::string& text) {
  CAPTURE(text);
  try {
    ParseConnectionTerms(text, kLoc);
  } catch (const ScenarioError& e) {
    CHECK(e.location().line == 5);
    CHECK(e.message().find("; expected ") != std::string::npos);
    return e.message();
  }
  FAIL("accepted");
  return "";
}

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST_CASE("connection: overflowing literals and factors are rejected") {
  CHECK(ErrorOf("0,0,1e400") ==
        "connection value '0,0,1e400': element 3 '1e400': 1e400 is out of range (above about "
        "1.8e308, the largest double) at position 5; expected a number whose magnitude is 0 or "
        "between about 2.2e-308 and 1.8e308");
  CHECK(Has(ErrorOf("1e400*A.Out"), "factor '1e400': 1e400 is out of range"));
  CHECK(Has(ErrorOf("1e400*A.Out"), "at position 1;"));
  CHECK(Has(ErrorOf("A.Out - 1e999,0,0"), "1e999 is out of range"));
  CHECK(Has(ErrorOf("-1e400"), "1e400 is out of range"));
  // An element that evaluates beyond a double: 1e200 * 1e200 = 1e400 = inf.
  CHECK(Has(ErrorOf("1e200*1e200,1"), "element 1 '1e200*1e200': it evaluates to inf"));
  // The factor the model uses is the product of both sides: 1e200 * 1e200 overflows too.
  CHECK(Has(ErrorOf("1e200*A.Out*1e200"), "factor 1e+200 * 1e+200 is out of range"));
}

TEST_CASE("connection: a nonzero literal that would become 0 or a denormal is rejected") {
  CHECK(Has(ErrorOf("0,0,1e-400"), "1e-400 is out of range"));
  CHECK(Has(ErrorOf("1e-400*A.Out"), "1e-400 is out of range"));
  CHECK(Has(ErrorOf("1e-310"), "1e-310 is out of range"));
  // A factor product below the smallest normal double: 1e-200 * 1e-200 = 1e-400.
  CHECK(Has(ErrorOf("1e-200*A.Out*1e-200"), "is out of range"));
}

TEST_CASE("connection: zeros and large valid numbers are unchanged") {
  auto zero = ParseConnectionTerms("0,0.0,0e-400", kLoc);
  REQUIRE(zero.size() == 1);
  CHECK(zero[0].literal == std::vector<double>{0, 0, 0});
  auto big = ParseConnectionTerms("1e308*A.Out + 0*B.Out + 1e-300,0,0", kLoc);
  REQUIRE(big.size() == 3);
  CHECK(big[0].factor == 1e308);
  CHECK(big[1].factor == 0);
  CHECK(big[2].literal[0] == 1e-300);
}

TEST_CASE("connection: messages quote a long value as an excerpt") {
  std::string text = "A.Out";
  for (int i = 0; i < 20000; ++i) text += " + A.Out";
  text += " + ?";
  const std::string m = ErrorOf(text);
  CHECK(m.size() < 400);
  CHECK(Has(m, "... (" + std::to_string(text.size()) + " characters)"));
}

}  // namespace
}  // namespace hawser
