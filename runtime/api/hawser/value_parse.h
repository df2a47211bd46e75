// Parsing attribute text into typed values. Numbers may be expressions (muparser: `2*pi`,
// `sqrt(2)/2`, `1e-3`), so that derived parameters follow swept variables.
#pragma once

#include <Eigen/Dense>
#include <string>
#include <string_view>
#include <vector>

#include "hawser/errors.h"

namespace hawser {

/// `what` names the value in messages, e.g. "parameter 'Stiffness' of M". All throw ScenarioError
/// at `loc` with "<what>: '<text>' is not <kind>; expected <form>".
double ParseNumber(const std::string& text, const SourceLocation& loc, const std::string& what);
/// Reads one number or expression exactly as ParseNumber does, without throwing: true and
/// `*value`, or false and `*reason` (muparser's message, or why the number does not fit a
/// double, in which case `*out_of_range` is set when given). Connection values use it so that a
/// literal means the same as in a parameter.
bool EvaluateNumber(const std::string& text, double* value, std::string* reason,
                    bool* out_of_range = nullptr);
long ParseInteger(const std::string& text, const SourceLocation& loc, const std::string& what);
bool ParseBool(const std::string& text, const SourceLocation& loc, const std::string& what);
/// "1,2,3" (spaces allowed around elements). A single number is a vector of length 1.
std::vector<double> ParseVector(const std::string& text, const SourceLocation& loc,
                                const std::string& what);
/// Rows separated by ';', elements by ',': "0,1;-0.5,-2". Rows must have equal length.
Eigen::MatrixXd ParseMatrix(const std::string& text, const SourceLocation& loc,
                            const std::string& what);

/// Trims ASCII white space at both ends.
std::string Trim(const std::string& s);
/// The same without a copy: the part of `s` between its leading and trailing white space.
std::string_view TrimView(std::string_view s);

}  // namespace hawser
