#include "hawser/value_parse.h"

#include <fmt/format.h>
#include <muParser.h>

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <numbers>
#include <string_view>
#include <system_error>

#include "hawser/text.h"

namespace hawser {
namespace {

constexpr const char* kNumberForm = "e.g. 10, 1.5e3 or an expression such as 2*pi";
constexpr const char* kVectorForm = "comma-separated numbers such as 0,0,-10";
constexpr const char* kMatrixForm = "rows separated by ';', elements by ',', such as 0,1;-0.5,-2";

// True when `s` looks like a plain decimal number ([sign] digits [.digits] [e[sign]digits]).
// Those are read with strtod, which rounds correctly, so "0.1" gives the same double as in C++.
// strtod alone would also take "inf", "nan" and hex floats, which we do not want.
bool IsPlainNumber(std::string_view s) {
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  size_t digits = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i, ++digits;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    size_t exp_digits = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i, ++exp_digits;
    if (exp_digits == 0) return false;
  }
  return i == s.size();
}

// One muparser per thread: building one defines all its functions, and parsers are not
// thread-safe.
mu::Parser& ExpressionParser() {
  thread_local mu::Parser parser = [] {
    mu::Parser p;
    p.DefineConst("pi", std::numbers::pi);
    return p;
  }();
  return parser;
}

// Splits at `sep` outside parentheses (muparser functions such as min(a,b) take commas).
std::vector<std::string> SplitTopLevel(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::string cur;
  int depth = 0;
  for (char c : s) {
    if (c == '(') ++depth;
    if (c == ')' && depth > 0) --depth;
    if (c == sep && depth == 0) {
      parts.push_back(Trim(cur));
      cur.clear();
    } else {
      cur += c;
    }
  }
  parts.push_back(Trim(cur));
  return parts;
}

ScenarioError NotA(const SourceLocation& loc, const std::string& what, const std::string& text,
                   const std::string& kind, const std::string& form,
                   const std::string& detail = "") {
  std::string msg = fmt::format("{}: '{}' is not {}", what, Excerpt(text), kind);
  if (!detail.empty()) msg += fmt::format(" ({})", detail);
  return ScenarioError(loc, msg + "; expected " + form);
}

// Why a decimal literal (as IsPlainNumber accepts it, without sign) does not fit a double, or ""
// when it does. Overflow would become infinity; a nonzero literal below the smallest normal
// double (about 2.2e-308) would silently become 0 or a denormal that has lost its precision.
// Whether a decimal literal's mantissa (before any exponent) has a nonzero digit.
bool NonzeroMantissa(std::string_view literal) {
  return literal.substr(0, literal.find_first_of("eE")).find_first_of("123456789") !=
         std::string_view::npos;
}

std::string LiteralRangeProblem(const std::string& literal) {
  const double v = std::strtod(literal.c_str(), nullptr);
  if (std::isinf(v)) {
    return fmt::format("{} is out of range (above about 1.8e308, the largest double)",
                       Excerpt(literal));
  }
  if (NonzeroMantissa(literal) && std::fpclassify(v) != FP_NORMAL) {
    return fmt::format(
        "{} is out of range (nonzero but below about 2.2e-308, the smallest "
        "normal double; it would become {})",
        Excerpt(literal), v == 0 ? "0" : "a denormal");
  }
  return "";
}

// The first decimal literal in an expression that does not fit a double ("" if none). A literal
// starts at a digit (or '.' and a digit) that does not continue a name such as x1 or log10.
std::string ExpressionRangeProblem(const std::string& t) {
  auto digit = [&](size_t i) {
    return i < t.size() && std::isdigit(static_cast<unsigned char>(t[i])) != 0;
  };
  auto name_char = [&](size_t i) {
    return std::isalnum(static_cast<unsigned char>(t[i])) != 0 || t[i] == '_' || t[i] == '.';
  };
  size_t i = 0;
  while (i < t.size()) {
    const bool starts = digit(i) || (t[i] == '.' && digit(i + 1));
    if (!starts || (i > 0 && name_char(i - 1))) {
      ++i;
      continue;
    }
    size_t j = i;
    while (digit(j)) ++j;
    if (j < t.size() && t[j] == '.') {
      ++j;
      while (digit(j)) ++j;
    }
    if (j < t.size() && (t[j] == 'e' || t[j] == 'E')) {
      size_t k = j + 1;
      if (k < t.size() && (t[k] == '+' || t[k] == '-')) ++k;
      if (digit(k)) {
        while (digit(k)) ++k;
        j = k;
      }
    }
    if (std::string problem = LiteralRangeProblem(t.substr(i, j - i)); !problem.empty()) {
      return problem;
    }
    i = j;
  }
  return "";
}

// Parses one number; on failure returns an explanation instead (empty `reason` means success).
// `out_of_range` tells a number that does not fit a double from text that is not a number.
bool TryParseNumber(const std::string& t, double* out, std::string* reason,
                    bool* out_of_range = nullptr) {
  if (out_of_range != nullptr) *out_of_range = false;
  if (t.empty()) {
    *reason = "it is empty";
    return false;
  }
  // Control characters other than white space (a NUL byte above all, where muparser would stop
  // reading and return the number before it) are never part of a number or an expression.
  for (unsigned char c : t) {
    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f) {
      *reason = "it contains a control character";
      return false;
    }
  }
  const bool plain = IsPlainNumber(t);
  // Signs are not part of the literal: "-1e400" overflows as 1e400 does.
  if (std::string problem = plain ? LiteralRangeProblem(t) : ExpressionRangeProblem(t);
      !problem.empty()) {
    *reason = problem;
    if (out_of_range != nullptr) *out_of_range = true;
    return false;
  }
  if (plain) {
    *out = std::strtod(t.c_str(), nullptr);
    return true;
  }
  try {
    mu::Parser& p = ExpressionParser();
    p.SetExpr(t);
    double v = p.Eval();
    if (p.GetNumResults() != 1) {
      *reason = "it has several comma-separated values";
      return false;
    }
    if (!std::isfinite(v)) {
      *reason = fmt::format("it evaluates to {}", v);
      if (out_of_range != nullptr) *out_of_range = true;
      return false;
    }
    if (std::fpclassify(v) == FP_SUBNORMAL) {
      *reason = fmt::format(
          "it evaluates to {}, a denormal below the smallest normal double "
          "(about 2.2e-308)",
          v);
      if (out_of_range != nullptr) *out_of_range = true;
      return false;
    }
    *out = v;
    return true;
  } catch (const mu::Parser::exception_type& e) {
    *reason = e.GetMsg();
    return false;
  }
}

