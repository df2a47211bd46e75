#include "hawser/text.h"

#include <fmt/format.h>

namespace hawser {

std::string NumberText(double value) { return fmt::format("{}", value); }

std::string NumberText(double value, int digits) { return fmt::format("{:.{}g}", value, digits); }

std::string Excerpt(const std::string& text) {
  if (text.size() <= kExcerptLength) return text;
  return fmt::format("{}... ({} characters)", text.substr(0, kExcerptLength), text.size());
}

}  // namespace hawser
