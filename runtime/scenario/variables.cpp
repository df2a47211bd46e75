#include "runtime/scenario/variables.h"

#include <fmt/format.h>

#include <functional>
#include <set>

#include "hawser/text.h"
#include "runtime/scenario/connection_parser.h"
#include "runtime/scenario/input_limits.h"

namespace hawser {
namespace {

// Calls on_name(name, begin, end) for each `${name}` in text ([begin, end) spans the reference);
// copies everything else through on_text. Throws for a `${` without `}`.
void ScanReferences(const std::string& text, const SourceLocation& loc,
                    const std::function<void(const std::string&)>& on_text,
                    const std::function<void(const std::string&)>& on_name) {
  size_t pos = 0;
  while (true) {
    size_t open = text.find("${", pos);
    if (open == std::string::npos) {
      on_text(text.substr(pos));
      return;
    }
    size_t close = text.find('}', open + 2);
    if (close == std::string::npos) {
      throw ScenarioError(loc, fmt::format("'{}': '${{' without a closing '}}'; expected "
                                           "${{name}}",
                                           Excerpt(text)));
    }
    on_text(text.substr(pos, open - pos));
    on_name(text.substr(open + 2, close - open - 2));
    pos = close + 1;
  }
}

// Appends `piece` to `out`, the expansion of `what`, unless that would pass the limits: one value
// at most kMaxAttributeLength characters, all expansions together at most `*budget` (when given).
// Checked before appending, so a runaway expansion never builds its huge string.
void Append(std::string* out, const std::string& piece, const std::string& what,
            const SourceLocation& loc, std::size_t* budget) {
  if (out->size() + piece.size() > kMaxAttributeLength) {
    throw ScenarioError(
        loc, fmt::format("{}: ${{...}} expansion makes the value longer than {} characters (the "
                         "limit for one value); expected a value of at most 1 MiB",
                         what, kMaxAttributeLength));
  }
  if (budget != nullptr) {
    if (piece.size() > *budget) {
      throw ScenarioError(loc,
                          fmt::format("{}: ${{...}} expansions of this file add up to more than {} "
                                      "characters; expected at most 64 MiB in all",
                                      what, kMaxExpandedTotal));
    }
    *budget -= piece.size();
  }
  *out += piece;
}

std::vector<std::string> Names(const std::map<std::string, std::string>& variables) {
  std::vector<std::string> names;
  for (const auto& [name, value] : variables) names.push_back(name);
  return names;
}

}  // namespace

std::string SubstituteVariables(const std::string& text,
                                const std::map<std::string, std::string>& variables,
                                const SourceLocation& loc, std::size_t* budget) {
  if (text.find("${") == std::string::npos) return text;
  std::string out;
  const std::string what = fmt::format("'{}'", Excerpt(text));
  ScanReferences(
      text, loc, [&](const std::string& s) { Append(&out, s, what, loc, budget); },
      [&](const std::string& name) {
        auto it = variables.find(name);
        if (it == variables.end()) {
          throw ScenarioError(
              loc, fmt::format("unknown variable '${{{}}}' in {}{}", Excerpt(name), what,
                               SuggestionText(Excerpt(name), Names(variables), "known variables")));
        }
        Append(&out, it->second, what, loc, budget);
      });
  return out;
}

std::map<std::string, std::string> ResolveVariables(const std::vector<VariableDecl>& decls,
                                                    const VariableOverrides& overrides,
                                                    const std::string& file) {
  ErrorCollector errors;
  std::map<std::string, const VariableDecl*> by_name;
  std::map<std::string, std::string> raw;  // After overrides, before expansion.
  for (const VariableDecl& d : decls) {
    if (!IsIdentifier(d.name)) {
      errors.Add(d.loc, fmt::format("variable name '{}' is not a valid name; expected letters, "
                                    "digits and '_', not starting with a digit",
                                    d.name));
      continue;
    }
    if (auto [it, inserted] = by_name.emplace(d.name, &d); !inserted) {
      errors.Add(d.loc, fmt::format("variable '{}' is declared twice (first at line {})", d.name,
                                    it->second->loc.line));
      continue;
    }
    raw[d.name] = d.value;
  }
  for (const auto& [name, value] : overrides) {
    if (raw.count(name) == 0) {
      errors.Add(SourceLocation{file, 0},
                 fmt::format("--var {}: no variable '{}' in file{}", name, name,
                             SuggestionText(name, Names(raw), "variables in the file")));
      continue;
    }
    raw[name] = value;
  }

  // Depth-first expansion; `active` holds the chain being expanded, to report cycles. Each value
  // and all of them together are held to the limits of input_limits.h, checked while expanding.
  std::size_t budget = kMaxExpandedTotal;
  std::map<std::string, std::string> done;
  std::vector<std::string> active;
  std::set<std::string> failed;
  std::function<bool(const std::string&)> expand = [&](const std::string& name) -> bool {
    if (done.count(name)) return true;
    if (failed.count(name)) return false;
    const SourceLocation& loc = by_name.at(name)->loc;
    for (size_t i = 0; i < active.size(); ++i) {
      if (active[i] == name) {
        std::string chain;
        for (size_t j = i; j < active.size(); ++j) chain += active[j] + " -> ";
        throw ScenarioError(loc,
                            fmt::format("variable '{}' refers to itself: {}{}", name, chain, name));
      }
    }
    if (active.size() >= static_cast<std::size_t>(kMaxVariableDepth)) {
      throw ScenarioError(loc, fmt::format("variable '{}': variables refer to variables more than "
                                           "{} deep ({} -> ... -> {}); expected a shorter chain",
                                           name, kMaxVariableDepth, active.front(), name));
    }
    active.push_back(name);
    std::string out;
    bool ok = true;
    const std::string what = fmt::format("variable '{}'", name);
    ScanReferences(
        raw.at(name), loc, [&](const std::string& s) { Append(&out, s, what, loc, &budget); },
        [&](const std::string& ref) {
          if (!ok) return;
          if (raw.count(ref) == 0) {
            errors.Add(loc,
                       fmt::format("variable '{}': unknown variable '${{{}}}' in '{}'{}", name,
                                   Excerpt(ref), Excerpt(raw.at(name)),
                                   SuggestionText(Excerpt(ref), Names(raw), "known variables")));
            ok = false;
            return;
          }
          if (!expand(ref)) {
            ok = false;
            return;
          }
          Append(&out, done.at(ref), what, loc, &budget);
        });
    active.pop_back();
    if (ok) {
      done[name] = out;
    } else {
      failed.insert(name);
    }
    return ok;
  };
  for (const auto& [name, value] : raw) {
    try {
      active.clear();
      expand(name);
    } catch (const ScenarioError& e) {
      errors.Add(e);
      // Every variable on the failed chain is unusable; do not report them again.
      for (const std::string& n : active) failed.insert(n);
    }
  }
  errors.ThrowIfAny();
  return done;
}

}  // namespace hawser
