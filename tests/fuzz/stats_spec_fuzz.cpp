// libFuzzer harness: `hawser stats`' argument text (runtime/analysis/stats_spec.h and
// TimeWindow::Parse). The whole input is tried as a --window, a COLUMN and a --case; its lines
// as the COLUMN list chosen from a fixed set of signals. std::invalid_argument is the expected
// outcome of bad text. What they return must keep their promises: a window's ends are not NaN,
// FROM <= TO, and its Text() parses back to the same window; a column spec has a stem without
// brackets and prints back to itself; a case number is a whole number from 0; the chosen
// columns exist, each once, in the file's order, and every spec chooses one at least. A broken
// promise aborts, so libFuzzer reports it with its input.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "runtime/analysis/statistics.h"
#include "runtime/analysis/stats_spec.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

const hawser::fuzz::Promises Check{"stats_spec_fuzz"};

template <class Fn>
void Try(Fn&& fn) {
  try {
    fn();
  } catch (const std::invalid_argument&) {
  }
}

void CheckWindow(const std::string& text) {
  const hawser::TimeWindow w = hawser::TimeWindow::Parse(text);
  Check(!std::isnan(w.from) && !std::isnan(w.to), "a window end is NaN", text);
  Check(w.from <= w.to, "FROM is after TO", text);
  if (w.whole()) return Check(w.Text().empty(), "the whole record prints a window", text);
  const hawser::TimeWindow back = hawser::TimeWindow::Parse(w.Text());
  Check(back.from == w.from && back.to == w.to, "Text() does not parse back to the window", text);
}

void CheckColumn(const std::string& text) {
  const hawser::ColumnSpec spec = hawser::ParseColumnSpec(text);
  Check(!spec.stem.empty() && spec.stem.find_first_of("[]") == std::string::npos,
        "the stem is empty or holds a bracket", text);
  Check(spec.index >= -1, "the index is negative", text);
  Check(hawser::ParseColumnSpec(spec.Text()) == spec, "Text() does not parse back to the spec",
        text);
}

void CheckChoice(const std::string& text) {
  // Signals as a result file lists them: one-column, vector, state, and a name with a bracket.
  static const std::vector<hawser::SignalShape> kSignals = {
      {"Ball.KE", 1}, {"Ball.Pos", 3}, {"Ball:Pos", 3}, {"Line.T", 12}, {"Odd.a[1]", 2}};
  std::vector<std::string> specs;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) specs.push_back(line);
  const auto chosen = hawser::ChooseColumns(specs, kSignals, "fuzz.h5");
  Check(specs.empty() || !chosen.empty(), "the specs chose no column", text);
  for (size_t k = 0; k < chosen.size(); ++k) {
    Check(chosen[k].signal < kSignals.size() && chosen[k].component >= 0 &&
              chosen[k].component < kSignals[chosen[k].signal].width,
          "a chosen column does not exist", text);
    if (k > 0) {
      const auto& a = chosen[k - 1];
      const auto& b = chosen[k];
      Check(a.signal < b.signal || (a.signal == b.signal && a.component < b.component),
            "the columns are repeated or out of the file's order", text);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  Try([&] { CheckWindow(text); });
  Try([&] { CheckColumn(text); });
  Try([&] {
    const long n = hawser::ParseCaseNumber(text);
    Check(n >= 0 && text.find_first_not_of("0123456789") == std::string::npos,
          "a case number is negative or not all digits", text);
  });
  Try([&] { CheckChoice(text); });
  return 0;
}
