// The scenario loader's XML walker, private to scenario_loader.cpp (sections, variables, engine)
// and element_readers.cpp (objects, connections, initial conditions). API: scenario.h.
#pragma once

#include <cstddef>
#include <map>
#include <pugixml.hpp>
#include <string>
#include <vector>

#include "hawser/errors.h"
#include "runtime/scenario/scenario.h"

namespace hawser::detail {

// An attribute after ${variable} expansion; `ok` is false when the expansion failed (already
// reported), so that the value is not checked again but still counts as present.
struct ExpandedAttribute {
  Attribute attribute;
  bool ok = true;
};

class Loader {
 public:
  Loader(const std::string& xml_text, const std::string& file, const VariableOverrides& overrides);

  Scenario Load();

 private:
  // ---- The XML walk: contents, sections, elements, attributes (scenario_loader.cpp) ----
  SourceLocation At(ptrdiff_t offset) const;
  SourceLocation At(const pugi::xml_node& node) const;
  SourceLocation At(const pugi::xml_attribute& attr, const pugi::xml_node& owner) const;
  pugi::xml_node FindContents();
  void CheckNoTextOrAttributes(const pugi::xml_node& node);
  void CheckNoText(const pugi::xml_node& node);
  std::map<std::string, pugi::xml_node> FindSections(const pugi::xml_node& contents);
  std::vector<pugi::xml_node> Elements(const pugi::xml_node& section);
  bool CheckLength(const pugi::xml_attribute& a, const pugi::xml_node& owner);
  std::vector<ExpandedAttribute> Attributes(const pugi::xml_node& e);
  void ReadVariables(const pugi::xml_node& section);
  void ReadEngine(const pugi::xml_node& section, Scenario* scenario);

  // ---- <Lib>, <Connection> and <InitialCondition> (element_readers.cpp) ----
  void ReadObjects(const pugi::xml_node& section, Scenario* scenario);
  bool SplitTarget(const Attribute& a, const std::string& member, const std::string& example,
                   std::string* object, std::string* name);
  void ReadConnections(const pugi::xml_node& section, Scenario* scenario);
  void ReadInitialConditions(const pugi::xml_node& section, Scenario* scenario);

  // ---- <LINETYPES> and the line-type file its File attribute names (line_type_reader.cpp) ----
  void ReadLineTypes(const pugi::xml_node& section, Scenario* scenario);
  /// The <LineType> elements of the XML file `path` (root <LineTypes>), named at `where`.
  void ReadLineTypeFile(const std::string& path, const SourceLocation& where, Scenario* scenario);

  const std::string& text_;
  const std::string file_;
  const VariableOverrides& overrides_;
  std::string buffer_;  // Parsed in place: pugixml's strings point into it.
  std::vector<size_t> newlines_;
  pugi::xml_document doc_;
  ErrorCollector errors_;
  std::map<std::string, std::string> variables_;
  // What `${...}` expansion of attribute values may still add (input_limits.h).
  std::size_t expansion_budget_ = 0;
};

}  // namespace hawser::detail
