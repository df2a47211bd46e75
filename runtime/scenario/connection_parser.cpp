#include "runtime/scenario/connection_parser.h"

#include <fmt/format.h>

#include <cctype>
#include <cmath>
#include <cstdlib>

#include "hawser/text.h"

namespace hawser {
namespace {

bool IsDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool IsIdentStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool IsIdentChar(char c) { return IsIdentStart(c) || IsDigit(c); }

constexpr const char* kTermForm = "a port reference such as B.Out or numbers such as 0,0,-10";

// Recursive descent over the grammar in connection_parser.h; pos_ is a 0-based index into text_.
class TermParser {
 public:
  TermParser(const std::string& text, const SourceLocation& loc) : text_(text), loc_(loc) {}

  std::vector<ConnectionTerm> Parse() {
    std::vector<ConnectionTerm> terms;
    SkipSpaces();
    if (AtEnd()) {
      throw ScenarioError(loc_, fmt::format("connection value is empty; expected {}", kTermForm));
    }
    // A sign at the very start belongs to the first number ("-0.2,0.6,0.1" is a vector whose
    // first element is negative) or is the factor of a reference ("-B.Out"). A sign between
    // terms applies to the whole next term ("A.Out - 1,2,3" subtracts the vector).
    ConnectionTerm first = ParseTerm(ConsumeSign());
    terms.push_back(std::move(first));
    SkipSpaces();
    while (!AtEnd()) {
      if (Peek() != '+' && Peek() != '-') Fail("'+', '-' or the end of the value");
      const double sign = ConsumeSign();
      ConnectionTerm term = ParseTerm(1.0);
      term.factor *= sign;
      terms.push_back(std::move(term));
      SkipSpaces();
    }
    return terms;
  }

