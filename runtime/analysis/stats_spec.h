// The text of `hawser stats`' arguments besides its window (TimeWindow::Parse): the columns
// (`COLUMN ...`) and a sweep's case (`--case N`). No file access, so that
// tests/fuzz/stats_spec_fuzz.cpp can try any text on them.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace hawser {

/// A column as written: a signal's stem ("Ball.Pos", "Ball:Pos") and, for one component, its
/// index ("Ball.Pos[2]").
struct ColumnSpec {
  std::string stem;
  long index = -1;           ///< -1: no index (a whole signal, or a one-column signal).
  std::string Text() const;  ///< As CSV headers write it: "Ball.Pos[2]", "Ball.Pos".
  bool operator==(const ColumnSpec&) const = default;
};

/// Parses "STEM" or "STEM[i]" (i a whole number from 0). Throws std::invalid_argument saying
/// what is wrong: an empty name, a bracket that is not one trailing [i], an index that is not a
/// whole number from 0 or is too large.
ColumnSpec ParseColumnSpec(const std::string& text);

/// A recorded signal as ChooseColumns sees it: its stem and number of columns.
struct SignalShape {
  std::string name;
  long width = 1;
  /// The CSV name of component i ("Obj.Port" for width 1, "Obj.Port[i]" otherwise).
  std::string Column(long i) const;
};

/// One chosen column: component `component` of signals[signal].
struct ChosenColumn {
  size_t signal = 0;
  long component = 0;
  bool operator==(const ChosenColumn&) const = default;
};

/// The columns that `specs` choose among `signals`, in the file's order, each once (every column
/// when `specs` is empty). A spec is a column's CSV name or a signal's stem (all its columns).
/// Throws std::invalid_argument naming the spec and the reason: a component past the signal's
/// width (with its columns), an index on a one-column signal, or no such column in `file` (with
/// a did-you-mean and the columns of the same object).
std::vector<ChosenColumn> ChooseColumns(const std::vector<std::string>& specs,
                                        const std::vector<SignalShape>& signals,
                                        const std::string& file);

/// Parses --case's text: a whole number from 0 (leading zeros allowed). Throws
/// std::invalid_argument with the reason (negative, not a whole number, too large).
long ParseCaseNumber(const std::string& text);

}  // namespace hawser
