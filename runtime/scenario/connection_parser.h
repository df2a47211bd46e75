// The right-hand side of a <Connection> attribute: a sum of scaled port references and literals.
#pragma once

#include <string>
#include <vector>

#include "hawser/errors.h"
#include "runtime/scenario/scenario.h"

namespace hawser {

/// Parses a connection value into its terms. Grammar (spaces allowed anywhere between tokens):
///   sum     := [sign] term (sign term)*          sign := '+' | '-'
///   term    := [number '*'] (reference | literal)
///   reference := Obj '.' Port ['[' i ']' | '[' begin ':' end ']']
///   literal := number (',' [sign] number)*
/// A '-' before a term multiplies its factor by -1 ("A.F - 0,0,100" adds (0,0,-100)); signs after
/// a comma belong to the number. `B.Out[i]` is the slice [i, i+1). Throws ScenarioError at `loc`
/// quoting the text and the 1-based character position of the problem.
std::vector<ConnectionTerm> ParseConnectionTerms(const std::string& text,
                                                 const SourceLocation& loc);

/// True for [A-Za-z_][A-Za-z0-9_]*, the form of object, port, state and variable names.
bool IsIdentifier(const std::string& s);

}  // namespace hawser
