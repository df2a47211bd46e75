// RaoTable::AtBrackets (rao_table.h): the components' H at the table headings around their
// relative heading, in the structure-of-arrays form of rao_sum_kernels.h.
#include <cstddef>
#include <span>
#include <vector>

#include "hawser/common_declarations.h"
#include "simobjects/body/rao_table.h"

namespace hawser {

rao_sum::Terms RaoTable::AtBrackets(std::span<const WaveComponentInfo> waves,
                                    double heading) const {
  PrepareComponents(waves);
  const ComponentCache& c = cache_;
  BracketCache& b = brackets_;
  const size_t nh = headings_.size(), n = waves.size();
  if (b.waves != waves.data() || b.count != n) {
    b = BracketCache{.waves = waves.data(), .count = n, .size = (n + 3) / 4 * 4};
    for (std::vector<double>* v : {&b.kx, &b.ky, &b.omega, &b.phase, &b.amplitude, &b.weight}) {
      v->assign(b.size, 0.0);  // The padding: still components of zero amplitude.
    }
    b.lower.assign(12 * b.size, 0.0);
    b.upper.assign(12 * b.size, 0.0);
    // No component has a bracket yet: i = next = nh matches no stencil.
    b.bracket.assign(n, HeadingStencil{nh, nh, 0.0});
    for (size_t k = 0; k < n; ++k) {
      b.kx[k] = c.at_heading.kx[k];
      b.ky[k] = c.at_heading.ky[k];
      b.omega[k] = waves[k].omega;
      b.phase[k] = waves[k].phase;
      b.amplitude[k] = waves[k].amplitude;
    }
  }
  if (!b.resolved || b.heading != heading) {
    b.stencils.resize(c.directions.size());
    for (size_t d = 0; d < c.directions.size(); ++d) {
      b.stencils[d] = HeadingBracket(headings_, (c.directions[d] - heading) / kDegree);
    }
    const size_t m = b.size;
    for (size_t k = 0; k < n; ++k) {
      const HeadingStencil& st = b.stencils[c.direction_of[k]];
      b.weight[k] = st.u;
      HeadingStencil& kept = b.bracket[k];
      if (kept.i == st.i && kept.next == st.next) continue;
      kept = st;
      const Response &lo = c.by_heading[k * nh + st.i], &hi = c.by_heading[k * nh + st.next];
      for (size_t j = 0; j < 6; ++j) {
        b.lower[j * m + k] = lo[j].real();
        b.lower[(6 + j) * m + k] = lo[j].imag();
        b.upper[j * m + k] = hi[j].real();
        b.upper[(6 + j) * m + k] = hi[j].imag();
      }
    }
    b.heading = heading;
    b.resolved = true;
  }
  return {.size = b.size,
          .kx = b.kx.data(),
          .ky = b.ky.data(),
          .omega = b.omega.data(),
          .phase = b.phase.data(),
          .amplitude = b.amplitude.data(),
          .lower = b.lower.data(),
          .upper = b.upper.data(),
          .weight = b.weight.data()};
}

}  // namespace hawser
