// `hawser view`'s page: one self-contained HTML file (page/view.html with three.js r111 from
// Debian's libjs-three and page/view.js inline, and the run's data as JSON), no network needed.
#pragma once

#include <cstddef>
#include <string>

#include "runtime/view/view_data.h"

namespace hawser::view {

/// The page size `hawser view` keeps to by default: 50 MB (decimating in time).
inline constexpr double kDefaultPageBudgetMb = 50.0;

/// The bytes one value takes in the page's JSON at most ("-12345.678," and the like: positions
/// to 1 mm, tensions to 5 significant digits), the measure the budget is kept with.
inline constexpr size_t kBytesPerValue = 12;

/// The page's fixed part (three.js, the script, the style), bytes.
size_t PageFixedBytes();

/// The stride in time that keeps `file`'s page within `budget_bytes`: 1 when everything fits.
/// Throws ScenarioError when even one frame per case does not fit.
size_t StrideForBudget(const ViewFile& file, double budget_bytes);

/// Writes the page of `file` (already decimated; `decimation` says how, shown in the page) to
/// `path`, replacing it safely (replacing_file.h). Throws IoError naming `path`.
void WriteViewPage(const ViewFile& file, const std::string& decimation, const std::string& path);

}  // namespace hawser::view
