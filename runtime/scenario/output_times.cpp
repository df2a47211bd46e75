// TOutput parsing (docs/design.md, "Scenario format") and the names of the integrator settings.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hawser/text.h"
#include "runtime/scenario/engine_settings.h"

namespace hawser {

std::string ToString(IntegratorKind k) {
  switch (k) {
    case IntegratorKind::kCvodeBdf:
      return "cvode-bdf";
    case IntegratorKind::kCvodeAdams:
      return "cvode-adams";
    case IntegratorKind::kRk4:
      return "rk4";
    case IntegratorKind::kEuler:
      return "euler";
    case IntegratorKind::kSemiExplicitEuler:
      return "semi-explicit-euler";
    case IntegratorKind::kLeapfrog:
      return "leapfrog";
    case IntegratorKind::kNewmark:
      return "newmark";
  }
  return "unknown";
}

bool IsFixedStep(IntegratorKind k) {
  return k != IntegratorKind::kCvodeBdf && k != IntegratorKind::kCvodeAdams;
}

std::string ToString(LinearSolverKind k) {
  switch (k) {
    case LinearSolverKind::kAuto:
      return "auto";
    case LinearSolverKind::kDense:
      return "dense";
    case LinearSolverKind::kBand:
      return "band";
    case LinearSolverKind::kSparse:
      return "sparse";
    case LinearSolverKind::kGmres:
      return "gmres";
  }
  return "unknown";
}

namespace {

// A range may produce at most this many output times; more is almost certainly a typo in the
// step (and would exhaust memory long before the run ends).
constexpr double kMaxRangePoints = 1e8;

// Says what a number must be when one is rejected.
constexpr const char* kInRange =
    " in the range of a double (0, or a magnitude from about 2.2e-308 "
    "to 1.8e308)";

std::string Trim(std::string_view s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return std::string(s.substr(b, e - b));
}

std::vector<std::string> Split(std::string_view s, char sep) {
  std::vector<std::string> parts;
  size_t begin = 0;
  while (true) {
    size_t pos = s.find(sep, begin);
    parts.push_back(Trim(s.substr(begin, pos == std::string_view::npos ? pos : pos - begin)));
    if (pos == std::string_view::npos) break;
    begin = pos + 1;
  }
  return parts;
}

bool IsInf(const std::string& s) {
  std::string lower = s;
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return lower == "inf" || lower == "+inf";
}

// A finite number written in full (strtod must consume the whole token), or nothing.
std::optional<double> ParseFinite(const std::string& s) {
  if (s.empty()) return std::nullopt;
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  // Overflow gives +-HUGE_VAL and "nan"/"inf" parse: both are caught by isfinite.
  if (end != s.c_str() + s.size() || !std::isfinite(v)) return std::nullopt;
  // A nonzero number below the smallest normal double would silently become 0 or a denormal.
  const std::string mantissa = s.substr(0, s.find_first_of("eE"));
  if (std::fpclassify(v) != FP_NORMAL && mantissa.find_first_of("123456789") != std::string::npos) {
    return std::nullopt;
  }
  return v;
}

class OutputTimesParser {
 public:
  OutputTimesParser(const std::string& text, const SourceLocation& loc) : text_(text), loc_(loc) {}

  OutputTimes Parse() {
    if (Trim(text_).empty()) Fail("no times given");
    std::vector<std::string> tokens = Split(text_, ',');
    if (tokens.size() < 2) Fail("needs at least a start and an end time");
    for (size_t i = 0; i < tokens.size(); ++i) {
      if (tokens[i].empty()) Fail(fmt::format("token {} is empty", i + 1));
    }

    OutputTimes out;
    out.start = Number(tokens.front(), "the start time");
    out.end = Number(tokens.back(), "the end time");
    if (!(out.end > out.start)) {
      Fail(fmt::format("the end time {} must be greater than the start time {}", out.end,
                       out.start));
    }

    std::vector<std::string> middle(tokens.begin() + 1, tokens.end() - 1);
    std::vector<double> times;
    if (middle.empty()) Fail("no output times between the start and the end time");
    if (middle.size() == 1 && middle[0].find(':') == std::string::npos) {
      // FhSim's `t0, h, t1`: an output every h from t0 to t1.
      double h = Number(middle[0], "the output interval");
      if (!(h > 0)) Fail(fmt::format("the output interval {} must be > 0", h));
      AppendRange(out.start, h, out.end, out.end, &times);
    } else {
      // Times are written in increasing order: each output time, or range's `from`, is later
      // than the one before it (the start time may equal the first). A range may reach past the
      // tokens after it ("0:0.1:Inf, 5"): its points and theirs are merged.
      std::string previous = tokens.front();
      double previous_time = out.start;
      for (size_t i = 0; i < middle.size(); ++i) {
        const std::string& token = middle[i];
        double first = 0.0;
        if (token.find(':') == std::string::npos) {
          first = Number(token, "an output time");
          CheckInside(first, out, token);
          times.push_back(first);
        } else {
          first = ParseRange(token, out, &times);
        }
        if (first < previous_time || (i > 0 && first == previous_time)) {
          Fail(fmt::format("the times are not increasing: '{}' (token {}) comes after '{}'",
                           Excerpt(token), i + 2, Excerpt(previous)));
        }
        previous = token;
        previous_time = first;
      }
    }

    std::sort(times.begin(), times.end());
    for (double t : times) {
      if (out.times.empty() || t - out.times.back() > 1e-12 * std::max(1.0, std::abs(t))) {
        out.times.push_back(t);
      }
    }
    if (out.times.empty()) Fail("no output times between the start and the end time");
    return out;
  }

