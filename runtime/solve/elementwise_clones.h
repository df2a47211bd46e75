// HAWSER_ELEMENTWISE: a loop over plain arrays compiled twice, for AVX2 and for the baseline
// x86-64 (SSE2), the loader picking one for the CPU (GCC's and clang's target_clones, an
// ifunc). Neither clone has FMA, so no product is contracted into an addition: both compute
// each element with the same operations in the same order and give the same bits. Only on free
// functions: clang 14's target_clones does not take member functions.
#pragma once

#if defined(__x86_64__)
#define HAWSER_ELEMENTWISE __attribute__((target_clones("avx2", "default")))
#else
#define HAWSER_ELEMENTWISE
#endif
