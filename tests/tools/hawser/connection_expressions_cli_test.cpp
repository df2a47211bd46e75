// Connection expressions as a user sees them: `hawser validate` shows what a literal
// expression gave, and a bad element is `file:line: error:` with exit 2.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

// The <Connection> is on line 5 (counted by hand).
std::string Scenario(const std::string& pos_b) {
  return R"(<Contents>
<OBJECTS><Lib LibName="base" SimObject="Cable/LinearSpring" Name="S" Stiffness="2" RelaxedLength="1"/>
</OBJECTS>
<INTERCONNECTIONS>
<Connection S.PosA="0,0,0" S.PosB=")" +
         pos_b + R"("/>
</INTERCONNECTIONS><INITIALIZATION><InitialCondition/></INITIALIZATION>
<INTEGRATION><Engine TOutput="0, 1, 1"/></INTEGRATION></Contents>
)";
}

TEST_CASE("validate shows the values a literal expression gave") {
  const std::string path = WriteTempFile("conn_expr_ok.xml", Scenario("2*3, 10/4, -1"));
  const CommandResult r = RunHawser("validate '" + path + "'");
  CAPTURE(r.output);
  CHECK(r.exit_code == 0);
  // 2*3 = 6 and 10/4 = 2.5 exactly in binary floating point.
  CHECK(r.output.find("S.PosB <- 2*3, 10/4, -1 (constant = 6, 2.5, -1)") != std::string::npos);
  std::filesystem::remove(path);
}

TEST_CASE("a bad connection element is a file:line error naming it, exit 2") {
  const std::string path = WriteTempFile("conn_expr_bad.xml", Scenario("0, sqrt(4, 1"));
  const CommandResult r = RunHawser("validate '" + path + "'");
  CAPTURE(r.output);
  CHECK(r.exit_code == 2);
  CHECK(r.output.find(
            path + ":5: error: S.PosB: connection value '0, sqrt(4, 1': element 2 'sqrt(4, "
                   "1' is not a number (missing parenthesis) at position 4") != std::string::npos);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace hawser::testing
