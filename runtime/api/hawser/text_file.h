// Reading the text files a scenario names (RAO tables, Src/Table's File, sweep files) with bounded
// time and memory whatever the path is: only a regular file is read (a directory, FIFO, device or
// socket is refused by name, and a FIFO is never opened for reading, so one without a writer
// cannot hang), at most a size limit, row by row with a row limit, and a binary byte is reported
// escaped with its offset instead of being echoed to the terminal. Part of the SimObject API.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "hawser/errors.h"

namespace hawser {

/// The largest table file read: 64 MiB, as a scenario file (far beyond any RAO table or time
/// series a scenario needs; a mistyped path to a disk image fails at once instead).
inline constexpr std::size_t kMaxTableFileBytes = std::size_t{64} << 20;
/// The most rows (lines that are not blank and not comments) a table file may have.
inline constexpr std::size_t kMaxTableRows = 1000000;

/// The whole text of `path`, which must be a regular file of at most `max_bytes`. Messages name it
/// "WHAT 'PATH'NOTE" (what: "RAO file"; note: e.g. " (File=\"x.csv\")" or ""). Throws ScenarioError
/// at `where` (the scenario element or attribute that names the file) when the file is missing or
/// unreadable (the system's reason), is not a regular file (what it is instead), or is too large
/// (its size and the limit).
std::string ReadRegularFile(const std::string& path, const std::string& what,
                            const SourceLocation& where, const std::string& note = "",
                            std::size_t max_bytes = kMaxTableFileBytes);

/// Calls `row(line_number, line)` (1-based, the line trimmed) for each line of `text` (the file
/// `path`) that is neither blank nor a `#` comment. Throws ScenarioError at `path:line` for a
/// line with a control byte (other than tab and CR), quoting the line escaped with the byte's
/// offset in the file, and for more than `max_rows` rows.
void ForEachTextRow(const std::string& text, const std::string& path, const std::string& what,
                    const std::function<void(int, const std::string&)>& row,
                    std::size_t max_rows = kMaxTableRows);

/// ForEachTextRow for a table of numbers, `what` its kind ("RAO": "RAO file", "RAO row"): lines
/// before the first data row that do not start with a number are headers and are skipped; every
/// other row is parsed (ParseVector) and must have `columns` values ("RAO row has 3 values;
/// expected 14: LAYOUT"), then `row(at, values)` is called with the row's location.
void ForEachNumberRow(
    const std::string& text, const std::string& path, const std::string& what, std::size_t columns,
    const std::string& layout,
    const std::function<void(const SourceLocation&, const std::vector<double>&)>& row);

}  // namespace hawser
