// SimObject::DeclareParameter: a parameter's declaration for `hawser describe`, and its value
// parsed from the <Lib> attribute text and checked. Compiled here once per parameter type, so the
// public headers need neither fmt nor the value parser's internals.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "hawser/roll_pitch_yaw.h"
#include "hawser/simobject.h"
#include "hawser/text.h"
#include "hawser/value_parse.h"

namespace hawser {
namespace {

template <class T>
std::string KindName() {
  if constexpr (std::is_same_v<T, double>)
    return "number";
  else if constexpr (std::is_same_v<T, long>)
    return "integer";
  else if constexpr (std::is_same_v<T, bool>)
    return "bool";
  else if constexpr (std::is_same_v<T, std::string>)
    return "string";
  else if constexpr (std::is_same_v<T, Eigen::VectorXd>)
    return "vector";
  else {
    static_assert(std::is_same_v<T, Eigen::MatrixXd>, "unsupported parameter type");
    return "matrix";
  }
}

template <class T>
std::string DescribeValue(const T& v) {
  if constexpr (std::is_same_v<T, bool>)
    return v ? "true" : "false";
  else if constexpr (std::is_same_v<T, std::string>)
    return v;
  else if constexpr (std::is_same_v<T, Eigen::VectorXd>)
    return fmt::format("{}", fmt::join(v.data(), v.data() + v.size(), ","));
  else if constexpr (std::is_same_v<T, Eigen::MatrixXd>) {
    std::string s;
    for (Eigen::Index r = 0; r < v.rows(); ++r) {
      if (r) s += ';';
      for (Eigen::Index c = 0; c < v.cols(); ++c) {
        if (c) s += ',';
        s += fmt::format("{}", v(r, c));
      }
    }
    return s;
  } else
    return fmt::format("{}", v);
}

template <class T>
T ParseParam(const std::string& text, const SourceLocation& loc, const ParamSpec<T>& spec,
             const std::string& object_name) {
  const std::string what = fmt::format("{}: parameter '{}'", object_name, spec.name);
  if constexpr (std::is_same_v<T, double>)
    return ParseNumber(text, loc, what);
  else if constexpr (std::is_same_v<T, long>)
    return ParseInteger(text, loc, what);
  else if constexpr (std::is_same_v<T, bool>)
    return ParseBool(text, loc, what);
  else if constexpr (std::is_same_v<T, std::string>)
    return Trim(text);
  else if constexpr (std::is_same_v<T, Eigen::VectorXd>) {
    std::vector<double> v = ParseVector(text, loc, what);
    if (spec.size > 0 && static_cast<int>(v.size()) != spec.size) {
      throw ScenarioError(loc, fmt::format("{} has {} values; expected {} comma-separated numbers",
                                           what, v.size(), spec.size));
    }
    return Eigen::Map<Eigen::VectorXd>(v.data(), static_cast<Eigen::Index>(v.size()));
  } else
    return ParseMatrix(text, loc, what);
}

}  // namespace

template <class T>
T SimObject::DeclareParameter(ParamSpec<T> spec) {
  ParamInfo info;
  info.name = spec.name;
  info.unit = spec.unit;
  info.doc = spec.doc;
  info.kind = KindName<T>();
  if (spec.size > 0) info.kind += fmt::format("[{}]", spec.size);
  info.required = !spec.fallback.has_value();
  if (spec.fallback) info.default_text = DescribeValue(*spec.fallback);
  AddParamInfo(info);

  const auto* value = FindValue(spec.name);
  if (value == nullptr) {
    if (spec.fallback) return *spec.fallback;
    if (describing()) return T{};
    throw Error(fmt::format("missing required parameter '{}' ({}, {}); add {}=\"...\" to its <Lib>",
                            spec.name, info.kind, spec.unit, spec.name));
  }
  T parsed = ParseParam<T>(value->first, value->second, spec, name_);
  if (spec.check) {
    if (std::string expected = spec.check(parsed); !expected.empty()) {
      throw ScenarioError(value->second,
                          fmt::format("{}: parameter '{}' = '{}' is invalid; expected {}", name_,
                                      spec.name, Excerpt(Trim(value->first)), expected));
    }
  }
  return parsed;
}

std::optional<Eigen::Vector3d> SimObject::DeclareRollPitchYawParameter(
    const std::string& name, const std::string& doc, const std::string& quaternion_name) {
  ParamInfo info;
  info.name = name;
  info.unit = "deg";
  info.doc = doc +
             " Roll, pitch, yaw: R = Rz(yaw) Ry(pitch) Rx(roll) (Drake's convention, "
             "space-fixed x-y-z); degrees, or radians with a trailing rad (0.1,0,0.5 rad).";
  info.kind = "vector[3]";
  info.default_text = "unset: " + quaternion_name;
  AddParamInfo(info);
  const auto* value = FindValue(name);
  if (value == nullptr) return std::nullopt;
  if (FindValue(quaternion_name) != nullptr) {
    throw ScenarioError(
        value->second,
        fmt::format("{}: parameters '{}' and '{}' both give the same orientation; expected one "
                    "of them (roll, pitch, yaw, or a unit quaternion)",
                    name_, name, quaternion_name));
  }
  return ParseRollPitchYaw(value->first, value->second,
                           fmt::format("{}: parameter '{}'", name_, name));
}

template double SimObject::DeclareParameter(ParamSpec<double>);
template long SimObject::DeclareParameter(ParamSpec<long>);
template bool SimObject::DeclareParameter(ParamSpec<bool>);
template std::string SimObject::DeclareParameter(ParamSpec<std::string>);
template Eigen::VectorXd SimObject::DeclareParameter(ParamSpec<Eigen::VectorXd>);
template Eigen::MatrixXd SimObject::DeclareParameter(ParamSpec<Eigen::MatrixXd>);

}  // namespace hawser
