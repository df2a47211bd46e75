// The scenario's optional <LINETYPES> section: <LineType Name="chain76" Diameter="0.1368" .../>
// elements, and with <LINETYPES File="data/line_types.xml"> first the <LineType> elements of that
// file (root <LineTypes>; relative to the scenario's folder), so that many scenarios share one
// file. The loader keeps each element's attributes (${variables} substituted) with their lines;
// Cable/Line turns them into line types and checks the names and values
// (simobjects/cable/line_type_file.h; docs/cables-and-mooring.md, "Line types").
#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <pugixml.hpp>
#include <string>

#include "hawser/text.h"
#include "hawser/text_file.h"
#include "hawser/value_parse.h"
#include "runtime/scenario/input_limits.h"
#include "runtime/scenario/scenario.h"
#include "runtime/scenario/scenario_loader.h"
#include "runtime/scenario/variables.h"

namespace hawser::detail {

void Loader::ReadLineTypes(const pugi::xml_node& section, Scenario* scenario) {
  for (pugi::xml_attribute a : section.attributes()) {
    if (std::string(a.name()) != "File") {
      errors_.Add(At(a, section),
                  fmt::format("<LINETYPES> takes only the attribute File; found '{}'{}",
                              Excerpt(a.name()), SuggestionText(a.name(), {"File"}, "attributes")));
      continue;
    }
    const std::string file = Trim(a.value());
    const std::filesystem::path p(file);
    const std::string path =
        p.is_absolute()
            ? file
            : (std::filesystem::path(file_).parent_path() / p).lexically_normal().string();
    errors_.Try([&] { ReadLineTypeFile(path, At(a, section), scenario); });
  }
  for (pugi::xml_node e : Elements(section)) {
    LineTypeDecl decl{{}, At(e)};
    for (ExpandedAttribute& x : Attributes(e)) {
      if (!x.ok) continue;
      decl.values[x.attribute.name] = {Trim(x.attribute.value), x.attribute.loc};
    }
    scenario->line_types.push_back(std::move(decl));
  }
}

void Loader::ReadLineTypeFile(const std::string& path, const SourceLocation& where,
                              Scenario* scenario) {
  std::string text =
      ReadRegularFile(path, "line type file", where, " (<LINETYPES File=...>)", kMaxScenarioBytes);
  // Line of a byte offset into `text`: 1 + the newlines before it.
  auto line_at = [&](ptrdiff_t offset) {
    const auto end = text.begin() + std::clamp<ptrdiff_t>(offset, 0, std::ssize(text));
    return SourceLocation{path, 1 + static_cast<int>(std::count(text.begin(), end, '\n'))};
  };
  std::string buffer = text;  // Parsed in place: attribute names point into it.
  pugi::xml_document doc;
  const pugi::xml_parse_result parsed = doc.load_buffer_inplace(
      buffer.data(), buffer.size(), pugi::parse_default, pugi::encoding_utf8);
  if (!parsed) {
    throw ScenarioError(line_at(parsed.offset),
                        fmt::format("malformed XML: {}", parsed.description()));
  }
  const pugi::xml_node root = doc.document_element();
  if (std::string(root.name()) != "LineTypes") {
    throw ScenarioError(line_at(root.offset_debug()),
                        fmt::format("root element is <{}>; expected <LineTypes> holding "
                                    "<LineType Name=\"...\" .../> elements",
                                    Excerpt(root.name())));
  }
  for (pugi::xml_node e : root.children()) {
    if (e.type() != pugi::node_element) continue;
    if (std::string(e.name()) != "LineType" || e.first_child()) {
      throw ScenarioError(line_at(e.offset_debug()),
                          fmt::format("<{}> in <LineTypes>; expected <LineType .../> elements "
                                      "with attributes only",
                                      Excerpt(e.name())));
    }
    LineTypeDecl decl{{}, line_at(e.offset_debug())};
    for (pugi::xml_attribute a : e.attributes()) {
      const SourceLocation loc = line_at(a.name() - buffer.data());
      std::string value = a.value();
      if (value.size() > kMaxAttributeLength) {
        throw ScenarioError(loc, fmt::format("attribute {}: the value is {} characters long; "
                                             "expected at most {}",
                                             a.name(), value.size(), kMaxAttributeLength));
      }
      value = SubstituteVariables(value, variables_, loc, &expansion_budget_);
      decl.values[a.name()] = {Trim(value), loc};
    }
    scenario->line_types.push_back(std::move(decl));
  }
}

}  // namespace hawser::detail
