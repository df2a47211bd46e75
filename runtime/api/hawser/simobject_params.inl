// Template part of SimObject: typed parameter declaration. Included from simobject.h only.
#pragma once

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "hawser/value_parse.h"

namespace hawser {

template <class T>
constexpr ParamKind ParamKindOf() {
  if constexpr (std::is_same_v<T, double>)
    return ParamKind::kNumber;
  else if constexpr (std::is_same_v<T, long>)
    return ParamKind::kInteger;
  else if constexpr (std::is_same_v<T, bool>)
    return ParamKind::kBool;
  else if constexpr (std::is_same_v<T, std::string>)
    return ParamKind::kString;
  else if constexpr (std::is_same_v<T, Eigen::VectorXd>)
    return ParamKind::kVector;
  else {
    static_assert(std::is_same_v<T, Eigen::MatrixXd>, "unsupported parameter type");
    return ParamKind::kMatrix;
  }
}

std::string ParamKindName(ParamKind k);

template <class T>
std::string SimObject::DescribeValue(const T& v) {
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
T SimObject::ParseParam(const std::string& text, const SourceLocation& loc,
                        const ParamSpec<T>& spec) const {
  const std::string what = fmt::format("{}: parameter '{}'", name_, spec.name);
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

template <class T>
T SimObject::DeclareParameter(ParamSpec<T> spec) {
  ParamInfo info;
  info.name = spec.name;
  info.unit = spec.unit;
  info.doc = spec.doc;
  info.kind = ParamKindName(ParamKindOf<T>());
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
  T parsed = ParseParam<T>(value->first, value->second, spec);
  if (spec.check) {
    if (std::string expected = spec.check(parsed); !expected.empty()) {
      throw ScenarioError(value->second,
                          fmt::format("{}: parameter '{}' = '{}' is invalid; expected {}", name_,
                                      spec.name, Trim(value->first), expected));
    }
  }
  return parsed;
}

}  // namespace hawser
