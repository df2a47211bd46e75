#include "simobjects/cable/cable_surface_point.h"

#include <algorithm>

namespace hawser {

double SubmergedHeight(const SurfacePoint& s, double z) {
  return std::clamp(0.5 * s.height - z, 0.0, s.height);
}

void AddSurfacePointForces(const CableProperties& p, std::span<const double> pos,
                           const std::vector<char>& wet, std::span<double> force) {
  for (const SurfacePoint& s : p.surface_points) {
    const auto i = static_cast<size_t>(s.node);
    const double z = pos[3 * i + 2];
    const double area = s.volume / s.height;
    const bool in_water = wet.empty() || wet[i];
    force[3 * i + 2] += s.rho_g * (area * SubmergedHeight(s, z) - (in_water ? s.volume : 0.0));
  }
}

double SurfacePointStiffness(const CableProperties& p, int node, double z) {
  double k = 0.0;
  for (const SurfacePoint& s : p.surface_points) {
    if (s.node == node && z > -0.5 * s.height && z < 0.5 * s.height) {
      k -= s.rho_g * s.volume / s.height;
    }
  }
  return k;
}

double SurfacePointEnergy(const CableProperties& p, std::span<const double> pos) {
  double energy = 0.0;
  for (const SurfacePoint& s : p.surface_points) {
    const double z = pos[3 * static_cast<size_t>(s.node) + 2], h = s.height;
    double integral = 0.0;  // S(z), the integral of s with S = 0 above h / 2.
    if (z <= -0.5 * h) {
      integral = h * z;
    } else if (z < 0.5 * h) {
      integral = 0.5 * h * z - 0.5 * z * z - 0.125 * h * h;
    }
    energy += s.rho_g * (s.volume * z - s.volume / h * integral);
  }
  return energy;
}

}  // namespace hawser
