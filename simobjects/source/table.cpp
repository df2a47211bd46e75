#include "simobjects/source/table.h"

#include <algorithm>

#include "hawser/text.h"
#include "hawser/text_file.h"
#include "hawser/value_parse.h"

namespace hawser {

Table::Table(ObjectArgs& args) : SimObject(args) {
  const std::string given = DeclareParameter<std::string>(
      {.name = "File",
       .unit = "-",
       .doc = "CSV file of rows `time, value, ...`: absolute, or relative to the scenario "
              "file's folder."});
  int width = 1;
  if (!describing()) {
    const std::string file = ResolvePath(given);
    // At the <Lib> element with the object's name, as the other errors of its parameters.
    std::string text;
    try {
      text = ReadRegularFile(file, "table file", location(), " (File=\"" + given + "\")");
    } catch (const ScenarioError& e) {
      throw Error(e.message() + (e.message().find("cannot open") == 0
                                     ? "; expected an absolute path or one relative to the "
                                       "scenario file's folder"
                                     : ""));
    }
    SourceLocation at{file, 0};  // One copy of the path for all rows.
    ForEachTextRow(text, file, "table file", [&](int line_no, const std::string& line) {
      at.line = line_no;
      AddRow(line, at);
    });
    if (times_.empty()) {
      throw Error("table file '" + file + "' has no rows; expected lines `time, value, ...`");
    }
    width = static_cast<int>(values_[0].size());
  }
  out_ = DeclareOutput({.name = "Out",
                        .width = width,
                        .unit = "-",
                        .doc = "The table's values at the current time (linear, ends held)."});
  DeclareCalc({out_}, {}, [this] { CalcOut(); });
}

void Table::AddRow(const std::string& text, const SourceLocation& where) {
  if (times_.empty() && !StartsWithNumber(text) && where.line == 1) return;  // A header.
  const std::vector<double> row = ParseVector(text, where, "table row");
  if (row.size() < 2) {
    throw ScenarioError(where, "table row '" + Excerpt(text) + "' has " +
                                   std::to_string(row.size()) +
                                   " number(s); expected a time and at least one value");
  }
  if (!values_.empty() && row.size() - 1 != values_[0].size()) {
    throw ScenarioError(where, "table row has " + std::to_string(row.size() - 1) +
                                   " value(s); expected " + std::to_string(values_[0].size()) +
                                   " as on the first row");
  }
  if (!times_.empty() && !(row[0] > times_.back())) {
    throw ScenarioError(where, "time " + NumberText(row[0]) + " does not increase (previous row: " +
                                   NumberText(times_.back()) +
                                   "); expected strictly increasing times");
  }
  times_.push_back(row[0]);
  values_.emplace_back(row.begin() + 1, row.end());
}

void Table::CalcOut() {
  std::span<double> o = out(out_);
  const double t = time();
  // First time > t: the row before it is the interval's start.
  const auto it = std::upper_bound(times_.begin(), times_.end(), t);
  if (it == times_.begin() || it == times_.end()) {
    const auto& row = it == times_.begin() ? values_.front() : values_.back();
    std::copy(row.begin(), row.end(), o.begin());
    return;
  }
  const size_t k = static_cast<size_t>(it - times_.begin()) - 1;
  const double f = (t - times_[k]) / (times_[k + 1] - times_[k]);
  for (size_t i = 0; i < o.size(); ++i)
    o[i] = values_[k][i] + f * (values_[k + 1][i] - values_[k][i]);
}

}  // namespace hawser
