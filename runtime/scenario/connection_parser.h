// The right-hand side of a <Connection> attribute: a sum of scaled port references and literals.
#pragma once

#include <string>
#include <vector>

#include "hawser/errors.h"
#include "runtime/scenario/scenario.h"

namespace hawser {

/// Parses a connection value into its terms: a sum of port references (Obj.Port, Obj.Port[i] =
/// the slice [i, i+1), Obj.Port[begin:end]) and literals. Numbers are read by the parameters'
/// expression engine (muparser, hawser/value_parse.h).
///   - A '+' or '-' outside parentheses that follows an operand (a number, name, ')' or ']')
///     separates terms, and the term's sign scales all of it: "A.F - 0,0,100" adds (0,0,-100).
///     Any other sign belongs to what follows: "-470,0,-100", "0,0,-10", "A.F*-2", "A.F - -5".
///   - A literal is comma-separated elements, each a number or expression without a top-level
///     '+' or '-' between operands ("${R}*cos(2*pi/3), ${R}*sin(2*pi/3), -100", "(a-b), 0").
///   - A reference has an optional factor before ('2*B.Out', '-B.Out') and after ('B.Out*2',
///     'B.Out/2'); a reference inside parentheses, or two in one term, is an error.
/// So a value reads as a parameter's vector would wherever both readings are valid: a scalar
/// sum "5 - 1 + 2" is 6 either way, and a top-level '+' or '-' inside a vector element, which a
/// parameter would take as part of the element, here splits terms of different widths, which
/// the model reports. Throws ScenarioError at `loc` quoting the text, the bad term and its
/// 1-based position.
std::vector<ConnectionTerm> ParseConnectionTerms(const std::string& text,
                                                 const SourceLocation& loc);

/// True for [A-Za-z_][A-Za-z0-9_]*, the form of object, port, state and variable names.
bool IsIdentifier(const std::string& s);

}  // namespace hawser
