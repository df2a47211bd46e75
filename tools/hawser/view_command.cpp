#include "tools/hawser/view_command.h"

#include <fmt/format.h>

#include <charconv>
#include <filesystem>

#include "hawser/errors.h"
#include "hawser/text.h"
#include "runtime/view/view_data.h"
#include "runtime/view/view_page.h"
#include "runtime/view/vtk_writer.h"
#include "tools/hawser/commands.h"

namespace hawser::cli {
namespace {

/// --case's value: -1 when not given; a whole number >= 0 otherwise (else ScenarioError).
long CaseIndex(const std::string& text) {
  if (text.empty()) return -1;
  long v = -1;
  const auto [at, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || at != text.data() + text.size() || v < 0) {
    throw ScenarioError(
        {}, fmt::format("--case '{}': expected a case number (0, 1, ...)", Excerpt(text)));
  }
  return v;
}

}  // namespace

int View(const ViewRequest& request) {
  if (!(request.max_size_mb > 0.0 && request.max_size_mb <= 1e4)) {
    throw ScenarioError({}, fmt::format("--max-size {}: expected a page size in MB from 0 to 10000",
                                        request.max_size_mb));
  }
  view::ViewFile file = view::ReadViewFile(request.file, CaseIndex(request.case_number));
  const size_t stride = view::StrideForBudget(file, request.max_size_mb * 1e6);
  size_t kept = 0, recorded = 0;
  for (view::ViewCase& c : file.cases) {
    view::Decimate(c, stride);
    kept += c.time.size();
    recorded += c.recorded_frames;
  }
  const std::string decimation =
      stride == 1 ? fmt::format("all {} output times", recorded)
                  : fmt::format("{} of {} output times (one in every {}, for a page within {} MB)",
                                kept, recorded, stride, request.max_size_mb);
  const std::string output = request.output.empty() ? "view.html" : request.output;
  view::WriteViewPage(file, decimation, output);
  std::error_code ec;
  const auto bytes = std::filesystem::file_size(output, ec);
  fmt::print(stderr, "hawser view: wrote '{}' ({:.1f} MB): {} of '{}'\n", output,
             ec ? 0.0 : static_cast<double>(bytes) / 1e6, decimation, request.file);
  return kOk;
}

int Vtk(const VtkRequest& request) {
  const long index = CaseIndex(request.case_number);
  view::ViewFile file = view::ReadViewFile(request.file, index);
  if (file.sweep && index < 0) {
    throw ScenarioError({}, fmt::format("'{}' is a sweep's file ({} cases): choose one with --case",
                                        request.file, file.cases.size()));
  }
  const view::ViewCase& c = file.cases.front();
  const std::string stem = std::filesystem::path(request.file).stem().string();
  const size_t n = view::WriteVtk(c, request.dir, stem);
  fmt::print(stderr, "hawser vtk: wrote {} .vtp files and '{}/{}.pvd' (open it in ParaView)\n", n,
             request.dir, stem);
  return kOk;
}

}  // namespace hawser::cli
