#include "hawser/text.h"

#include <fmt/format.h>

#include <cctype>

namespace hawser {

std::string NumberText(double value) { return fmt::format("{}", value); }

std::string NumberText(double value, int digits) { return fmt::format("{:.{}g}", value, digits); }

bool StartsWithNumber(const std::string& line) {
  if (line.empty()) return false;
  const char c = line[0];
  return std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '+' || c == '.';
}

namespace {

/// The length of the UTF-8 sequence at s[i] when it is valid and not a control character (C1,
/// U+0080..U+009F), else 0.
std::size_t Utf8Length(const std::string& s, std::size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  std::size_t n = 0;
  if (c >= 0xc2 && c <= 0xdf) n = 2;
  if (c >= 0xe0 && c <= 0xef) n = 3;
  if (c >= 0xf0 && c <= 0xf4) n = 4;
  if (n == 0 || i + n > s.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((static_cast<unsigned char>(s[i + k]) & 0xc0) != 0x80) return 0;
  if (c == 0xc2 && static_cast<unsigned char>(s[i + 1]) < 0xa0) return 0;  // C1 controls.
  return n;
}

}  // namespace

std::string Escaped(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += text[i++];
    } else if (const std::size_t n = c >= 0x80 ? Utf8Length(text, i) : 0; n > 0) {
      out.append(text, i, n);
      i += n;
    } else {
      out += fmt::format("\\x{:02x}", c);
      ++i;
    }
  }
  return out;
}

std::string Excerpt(const std::string& text) {
  if (text.size() <= kExcerptLength) return Escaped(text);
  return fmt::format("{}... ({} characters)", Escaped(text.substr(0, kExcerptLength)), text.size());
}

}  // namespace hawser
