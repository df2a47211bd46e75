// The wave grid's per-point arithmetic (wave_grid.h): at a level, bilinear in (x, y) over the
// four corners' samples j and j + 1, then cubic Hermite in t; between two levels, linear in z'.
// One source compiled twice (wave_grid_sums.cpp): for every x86-64 CPU (SSE2, 2 values per
// instruction) and for AVX2 (4), chosen at run time; neither may fuse a multiply and an add, so
// both give the same bits.
#pragma once

namespace hawser::ocean::grid_sums {

/// Where a point falls at one level: its four corners' rows (sample j of the chunk; sample j + 1
/// follows, wave_grid_layout.h), their bilinear weights (corner c at lattice (i + (c & 1),
/// j + (c >> 1))), and the level's Hermite weights h00, h10 dt, h01, h11 dt at the time.
struct Stencil {
  const double* row[4];
  double w[4];
  const double* hermite;
};

/// The interpolated elevation [m] at the stencil.
double Elevation(const Stencil& s);

/// Where Kinematics writes: velocity[3] [m/s], acceleration[3] [m/s^2], pressure (p_d / rho)
/// [m^2/s^2].
struct Quantities {
  double* velocity;
  double* acceleration;
  double* pressure;
};

/// The kinematics at stretched height z' between the levels of `upper` and `lower`, `w` =
/// (z_upper - z') / (z_upper - z_lower) of the way down.
void Kinematics(const Stencil& upper, const Stencil& lower, double w, const Quantities& out);
/// Kinematics as compiled for every x86-64 CPU and for AVX2 (only on a CPU that has it), which
/// Kinematics chooses between; declared for the tests, which compare them.
void KinematicsPortable(const Stencil& upper, const Stencil& lower, double w,
                        const Quantities& out);
void KinematicsAvx2(const Stencil& upper, const Stencil& lower, double w, const Quantities& out);

}  // namespace hawser::ocean::grid_sums
