// The benchmarks' command lines: --help, and numbers that must be numbers. A benchmark given a
// bad argument says which and how to call it (exit 2), instead of running with 0 or crashing.
#pragma once

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace hawser::bench {

/// Prints `usage` and exits 0 when any argument is --help or -h.
inline void HelpExit(int argc, char** argv, const char* usage) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      std::fputs(usage, stdout);
      std::exit(0);
    }
  }
}

/// Prints "NAME: WHAT is 'TEXT'; expected EXPECTED" and `usage`, and exits 2.
[[noreturn]] inline void BadArgument(const char* name, const char* what, const char* text,
                                     const char* expected, const char* usage) {
  std::fprintf(stderr, "%s: %s is '%s'; expected %s\n%s", name, what, text, expected, usage);
  std::exit(2);
}

/// `text` as a whole number in [lo, hi], else BadArgument.
inline long IntArgument(const char* name, const char* what, const char* text, long lo, long hi,
                        const char* usage) {
  char* end = nullptr;
  errno = 0;
  const long v = std::strtol(text, &end, 10);
  if (end == text || *end != '\0' || errno != 0 || v < lo || v > hi) {
    char expected[96];
    std::snprintf(expected, sizeof expected, "a whole number from %ld to %ld", lo, hi);
    BadArgument(name, what, text, expected, usage);
  }
  return v;
}

/// `text` as a finite number > 0 (>= 0 with `zero_ok`), else BadArgument.
inline double PositiveArgument(const char* name, const char* what, const char* text,
                               const char* usage, bool zero_ok = false) {
  char* end = nullptr;
  const double v = std::strtod(text, &end);
  if (end == text || *end != '\0' || !std::isfinite(v) || !(v > 0.0 || (zero_ok && v == 0.0)))
    BadArgument(name, what, text, zero_ok ? "a number >= 0" : "a number > 0", usage);
  return v;
}

}  // namespace hawser::bench
