// Error types. Exceptions inside the runtime; exit codes are chosen only in main().
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace hawser {

/// Where something was written in a scenario file. line == 0 means "whole file".
struct SourceLocation {
  std::string file;
  int line = 0;
};

/// Formats "file:line: error: message" (or "file: error: message" without a line).
std::string FormatDiagnostic(const SourceLocation& loc, const std::string& message);

/// Bad input in a scenario or on the command line (exit code 2).
class ScenarioError : public std::runtime_error {
 public:
  ScenarioError(SourceLocation loc, const std::string& message);
  const SourceLocation& location() const { return loc_; }
  const std::string& message() const { return message_; }

 private:
  SourceLocation loc_;
  std::string message_;
};

/// Several scenario errors found in one pass (validate reports them all at once).
class ScenarioErrors : public std::runtime_error {
 public:
  explicit ScenarioErrors(std::vector<ScenarioError> errors);
  const std::vector<ScenarioError>& errors() const { return errors_; }

 private:
  std::vector<ScenarioError> errors_;
};

/// Collects errors and throws them together; use where checking can go on after one failure.
class ErrorCollector {
 public:
  void Add(ScenarioError e) { errors_.push_back(std::move(e)); }
  void Add(const SourceLocation& loc, const std::string& message) {
    errors_.emplace_back(loc, message);
  }
  bool empty() const { return errors_.empty(); }
  /// Runs fn; a ScenarioError or ScenarioErrors it throws is collected instead.
  template <class Fn>
  void Try(Fn&& fn) {
    try {
      fn();
    } catch (const ScenarioErrors& es) {
      for (const auto& e : es.errors()) errors_.push_back(e);
    } catch (const ScenarioError& e) {
      errors_.push_back(e);
    }
  }
  /// Throws ScenarioErrors if anything was collected.
  void ThrowIfAny() const;

 private:
  std::vector<ScenarioError> errors_;
};

/// The simulation could not go on: solver failure, non-finite value (exit code 3).
class SimulationError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A file could not be read or written (exit code 4).
class IoError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The closest candidate to `word` by edit distance, or "" when none is close enough.
std::string ClosestMatch(const std::string& word, const std::vector<std::string>& candidates);

/// "; did you mean 'X'?" when a close candidate exists, then "; valid names are: a, b, c".
std::string SuggestionText(const std::string& word, const std::vector<std::string>& candidates,
                           const std::string& what = "valid names");

}  // namespace hawser
