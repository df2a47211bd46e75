// Limits on what a scenario may ask of the loader, so that a small or malformed file fails at
// once with a clear message instead of exhausting time or memory. They are generous: the largest
// example scenario is a few kilobytes. Documented in docs/scenario-format.md, "Limits".
#pragma once

#include <cstddef>

namespace hawser {

/// A scenario file: 64 MiB (checked before it is read).
inline constexpr std::size_t kMaxScenarioBytes = std::size_t{64} << 20;
/// One attribute value, as written and after `${...}` expansion: 1 MiB (about 50 000 numbers).
inline constexpr std::size_t kMaxAttributeLength = std::size_t{1} << 20;
/// One attribute or element name: 1 KiB.
inline constexpr std::size_t kMaxNameLength = 1024;
/// All `${...}` expansions of one file together (variable values and attribute values): 64 MiB.
inline constexpr std::size_t kMaxExpandedTotal = std::size_t{64} << 20;
/// How deep variables may refer to variables (`${a}` -> `${b}` -> ...).
inline constexpr int kMaxVariableDepth = 100;

}  // namespace hawser
