// Dispatch from a run-time width to a template instantiated for it, so that loops over a band's
// width unroll and its newest values stay in registers (banded_lu.cpp, banded_lu_two_sided.cpp).
#pragma once

namespace hawser {

/// Calls F<K>::Run(args...) for the width `k` in 1..8; false for another width.
template <template <int> class F, class... Args>
bool WithWidth(int k, Args&&... args) {
  switch (k) {
    case 1:
      return F<1>::Run(args...), true;
    case 2:
      return F<2>::Run(args...), true;
    case 3:
      return F<3>::Run(args...), true;
    case 4:
      return F<4>::Run(args...), true;
    case 5:
      return F<5>::Run(args...), true;
    case 6:
      return F<6>::Run(args...), true;
    case 7:
      return F<7>::Run(args...), true;
    case 8:
      return F<8>::Run(args...), true;
    default:
      return false;
  }
}

}  // namespace hawser
