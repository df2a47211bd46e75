// The scenario sections that declare the model: <Lib> objects, <Connection>s and
// <InitialCondition>s, read into the Scenario's declarations (see scenario_loader.h).
#include <fmt/format.h>

#include <map>
#include <string>
#include <tuple>

#include "hawser/roll_pitch_yaw.h"
#include "hawser/text.h"
#include "hawser/value_parse.h"
#include "runtime/scenario/connection_parser.h"
#include "runtime/scenario/input_limits.h"
#include "runtime/scenario/scenario.h"
#include "runtime/scenario/scenario_loader.h"

namespace hawser::detail {
namespace {

const char* kNameRule = "expected letters, digits and '_', not starting with a digit";
/// The initial-condition name that sets a Quat state from roll, pitch, yaw.
const char* kRollPitchYawState = "RollPitchYaw";

}  // namespace

void Loader::ReadObjects(const pugi::xml_node& section, Scenario* scenario) {
  std::map<std::string, int> lines;  // Object name -> line, to report duplicates.
  for (pugi::xml_node e : Elements(section)) {
    ObjectDecl obj;
    obj.loc = At(e);
    bool has_lib = false, has_type = false, has_name = false;
    for (ExpandedAttribute& x : Attributes(e)) {
      Attribute& a = x.attribute;
      a.value = Trim(a.value);
      if (a.name == "LibName") {
        obj.lib_name = a.value, has_lib = true;
      } else if (a.name == "SimObject") {
        obj.type = a.value, has_type = true;
      } else if (a.name == "Name") {
        obj.name = a.value, has_name = true;
        if (x.ok && a.value.size() > kMaxNameLength) {
          errors_.Add(a.loc, fmt::format("object name '{}' is {} characters long; expected at "
                                         "most {}",
                                         Excerpt(a.value), a.value.size(), kMaxNameLength));
        } else if (x.ok && !IsIdentifier(a.value)) {
          errors_.Add(a.loc, fmt::format("object name '{}' is not a valid name; {}",
                                         Excerpt(a.value), kNameRule));
        }
      } else {
        obj.parameters.push_back(a);
      }
    }
    for (auto [present, attr, example] : {std::tuple{has_lib, "LibName", "base"},
                                          {has_type, "SimObject", "Cable/LinearSpring"},
                                          {has_name, "Name", "M"}}) {
      if (!present) {
        errors_.Add(obj.loc,
                    fmt::format("<Lib> without {}; expected e.g. {}=\"{}\"", attr, attr, example));
      }
    }
    if (!has_name) continue;
    if (auto [it, inserted] = lines.emplace(obj.name, obj.loc.line); !inserted) {
      errors_.Add(obj.loc, fmt::format("object name '{}' is used twice (first at line {})",
                                       Excerpt(obj.name), it->second));
      continue;
    }
    scenario->objects.push_back(std::move(obj));
  }
}

// Splits an attribute name "Obj.Member"; reports and returns false if it is not of that form.
bool Loader::SplitTarget(const Attribute& a, const std::string& member, const std::string& example,
                         std::string* object, std::string* name) {
  size_t dot = a.name.find('.');
  if (dot != std::string::npos) {
    *object = a.name.substr(0, dot);
    *name = a.name.substr(dot + 1);
    if (IsIdentifier(*object) && IsIdentifier(*name)) return true;
  }
  errors_.Add(a.loc, fmt::format("'{}' is not of the form Obj.{}; expected an attribute such "
                                 "as {}",
                                 Excerpt(a.name), member, example));
  return false;
}

void Loader::ReadConnections(const pugi::xml_node& section, Scenario* scenario) {
  std::map<std::string, int> lines;  // "Obj.Port" -> line, to report an input connected twice.
  for (pugi::xml_node e : Elements(section)) {
    for (ExpandedAttribute& x : Attributes(e)) {
      const Attribute& a = x.attribute;
      ConnectionDecl c;
      c.loc = a.loc;
      c.text = Trim(a.value);
      if (!SplitTarget(a, "Port", "M.PosA=\"0,0,0\"", &c.object, &c.port) || !x.ok) continue;
      if (auto [it, inserted] = lines.emplace(a.name, a.loc.line); !inserted) {
        errors_.Add(a.loc, fmt::format("input {} is connected twice (first at line {}); "
                                       "expected one connection per input (use a sum such as "
                                       "\"A.F + B.F\" to add several)",
                                       a.name, it->second));
        continue;
      }
      try {
        c.terms = ParseConnectionTerms(c.text, c.loc);
      } catch (const ScenarioError& err) {
        errors_.Add(c.loc, fmt::format("{}: {}", a.name, err.message()));
        continue;
      }
      scenario->connections.push_back(std::move(c));
    }
  }
}

void Loader::ReadInitialConditions(const pugi::xml_node& section, Scenario* scenario) {
  std::map<std::string, int> lines;
  for (pugi::xml_node e : Elements(section)) {
    for (ExpandedAttribute& x : Attributes(e)) {
      const Attribute& a = x.attribute;
      InitialConditionDecl ic;
      ic.loc = a.loc;
      if (!SplitTarget(a, "State", "M.Pos=\"0,0,0\"", &ic.object, &ic.state) || !x.ok) continue;
      if (auto [it, inserted] = lines.emplace(a.name, a.loc.line); !inserted) {
        errors_.Add(a.loc, fmt::format("initial condition {} is given twice (first at line {})",
                                       a.name, it->second));
        continue;
      }
      errors_.Try([&] {
        if (ic.state == kRollPitchYawState) {
          // Obj.RollPitchYaw="10,0,30" sets the object's unit-quaternion state Quat.
          const Eigen::Vector4d q = RollPitchYawToQuaternion(
              ParseRollPitchYaw(a.value, a.loc, "initial condition " + a.name));
          ic.value.assign(q.data(), q.data() + 4);
          ic.state = "Quat";
          ic.given_as = kRollPitchYawState;
        } else {
          ic.value = ParseVector(a.value, a.loc, "initial condition " + a.name);
        }
        scenario->initial_conditions.push_back(ic);
      });
    }
  }
}

}  // namespace hawser::detail
