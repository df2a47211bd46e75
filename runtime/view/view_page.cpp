#include "runtime/view/view_page.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>

#include "hawser/errors.h"
#include "runtime/output/replacing_file.h"
#include "runtime/view/sea_surface.h"
#include "runtime/view/view_assets.h"
#include "runtime/view/view_markers.h"

namespace hawser::view {
namespace {

/// `text` as a JSON string; '<' escaped so that no name can close the page's <script>.
std::string JsonString(const std::string& text) {
  std::string out = "\"";
  for (unsigned char ch : text) {
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += static_cast<char>(ch);
    } else if (ch < 0x20 || ch == '<') {
      out += fmt::format("\\u{:04x}", ch);
    } else {
      out += static_cast<char>(ch);
    }
  }
  return out + "\"";
}

/// `values` as a JSON array, each with `format`; a value that is not finite is null (JSON has
/// no NaN).
void AppendArray(std::string& out, const std::vector<double>& values, const char* format) {
  out += '[';
  for (size_t i = 0; i < values.size(); ++i) {
    if (i) out += ',';
    if (std::isfinite(values[i])) {
      out += fmt::format(fmt::runtime(format), values[i]);
    } else {
      out += "null";
    }
  }
  out += ']';
}

std::string CaseJson(const ViewCase& c) {
  std::string out = fmt::format(
      "{{\"label\":{},\"depth\":{},\"current\":[{},{},{}],\"time\":", JsonString(c.label),
      c.depth ? fmt::format("{}", *c.depth) : "null", c.current[0], c.current[1], c.current[2]);
  AppendArray(out, c.time, "{:.6g}");
  out += ",\"cables\":[";
  for (size_t k = 0; k < c.cables.size(); ++k) {
    const ViewCable& cable = c.cables[k];
    out += fmt::format("{}{{\"name\":{},\"nodes\":{},\"pos\":", k ? "," : "",
                       JsonString(cable.name), cable.nodes);
    AppendArray(out, cable.positions, "{:.3f}");  // 1 mm.
    out += ",\"tension\":";
    if (cable.tension.empty()) {
      out += "null";
    } else {
      AppendArray(out, cable.tension, "{:.5g}");
    }
    // A broken line: [time, segment]; the page hides that segment from then on.
    out += cable.break_segment < 0
               ? std::string(",\"break\":null")
               : fmt::format(",\"break\":[{},{}]", cable.break_time, cable.break_segment);
    out += '}';
  }
  out += "],\"waves\":[";
  // The largest components only: the page sums them at every vertex of its surface each frame.
  const std::vector<std::array<double, 5>> waves = LargestWaves(c.waves, kMaxDrawnWaves);
  for (size_t k = 0; k < waves.size(); ++k) {
    out += fmt::format("{}[{:.6g},{:.9g},{:.9g},{:.9g},{:.9g}]", k ? "," : "", waves[k][0],
                       waves[k][1], waves[k][2], waves[k][3], waves[k][4]);
  }
  out += "],\"ramp\":[";
  for (size_t k = 0; k < c.wave_ramp.size(); ++k)
    out += fmt::format("{}[{:.9g},{:.9g}]", k ? "," : "", c.wave_ramp[k][0], c.wave_ramp[k][1]);
  out += "],\"bodies\":[";
  for (size_t k = 0; k < c.bodies.size(); ++k) {
    const ViewBody& b = c.bodies[k];
    out += fmt::format("{}{{\"name\":{},\"size\":{:.3f},\"pos\":", k ? "," : "", JsonString(b.name),
                       b.size);
    AppendArray(out, b.position, "{:.3f}");
    out += ",\"quat\":";
    AppendArray(out, b.quat, "{:.6f}");
    out += '}';
  }
  // Markers: their own positions, or a cable's node (view_markers.h).
  out += "],\"markers\":[";
  for (size_t k = 0; k < c.markers.size(); ++k) {
    const ViewMarker& m = c.markers[k];
    out += fmt::format("{}{{\"name\":{},\"kind\":\"{}\",\"size\":{:.3f},", k ? "," : "",
                       JsonString(m.name), KindName(m.kind), m.size);
    if (m.cable >= 0) {
      out += fmt::format("\"cable\":{},\"node\":{}}}", m.cable, m.node);
      continue;
    }
    out += "\"pos\":";
    AppendArray(out, m.position, "{:.3f}");
    out += '}';
  }
  return out + "]}";
}

/// `text` with the one `marker` replaced by `value`.
std::string Fill(std::string text, const std::string& marker, const std::string& value) {
  const auto at = text.find(marker);
  if (at != std::string::npos) text.replace(at, marker.size(), value);
  return text;
}

}  // namespace

size_t PageFixedBytes() {
  return std::strlen(kViewPageTemplate) + std::strlen(kThreeJs) + std::strlen(kViewScript);
}

size_t StrideForBudget(const ViewFile& file, double budget_bytes) {
  double per_frame = 0.0;  // Every case's frame, as the page holds all cases.
  size_t frames = 0;
  for (const ViewCase& c : file.cases) {
    per_frame += static_cast<double>(ValuesPerFrame(c) * kBytesPerValue);
    frames = std::max(frames, c.time.size());
  }
  const double room = budget_bytes - static_cast<double>(PageFixedBytes());
  if (room < 2.0 * per_frame) {  // The first and the last output time at least.
    throw ScenarioError(
        {}, fmt::format("'{}': a page of {:.1f} MB cannot hold even two output "
                        "times ({:.1f} MB of three.js and script, {:.1f} MB a "
                        "frame); give a larger --max-size",
                        file.path, budget_bytes / 1e6, PageFixedBytes() / 1e6, per_frame / 1e6));
  }
  const auto fit = static_cast<size_t>(room / per_frame) - 1;  // Decimate keeps the last too.
  return frames <= fit ? 1 : (frames + fit - 1) / fit;
}

void WriteViewPage(const ViewFile& file, const std::string& decimation, const std::string& path) {
  std::string json = fmt::format("{{\"file\":{},\"sweep\":{},\"decimation\":{},\"cases\":[",
                                 JsonString(file.path), file.sweep, JsonString(decimation));
  for (size_t k = 0; k < file.cases.size(); ++k) {
    if (k) json += ',';
    json += CaseJson(file.cases[k]);
  }
  json += "]}";
  std::string page = Fill(kViewPageTemplate, "@THREE_JS@", kThreeJs);
  page = Fill(page, "@VIEW_JS@", kViewScript);
  page = Fill(page, "@DATA@", json);  // Last: the data may hold any text.
  ReplacingFile out(path, false);
  {
    std::ofstream f(out.write_path(), std::ios::binary);
    f.write(page.data(), static_cast<std::streamsize>(page.size()));
    f.close();
    if (!f)
      throw IoError(fmt::format("'{}': cannot write the page: {}", path, std::strerror(errno)));
  }
  out.Publish();
}

}  // namespace hawser::view
