// A CSV result file's text as columns, for the CLI tests that read what `hawser run` wrote.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

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

}  // namespace hawser::testing
