// Four nodes' records at a time between the packed layouts (x, y, z per node; a state's
// position and velocity, 6 values per node) and coordinate arrays (one per value): register
// shuffles of 4 doubles, where value by value the copies were bound by the stores (a cable of
// 100 nodes stores 900 values per evaluation). Only moves: the bits are unchanged. Inlined
// into the cable's passes (cable_pass.h), which compile them for AVX2 and the baseline.
#pragma once

#include <cstddef>
#include <cstring>
#include <utility>

namespace hawser::node_transpose {

/// 4 doubles (GNU vector extension: one AVX register, or two SSE2 ones).
using V4 = double __attribute__((vector_size(32)));

// Vectors pass by reference: by value they would be passed differently with and without AVX
// (GCC's -Wpsabi), even though every function here is inlined.
[[gnu::always_inline]] inline void Load(const double* p, V4& v) { std::memcpy(&v, p, sizeof v); }
[[gnu::always_inline]] inline void Store(double* p, const V4& v) { std::memcpy(p, &v, sizeof v); }

/// Loads 4 values from each of the arrays from[K] at element j into out[K], and stores 4 values
/// from in[K] into to[K] likewise: unrolled (a loop over K kept the vectors in memory).
template <std::size_t... K>
[[gnu::always_inline]] inline void LoadEach(const double* const* from, int j, V4* out,
                                            std::index_sequence<K...> /*K*/) {
  (Load(from[K] + j, out[K]), ...);
}
template <std::size_t... K>
[[gnu::always_inline]] inline void StoreEach(double* const* to, int j, const V4* in,
                                             std::index_sequence<K...> /*K*/) {
  (Store(to[K] + j, in[K]), ...);
}

/// 4 records of 6 values from r[0 .. 23] into 6 vectors: out[k] = value k of each record.
[[gnu::always_inline]] inline void Split6(const double* r, V4 out[6]) {
  V4 l0, l1, l2, l3, l4, l5;  // a0..a5 b0..b5, c0..c5 d0..d5.
  Load(r, l0);
  Load(r + 4, l1);
  Load(r + 8, l2);
  Load(r + 12, l3);
  Load(r + 16, l4);
  Load(r + 20, l5);
  const V4 a = __builtin_shufflevector(l0, l1, 0, 6, 1, 7);  // a0 b0 a1 b1
  const V4 b = __builtin_shufflevector(l3, l4, 0, 6, 1, 7);  // c0 d0 c1 d1
  const V4 c = __builtin_shufflevector(l0, l2, 2, 4, 3, 5);  // a2 b2 a3 b3
  const V4 d = __builtin_shufflevector(l3, l5, 2, 4, 3, 5);  // c2 d2 c3 d3
  const V4 e = __builtin_shufflevector(l1, l2, 0, 6, 1, 7);  // a4 b4 a5 b5
  const V4 f = __builtin_shufflevector(l4, l5, 0, 6, 1, 7);  // c4 d4 c5 d5
  out[0] = __builtin_shufflevector(a, b, 0, 1, 4, 5);
  out[1] = __builtin_shufflevector(a, b, 2, 3, 6, 7);
  out[2] = __builtin_shufflevector(c, d, 0, 1, 4, 5);
  out[3] = __builtin_shufflevector(c, d, 2, 3, 6, 7);
  out[4] = __builtin_shufflevector(e, f, 0, 1, 4, 5);
  out[5] = __builtin_shufflevector(e, f, 2, 3, 6, 7);
}

/// Split6's inverse: 4 records of the 6 values in[k] into r[0 .. 23].
[[gnu::always_inline]] inline void Join6(const V4 in[6], double* r) {
  const V4 a = __builtin_shufflevector(in[0], in[1], 0, 1, 4, 5);  // a0 b0 a1 b1
  const V4 b = __builtin_shufflevector(in[0], in[1], 2, 3, 6, 7);  // c0 d0 c1 d1
  const V4 c = __builtin_shufflevector(in[2], in[3], 0, 1, 4, 5);  // a2 b2 a3 b3
  const V4 d = __builtin_shufflevector(in[2], in[3], 2, 3, 6, 7);  // c2 d2 c3 d3
  const V4 e = __builtin_shufflevector(in[4], in[5], 0, 1, 4, 5);  // a4 b4 a5 b5
  const V4 f = __builtin_shufflevector(in[4], in[5], 2, 3, 6, 7);  // c4 d4 c5 d5
  Store(r, __builtin_shufflevector(a, c, 0, 2, 4, 6));             // a0 a1 a2 a3
  Store(r + 4, __builtin_shufflevector(e, a, 0, 2, 5, 7));         // a4 a5 b0 b1
  Store(r + 8, __builtin_shufflevector(c, e, 1, 3, 5, 7));         // b2 b3 b4 b5
  Store(r + 12, __builtin_shufflevector(b, d, 0, 2, 4, 6));        // c0 c1 c2 c3
  Store(r + 16, __builtin_shufflevector(f, b, 0, 2, 5, 7));        // c4 c5 d0 d1
  Store(r + 20, __builtin_shufflevector(d, f, 1, 3, 5, 7));        // d2 d3 d4 d5
}

/// 4 records of 3 values from r[0 .. 11] into x, y, z.
[[gnu::always_inline]] inline void Split3(const double* r, V4& x, V4& y, V4& z) {
  V4 l0, l1, l2;  // x0 y0 z0 x1, y1 z1 x2 y2, z2 x3 y3 z3
  Load(r, l0);
  Load(r + 4, l1);
  Load(r + 8, l2);
  x = __builtin_shufflevector(__builtin_shufflevector(l0, l1, 0, 3, 6, 6), l2, 0, 1, 2, 5);
  y = __builtin_shufflevector(__builtin_shufflevector(l0, l1, 1, 4, 7, 7), l2, 0, 1, 2, 6);
  z = __builtin_shufflevector(__builtin_shufflevector(l0, l1, 2, 5, 5, 5), l2, 0, 1, 4, 7);
}

/// 4 records of 3 values from x, y, z into r[0 .. 11].
[[gnu::always_inline]] inline void Join3(const V4& x, const V4& y, const V4& z, double* r) {
  const V4 xy01 = __builtin_shufflevector(x, y, 0, 4, 1, 5);   // x0 y0 x1 y1
  const V4 yz12 = __builtin_shufflevector(y, z, 1, 5, 2, 6);   // y1 z1 y2 z2
  const V4 xy33 = __builtin_shufflevector(x, y, 3, 7, 3, 7);   // x3 y3 x3 y3
  Store(r, __builtin_shufflevector(xy01, z, 0, 1, 4, 2));      // x0 y0 z0 x1
  Store(r + 4, __builtin_shufflevector(yz12, x, 0, 1, 6, 2));  // y1 z1 x2 y2
  Store(r + 8, __builtin_shufflevector(z, xy33, 2, 4, 5, 3));  // z2 x3 y3 z3
}

}  // namespace hawser::node_transpose
