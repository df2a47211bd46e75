#include "runtime/fmu/fmu_variables.h"

#include <fmt/format.h>

#include <charconv>
#include <sstream>
#include <stdexcept>

namespace hawser::fmu {
namespace {

constexpr const char* kCausalityNames[] = {"input", "output", "parameter", "tunable"};

std::vector<std::string> SplitTabs(const std::string& line) {
  std::vector<std::string> fields;
  size_t from = 0;
  for (size_t tab; (tab = line.find('\t', from)) != std::string::npos; from = tab + 1) {
    fields.push_back(line.substr(from, tab - from));
  }
  fields.push_back(line.substr(from));
  return fields;
}

template <class T>
bool ReadNumber(const std::string& text, T& value) {
  const auto [at, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && at == text.data() + text.size();
}

}  // namespace

std::string FmiName(const Variable& v) {
  return v.width == 1 ? v.name : fmt::format("{}[{}]", v.name, v.index);
}

std::string WriteTable(const Table& table) {
  std::string text =
      fmt::format("hawser-fmu 1\nguid {}\nscenario {}\n", table.guid, table.scenario);
  for (const Variable& v : table.variables) {
    // {} writes the shortest text that reads back to the same double.
    text +=
        fmt::format("{}\t{}\t{}\t{}\t{}\t{}\t{}\n", kCausalityNames[static_cast<int>(v.causality)],
                    v.value_reference, v.name, v.index, v.width, v.start, v.unit);
  }
  return text;
}

Table ParseTable(const std::string& text) {
  Table table;
  std::istringstream lines(text);
  std::string line;
  int number = 0;
  const auto fail = [&](const std::string& why) {
    throw std::runtime_error(
        fmt::format("resources/hawser_fmu.txt:{}: {} (the FMU is damaged; export it again with "
                    "`hawser fmu`)",
                    number, why));
  };
  while (std::getline(lines, line)) {
    ++number;
    if (number == 1) {
      if (line != "hawser-fmu 1") fail("expected 'hawser-fmu 1'");
    } else if (line.rfind("guid ", 0) == 0) {
      table.guid = line.substr(5);
    } else if (line.rfind("scenario ", 0) == 0) {
      table.scenario = line.substr(9);
    } else {
      const std::vector<std::string> f = SplitTabs(line);
      if (f.size() != 7) fail(fmt::format("expected 7 tab-separated fields, not {}", f.size()));
      Variable v;
      int causality = -1;
      for (int k = 0; k < 4; ++k) {
        if (f[0] == kCausalityNames[k]) causality = k;
      }
      if (causality < 0) fail(fmt::format("unknown causality '{}'", f[0]));
      v.causality = static_cast<Causality>(causality);
      v.name = f[2];
      v.unit = f[6];
      if (!ReadNumber(f[1], v.value_reference) || !ReadNumber(f[3], v.index) ||
          !ReadNumber(f[4], v.width) || !ReadNumber(f[5], v.start) || v.index < 0 || v.width < 1 ||
          v.index >= v.width || v.value_reference != table.variables.size()) {
        fail("a value reference, index, width or start that is not as written");
      }
      table.variables.push_back(v);
    }
  }
  if (number == 0) fail("empty file");
  if (table.guid.empty() || table.scenario.empty()) fail("no guid or scenario line");
  return table;
}

}  // namespace hawser::fmu