 private:
  bool AtEnd() const { return pos_ >= text_.size(); }
  char Peek() const { return AtEnd() ? '\0' : text_[pos_]; }
  void SkipSpaces() {
    while (!AtEnd() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  bool AtNumber() const {
    return IsDigit(Peek()) ||
           (Peek() == '.' && pos_ + 1 < text_.size() && IsDigit(text_[pos_ + 1]));
  }

  // Throws "connection value '<text>': unexpected 'x' at position n; expected <expected>".
  [[noreturn]] void Fail(const std::string& expected) const {
    std::string found = AtEnd() ? "end of value" : fmt::format("'{}'", text_[pos_]);
    Fail(fmt::format("unexpected {}", found), expected);
  }
  [[noreturn]] void Fail(const std::string& problem, const std::string& expected) const {
    throw ScenarioError(loc_, fmt::format("connection value '{}': {} at position {}; expected {}",
                                          Excerpt(text_), problem, pos_ + 1, expected));
  }

  // Consumes an optional '+' or '-' (and spaces after it); returns +1 or -1.
  double ConsumeSign() {
    SkipSpaces();
    double sign = 1.0;
    if (Peek() == '+' || Peek() == '-') {
      if (Peek() == '-') sign = -1.0;
      ++pos_;
      SkipSpaces();
    }
    return sign;
  }

  // An unsigned decimal number, read with strtod so that it round-trips exactly.
  double Number() {
    if (!AtNumber()) Fail("a number");
    size_t start = pos_;
    while (IsDigit(Peek())) ++pos_;
    if (Peek() == '.') {
      ++pos_;
      while (IsDigit(Peek())) ++pos_;
    }
    if (Peek() == 'e' || Peek() == 'E') {
      size_t exp = pos_ + 1;
      if (exp < text_.size() && (text_[exp] == '+' || text_[exp] == '-')) ++exp;
      if (exp < text_.size() && IsDigit(text_[exp])) {
        pos_ = exp;
        while (IsDigit(Peek())) ++pos_;
      }
    }
    if (IsIdentStart(Peek())) Fail("a number such as 1.5 or 1e-3");
    const std::string literal = text_.substr(start, pos_ - start);
    const double v = std::strtod(literal.c_str(), nullptr);
    // A literal that does not fit a double would become infinity, or 0 / a denormal that has
    // lost its precision; value_parse.cpp rejects the same for parameters.
    const size_t mantissa_end = literal.find_first_of("eE");
    const bool nonzero =
        literal.substr(0, mantissa_end).find_first_of("123456789") != std::string::npos;
    if (std::isinf(v) || (nonzero && std::fpclassify(v) != FP_NORMAL)) {
      pos_ = start;
      Fail(fmt::format("{} is out of range", Excerpt(literal)),
           "a number whose magnitude is 0 or between about 2.2e-308 and 1.8e308");
    }
    return v;
  }

  int Index() {
    SkipSpaces();
    if (!IsDigit(Peek())) Fail("a non-negative whole number");
    size_t start = pos_;
    while (IsDigit(Peek())) ++pos_;
    if (pos_ - start > 6) Fail("index too large", "an index of at most 6 digits");
    return std::atoi(text_.substr(start, pos_ - start).c_str());
  }

  std::string Identifier() {
    if (!IsIdentStart(Peek())) Fail("a name such as B or Out");
    size_t start = pos_;
    while (IsIdentChar(Peek())) ++pos_;
    return text_.substr(start, pos_ - start);
  }

  // `unary` is a sign written before the term that binds to its first number or reference.
  ConnectionTerm ParseTerm(double unary) {
    SkipSpaces();
    ConnectionTerm term;
    if (AtNumber()) {
      double first = unary * Number();
      SkipSpaces();
      if (Peek() != '*') return Literal(first);
      ++pos_;  // '*': `first` is the factor of what follows.
      SkipSpaces();
      const size_t factor_end = pos_;
      term = AtNumber() ? Literal(Number()) : Reference();
      term.factor = first;
      // The product is what the model uses: 1e200*1e200 overflows as surely as 1e400.
      for (double v : term.literal) {
        const double product = first * v;
        if (!std::isfinite(product) ||
            (first != 0 && v != 0 && std::fpclassify(product) != FP_NORMAL)) {
          pos_ = factor_end;
          Fail(fmt::format("{} * {} is out of range", first, v),
               "a product whose magnitude is 0 or between about 2.2e-308 and 1.8e308");
        }
      }
      return term;
    }
    if (IsIdentStart(Peek())) {
      term = Reference();
      term.factor = unary;
      return term;
    }
    Fail(kTermForm);
  }

  // The rest of a literal whose first number has been read.
  ConnectionTerm Literal(double first) {
    ConnectionTerm term;
    term.literal.push_back(first);
    SkipSpaces();
    while (Peek() == ',') {
      ++pos_;
      double sign = ConsumeSign();
      term.literal.push_back(sign * Number());
      SkipSpaces();
    }
    return term;
  }

  ConnectionTerm Reference() {
    ConnectionTerm term;
    size_t start = pos_;
    term.object = Identifier();
    SkipSpaces();
    if (Peek() != '.') {
      Fail(fmt::format("'{}' is not a port reference", Excerpt(term.object)),
           "Obj.Port such as B.Out");
    }
    ++pos_;
    SkipSpaces();
    term.port = Identifier();
    SkipSpaces();
    if (Peek() == '.') {
      Fail(fmt::format("'{}' has a second '.'", Excerpt(text_.substr(start, pos_ - start))),
           "a reference of the form Obj.Port such as B.Out");
    }
    if (Peek() == '[') {
      ++pos_;
      int begin = Index();
      int end = begin + 1;
      SkipSpaces();
      if (Peek() == ':') {
        ++pos_;
        end = Index();
        if (end <= begin) {
          Fail(fmt::format("empty slice [{}:{}]", begin, end), "[begin:end] with end > begin");
        }
        SkipSpaces();
      }
      if (Peek() != ']') Fail("']'");
      ++pos_;
      term.slice_begin = begin;
      term.slice_end = end;
    }
    return term;
  }

  const std::string& text_;
  const SourceLocation& loc_;
  size_t pos_ = 0;
};

}  // namespace

bool IsIdentifier(const std::string& s) {
  if (s.empty() || !IsIdentStart(s[0])) return false;
  for (char c : s) {
    if (!IsIdentChar(c)) return false;
  }
  return true;
}

std::vector<ConnectionTerm> ParseConnectionTerms(const std::string& text,
                                                 const SourceLocation& loc) {
  return TermParser(text, loc).Parse();
}

}  // namespace hawser
