#include "runtime/analysis/stats_spec.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <system_error>

#include "hawser/errors.h"

namespace hawser {
namespace {

bool AllDigits(const std::string& text) {
  return !text.empty() &&
         std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

/// The whole number `digits` (AllDigits holds); throws `too_large` when it does not fit a long.
long WholeNumber(const std::string& digits, const std::string& too_large) {
  long value = 0;
  const auto result = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (result.ec != std::errc()) throw std::invalid_argument(too_large);  // Only out of range.
  return value;
}

}  // namespace

std::string ColumnSpec::Text() const {
  return index < 0 ? stem : fmt::format("{}[{}]", stem, index);
}

ColumnSpec ParseColumnSpec(const std::string& text) {
  if (text.find_first_not_of(" \t") == std::string::npos)
    throw std::invalid_argument("an empty column name");
  ColumnSpec spec;
  const auto open = text.find('[');
  if (open == std::string::npos) {
    if (text.find(']') != std::string::npos)
      throw std::invalid_argument(fmt::format("'{}': ']' without '['", text));
    spec.stem = text;
    return spec;
  }
  // One trailing [i]: "Ball.Pos[2]".
  if (text.back() != ']' || text.find('[', open + 1) != std::string::npos ||
      text.find(']') != text.size() - 1) {
    throw std::invalid_argument(
        fmt::format("'{}': expected one index at the end, as in Obj.Port[2]", text));
  }
  spec.stem = text.substr(0, open);
  if (spec.stem.empty())
    throw std::invalid_argument(fmt::format("'{}': no signal name before '['", text));
  const std::string index = text.substr(open + 1, text.size() - open - 2);
  if (!AllDigits(index)) {
    throw std::invalid_argument(
        fmt::format("'{}': the index '{}' is not a whole number from 0 (components count from 0)",
                    text, index));
  }
  spec.index = WholeNumber(index, fmt::format("'{}': the index {} is too large", text, index));
  return spec;
}

std::string SignalShape::Column(long i) const {
  return width == 1 ? name : fmt::format("{}[{}]", name, i);
}

std::vector<ChosenColumn> ChooseColumns(const std::vector<std::string>& specs,
                                        const std::vector<SignalShape>& signals,
                                        const std::string& file) {
  std::vector<ChosenColumn> all;  // Every column, in the file's order.
  for (size_t s = 0; s < signals.size(); ++s)
    for (long i = 0; i < signals[s].width; ++i) all.push_back({s, i});
  std::vector<bool> chosen(all.size(), specs.empty());
  for (const std::string& spec : specs) {
    // A column's exact name or a signal's stem first, whatever characters the names hold.
    bool found = false;
    for (size_t k = 0; k < all.size(); ++k) {
      const SignalShape& s = signals[all[k].signal];
      if (spec == s.name || spec == s.Column(all[k].component)) chosen[k] = found = true;
    }
    if (found) continue;
    const ColumnSpec parsed = ParseColumnSpec(spec);
    const auto signal = std::find_if(signals.begin(), signals.end(),
                                     [&](const SignalShape& s) { return s.name == parsed.stem; });
    if (signal == signals.end()) {
      std::vector<std::string> names, stems;
      for (const ChosenColumn& c : all) names.push_back(signals[c.signal].Column(c.component));
      for (const SignalShape& s : signals) stems.push_back(s.name);
      std::string hint = SuggestionText(spec, names, "columns");
      // "Ball.Pox" is too far from each of "Ball.Pos[0]", ... to suggest one: the stem is not.
      const std::string stem = ClosestMatch(spec, stems);
      if (hint.rfind("; did you mean", 0) != 0 && !stem.empty())
        hint = fmt::format("; did you mean '{}'?{}", stem, hint);
      throw std::invalid_argument(fmt::format("no column '{}' in {}{}", spec, file, hint));
    }
    if (signal->width < 1)
      throw std::invalid_argument(fmt::format("'{}': {} has no columns", spec, signal->name));
    if (signal->width == 1) {
      throw std::invalid_argument(
          fmt::format("'{}': {} is one column; write it without an index", spec, signal->name));
    }
    if (parsed.index < 0 || parsed.index >= signal->width) {
      throw std::invalid_argument(fmt::format("'{}': {} has {} components ({} .. {})", spec,
                                              signal->name, signal->width, signal->Column(0),
                                              signal->Column(signal->width - 1)));
    }
    // A spelling the exact match missed ("Ball.Pos[02]"): the component it means.
    const size_t s = static_cast<size_t>(signal - signals.begin());
    for (size_t k = 0; k < all.size(); ++k)
      if (all[k].signal == s && all[k].component == parsed.index) chosen[k] = true;
  }
  std::vector<ChosenColumn> out;
  for (size_t k = 0; k < all.size(); ++k)
    if (chosen[k]) out.push_back(all[k]);
  return out;
}

long ParseCaseNumber(const std::string& text) {
  if (!text.empty() && text[0] == '-' && AllDigits(text.substr(1)))
    throw std::invalid_argument(fmt::format("'{}': cases are numbered from 0", text));
  if (!AllDigits(text)) {
    throw std::invalid_argument(
        fmt::format("'{}' is not a case number (a whole number from 0: 0, 1, 2, ...)", text));
  }
  return WholeNumber(text, fmt::format("'{}' is larger than any case number", text));
}

}  // namespace hawser
