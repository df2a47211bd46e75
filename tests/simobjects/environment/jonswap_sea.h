// The irregular sea of the wave-kinematics tests (wave_grid_test.cpp, wave_sum_test.cpp).
#pragma once

#include <vector>

#include "simobjects/environment/irregular_sea.h"
#include "simobjects/environment/wave_spectrum.h"

namespace hawser::ocean::test {

/// 200 components of a JONSWAP sea (Hs 6 m, Tp 10 s, gamma 3.3) between 0.4 and 4 times its
/// peak frequency, mean direction 0.5 rad with cos^`spreading` spreading, seed 7, in water of
/// `depth` m (inf: deep) with g = 9.81 m/s^2.
inline std::vector<WaveComponent> Jonswap(double depth, double spreading) {
  const WaveSpectrum s = WaveSpectrum::Jonswap(6.0, 10.0, 3.3);
  IrregularSeaOptions o;
  o.components = 200;
  o.omega_min = 0.4 * s.peak_frequency();
  o.omega_max = 4.0 * s.peak_frequency();
  o.mean_direction = 0.5;
  o.spreading_exponent = spreading;
  o.seed = 7;
  return IrregularWaveComponents([&](double w) { return s(w); }, o, depth, 9.81);
}

}  // namespace hawser::ocean::test