// What a list or matrix message says about one bad element.
std::string ElementProblem(const std::string& element, const std::string& reason,
                           bool out_of_range) {
  if (out_of_range) return fmt::format("'{}': {}", Excerpt(element), reason);
  return fmt::format("'{}' is not a number", Excerpt(element));
}

}  // namespace

std::string_view TrimView(std::string_view s) {
  constexpr std::string_view kSpace = " \t\n\r\f\v";
  const size_t b = s.find_first_not_of(kSpace);
  if (b == std::string_view::npos) return {};
  return s.substr(b, s.find_last_not_of(kSpace) - b + 1);
}

std::string Trim(const std::string& s) { return std::string(TrimView(s)); }

bool EvaluateNumber(const std::string& text, double* value, std::string* reason,
                    bool* out_of_range) {
  return TryParseNumber(Trim(text), value, reason, out_of_range);
}

double ParseNumber(const std::string& text, const SourceLocation& loc, const std::string& what) {
  const std::string t = Trim(text);
  double v = 0.0;
  std::string reason;
  if (!TryParseNumber(t, &v, &reason)) throw NotA(loc, what, t, "a number", kNumberForm, reason);
  return v;
}

long ParseInteger(const std::string& text, const SourceLocation& loc, const std::string& what) {
  const std::string t = Trim(text);
  constexpr const char* kForm = "a whole number such as 1 or 20";
  double v = 0.0;
  std::string reason;
  if (!TryParseNumber(t, &v, &reason)) throw NotA(loc, what, t, "an integer", kForm, reason);
  // 2^63 is exactly representable; anything at or beyond it does not fit a long.
  constexpr double kLimit = 9223372036854775808.0;
  if (v != std::floor(v) || v >= kLimit || v < -kLimit) {
    throw NotA(loc, what, t, "an integer", kForm);
  }
  return static_cast<long>(v);
}

