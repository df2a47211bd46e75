// Escaped and Excerpt (hawser/text.h): user text in a message never carries a byte that a terminal
// would act on (binary garbage used to be echoed raw and cut at the first NUL).
#include <doctest/doctest.h>

#include <string>

#include "hawser/text.h"

namespace hawser {
namespace {

TEST_CASE("Escaped: printable ASCII and valid UTF-8 as they are, every other byte as \\xNN") {
  CHECK(Escaped("k = 1.5, Spring.ForceB[2]") == "k = 1.5, Spring.ForceB[2]");
  CHECK(Escaped("10 \xc2\xb0 C, \xc3\x85lesund") == "10 \xc2\xb0 C, \xc3\x85lesund");  // ° Å
  CHECK(Escaped(std::string("a\0b", 3)) == "a\\x00b");  // NUL kept in view, not a cut.
  CHECK(Escaped("\x1b[31mred\x07\t\r\x7f") == "\\x1b[31mred\\x07\\x09\\x0d\\x7f");
  // C1 controls (U+0080..U+009F, in UTF-8 C2 80..C2 9F) are controls too.
  CHECK(Escaped("\xc2\x9b"
                "2J") == "\\xc2\\x9b2J");
  // Invalid UTF-8: a lone continuation byte, a truncated sequence, an overlong lead byte.
  CHECK(Escaped("\x80") == "\\x80");
  CHECK(Escaped("\xe2\x82") == "\\xe2\\x82");
  CHECK(Escaped("\xc0\xaf") == "\\xc0\\xaf");
  CHECK(Escaped("\xe2\x82\xac") == "\xe2\x82\xac");  // A whole one (the euro sign) is kept.
}

TEST_CASE("Excerpt: escaped, and cut to 60 bytes of the text with its length") {
  CHECK(Excerpt(std::string("1,\0,2", 5)) == "1,\\x00,2");
  const std::string long_text = std::string(70, '\x01');
  std::string expected;
  for (int i = 0; i < 60; ++i) expected += "\\x01";
  CHECK(Excerpt(long_text) == expected + "... (70 characters)");
}

}  // namespace
}  // namespace hawser
