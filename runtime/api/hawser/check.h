// HAWSER_CHECK: an internal invariant (a bug in hawser or in a SimObject, never bad user input).
// It aborts with the condition, file and line in every build type.
#pragma once

#include <cstdio>
#include <cstdlib>

#define HAWSER_CHECK(condition, message)                                                     \
  do {                                                                                       \
    if (!(condition)) {                                                                      \
      std::fprintf(stderr, "hawser internal error: %s (%s) at %s:%d\n", message, #condition, \
                   __FILE__, __LINE__);                                                      \
      std::abort();                                                                          \
    }                                                                                        \
  } while (0)
