// The sea of a side by side with MoorDyn (bench/moordyn_peer.h): an explicit list of wave
// components in MoorDyn's wave_frequencies.txt format, which hawser reads as well
// (Environment/Ocean Waves="file"), so that both programs see the same sea.
#pragma once
#include <fmt/format.h>

#include <cmath>
#include <complex>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "simobjects/environment/wave_spectrum.h"

namespace hawser::peer {

/// One row of wave_frequencies.txt: omega [rad/s] and the complex amplitude A [m].
struct Component {
  double omega;
  std::complex<double> amplitude;
};

/// JONSWAP (Hs, Tp, gamma) on `count` evenly spaced frequencies omega_i = i dw, i = 1..count
/// (MoorDyn's FFT grid needs an even spacing from 0), |A_i| = sqrt(2 S(omega_i) dw), phases
/// uniform in [0, 2 pi) from `seed`. The record repeats after 2 pi / dw.
inline std::vector<Component> JonswapComponents(double hs, double tp, double gamma, double dw,
                                                int count, unsigned seed) {
  const ocean::WaveSpectrum spectrum = ocean::WaveSpectrum::Jonswap(hs, tp, gamma);
  std::mt19937_64 random(seed);
  std::uniform_real_distribution<double> phase(0.0, 2.0 * M_PI);
  std::vector<Component> parts;
  for (int i = 1; i <= count; ++i) {
    const double w = i * dw;
    parts.push_back({w, std::polar(std::sqrt(2.0 * spectrum(w) * dw), phase(random))});
  }
  return parts;
}

/// Writes `parts` as wave_frequencies.txt: a zero row at omega = 0 first (MoorDyn requires it),
/// then zero rows on the same spacing up to `pad_to` rad/s (a finer time step of MoorDyn's FFT
/// grid: dtWave = 2 pi / (2 n dw) for n rows after the first). `quarter` multiplies every
/// amplitude by -i: MoorDyn's grid (WaveKin 2) inverse-transforms A into |A| cos(omega t - k x
/// + arg A), its component sum (WaveKin 7) into |A| sin(...) (simobjects/environment/
/// wave_components_file.h): with -i the grid holds the sea the sum and hawser hold.
inline void WriteWaveFrequencies(const std::string& path, const std::vector<Component>& parts,
                                 double pad_to = 0.0, bool quarter = false) {
  std::ofstream f(path);
  f << "0 0 0\n";
  const std::complex<double> turn = quarter ? std::complex<double>(0.0, -1.0) : 1.0;
  for (const Component& c : parts) {
    const std::complex<double> a = c.amplitude * turn;
    f << fmt::format("{:.17g} {:.17g} {:.17g}\n", c.omega, a.real(), a.imag());
  }
  const double dw = parts.size() > 1 ? parts[1].omega - parts[0].omega : parts[0].omega;
  for (double w = parts.back().omega + dw; w <= pad_to + 1e-9; w += dw) {
    f << fmt::format("{:.17g} 0 0\n", w);
  }
}

/// MoorDyn's water_grid.txt: a lattice of nx x ny x nz points over the box (x0..x1, y0..y1,
/// z0..z1) (coordinate type 2: first, last, count; type 0 for an axis of one point at 0).
struct Grid {
  double x0, x1;
  int nx;
  double y0, y1;
  int ny;
  double z0, z1;
  int nz;
};
inline void WriteWaterGrid(const std::string& path, const Grid& g) {
  std::ofstream f(path);
  f << "--- MoorDyn Waves grid File ---\nhawser benchmark peer\nx, y, z lattices\n";
  const auto axis = [&](double a, double b, int n) {
    if (n <= 1) return std::string("0\n0\n");
    return fmt::format("2\n{} {} {}\n", a, b, n);
  };
  f << axis(g.x0, g.x1, g.nx) << axis(g.y0, g.y1, g.ny) << axis(g.z0, g.z1, g.nz);
}

}  // namespace hawser::peer
