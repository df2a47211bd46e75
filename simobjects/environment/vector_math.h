// Sines, cosines and exponentials of many arguments at once, for the sums over wave components
// (sea_state.cpp), through SLEEF (libsleef, Debian's vectorised math library): its u10 functions
// are accurate to 1.0 ULP over the whole double range, as glibc's are, and evaluate 4 arguments
// per call with AVX2 (2 with SSE2 on a CPU without it; chosen once, at run time). A wave sum
// spent about 55 % of a moored floater's run in glibc's scalar sincos.
#pragma once

#include <span>

namespace hawser::vector_math {

/// cosine[i] = cos(angle[i]), sine[i] = sin(angle[i]); all three spans of one size (cosine may
/// be angle).
void SinCos(std::span<const double> angle, std::span<double> cosine, std::span<double> sine);

/// result[i] = exp(x[i]); both spans of one size (result may be x).
void Exp(std::span<const double> x, std::span<double> result);

/// root[i] = sqrt(square[i]) and, when `reciprocal` is not empty, reciprocal[i] = 1 / root[i];
/// all spans of one size (root may be square). IEEE square roots and divisions, correctly rounded
/// as the scalar ones are: the results equal std::sqrt's and 1.0 / std::sqrt's bit for bit, 4
/// (AVX2) or 2 (SSE2) at a time. For the cable's segment lengths, tangents and drag speeds
/// (cable_physics.cpp), which were bound by the scalar divider.
void SqrtAndReciprocal(std::span<const double> square, std::span<double> root,
                       std::span<double> reciprocal);

/// Whether the AVX2 kernels are in use (the CPU has AVX2 and FMA), for the benchmarks' tables.
bool UsesAvx2();

}  // namespace hawser::vector_math
