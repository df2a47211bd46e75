// What the parser harnesses share: checking a promise of the code under test on one input.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

#include "hawser/errors.h"

namespace hawser::fuzz {

/// The input with control bytes and non-ASCII as \xNN, so that a report shows it exactly.
inline std::string Escaped(const std::string& text) {
  std::string out;
  for (unsigned char c : text) {
    if (c >= 0x20 && c < 0x7f && c != '\\') {
      out += static_cast<char>(c);
    } else {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
    }
  }
  return out;
}

/// Aborts (libFuzzer then saves the input) when the code under test broke `promise` on `text`.
inline void Require(bool ok, const char* harness, const char* promise, const std::string& text) {
  if (ok) return;
  std::fprintf(stderr, "%s: '%s' parsed, but %s\n", harness, Escaped(text).c_str(), promise);
  std::abort();
}

/// A harness's `Check(ok, promise, text)`: Require with the harness's name, e.g.
/// `const hawser::fuzz::Promises Check{"rao_table_fuzz"};`.
struct Promises {
  const char* harness;
  void operator()(bool ok, const char* promise, const std::string& text) const {
    Require(ok, harness, promise, text);
  }
};

/// Runs `fn`, for which a ScenarioError is the expected outcome of bad text; anything else
/// propagates, so libFuzzer reports it.
template <class Fn>
void IgnoringScenarioErrors(Fn&& fn) {
  try {
    fn();
  } catch (const hawser::ScenarioError&) {
  }
}

/// Runs `fn` on a scenario's text, for which hawser's own errors for bad input (ScenarioError(s),
/// SimulationError, IoError for a missing table file) are the expected outcomes.
template <class Fn>
void IgnoringHawserErrors(Fn&& fn) {
  try {
    fn();
  } catch (const hawser::ScenarioErrors&) {
  } catch (const hawser::ScenarioError&) {
  } catch (const hawser::SimulationError&) {
  } catch (const hawser::IoError&) {
  }
}

}  // namespace hawser::fuzz
