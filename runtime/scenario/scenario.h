// Scenario: the plain data read from an XML scenario file, with source locations.
// Nothing downstream of the loader reads XML; everything it needs is here.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "hawser/declarations.h"
#include "hawser/errors.h"
#include "runtime/scenario/engine_settings.h"

namespace hawser {

/// One attribute as written (after ${variable} substitution), e.g. Stiffness="10".
struct Attribute {
  std::string name;
  std::string value;
  SourceLocation loc;
};

/// <Lib LibName="base" SimObject="Cable/LinearSpring" Name="M" Stiffness="10" .../>
struct ObjectDecl {
  std::string lib_name;
  std::string type;  ///< The SimObject attribute, e.g. "Cable/LinearSpring".
  std::string name;
  std::vector<Attribute> parameters;  ///< Every attribute other than LibName, SimObject, Name.
  SourceLocation loc;
};

/// One term of a connection value: factor * (port reference | literal).
/// "2*B.Out[0:3]" -> factor 2, object "B", port "Out", slice [0,3).
struct ConnectionTerm {
  double factor = 1.0;
  // A port reference when `object` is non-empty, otherwise a literal.
  std::string object;
  std::string port;
  std::optional<int> slice_begin;  ///< B.Out[2] -> begin 2, end 3; B.Out[0:3] -> 0, 3.
  std::optional<int> slice_end;
  std::vector<double> literal;
  std::string text;  ///< The term as written, without the sign before it, for messages.
  bool is_reference() const { return !object.empty(); }
};

/// <Connection A.In="B.Out + 0,0,1"/>: the input A.In receives the sum of the terms.
struct ConnectionDecl {
  std::string object;  ///< Receiving object ("A").
  std::string port;    ///< Receiving input port ("In").
  std::string text;    ///< The value as written, for messages.
  std::vector<ConnectionTerm> terms;
  SourceLocation loc;
};

/// <InitialCondition Obj.State="1,2,3"/>
struct InitialConditionDecl {
  std::string object;
  std::string state;
  std::vector<double> value;
  SourceLocation loc;
  /// "RollPitchYaw" when written as Obj.RollPitchYaw="r,p,y": `state` is then "Quat" and
  /// `value` its unit quaternion (hawser/roll_pitch_yaw.h); empty otherwise.
  std::string given_as;
  /// One element set by `--set Obj:State[i]=x` (runtime/sweep/sweep.h). The index is kept as
  /// read (any number) and checked against the state's width when the model is assembled.
  struct Element {
    double index = 0;
    double value = 0;
    std::string setting;  ///< "--set Obj:State[i]", for messages.
  };
  /// Applied over `value` in order. `value` is empty when the scenario gives no initial
  /// condition for the state (an error: there is nothing to set one element of).
  std::vector<Element> elements;
  /// The `--set` that made or changed this condition ("" for the scenario's own).
  std::string setting;
};

/// Everything a scenario file says.
struct Scenario {
  std::string file;      ///< Path as given by the user.
  std::string xml_text;  ///< The file's text, kept for provenance in result files.
  std::vector<ObjectDecl> objects;
  std::vector<ConnectionDecl> connections;
  std::vector<InitialConditionDecl> initial_conditions;
  std::vector<LineTypeDecl> line_types;  ///< <LINETYPES>: its File's, then its own elements.
  std::map<std::string, std::string> variables;  ///< After --var overrides.
  EngineSettings engine;
};

/// Variable overrides from the command line or a sweep: name -> value text.
using VariableOverrides = std::map<std::string, std::string>;

/// The text of a scenario file (a regular file or a pipe), at most kMaxScenarioBytes. Throws
/// ScenarioErrors for a directory or a file too large, IoError when it cannot be read.
std::string ReadScenarioText(const std::string& path);

/// Reads and checks a scenario file. Throws ScenarioErrors (all problems found) or IoError.
Scenario LoadScenario(const std::string& path, const VariableOverrides& overrides = {});

/// The same from XML text already in memory; `file` is used in messages.
Scenario LoadScenarioFromString(const std::string& xml_text, const std::string& file,
                                const VariableOverrides& overrides = {});

}  // namespace hawser
