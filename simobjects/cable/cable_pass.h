// What the cable's vectorised passes (cable_node_forces.cpp, cable_node_derivatives.cpp) are
// compiled with: an AVX2 clone beside the baseline one on x86-64 (chosen at load time; AVX2
// without FMA, so no product is contracted and results stay those of the plain arithmetic),
// and the promise that a pass's arrays do not overlap.
#pragma once

#if defined(__x86_64__)
#define HAWSER_CABLE_PASS __attribute__((target_clones("avx2", "default")))
#else
#define HAWSER_CABLE_PASS
#endif
// The arrays of one pass never overlap (each is its own part of CableWorkspace): tell GCC,
// which cannot prove it for a dozen pointers. (Clang checks the overlap at run time by itself;
// its pragma for this turns a loop it does not vectorise, as in the sanitizers' build, into an
// error.)
#if defined(__GNUC__) && !defined(__clang__)
#define HAWSER_INDEPENDENT_ITERATIONS _Pragma("GCC ivdep")
#else
#define HAWSER_INDEPENDENT_ITERATIONS
#endif
