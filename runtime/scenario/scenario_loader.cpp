// Reads a scenario XML file into a Scenario (docs/design.md, "Scenario format"). The XML is walked
// once; every problem found is collected and reported together.
#include "runtime/scenario/scenario_loader.h"

#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <pugixml.hpp>
#include <string_view>
#include <vector>

#include "hawser/text.h"
#include "hawser/value_parse.h"
#include "runtime/scenario/engine_parser.h"
#include "runtime/scenario/input_limits.h"
#include "runtime/scenario/scenario.h"
#include "runtime/scenario/variables.h"

namespace hawser {
namespace {

const std::vector<std::string> kSections = {"VARIABLES",        "LINETYPES",      "OBJECTS",
                                            "INTERCONNECTIONS", "INITIALIZATION", "INTEGRATION"};
const std::vector<std::string> kRequiredSections = {"OBJECTS", "INTERCONNECTIONS", "INITIALIZATION",
                                                    "INTEGRATION"};

std::string ElementOf(const std::string& section) {
  if (section == "VARIABLES") return "Variable";
  if (section == "LINETYPES") return "LineType";
  if (section == "OBJECTS") return "Lib";
  if (section == "INTERCONNECTIONS") return "Connection";
  if (section == "INITIALIZATION") return "InitialCondition";
  return "Engine";
}

}  // namespace

namespace detail {

Loader::Loader(const std::string& xml_text, const std::string& file,
               const VariableOverrides& overrides)
    : text_(xml_text),
      file_(file),
      overrides_(overrides),
      buffer_(xml_text),
      expansion_budget_(kMaxExpandedTotal) {
  for (size_t i = 0; i < text_.size(); ++i) {
    if (text_[i] == '\n') newlines_.push_back(i);
  }
}

Scenario Loader::Load() {
  Scenario scenario;
  scenario.file = file_;
  scenario.xml_text = text_;
  pugi::xml_parse_result parsed = doc_.load_buffer_inplace(
      buffer_.data(), buffer_.size(), pugi::parse_default, pugi::encoding_utf8);
  if (!parsed) {
    throw ScenarioErrors(
        {ScenarioError(At(parsed.offset), fmt::format("malformed XML: {}", parsed.description()))});
  }
  pugi::xml_node contents = FindContents();
  if (!contents) errors_.ThrowIfAny();

  std::map<std::string, pugi::xml_node> sections = FindSections(contents);
  if (sections.count("VARIABLES")) ReadVariables(sections["VARIABLES"]);
  // If the variables themselves are broken, every ${...} would fail again: stop here.
  errors_.ThrowIfAny();
  scenario.variables = variables_;

  if (sections.count("LINETYPES")) ReadLineTypes(sections["LINETYPES"], &scenario);
  if (sections.count("OBJECTS")) ReadObjects(sections["OBJECTS"], &scenario);
  if (sections.count("INTERCONNECTIONS")) {
    ReadConnections(sections["INTERCONNECTIONS"], &scenario);
  }
  if (sections.count("INITIALIZATION")) {
    ReadInitialConditions(sections["INITIALIZATION"], &scenario);
  }
  if (sections.count("INTEGRATION")) ReadEngine(sections["INTEGRATION"], &scenario);
  errors_.ThrowIfAny();
  return scenario;
}

// Location of a byte offset into the text: line = 1 + newlines before it.
SourceLocation Loader::At(ptrdiff_t offset) const {
  if (offset < 0) return {file_, 0};
  auto n = std::lower_bound(newlines_.begin(), newlines_.end(), static_cast<size_t>(offset)) -
           newlines_.begin();
  return {file_, static_cast<int>(n) + 1};
}
SourceLocation Loader::At(const pugi::xml_node& node) const { return At(node.offset_debug()); }
// pugixml keeps no offsets for attributes, but parsing in place leaves each name inside our
// buffer, so an attribute on a continuation line gets its own line number.
SourceLocation Loader::At(const pugi::xml_attribute& attr, const pugi::xml_node& owner) const {
  const char* p = attr.name();
  if (p >= buffer_.data() && p < buffer_.data() + buffer_.size()) return At(p - buffer_.data());
  return At(owner);
}

pugi::xml_node Loader::FindContents() {
  pugi::xml_node contents;
  for (pugi::xml_node n : doc_.children()) {
    if (n.type() != pugi::node_element) continue;
    if (std::string(n.name()) != "Contents") {
      errors_.Add(At(n),
                  fmt::format("root element is <{}>; expected <Contents>", Excerpt(n.name())));
    } else if (contents) {
      errors_.Add(At(n), fmt::format("second <Contents> (first at line {}); expected one",
                                     At(contents).line));
    } else {
      contents = n;
    }
  }
  if (!contents && errors_.empty()) {
    errors_.Add({file_, 0},
                "no <Contents> element; expected a scenario such as "
                "<Contents><OBJECTS>...</OBJECTS>...</Contents>");
  }
  return contents;
}

// Complains about text and attributes where only child elements belong.
void Loader::CheckNoTextOrAttributes(const pugi::xml_node& node) {
  for (pugi::xml_attribute a : node.attributes()) {
    errors_.Add(At(a, node), fmt::format("<{}> takes no attributes; found '{}'", node.name(),
                                         Excerpt(a.name())));
  }
  CheckNoText(node);
}
void Loader::CheckNoText(const pugi::xml_node& node) {
  for (pugi::xml_node c : node.children()) {
    if (c.type() == pugi::node_pcdata || c.type() == pugi::node_cdata) {
      errors_.Add(At(c), fmt::format("unexpected text '{}' in <{}>", Excerpt(Trim(c.value())),
                                     node.name()));
    }
  }
}

std::map<std::string, pugi::xml_node> Loader::FindSections(const pugi::xml_node& contents) {
  std::map<std::string, pugi::xml_node> sections;
  CheckNoTextOrAttributes(contents);
  for (pugi::xml_node s : contents.children()) {
    if (s.type() != pugi::node_element) continue;
    const std::string name = s.name();
    if (std::find(kSections.begin(), kSections.end(), name) == kSections.end()) {
      errors_.Add(At(s), fmt::format("unknown section <{}>{}", Excerpt(name),
                                     SuggestionText(Excerpt(name), kSections, "sections")));
      continue;
    }
    if (auto [it, inserted] = sections.emplace(name, s); !inserted) {
      errors_.Add(At(s), fmt::format("section <{}> appears twice (first at line {})", name,
                                     At(it->second).line));
      continue;
    }
    if (name == "LINETYPES") {
      CheckNoText(s);  // Its attribute File is read by ReadLineTypes.
    } else {
      CheckNoTextOrAttributes(s);
    }
  }
  for (const std::string& name : kRequiredSections) {
    if (!sections.count(name)) {
      errors_.Add(At(contents), fmt::format("missing section <{}>; a scenario needs OBJECTS, "
                                            "INTERCONNECTIONS, INITIALIZATION and INTEGRATION",
                                            name));
    }
  }
  return sections;
}

// The elements of a section, each checked to be the section's element kind with no children.
std::vector<pugi::xml_node> Loader::Elements(const pugi::xml_node& section) {
  const std::string expected = ElementOf(section.name());
  std::vector<pugi::xml_node> elements;
  for (pugi::xml_node e : section.children()) {
    if (e.type() != pugi::node_element) continue;
    if (e.name() != expected) {
      errors_.Add(At(e),
                  fmt::format("unknown element <{}> in <{}>{}", Excerpt(e.name()), section.name(),
                              SuggestionText(Excerpt(e.name()), {expected}, "valid elements")));
      continue;
    }
    for (pugi::xml_node c : e.children()) {
      if (c.type() == pugi::node_element) {
        errors_.Add(At(c), fmt::format("unexpected element <{}> inside <{}>; expected <{} "
                                       ".../> with attributes only",
                                       Excerpt(c.name()), expected, expected));
      }
    }
    CheckNoText(e);
    elements.push_back(e);
  }
  return elements;
}

// Reports an attribute whose name or value (as written) is longer than input_limits.h allows;
// such an attribute is dropped before anything copies or parses its text.
bool Loader::CheckLength(const pugi::xml_attribute& a, const pugi::xml_node& owner) {
  const std::string_view name = a.name(), value = a.value();
  if (name.size() > kMaxNameLength) {
    errors_.Add(At(a, owner), fmt::format("attribute name '{}' is {} characters long; expected a "
                                          "name of at most {} characters",
                                          Excerpt(std::string(name.substr(0, kExcerptLength + 1))),
                                          name.size(), kMaxNameLength));
    return false;
  }
  if (value.size() > kMaxAttributeLength) {
    errors_.Add(
        At(a, owner),
        fmt::format("attribute {}: the value '{}...' is {} characters long; expected at "
                    "most {} (1 MiB)",
                    name, value.substr(0, kExcerptLength), value.size(), kMaxAttributeLength));
    return false;
  }
  return true;
}

// Attributes with ${variables} expanded; duplicates are reported and dropped.
std::vector<ExpandedAttribute> Loader::Attributes(const pugi::xml_node& e) {
  std::vector<ExpandedAttribute> out;
  for (pugi::xml_attribute a : e.attributes()) {
    if (!CheckLength(a, e)) continue;
    ExpandedAttribute x{{a.name(), a.value(), At(a, e)}, true};
    auto dup = std::find_if(out.begin(), out.end(), [&](const ExpandedAttribute& y) {
      return y.attribute.name == x.attribute.name;
    });
    if (dup != out.end()) {
      errors_.Add(x.attribute.loc,
                  fmt::format("attribute '{}' appears twice in <{}>", x.attribute.name, e.name()));
      continue;
    }
    try {
      x.attribute.value =
          SubstituteVariables(x.attribute.value, variables_, x.attribute.loc, &expansion_budget_);
    } catch (const ScenarioError& err) {
      errors_.Add(err);
      x.ok = false;
    }
    out.push_back(std::move(x));
  }
  return out;
}

void Loader::ReadVariables(const pugi::xml_node& section) {
  std::vector<VariableDecl> decls;
  for (pugi::xml_node e : Elements(section)) {
    VariableDecl d{"", "", At(e)};
    bool has_name = false, has_value = false;
    // Variable values are expanded by ResolveVariables, so read them raw here.
    for (pugi::xml_attribute a : e.attributes()) {
      if (!CheckLength(a, e)) continue;
      const std::string name = a.name();
      if (name == "Name") {
        d.name = Trim(a.value()), has_name = true;
      } else if (name == "Value") {
        d.value = Trim(a.value()), has_value = true;
      } else {
        errors_.Add(At(a, e),
                    fmt::format("unknown <Variable> attribute '{}'{}", Excerpt(name),
                                SuggestionText(name, {"Name", "Value"}, "Variable attributes")));
      }
    }
    if (!has_name || !has_value) {
      errors_.Add(d.loc, fmt::format("<Variable> without {}; expected <Variable Name=\"k\" "
                                     "Value=\"10\"/>",
                                     has_name ? "Value" : "Name"));
      continue;
    }
    decls.push_back(d);
  }
  errors_.Try([&] { variables_ = ResolveVariables(decls, overrides_, file_); });
}

void Loader::ReadEngine(const pugi::xml_node& section, Scenario* scenario) {
  std::vector<pugi::xml_node> engines = Elements(section);
  if (engines.empty()) {
    errors_.Add(At(section),
                "<INTEGRATION> has no <Engine>; expected exactly one, e.g. "
                "<Engine TOutput=\"0, 0.1, 10\"/>");
    return;
  }
  for (size_t i = 1; i < engines.size(); ++i) {
    errors_.Add(At(engines[i]), fmt::format("second <Engine> (first at line {}); expected "
                                            "exactly one",
                                            At(engines[0]).line));
  }
  std::vector<Attribute> attributes;
  for (ExpandedAttribute& x : Attributes(engines[0])) {
    if (x.ok) attributes.push_back(x.attribute);
  }
  errors_.Try([&] { scenario->engine = ParseEngineSettings(attributes, At(engines[0])); });
}

}  // namespace detail

namespace {

/// `more`: the file was read up to the limit and had more (a pipe or device gives no size).
ScenarioErrors TooLarge(const std::string& file, std::size_t bytes, bool more = false) {
  return ScenarioErrors({ScenarioError(
      {file, 0}, fmt::format("the scenario has {}{} bytes; expected a file of at most {} bytes "
                             "(64 MiB)",
                             more ? "more than " : "", bytes, kMaxScenarioBytes))});
}

}  // namespace

Scenario LoadScenarioFromString(const std::string& xml_text, const std::string& file,
                                const VariableOverrides& overrides) {
  if (xml_text.size() > kMaxScenarioBytes) throw TooLarge(file, xml_text.size());
  return detail::Loader(xml_text, file, overrides).Load();
}

std::string ReadScenarioText(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw ScenarioErrors(
        {ScenarioError({path, 0}, "the scenario is a directory; expected a scenario XML file")});
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw IoError(fmt::format("cannot read scenario '{}': {}", path, std::strerror(errno)));
  }
  // The size is checked before reading, so a huge file costs neither time nor memory. A stream
  // that cannot seek (a pipe) reports -1 here and is read as it comes, as is a device that
  // reports size 0 (/dev/zero): both only up to the limit.
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  if (size > static_cast<std::streamoff>(kMaxScenarioBytes)) {
    throw TooLarge(path, static_cast<std::size_t>(size));
  }
  in.clear();
  in.seekg(0, std::ios::beg);
  in.clear();  // A pipe cannot seek: read it from where it is.
  std::string text;
  std::vector<char> chunk(std::size_t{1} << 16);
  while (in.read(chunk.data(), static_cast<std::streamsize>(chunk.size())) || in.gcount() > 0) {
    text.append(chunk.data(), static_cast<std::size_t>(in.gcount()));
    if (text.size() > kMaxScenarioBytes) throw TooLarge(path, kMaxScenarioBytes, true);
  }
  if (in.bad()) {
    throw IoError(fmt::format("cannot read scenario '{}': {}", path, std::strerror(errno)));
  }
  return text;
}

Scenario LoadScenario(const std::string& path, const VariableOverrides& overrides) {
  return LoadScenarioFromString(ReadScenarioText(path), path, overrides);
}

}  // namespace hawser
