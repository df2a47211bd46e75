#include "hawser/log.h"

#include <fmt/format.h>

#include <atomic>
#include <cstdio>
#include <mutex>
#include <string>
#include <utility>

namespace hawser {
namespace {

std::atomic<bool> notes_enabled{true};
thread_local std::string line_prefix;

/// One write per line, under a lock, so that lines from several threads never interleave.
void PrintLine(const std::string& text) {
  static std::mutex mutex;
  const std::string line = line_prefix + text + "\n";
  std::lock_guard lock(mutex);
  std::fwrite(line.data(), 1, line.size(), stderr);
  std::fflush(stderr);
}

}  // namespace

void Note(const std::string& line) {
  if (notes_enabled.load(std::memory_order_relaxed)) PrintLine(line);
}

void Warn(const std::string& line) { PrintLine("warning: " + line); }

void Warn(const SourceLocation& loc, const std::string& message) {
  if (loc.file.empty()) return Warn(message);
  if (loc.line <= 0) return PrintLine(fmt::format("{}: warning: {}", loc.file, message));
  PrintLine(fmt::format("{}:{}: warning: {}", loc.file, loc.line, message));
}

void SetNotesEnabled(bool enabled) { notes_enabled.store(enabled, std::memory_order_relaxed); }

LogPrefix::LogPrefix(std::string prefix)
    : previous_(std::exchange(line_prefix, std::move(prefix))) {}

LogPrefix::~LogPrefix() { line_prefix = std::move(previous_); }

}  // namespace hawser
