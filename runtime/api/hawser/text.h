// Numbers and user text in messages, written the way the runtime writes them, so that a
// SimObject's errors read like hawser's own. Part of the public SimObject API.
#pragma once

#include <cstddef>
#include <string>

namespace hawser {

/// The shortest text that reads back to the same double: "0.1", "250000", "1e-07".
std::string NumberText(double value);
/// At most `digits` significant digits, as printf's "%.<digits>g": NumberText(1/3.0, 3) = "0.333".
std::string NumberText(double value, int digits);

/// `text` safe to print on a terminal: printable ASCII and valid UTF-8 as they are, every other
/// byte (control characters, NUL, invalid UTF-8) as \xNN.
std::string Escaped(const std::string& text);

/// At most this many characters of user text are quoted in a message.
inline constexpr std::size_t kExcerptLength = 60;
/// User text as a message quotes it: the text itself when it has at most kExcerptLength
/// characters, else its first kExcerptLength characters, "..." and its length
/// ("1,2,3,...... (1048577 characters)"), so that a huge value never floods a message; escaped
/// (Escaped), so that a binary byte never reaches the terminal.
std::string Excerpt(const std::string& text);

/// Whether `line` starts as a number does: a digit, a sign or a decimal point. A table reader
/// takes a first line that does not for a header ("frequency, heading, ...") and skips it.
bool StartsWithNumber(const std::string& line);

}  // namespace hawser