bool ParseBool(const std::string& text, const SourceLocation& loc, const std::string& what) {
  const std::string t = Trim(text);
  std::string lower;
  for (unsigned char c : t) lower += static_cast<char>(std::tolower(c));
  if (lower == "true" || lower == "1") return true;
  if (lower == "false" || lower == "0") return false;
  throw NotA(loc, what, t, "a bool", "true, false, 1 or 0");
}

namespace {

// The elements of a comma-separated list of plain numbers (IsPlainNumber) into `out`, read as
// TryParseNumber reads them (both round correctly, so the values are equal) but without its
// allocations: a table row of a million-row file takes this path. False, with `out` partly
// filled, when any element is not plain or does not fit a normal double or zero; the general path
// then reads the list (expressions) or names what is wrong.
bool TryParsePlainList(std::string_view list, std::vector<double>& out) {
  for (size_t start = 0;;) {
    const size_t comma = list.find(',', start);
    const std::string_view e =
        TrimView(list.substr(start, comma == std::string_view::npos ? comma : comma - start));
    if (!IsPlainNumber(e)) return false;                             // (Also an empty element.)
    const std::string_view literal = e[0] == '+' ? e.substr(1) : e;  // from_chars takes no '+'.
    double v = 0.0;
    const auto [end, error] = std::from_chars(literal.data(), literal.data() + literal.size(), v);
    if (error != std::errc() || end != literal.data() + literal.size()) return false;
    // A literal with a nonzero digit that became 0 or a denormal is LiteralRangeProblem's.
    if (std::fpclassify(v) != FP_NORMAL && !(v == 0.0 && !NonzeroMantissa(literal))) return false;
    out.push_back(v);
    if (comma == std::string_view::npos) return true;
    start = comma + 1;
  }
}

}  // namespace

std::vector<double> ParseVector(const std::string& text, const SourceLocation& loc,
                                const std::string& what) {
  std::vector<double> values;
  if (TryParsePlainList(text, values)) return values;
  values.clear();
  const std::string t = Trim(text);
  if (t.empty()) throw NotA(loc, what, t, "a list of numbers", kVectorForm, "it is empty");
  for (const std::string& element : SplitTopLevel(t, ',')) {
    double v = 0.0;
    std::string reason;
    bool out_of_range = false;
    if (!TryParseNumber(element, &v, &reason, &out_of_range)) {
      std::string detail =
          element.empty() ? "an element is empty" : ElementProblem(element, reason, out_of_range);
      throw NotA(loc, what, t, "a list of numbers", kVectorForm, detail);
    }
    values.push_back(v);
  }
  return values;
}

Eigen::MatrixXd ParseMatrix(const std::string& text, const SourceLocation& loc,
                            const std::string& what) {
  const std::string t = Trim(text);
  if (t.empty()) throw NotA(loc, what, t, "a matrix", kMatrixForm, "it is empty");
  std::vector<std::vector<double>> rows;
  for (const std::string& row_text : SplitTopLevel(t, ';')) {
    std::vector<double> row;
    for (const std::string& element : SplitTopLevel(row_text, ',')) {
      double v = 0.0;
      std::string reason;
      bool out_of_range = false;
      if (!TryParseNumber(element, &v, &reason, &out_of_range)) {
        std::string detail = element.empty()
                                 ? fmt::format("row {} has an empty element", rows.size() + 1)
                                 : ElementProblem(element, reason, out_of_range);
        throw NotA(loc, what, t, "a matrix", kMatrixForm, detail);
      }
      row.push_back(v);
    }
    if (!rows.empty() && row.size() != rows.front().size()) {
      throw NotA(loc, what, t, "a matrix", kMatrixForm,
                 fmt::format("row {} has {} elements but row 1 has {}", rows.size() + 1, row.size(),
                             rows.front().size()));
    }
    rows.push_back(std::move(row));
  }
  Eigen::MatrixXd m(static_cast<Eigen::Index>(rows.size()),
                    static_cast<Eigen::Index>(rows.front().size()));
  for (size_t i = 0; i < rows.size(); ++i) {
    for (size_t j = 0; j < rows[i].size(); ++j) {
      m(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = rows[i][j];
    }
  }
  return m;
}

}  // namespace hawser
