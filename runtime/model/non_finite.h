// A branch-free test for NaN and infinity over arrays, shared by the model's right-hand side and
// the fixed-step integrators' state update (both on the integrator's hot path).
#pragma once

#include <bit>
#include <cstdint>
#include <span>

namespace hawser {

/// A value whose top bit (kNonFinite) is set if `v` is a NaN or an infinity (every exponent bit
/// set). Integer operations only, so that a loop over an array vectorizes: adding 1 to the
/// exponent field carries into the sign bit's position only from the all-ones exponent. The other
/// bits are noise: callers OR the values of an array together and test the top bit once.
inline uint64_t NonFiniteBit(double v) {
  constexpr uint64_t kExponent = 0x7ff0000000000000, kExponentOne = 0x0010000000000000;
  return (std::bit_cast<uint64_t>(v) & kExponent) + kExponentOne;
}
inline constexpr uint64_t kNonFinite = uint64_t{1} << 63;

/// Whether every value of `v` is finite.
inline bool AllFinite(std::span<const double> v) {
  uint64_t non_finite = 0;
  for (double d : v) non_finite |= NonFiniteBit(d);
  return (non_finite & kNonFinite) == 0;
}

}  // namespace hawser
