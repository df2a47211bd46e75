#include "runtime/analysis/statistics.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <utility>

namespace hawser {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

const char* const kNames[] = {"final", "initial", "min", "max",         "absmax", "mean",
                              "std",   "rms",     "mpm", "upcrossings", "n"};

/// The number in "p99.9" (or -1 when it is not a percentile name).
double PercentileOf(const std::string& name) {
  if (name.size() < 2 || name[0] != 'p') return -1;
  char* end = nullptr;
  const double p = std::strtod(name.c_str() + 1, &end);
  if (end != name.c_str() + name.size() || !(p >= 0.0 && p <= 100.0)) return -1;
  return p;
}

double ParseTime(const std::string& text, const std::string& whole) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size()) {
    throw std::invalid_argument(
        fmt::format("time window '{}': '{}' is not a time; expected FROM:TO in s, either side "
                    "may be empty (e.g. 100:600, 100:)",
                    whole, text));
  }
  if (!std::isfinite(v)) {  // "nan", "inf", or beyond the largest double (1e400).
    throw std::invalid_argument(fmt::format(
        "time window '{}': '{}' is {}; a time is a finite number of seconds (an open end is "
        "left empty, e.g. 100:)",
        whole, text, std::isnan(v) ? "not a number" : "not finite"));
  }
  return v;
}

}  // namespace

bool TimeWindow::whole() const { return std::isinf(from) && std::isinf(to); }

TimeWindow TimeWindow::Parse(const std::string& text) {
  const auto colon = text.find(':');
  if (colon == std::string::npos || text.find(':', colon + 1) != std::string::npos) {
    throw std::invalid_argument(fmt::format(
        "time window '{}': expected FROM:TO in s, either side may be empty (e.g. 100:600, 100:)",
        text));
  }
  TimeWindow w;
  const std::string from = text.substr(0, colon), to = text.substr(colon + 1);
  if (!from.empty()) w.from = ParseTime(from, text);
  if (!to.empty()) w.to = ParseTime(to, text);
  if (w.from > w.to) {
    throw std::invalid_argument(
        fmt::format("time window '{}': FROM is after TO; expected FROM <= TO", text));
  }
  return w;
}

std::string TimeWindow::Text() const {
  if (whole()) return "";
  return fmt::format("{}:{}", std::isinf(from) ? "" : fmt::format("{}", from),
                     std::isinf(to) ? "" : fmt::format("{}", to));
}

Statistics Summarise(std::span<const double> x) {
  Statistics s;
  s.n = static_cast<long>(x.size());
  if (x.empty()) {
    s.initial = s.final = s.min = s.max = s.absmax = s.mean = s.std = s.rms = kNaN;
    return s;
  }
  s.initial = x.front();
  s.final = x.back();
  // min_element skips a NaN or keeps it depending on where it is: NaN for all, as numpy.
  if (std::any_of(x.begin(), x.end(), [](double v) { return std::isnan(v); })) {
    s.min = s.max = s.absmax = s.mean = s.std = s.rms = kNaN;
    return s;
  }
  s.min = *std::min_element(x.begin(), x.end());
  s.max = *std::max_element(x.begin(), x.end());
  s.absmax = std::max(std::abs(s.min), std::abs(s.max));
  double sum = 0, sum_sq = 0;
  for (double v : x) {
    sum += v;
    sum_sq += v * v;
  }
  const double n = static_cast<double>(x.size());
  s.mean = sum / n;
  s.rms = std::sqrt(sum_sq / n);
  double dev = 0;  // Two-pass: no cancellation when the mean is large against the spread.
  for (double v : x) dev += (v - s.mean) * (v - s.mean);
  s.std = std::sqrt(dev / n);
  for (size_t i = 1; i < x.size(); ++i) {
    if (x[i - 1] < s.mean && x[i] >= s.mean) ++s.upcrossings;
  }
  if (s.upcrossings >= 2) {
    s.mpm = s.mean + s.std * std::sqrt(2.0 * std::log(static_cast<double>(s.upcrossings)));
  }
  return s;
}

double Percentile(std::span<const double> x, double p) {
  // A NaN has no order: std::sort needs one (with a NaN it may even read past the end).
  if (x.empty() || std::any_of(x.begin(), x.end(), [](double v) { return std::isnan(v); }))
    return kNaN;
  std::vector<double> sorted(x.begin(), x.end());
  std::sort(sorted.begin(), sorted.end());
  const double rank = p / 100.0 * static_cast<double>(sorted.size() - 1);
  const size_t below = static_cast<size_t>(std::floor(rank));
  const size_t above = std::min(below + 1, sorted.size() - 1);
  // Equal neighbours (two infinities among them) need no interpolation, which would give NaN.
  if (sorted[above] == sorted[below]) return sorted[below];
  return sorted[below] + (rank - static_cast<double>(below)) * (sorted[above] - sorted[below]);
}

std::string FiniteSamples::Kinds() const {
  std::string out;
  const std::pair<long, const char*> kinds[] = {
      {nan, "NaN"}, {plus_inf, "+inf"}, {minus_inf, "-inf"}};
  for (const auto& [count, kind] : kinds)
    if (count > 0) out += fmt::format("{}{} {}", out.empty() ? "" : ", ", count, kind);
  return out;
}

FiniteSamples SplitFinite(std::span<const double> x) {
  FiniteSamples f;
  f.values.reserve(x.size());
  for (double v : x) {
    if (std::isfinite(v)) {
      f.values.push_back(v);
    } else if (std::isnan(v)) {
      ++f.nan;
    } else {
      ++(v > 0 ? f.plus_inf : f.minus_inf);
    }
  }
  return f;
}

bool IsStatisticName(const std::string& name) {
  return std::find(std::begin(kNames), std::end(kNames), name) != std::end(kNames) ||
         PercentileOf(name) >= 0;
}

std::string StatisticNames() {
  std::string out;
  for (const char* n : kNames) out += fmt::format("{}, ", n);
  return out + "pNN (percentile, 0 <= NN <= 100, e.g. p99)";
}

double Statistic(const std::string& name, std::span<const double> x) {
  if (const double p = PercentileOf(name); p >= 0) return Percentile(x, p);
  const Statistics s = Summarise(x);
  if (name == "initial") return s.initial;
  if (name == "final") return s.final;
  if (name == "min") return s.min;
  if (name == "max") return s.max;
  if (name == "absmax") return s.absmax;
  if (name == "mean") return s.mean;
  if (name == "std") return s.std;
  if (name == "rms") return s.rms;
  if (name == "mpm") return s.mpm;
  if (name == "upcrossings") return static_cast<double>(s.upcrossings);
  if (name == "n") return static_cast<double>(s.n);
  return kNaN;
}

}  // namespace hawser
