// A CSV result file's text as columns, for the CLI tests that read what `hawser run` wrote.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {

struct Csv {
  std::vector<std::string> header;
  std::vector<std::vector<double>> rows;
  /// The column `name`; fails the test when there is none.
  std::vector<double> Column(const std::string& name) const {
    auto it = std::find(header.begin(), header.end(), name);
    REQUIRE_MESSAGE(it != header.end(), "no column " << name);
    std::vector<double> v;
    for (const auto& r : rows) v.push_back(r[it - header.begin()]);
    return v;
  }
  bool Has(const std::string& name) const {
    return std::find(header.begin(), header.end(), name) != header.end();
  }
};

inline Csv ParseCsv(const std::string& text) {
  Csv csv;
  std::istringstream in(text);
  std::string line;
  auto split = [](const std::string& l) {
    std::vector<std::string> cells;
    std::stringstream s(l);
    std::string cell;
    while (std::getline(s, cell, ',')) cells.push_back(cell);
    return cells;
  };
  if (std::getline(in, line)) csv.header = split(line);
  while (std::getline(in, line)) {
    std::vector<double> row;
    for (const auto& cell : split(line)) row.push_back(std::stod(cell));
    csv.rows.push_back(row);
  }
  return csv;
}

/// What `hawser run` of a scenario gave: its console output and the CSV file it wrote.
struct CsvRun {
  std::string output;
  Csv csv;
};

/// Runs `scenario`, written to NAME.xml in the test's temporary directory, into NAME.csv; the run
/// must exit 0. Removes both files.
inline CsvRun RunToCsv(const std::string& name, const std::string& scenario) {
  const std::string xml = WriteTempFile(name + ".xml", scenario);
  const std::string out = WriteTempFile(name + ".csv", "");
  const CommandResult r = RunHawser("run '" + xml + "' -o '" + out + "'");
  CsvRun run{r.output, ParseCsv(ReadFile(out))};
  for (const std::string& f : {xml, out}) std::filesystem::remove(f);
  REQUIRE_MESSAGE(r.exit_code == 0, r.output);
  return run;
}

}  // namespace hawser::testing
