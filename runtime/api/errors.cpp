#include "hawser/errors.h"

#include <fmt/format.h>

#include <algorithm>

namespace hawser {

std::string FormatDiagnostic(const SourceLocation& loc, const std::string& message) {
  if (loc.file.empty()) return fmt::format("error: {}", message);
  if (loc.line <= 0) return fmt::format("{}: error: {}", loc.file, message);
  return fmt::format("{}:{}: error: {}", loc.file, loc.line, message);
}

ScenarioError::ScenarioError(SourceLocation loc, const std::string& message)
    : std::runtime_error(FormatDiagnostic(loc, message)), loc_(std::move(loc)), message_(message) {}

static std::string JoinWhat(const std::vector<ScenarioError>& errors) {
  std::string s;
  for (const auto& e : errors) {
    if (!s.empty()) s += '\n';
    s += e.what();
  }
  return s;
}

ScenarioErrors::ScenarioErrors(std::vector<ScenarioError> errors)
    : std::runtime_error(JoinWhat(errors)), errors_(std::move(errors)) {}

void ErrorCollector::ThrowIfAny() const {
  if (!errors_.empty()) throw ScenarioErrors(errors_);
}

namespace {
std::string Lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

// Levenshtein distance, case-insensitive.
size_t EditDistance(const std::string& a0, const std::string& b0) {
  const std::string a = Lower(a0), b = Lower(b0);
  std::vector<size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      cur[j] =
          std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}
}  // namespace

std::string ClosestMatch(const std::string& word, const std::vector<std::string>& candidates) {
  std::string best;
  size_t best_d = std::string::npos;
  for (const auto& c : candidates) {
    size_t d = EditDistance(word, c);
    if (d < best_d) best_d = d, best = c;
  }
  // A typo (at most 2 edits, or a difference of case only) first.
  if (best_d != std::string::npos && best_d <= 2) return best;
  // Then a name that starts the other ("Position" for "Pos", "RelTol" for "RelTolerance"): a
  // longer spelling of a name is a closer guess than another name a third of whose letters differ
  // ("SettleTolerance" for "RelTolerance").
  const std::string w = Lower(word);
  for (const auto& c : candidates) {
    const std::string lc = Lower(c);
    if (lc.size() >= 2 && w.size() >= 2 && (w.rfind(lc, 0) == 0 || lc.rfind(w, 0) == 0)) return c;
  }
  // Otherwise close enough: a third of the longer word's letters may differ.
  const size_t allowed = std::max<size_t>(2, std::max(word.size(), best.size()) / 3);
  if (best_d != std::string::npos && best_d <= allowed) return best;
  return "";
}

namespace {
/// The most names a suggestion lists.
constexpr size_t kMaxListed = 12;
}  // namespace

std::string SuggestionText(const std::string& word, const std::vector<std::string>& candidates,
                           const std::string& what) {
  std::string s;
  if (auto m = ClosestMatch(word, candidates); !m.empty())
    s += fmt::format("; did you mean '{}'?", m);
  if (candidates.empty()) return s + fmt::format("; there are no {}", what);
  if (candidates.size() <= kMaxListed)
    return s + fmt::format("; {} are: {}", what, fmt::join(candidates, ", "));
  // A long list (a cable's node columns) buries the answer: list those of the same object
  // (the text before the first '.' or ':'), or the first few, and say how many there are.
  const std::string object = word.substr(0, word.find_first_of(".:"));
  std::vector<std::string> shown;
  for (const std::string& c : candidates) {
    if (c.substr(0, c.find_first_of(".:")) == object && shown.size() < kMaxListed)
      shown.push_back(c);
  }
  const bool same_object = !shown.empty();
  if (!same_object) shown.assign(candidates.begin(), candidates.begin() + kMaxListed);
  const std::string more = shown.size() < candidates.size() ? ", ..." : "";
  if (same_object) {
    return s + fmt::format("; there are {} {}; those of {}: {}{}", candidates.size(), what, object,
                           fmt::join(shown, ", "), more);
  }
  return s + fmt::format("; there are {} {}; the first {}: {}{}", candidates.size(), what,
                         kMaxListed, fmt::join(shown, ", "), more);
}

}  // namespace hawser
