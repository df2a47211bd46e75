#include "simobjects/body/wamit_files.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <complex>
#include <map>
#include <numbers>
#include <optional>

#include "hawser/common_declarations.h"
#include "hawser/text.h"
#include "hawser/text_file.h"

namespace hawser {
namespace {

using Matrix6d = Eigen::Matrix<double, 6, 6>;

/// The numbers of `line`, split at white space; a token that is not a number is an error that
/// quotes it. nullopt for a first line that does not start with a number (a header).
std::optional<std::vector<double>> Numbers(const std::string& line, const SourceLocation& at,
                                           bool first, const char* what) {
  std::vector<double> values;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i == line.size()) break;
    size_t end = i;
    while (end < line.size() && !std::isspace(static_cast<unsigned char>(line[end]))) ++end;
    const char* begin = line.data() + i + (line[i] == '+' ? 1 : 0);
    double v = 0.0;
    const auto [ptr, ec] = std::from_chars(begin, line.data() + end, v);
    if (ec != std::errc() || ptr != line.data() + end || !std::isfinite(v)) {
      if (first && values.empty()) return std::nullopt;  // A header.
      throw ScenarioError(at, std::string(what) + " row: '" + line.substr(i, end - i) +
                                  "' (value " + std::to_string(values.size() + 1) +
                                  ") is not a finite number");
    }
    values.push_back(v);
    i = end;
  }
  return values;
}

/// A mode index I or J: an integer 1..6.
int Mode(double v, const SourceLocation& at, const char* what, const char* name) {
  if (v != std::floor(v) || v < 1 || v > 6) {
    throw ScenarioError(at, std::string(what) + " row: mode " + name + " = " + NumberText(v) +
                                " is not an integer from 1 to 6 (surge..yaw)");
  }
  return static_cast<int>(v) - 1;
}

void CheckColumns(size_t got, size_t expected, const SourceLocation& at, const char* what,
                  const char* columns) {
  if (got != expected) {
    throw ScenarioError(at, std::string(what) + " row has " + std::to_string(got) +
                                " values; expected " + std::to_string(expected) + ": " + columns);
  }
}

/// L^k with k = base + (i >= 4) + (j >= 4) (WAMIT's exponents; i, j 0-based here).
double LengthPower(double length, int base, int i, int j) {
  return std::pow(length, base + (i >= 3 ? 1 : 0) + (j >= 3 ? 1 : 0));
}

double Omega(double period) { return 2.0 * std::numbers::pi / period; }

}  // namespace

WamitRadiation ParseWamitRadiation(const std::string& text, const std::string& path,
                                   const WamitScales& scales, const SourceLocation& where) {
  constexpr const char* kWhat = "WAMIT .1";
  struct Period {
    Matrix6d a = Matrix6d::Zero(), b = Matrix6d::Zero();
    int line = 0;
    std::map<std::pair<int, int>, int> seen;  // (i, j) -> line
  };
  std::map<double, Period> periods;  // PER -> coefficients
  bool first = true;
  ForEachTextRow(text, path, "WAMIT .1 file", [&](int line_no, const std::string& line) {
    const SourceLocation at{path, line_no};
    const auto v = Numbers(line, at, first, kWhat);
    first = false;
    if (!v) return;
    if (v->empty()) return;
    const double per = (*v)[0];
    const bool limit = per == -1.0 || per == 0.0;
    if (!limit && !(per > 0.0)) {
      throw ScenarioError(at, "WAMIT .1 row: period " + NumberText(per) +
                                  " s is not positive, -1 (infinite period) or 0 (zero period)");
    }
    const double omega =
        limit ? 0.0 : RowRadPerSecond(per, RaoFrequencyUnit::kPeriodSeconds, at, "WAMIT .1 period");
    CheckColumns(v->size(), limit ? 4 : 5, at, kWhat,
                 limit ? "PER I J Abar (PER -1 and 0 have no damping)" : "PER I J Abar Bbar");
    const int i = Mode((*v)[1], at, kWhat, "I"), j = Mode((*v)[2], at, kWhat, "J");
    Period& p = periods[per];
    if (periods.size() > kMaxWamitPeriods) {
      throw ScenarioError(at, "WAMIT .1 file lists more than " + std::to_string(kMaxWamitPeriods) +
                                  " periods (the most read)");
    }
    if (p.line == 0) p.line = line_no;
    if (const auto [it, inserted] = p.seen.emplace(std::make_pair(i, j), line_no); !inserted) {
      throw ScenarioError(at, "WAMIT .1 row repeats period " + NumberText(per) + ", I " +
                                  std::to_string(i + 1) + ", J " + std::to_string(j + 1) +
                                  " of line " + std::to_string(it->second));
    }
    const double scale = scales.rho * LengthPower(scales.length, 3, i, j);
    p.a(i, j) = (*v)[3] * scale;
    if (!limit) p.b(i, j) = (*v)[4] * scale * omega;
  });
  WamitRadiation r;
  // Increasing omega: decreasing period.
  for (auto it = periods.rbegin(); it != periods.rend(); ++it) {
    const auto& [per, p] = *it;
    if (per == 0.0) {
      r.added_mass_infinite = p.a;
    } else if (per == -1.0) {
      r.added_mass_zero = p.a;
    } else {
      r.omegas.push_back(Omega(per));
      r.added_mass.push_back(p.a);
      r.damping.push_back(p.b);
      r.lines.push_back(p.line);
    }
  }
  if (r.omegas.empty()) {
    throw ScenarioError(where, "WAMIT .1 file '" + path +
                                   "' has no rows at a positive period; expected PER I J Abar "
                                   "Bbar rows");
  }
  return r;
}

