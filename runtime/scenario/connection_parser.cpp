#include "runtime/scenario/connection_parser.h"

#include <fmt/format.h>

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <optional>

#include "hawser/text.h"
#include "hawser/value_parse.h"

namespace hawser {
namespace {

bool IsDigit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }
bool IsIdentStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_'; }
bool IsIdentChar(char c) { return IsIdentStart(c) || IsDigit(c); }
bool IsSpace(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

constexpr const char* kTermForm = "a port reference such as B.Out or numbers such as 0,0,-10";
constexpr const char* kNumberForm = "a number or an expression such as 2*pi or 10*cos(pi/3)";
constexpr const char* kRangeForm =
    "a number whose magnitude is 0 or between about 2.2e-308 and "
    "1.8e308";

// muparser's "Unexpected token "x" found at position 0." counts from the start of the piece it
// was given, which would contradict the position in the whole value that the message gives.
std::string CleanReason(std::string reason) {
  if (size_t at = reason.find(" at position "); at != std::string::npos) reason.resize(at);
  while (!reason.empty() && (reason.back() == '.' || IsSpace(reason.back()))) reason.pop_back();
  if (!reason.empty()) reason[0] = static_cast<char>(std::tolower(reason[0]));
  // muparser says "Internal error" for a lone operator such as "+".
  if (reason.find("internal error") != std::string::npos) return "an incomplete expression";
  return reason;
}

// A port reference found in the text, [begin, end) including its slice.
struct Reference {
  size_t begin = 0;
  size_t end = 0;
  std::string object;
  std::string port;
  std::optional<int> slice_begin;
  std::optional<int> slice_end;
};

// The grammar of connection_parser.h. Positions are 0-based indices into text_; messages give
// them 1-based.
class ConnectionParser {
 public:
  ConnectionParser(const std::string& text, const SourceLocation& loc) : text_(text), loc_(loc) {}

  std::vector<ConnectionTerm> Parse() {
    if (Trim(text_).empty()) {
      throw ScenarioError(loc_, fmt::format("connection value is empty; expected {}", kTermForm));
    }
    FindReferences();
    std::vector<ConnectionTerm> terms;
    size_t begin = 0;
    double sign = 1.0;
    size_t next_ref = 0;   // The first reference at or after i.
    size_t term_refs = 0;  // The first reference of the current term.
    for (size_t i = 0; i <= text_.size(); ++i) {
      if (next_ref < refs_.size() && i == refs_[next_ref].begin) i = refs_[next_ref++].end;
      const bool end = i >= text_.size();
      if (!end && (depth_at_[i] != 0 || (text_[i] != '+' && text_[i] != '-') || !IsBinary(i))) {
        continue;
      }
      terms.push_back(Term(begin, end ? text_.size() : i, sign, term_refs, next_ref));
      if (end) break;
      term_refs = next_ref;
      sign = text_[i] == '-' ? -1.0 : 1.0;
      begin = i + 1;
    }
    return terms;
  }

 private:
  // "connection value '<text>': <problem> at position <n>; expected <expected>".
  [[noreturn]] void Fail(size_t pos, const std::string& problem,
                         const std::string& expected) const {
    throw ScenarioError(loc_, fmt::format("connection value '{}': {} at position {}; expected {}",
                                          Excerpt(text_), problem, pos + 1, expected));
  }
  [[noreturn]] void FailUnexpected(size_t pos, const std::string& expected) const {
    Fail(pos,
         pos >= text_.size() ? "unexpected end of value"
                             : fmt::format("unexpected '{}'", text_[pos]),
         expected);
  }

  size_t SkipSpaces(size_t i) const {
    while (i < text_.size() && IsSpace(text_[i])) ++i;
    return i;
  }
  size_t SkipIdentifier(size_t i) const {
    while (i < text_.size() && IsIdentChar(text_[i])) ++i;
    return i;
  }
  // Past a decimal number starting at i: digits [. digits] [e [sign] digits].
  size_t SkipNumber(size_t i) const {
    while (i < text_.size() && IsDigit(text_[i])) ++i;
    if (i < text_.size() && text_[i] == '.') {
      ++i;
      while (i < text_.size() && IsDigit(text_[i])) ++i;
    }
    if (i < text_.size() && (text_[i] == 'e' || text_[i] == 'E')) {
      size_t exp = i + 1;
      if (exp < text_.size() && (text_[exp] == '+' || text_[exp] == '-')) ++exp;
      if (exp < text_.size() && IsDigit(text_[exp])) {
        i = exp;
        while (i < text_.size() && IsDigit(text_[i])) ++i;
      }
    }
    return i;
  }

  // Records every Obj.Port[slice] and the parenthesis depth of each character. Names that are
  // not followed by '.' (pi, cos) are the expression's business.
  void FindReferences() {
    depth_at_.assign(text_.size(), 0);
    int depth = 0;
    size_t i = 0;
    while (i < text_.size()) {
      const char c = text_[i];
      depth_at_[i] = depth;
      if (c == '(') {
        depth_at_[i] = depth++;
        ++i;
      } else if (c == ')') {
        if (depth > 0) --depth;
        depth_at_[i] = depth;
        ++i;
      } else if (IsDigit(c) || (c == '.' && i + 1 < text_.size() && IsDigit(text_[i + 1]))) {
        const size_t end = SkipNumber(i);
        for (; i < end; ++i) depth_at_[i] = depth;
      } else if (IsIdentStart(c)) {
        const size_t name_end = SkipIdentifier(i);
        const size_t dot = SkipSpaces(name_end);
        if (dot < text_.size() && text_[dot] == '.') {
          Reference r = ReadReference(i, name_end, dot);
          if (depth > 0) {
            Fail(i,
                 fmt::format("port reference '{}' inside parentheses",
                             Excerpt(text_.substr(i, r.end - i))),
                 "a port reference outside parentheses, scaled as 2*B.Out or B.Out*2");
          }
          for (; i < r.end; ++i) depth_at_[i] = depth;
          refs_.push_back(std::move(r));
        } else {
          for (; i < name_end; ++i) depth_at_[i] = depth;
        }
      } else if (c == '[') {
        Fail(i, "unexpected '['", "'[' only after a port reference, as in B.Out[2] or B.Out[0:3]");
      } else {
        ++i;
      }
    }
  }

  Reference ReadReference(size_t begin, size_t name_end, size_t dot) {
    Reference r;
    r.begin = begin;
    r.object = text_.substr(begin, name_end - begin);
    size_t i = SkipSpaces(dot + 1);
    if (i >= text_.size() || !IsIdentStart(text_[i])) FailUnexpected(i, "a name such as B or Out");
    const size_t port_end = SkipIdentifier(i);
    r.port = text_.substr(i, port_end - i);
    r.end = port_end;
    i = SkipSpaces(port_end);
    if (i < text_.size() && text_[i] == '.') {
      Fail(i, fmt::format("'{}' has a second '.'", Excerpt(text_.substr(begin, port_end - begin))),
           "a reference of the form Obj.Port such as B.Out");
    }
    if (i < text_.size() && text_[i] == '[') {
      const auto [first, after_first] = Index(i + 1);
      int last = first + 1;
      i = SkipSpaces(after_first);
      if (i < text_.size() && text_[i] == ':') {
        const auto [second, after_second] = Index(i + 1);
        if (second <= first) {
          Fail(i + 1, fmt::format("empty slice [{}:{}]", first, second),
               "[begin:end] with end > begin");
        }
        last = second;
        i = SkipSpaces(after_second);
      }
      if (i >= text_.size() || text_[i] != ']') FailUnexpected(i, "']'");
      r.slice_begin = first;
      r.slice_end = last;
      r.end = i + 1;
    }
    return r;
  }

  // A non-negative index of at most 6 digits starting at or after i; returns it and its end.
  std::pair<int, size_t> Index(size_t i) const {
    i = SkipSpaces(i);
    if (i >= text_.size() || !IsDigit(text_[i])) FailUnexpected(i, "a non-negative whole number");
    const size_t start = i;
    while (i < text_.size() && IsDigit(text_[i])) ++i;
    if (i - start > 6) Fail(start, "index too large", "an index of at most 6 digits");
    return {std::atoi(text_.substr(start, i - start).c_str()), i};
  }

  // Whether the '+' or '-' at i follows an operand (and so separates terms) rather than being a
  // sign or the exponent sign of a number such as 1e-3.
  bool IsBinary(size_t i) const {
    size_t p = i;
    while (p > 0 && IsSpace(text_[p - 1])) --p;
    if (p == 0) return false;
    const char prev = text_[p - 1];
    if (!(IsIdentChar(prev) || prev == '.' || prev == ')' || prev == ']')) return false;
    if ((prev == 'e' || prev == 'E') && p == i) {
      size_t q = p - 1;
      size_t digits = 0;
      while (q > 0 && (IsDigit(text_[q - 1]) || text_[q - 1] == '.')) {
        digits += IsDigit(text_[q - 1]) ? 1 : 0;
        --q;
      }
      if (digits > 0 && (q == 0 || !IsIdentChar(text_[q - 1]))) return false;
    }
    return true;
  }

  // The term text_[begin, end) with the sign of the '+' or '-' before it; refs_[first_ref,
  // end_ref) are the references in it.
  ConnectionTerm Term(size_t begin, size_t end, double sign, size_t first_ref, size_t end_ref) {
    const size_t first = SkipSpaces(begin);
    if (first >= end) FailUnexpected(first, kTermForm);
    if (first_ref == end_ref) return Literal(begin, end, sign);
    if (end_ref - first_ref > 1) {
      const Reference& r = refs_[first_ref + 1];
      Fail(r.begin, fmt::format("a second port reference '{}.{}' in one term", r.object, r.port),
           "'+' or '-' between port references (a product of two ports is not supported)");
    }
    const Reference* ref = &refs_[first_ref];
    ConnectionTerm term;
    term.text = Trim(text_.substr(begin, end - begin));
    term.object = ref->object;
    term.port = ref->port;
    term.slice_begin = ref->slice_begin;
    term.slice_end = ref->slice_end;
    const double before = FactorBefore(begin, *ref);
    const double after = FactorAfter(*ref, end);
    term.factor = sign * before * after;
    // The product is what the model uses: 1e200*B.Out*1e200 overflows as surely as 1e400.
    if (!std::isfinite(term.factor) ||
        (before != 0 && after != 0 && std::fpclassify(term.factor) != FP_NORMAL)) {
      Fail(first, fmt::format("factor {} * {} is out of range", before, after), kRangeForm);
    }
    return term;
  }

  // "", "+", "-", or an expression followed by '*'.
  double FactorBefore(size_t begin, const Reference& ref) const {
    const std::string prefix = Trim(text_.substr(begin, ref.begin - begin));
    if (prefix.empty() || prefix == "+") return 1.0;
    if (prefix == "-") return -1.0;
    const std::string name = fmt::format("{}.{}", ref.object, ref.port);
    if (prefix.back() != '*') {
      Fail(ref.begin, fmt::format("'{}' before {} is not followed by '*'", Excerpt(prefix), name),
           fmt::format("a factor and '*' before a port reference, as in 2*{}", name));
    }
    const size_t first = SkipSpaces(begin);
    const std::string factor = Trim(prefix.substr(0, prefix.size() - 1));
    if (factor.empty()) FailUnexpected(first, kTermForm);
    return Evaluate(factor, first, "factor", factor);
  }

  // "", or '*' or '/' and an expression ("B.Out/2*3" scales by 1/2*3).
  double FactorAfter(const Reference& ref, size_t end) const {
    const size_t first = SkipSpaces(ref.end);
    if (first >= end) return 1.0;
    const std::string suffix = Trim(text_.substr(first, end - first));
    if (suffix[0] != '*' && suffix[0] != '/') {
      FailUnexpected(first, "'+', '-' or the end of the value, or '*' or '/' and a factor");
    }
    const std::string factor = Trim(suffix.substr(1));
    if (factor.empty()) FailUnexpected(SkipSpaces(first + 1), "a number or an expression");
    // "B.Out*2/4" scales by 2/4; "B.Out/2*3" by 1/2*3, as muparser reads those from the left.
    return Evaluate(suffix[0] == '*' ? factor : "1" + suffix, SkipSpaces(first + 1), "factor",
                    factor);
  }

  // Comma-separated elements in text_[begin, end), each a number or expression; `sign` scales
  // them all.
  ConnectionTerm Literal(size_t begin, size_t end, double sign) const {
    ConnectionTerm term;
    term.text = Trim(text_.substr(begin, end - begin));
    term.factor = sign;
    std::vector<std::pair<size_t, size_t>> elements;
    size_t start = begin;
    for (size_t i = begin; i <= end; ++i) {
      if (i == end || (text_[i] == ',' && depth_at_[i] == 0)) {
        elements.emplace_back(start, i);
        start = i + 1;
      }
    }
    for (size_t k = 0; k < elements.size(); ++k) {
      const auto [b, e] = elements[k];
      const size_t first = SkipSpaces(b);
      const std::string element = Trim(text_.substr(b, e - b));
      if (element.empty()) {
        Fail(first,
             elements.size() > 1 ? fmt::format("element {} is empty", k + 1)
                                 : std::string("a term is empty"),
             kNumberForm);
      }
      const std::string what =
          elements.size() > 1 ? fmt::format("element {}", k + 1) : std::string();
      term.literal.push_back(Evaluate(element, first, what, element));
    }
    return term;
  }

  // `expression` read as a parameter's number would be; `shown` is what the message quotes.
  double Evaluate(const std::string& expression, size_t pos, const std::string& what,
                  const std::string& shown) const {
    double v = 0.0;
    std::string reason;
    bool out_of_range = false;
    if (EvaluateNumber(expression, &v, &reason, &out_of_range)) return v;
    const std::string quoted =
        (what.empty() ? "" : what + " ") + fmt::format("'{}'", Excerpt(shown));
    if (out_of_range) Fail(pos, fmt::format("{}: {}", quoted, reason), kRangeForm);
    if (IsIdentifier(shown)) {
      Fail(pos, fmt::format("{} is not a port reference or a number", quoted),
           fmt::format("a port reference Obj.Port such as B.Out, or {}", kNumberForm));
    }
    Fail(pos, fmt::format("{} is not a number ({})", quoted, CleanReason(reason)), kNumberForm);
  }

  const std::string& text_;
  const SourceLocation& loc_;
  std::vector<Reference> refs_;
  std::vector<int> depth_at_;  // Parenthesis depth of each character of text_.
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
  return ConnectionParser(text, loc).Parse();
}

}  // namespace hawser
