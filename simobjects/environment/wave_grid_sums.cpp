#include "simobjects/environment/wave_grid_sums.h"

#include "simobjects/environment/vector_math.h"
#include "simobjects/environment/wave_grid_layout.h"

namespace hawser::ocean::grid_sums {
namespace {

using grid_layout::kStride;

// Bilinear in (x, y) first, samples j and j + 1 at once (r: 2 x kStride values), then the cubic
// Hermite basis on [t_j, t_j+1] (the derivative samples scaled by dt): each quantity is
// h00 r_j + h01 r_j+1 plus h10 and h11 times its rate's (kStored). One expression per value,
// no sum kept in memory across corners, so that the compiler vectorises both loops whole.
// Inlined into each caller, so that it is compiled for the caller's instruction set.
[[gnu::always_inline]] inline void LevelSums(const Stencil& s, double* q) {
  const double *f0 = s.row[0], *f1 = s.row[1], *f2 = s.row[2], *f3 = s.row[3];
  const double w0 = s.w[0], w1 = s.w[1], w2 = s.w[2], w3 = s.w[3];
  double r[2 * kStride];
  for (int k = 0; k < 2 * kStride; ++k) r[k] = w0 * f0[k] + w1 * f1[k] + w2 * f2[k] + w3 * f3[k];
  const double h00 = s.hermite[0], h10 = s.hermite[1], h01 = s.hermite[2], h11 = s.hermite[3];
  for (int p = 0; p < 8; ++p) {
    q[p] = h00 * r[p] + h10 * r[p + 8] + h01 * r[p + kStride] + h11 * r[p + kStride + 8];
  }
}

[[gnu::always_inline]] inline void BothLevels(const Stencil& upper, const Stencil& lower, double w,
                                              const Quantities& out) {
  double u[8], l[8], q[8];
  LevelSums(upper, u);
  LevelSums(lower, l);
  for (int k = 0; k < 8; ++k) q[k] = u[k] + w * (l[k] - u[k]);
  for (int k = 0; k < 3; ++k) {
    out.velocity[k] = q[1 + k];
    out.acceleration[k] = q[4 + k];
  }
  *out.pressure = q[7];
}

}  // namespace

void KinematicsPortable(const Stencil& upper, const Stencil& lower, double w,
                        const Quantities& out) {
  BothLevels(upper, lower, w, out);
}

// AVX2 only, not FMA: a fused multiply-add rounds once where the portable code rounds twice.
[[gnu::target("avx2")]] void KinematicsAvx2(const Stencil& upper, const Stencil& lower, double w,
                                            const Quantities& out) {
  BothLevels(upper, lower, w, out);
}

double Elevation(const Stencil& s) {
  // LevelSums' expressions for eta (stored value 0, its rate 8, in samples j and j + 1).
  const double *f0 = s.row[0], *f1 = s.row[1], *f2 = s.row[2], *f3 = s.row[3];
  const double w0 = s.w[0], w1 = s.w[1], w2 = s.w[2], w3 = s.w[3];
  double r[4];
  for (int m = 0; m < 4; ++m) {
    const int k = 8 * m;
    r[m] = w0 * f0[k] + w1 * f1[k] + w2 * f2[k] + w3 * f3[k];
  }
  const double* h = s.hermite;
  return h[0] * r[0] + h[1] * r[1] + h[2] * r[2] + h[3] * r[3];
}

void Kinematics(const Stencil& upper, const Stencil& lower, double w, const Quantities& out) {
  if (vector_math::UsesAvx2()) {
    KinematicsAvx2(upper, lower, w, out);
  } else {
    KinematicsPortable(upper, lower, w, out);
  }
}

}  // namespace hawser::ocean::grid_sums
