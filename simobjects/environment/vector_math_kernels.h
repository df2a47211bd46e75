// The kernels behind vector_math.h: AVX2 ones, compiled with -mavx2 -mfma in a file of their own
// (vector_math_avx2.cpp) and called only on a CPU that has both, and the SSE2 ones every x86-64
// CPU has (vector_math.cpp). Plain pointers: the AVX2 file includes no C++ library header that
// defines inline functions, so that none compiled there for AVX2 can be picked by the linker
// for the rest of the program. Declared here so that tests can run both.
#pragma once

#include <cstddef>

namespace hawser::vector_math::avx2 {

/// As vector_math::SinCos on the first 4 floor(n / 4) arguments; returns how many it did.
std::size_t SinCos(const double* angle, double* cosine, double* sine, std::size_t n);
/// As vector_math::Exp on the first 4 floor(n / 4) arguments; returns how many it did.
std::size_t Exp(const double* x, double* result, std::size_t n);
/// As vector_math::SqrtAndReciprocal on the first 4 floor(n / 4) values (`reciprocal` may be
/// null: none); returns how many it did.
std::size_t SqrtAndReciprocal(const double* square, double* root, double* reciprocal,
                              std::size_t n);

}  // namespace hawser::vector_math::avx2

namespace hawser::vector_math::sse2 {

/// As vector_math::SinCos on the first 2 floor(n / 2) arguments; returns how many it did.
std::size_t SinCos(const double* angle, double* cosine, double* sine, std::size_t n);
/// As vector_math::Exp on the first 2 floor(n / 2) arguments; returns how many it did.
std::size_t Exp(const double* x, double* result, std::size_t n);
/// As vector_math::SqrtAndReciprocal on the first 2 floor(n / 2) values (`reciprocal` may be
/// null: none); returns how many it did.
std::size_t SqrtAndReciprocal(const double* square, double* root, double* reciprocal,
                              std::size_t n);

}  // namespace hawser::vector_math::sse2