 private:
  [[noreturn]] void Fail(const std::string& what) const {
    throw ScenarioError(loc_, fmt::format("TOutput: '{}': {}; expected 'start, [times or "
                                          "from:step:to ...,] end', e.g. '0, 1, 30'",
                                          Excerpt(text_), what));
  }

  double Number(const std::string& token, const char* what) const {
    if (token.find(':') != std::string::npos) {
      Fail(fmt::format("{} must be a number, not the range '{}'", what, Excerpt(token)));
    }
    std::optional<double> v = ParseFinite(token);
    if (!v) Fail(fmt::format("{} '{}' is not a finite number{}", what, Excerpt(token), kInRange));
    return *v;
  }

  void CheckInside(double t, const OutputTimes& out, const std::string& token) const {
    if (t < out.start) {
      Fail(fmt::format("output time '{}' is before the start time {}", Excerpt(token), out.start));
    }
    if (t > out.end) {
      Fail(fmt::format("output time '{}' is after the end time {}", Excerpt(token), out.end));
    }
  }

  // Appends the range's times; returns its `from`.
  double ParseRange(const std::string& token, const OutputTimes& out, std::vector<double>* times) {
    std::vector<std::string> parts = Split(token, ':');
    if (parts.size() != 3) {
      Fail(fmt::format("range '{}' must have the form from:step:to (to may be Inf)",
                       Excerpt(token)));
    }
    std::optional<double> from = ParseFinite(parts[0]);
    if (!from)
      Fail(fmt::format("range '{}': from '{}' is not a finite number{}", Excerpt(token),
                       Excerpt(parts[0]), kInRange));
    std::optional<double> step = ParseFinite(parts[1]);
    if (!step)
      Fail(fmt::format("range '{}': step '{}' is not a finite number{}", Excerpt(token),
                       Excerpt(parts[1]), kInRange));
    if (!(*step > 0)) Fail(fmt::format("range '{}': step {} must be > 0", Excerpt(token), *step));
    double to = out.end;
    if (!IsInf(parts[2])) {
      std::optional<double> v = ParseFinite(parts[2]);
      if (!v) {
        Fail(fmt::format("range '{}': to '{}' is neither a finite number nor Inf", Excerpt(token),
                         Excerpt(parts[2])));
      }
      to = *v;
      if (to < *from)
        Fail(fmt::format("range '{}': to {} is less than from {}", Excerpt(token), to, *from));
    }
    CheckInside(*from, out, token);
    AppendRange(*from, *step, to, out.end, times);
    return *from;
  }

  // Appends from + i*step for i = 0, 1, ... up to min(to, end); the last point is snapped onto
  // that bound when within 1e-9*step of it, so that rounding never loses or shifts an endpoint.
  void AppendRange(double from, double step, double to, double end, std::vector<double>* times) {
    const double upper = std::min(to, end);
    const double count = std::floor((upper - from) / step + 1e-9);
    if (count + 1 > kMaxRangePoints) {
      Fail(fmt::format("the step {} gives more than {:.0e} output times", step, kMaxRangePoints));
    }
    const long n = static_cast<long>(count);
    for (long i = 0; i <= n; ++i) {
      double t = from + static_cast<double>(i) * step;
      if (std::abs(t - upper) <= 1e-9 * step) t = upper;
      if (t > end) break;  // Points past the end time are dropped.
      times->push_back(t);
    }
  }

  const std::string& text_;
  const SourceLocation& loc_;
};

}  // namespace

OutputTimes ParseOutputTimes(const std::string& text, const SourceLocation& loc) {
  return OutputTimesParser(text, loc).Parse();
}

}  // namespace hawser
