// runtime/analysis/stats_spec.h: `hawser stats`' column and case arguments, what each chooses and
// why a bad one is refused; and the window's reasons (statistics.h).
#include "runtime/analysis/stats_spec.h"

#include <doctest/doctest.h>

#include <stdexcept>
#include <vector>

#include "runtime/analysis/statistics.h"

namespace hawser {

TEST_CASE("column specs: a stem, or a stem and one index from 0") {
  CHECK(ParseColumnSpec("Ball.Pos") == ColumnSpec{"Ball.Pos", -1});
  CHECK(ParseColumnSpec("Ball:Pos[2]") == ColumnSpec{"Ball:Pos", 2});
  CHECK(ParseColumnSpec("Ball.Pos[007]") == ColumnSpec{"Ball.Pos", 7});
  CHECK(ParseColumnSpec("Ball.Pos[2]").Text() == "Ball.Pos[2]");
  const auto refused = [](const char* text, const char* reason) {
    CAPTURE(text);
    CHECK_THROWS_WITH_AS(ParseColumnSpec(text), doctest::Contains(reason), std::invalid_argument);
  };
  refused("", "an empty column name");
  refused("Ball.Pos[-1]", "the index '-1' is not a whole number from 0");
  refused("Ball.Pos[1e20]", "the index '1e20' is not a whole number from 0");
  refused("Ball.Pos[]", "the index '' is not a whole number from 0");
  refused("Ball.Pos[99999999999999999999]", "the index 99999999999999999999 is too large");
  refused("Ball.Pos[1][2]", "expected one index at the end");
  refused("Ball.Pos[1", "expected one index at the end");
  refused("Ball.Pos1]", "']' without '['");
  refused("[3]", "no signal name before '['");
}

TEST_CASE("choosing columns: stems, components, each once, in the file's order") {
  const std::vector<SignalShape> signals = {{"Ball.KE", 1}, {"Ball.Pos", 3}, {"Line:T", 2}};
  using C = ChosenColumn;
  CHECK(ChooseColumns({}, signals, "f.h5") ==
        std::vector<C>{{0, 0}, {1, 0}, {1, 1}, {1, 2}, {2, 0}, {2, 1}});
  // In the file's order whatever the order asked, and once when asked twice.
  CHECK(ChooseColumns({"Line:T[1]", "Ball.Pos[02]", "Ball.KE", "Ball.Pos[2]"}, signals, "f.h5") ==
        std::vector<C>{{0, 0}, {1, 2}, {2, 1}});
  CHECK(ChooseColumns({"Ball.Pos"}, signals, "f.h5") == std::vector<C>{{1, 0}, {1, 1}, {1, 2}});
  const auto refused = [&](const std::string& spec, const char* reason) {
    CAPTURE(spec);
    CHECK_THROWS_WITH_AS(ChooseColumns({spec}, signals, "f.h5"), doctest::Contains(reason),
                         std::invalid_argument);
  };
  refused("Ball.Pos[3]", "'Ball.Pos[3]': Ball.Pos has 3 components (Ball.Pos[0] .. Ball.Pos[2])");
  refused("Ball.KE[0]", "'Ball.KE[0]': Ball.KE is one column; write it without an index");
  refused("Ball.Pox", "no column 'Ball.Pox' in f.h5; did you mean 'Ball.Pos'?");
  refused("Ball.Pox[1]", "no column 'Ball.Pox[1]' in f.h5; did you mean 'Ball.Pos[1]'?");
  refused("Nothing", "columns are: Ball.KE, Ball.Pos[0], Ball.Pos[1], Ball.Pos[2], Line:T[0]");
}

TEST_CASE("case numbers: whole numbers from 0") {
  CHECK(ParseCaseNumber("0") == 0);
  CHECK(ParseCaseNumber("0012") == 12);
  CHECK_THROWS_WITH_AS(ParseCaseNumber("-1"), doctest::Contains("'-1': cases are numbered from 0"),
                       std::invalid_argument);
  for (const char* text : {"1e20", "", "3.0", " 3", "abc", "+3"}) {
    CAPTURE(text);
    CHECK_THROWS_WITH_AS(ParseCaseNumber(text), doctest::Contains("is not a case number"),
                         std::invalid_argument);
  }
  CHECK_THROWS_WITH_AS(ParseCaseNumber("99999999999999999999"),
                       doctest::Contains("is larger than any case number"), std::invalid_argument);
}

TEST_CASE("time windows: a bound that is not finite is refused with its reason") {
  CHECK_THROWS_WITH_AS(TimeWindow::Parse("nan:"), doctest::Contains("'nan' is not a number"),
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(TimeWindow::Parse(":1e400"), doctest::Contains("'1e400' is not finite"),
                       std::invalid_argument);
  CHECK_THROWS_WITH_AS(TimeWindow::Parse("-inf:"), doctest::Contains("'-inf' is not finite"),
                       std::invalid_argument);
  // What Text() prints parses back to the same window (the sweep's summary labels rely on it).
  const TimeWindow w = TimeWindow::Parse("0.1:1e20");
  const TimeWindow back = TimeWindow::Parse(w.Text());
  CHECK(back.from == w.from);
  CHECK(back.to == w.to);
}

}  // namespace hawser
