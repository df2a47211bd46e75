// TOutput times must be written in increasing order: "0, 2, 1, 30" used to be sorted silently
// into outputs at 1 and 2, and the run ended at t = 2. The expected behaviour is the grammar of
// docs/design.md, "Scenario format", read as a user writes it: start, times in order, end.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "hawser/errors.h"
#include "runtime/scenario/engine_settings.h"

namespace hawser {
namespace {

const SourceLocation kLoc{"order.xml", 3};

std::string MessageOf(const std::string& text) {
  CAPTURE(text);
  try {
    ParseOutputTimes(text, kLoc);
  } catch (const ScenarioError& e) {
    CHECK(e.location().line == 3);
    CHECK(std::string(e.what()).rfind("order.xml:3: error: TOutput: '", 0) == 0);
    CHECK(e.message().find("; expected 'start, [times or from:step:to ...,] end'") !=
          std::string::npos);
    return e.message();
  }
  FAIL("accepted");
  return {};
}

TEST_CASE("TOutput: times out of order are rejected, naming both tokens") {
  CHECK(MessageOf("0, 2, 1, 30")
            .find("the times are not increasing: '1' (token 3) comes after "
                  "'2'") != std::string::npos);
  CHECK(MessageOf("0, 3, 1, 3, 30").find("'1' (token 3) comes after '3'") != std::string::npos);
  // A repeated time is not increasing either.
  CHECK(MessageOf("0, 1, 1, 30").find("'1' (token 3) comes after '1'") != std::string::npos);
  // A range is placed by its `from`.
  CHECK(MessageOf("0, 0:10:20, 25, 20:5:Inf, 30").find("'20:5:Inf' (token 4) comes after '25'") !=
        std::string::npos);
  CHECK(MessageOf("0, 10:1:Inf, 5, 30").find("'5' (token 3) comes after '10:1:Inf'") !=
        std::string::npos);
  CHECK(MessageOf("0, 5:1:8, 2:1:4, 30").find("'2:1:4' (token 3) comes after '5:1:8'") !=
        std::string::npos);
}

TEST_CASE("TOutput: every valid form of the README still parses") {
  // README: "t0, h, t1" and "t0, 0:0.1:Inf, 5, t1" (a point inside a range that runs to the end).
  CHECK(ParseOutputTimes("0, 1, 30", kLoc).times.size() == 31);
  OutputTimes mixed = ParseOutputTimes("0, 0:0.1:Inf, 5, 10", kLoc);
  CHECK(mixed.times.size() == 101);  // 0, 0.1, ..., 10; 5 is one of them.
  CHECK(mixed.times.back() == 10);
  // The first output time may equal the start time, the last the end time.
  CHECK(ParseOutputTimes("0, 0, 30, 30", kLoc).times == std::vector<double>{0, 30});
  // Two ranges in order, the second starting where the first ends.
  CHECK(ParseOutputTimes("0, 0:1:2, 2:2:Inf, 6", kLoc).times == std::vector<double>{0, 1, 2, 4, 6});
}

TEST_CASE("TOutput: a nonzero time or step that would become 0 or a denormal is rejected") {
  // 1e-400 is below the smallest normal double (about 2.2e-308, IEEE 754 binary64).
  CHECK(MessageOf("0, 1e-400, 1")
            .find("the output interval '1e-400' is not a finite number in "
                  "the range of a double") != std::string::npos);
  CHECK(MessageOf("0, 0:1e-310:Inf, 1").find("step '1e-310' is not a finite number") !=
        std::string::npos);
  CHECK(ParseOutputTimes("0e-400, 1, 2", kLoc).start == 0.0);  // A written zero stays valid.
}

TEST_CASE("TOutput: messages quote a long value as a short excerpt") {
  std::string huge = "0, ";
  for (int i = 1; i <= 20000; ++i) huge += std::to_string(i) + ", ";
  huge += "x, 1e9";
  std::string message = MessageOf(huge);
  CHECK(message.size() < 400);
  CHECK(message.find("... (" + std::to_string(huge.size()) + " characters)") != std::string::npos);
  CHECK(message.find("an output time 'x' is not a finite number") != std::string::npos);
}

}  // namespace
}  // namespace hawser