RaoTable ParseWamitExcitation(const std::string& text, const std::string& path,
                              const WamitScales& scales, const SourceLocation& where,
                              std::vector<int>* period_lines) {
  constexpr const char* kWhat = "WAMIT .3";
  struct Entry {
    RaoTable::Response h{};
    int line = 0;
    std::array<int, 6> seen{};  // line of each mode's row
  };
  std::map<std::pair<double, double>, Entry> grid;  // (PER, heading in [0, 360)) -> H
  std::map<double, int> period_line;                // PER -> its first line
  std::map<double, int> heading_line;               // heading -> its first line
  bool first = true;
  ForEachTextRow(text, path, "WAMIT .3 file", [&](int line_no, const std::string& line) {
    const SourceLocation at{path, line_no};
    const auto v = Numbers(line, at, first, kWhat);
    first = false;
    if (!v || v->empty()) return;
    CheckColumns(v->size(), 7, at, kWhat, "PER BETA I Mod Pha Re Im");
    const double per = (*v)[0];
    if (!(per > 0.0)) {
      throw ScenarioError(at, "WAMIT .3 row: period " + NumberText(per) +
                                  " s is not positive (excitation needs a finite period)");
    }
    RowRadPerSecond(per, RaoFrequencyUnit::kPeriodSeconds, at, "WAMIT .3 period");
    const double beta = WrapHeading((*v)[1]);
    const int i = Mode((*v)[2], at, kWhat, "I");
    const double mod = (*v)[3], pha = (*v)[4];
    const std::complex<double> x((*v)[5], (*v)[6]);
    // Mod and Pha repeat Re and Im to WAMIT's printed precision (~1e-5); a phase in radians or
    // another unit shows here. 1 % of Mod (plus a floor for zero entries) passes any rounding.
    if (!(mod >= 0.0) || std::abs(std::polar(mod, pha * kDegree) - x) > 0.01 * mod + 1e-12) {
      throw ScenarioError(at, "WAMIT .3 row: Mod " + NumberText(mod) + " and Pha " +
                                  NumberText(pha) + " deg do not match Re " + NumberText(x.real()) +
                                  " and Im " + NumberText(x.imag()) +
                                  " (expected Mod >= 0 and Pha in degrees, WAMIT's units)");
    }
    period_line.emplace(per, line_no);
    heading_line.emplace(beta, line_no);
    if (period_line.size() > kMaxWamitPeriods || heading_line.size() > kMaxWamitHeadings) {
      throw ScenarioError(at, "WAMIT .3 file lists more than " + std::to_string(kMaxWamitPeriods) +
                                  " periods or " + std::to_string(kMaxWamitHeadings) +
                                  " headings (the most read)");
    }
    Entry& e = grid[{per, beta}];
    if (e.line == 0) e.line = line_no;
    if (e.seen[i] != 0) {
      throw ScenarioError(at, "WAMIT .3 row repeats period " + NumberText(per) + ", heading " +
                                  NumberText((*v)[1]) + " deg, mode " + std::to_string(i + 1) +
                                  " of line " + std::to_string(e.seen[i]));
    }
    e.seen[i] = line_no;
    // Dimensional, and conj: WAMIT's phase lead is hawser's lag with the opposite sign.
    e.h[i] = std::conj(x) * scales.rho * scales.g * std::pow(scales.length, i >= 3 ? 3 : 2);
  });
  if (grid.empty()) {
    throw ScenarioError(
        where, "WAMIT .3 file '" + path + "' has no rows; expected PER BETA I Mod Pha Re Im rows");
  }
  std::vector<double> omegas, headings;
  std::vector<RaoTable::Response> values;
  for (auto p = period_line.rbegin(); p != period_line.rend(); ++p) {
    omegas.push_back(Omega(p->first));
    if (period_lines) period_lines->push_back(p->second);
    for (const auto& [beta, beta_line] : heading_line) {
      const auto it = grid.find({p->first, beta});
      if (it == grid.end()) {
        throw ScenarioError(SourceLocation{path, p->second},
                            "WAMIT .3 file has no rows for period " + NumberText(p->first) +
                                " s at heading " + NumberText(beta) + " deg (line " +
                                std::to_string(beta_line) +
                                "); expected every period at every heading");
      }
      values.push_back(it->second.h);
    }
  }
  for (const auto& h : heading_line) headings.push_back(h.first);
  return RaoTable(std::move(omegas), std::move(headings), std::move(values));
}

Matrix6d ParseWamitHydrostatics(const std::string& text, const std::string& path,
                                const WamitScales& scales, const SourceLocation& where) {
  constexpr const char* kWhat = "WAMIT .hst";
  Matrix6d c = Matrix6d::Zero();
  std::map<std::pair<int, int>, int> seen;
  bool first = true;
  ForEachTextRow(text, path, "WAMIT .hst file", [&](int line_no, const std::string& line) {
    const SourceLocation at{path, line_no};
    const auto v = Numbers(line, at, first, kWhat);
    first = false;
    if (!v || v->empty()) return;
    CheckColumns(v->size(), 3, at, kWhat, "I J Cbar");
    const int i = Mode((*v)[0], at, kWhat, "I"), j = Mode((*v)[1], at, kWhat, "J");
    if (const auto [it, inserted] = seen.emplace(std::make_pair(i, j), line_no); !inserted) {
      throw ScenarioError(at, "WAMIT .hst row repeats I " + std::to_string(i + 1) + ", J " +
                                  std::to_string(j + 1) + " of line " + std::to_string(it->second));
    }
    c(i, j) = (*v)[2] * scales.rho * scales.g * LengthPower(scales.length, 2, i, j);
  });
  if (seen.empty()) {
    throw ScenarioError(where, "WAMIT .hst file '" + path + "' has no rows; expected I J Cbar");
  }
  return c;
}

}  // namespace hawser
