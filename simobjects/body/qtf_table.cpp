#include "simobjects/body/qtf_table.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <complex>
#include <map>
#include <tuple>
#include <utility>

#include "hawser/common_declarations.h"
#include "hawser/text.h"
#include "hawser/text_file.h"
#include "simobjects/body/drift_table.h"
#include "simobjects/body/rao_table.h"
#include "simobjects/body/wamit_files.h"

namespace hawser {
namespace {

struct Row {
  RaoTable::Response t = {};
  std::array<int, 6> lines = {};  ///< The line of each mode's row; 0 = not given.
};
/// (PER_i, PER_j, BETA wrapped) -> the row's modes. Keyed on the periods as written so that
/// messages name them; the grid converts to rad/s.
using Key = std::tuple<double, double, double>;

/// The sorted distinct values of `values`.
std::vector<double> Distinct(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  return values;
}

}  // namespace

QtfTable ParseWamitQtf(const std::string& text, const std::string& path,
                       const SourceLocation& where) {
  std::map<Key, Row> rows;
  std::array<bool, 6> given = {};
  ForEachTextRow(text, path, "QTF file", [&](int line_no, const std::string& line) {
    const SourceLocation at{path, line_no};
    const std::vector<double> v = WamitRowValues(line, at);
    if (v.size() != 9) {
      throw ScenarioError(at, "WAMIT QTF row has " + std::to_string(v.size()) +
                                  " values; expected 9: PER_i PER_j BETA_i BETA_j I |F| phase "
                                  "Re Im");
    }
    for (double x : v)
      if (!std::isfinite(x)) throw ScenarioError(at, "WAMIT QTF row has a value not finite");
    for (size_t c : {size_t{0}, size_t{1}}) {
      if (!(v[c] > 0.0)) {
        throw ScenarioError(at, "WAMIT period " + NumberText(v[c]) +
                                    " s is not positive (zero and infinite frequency rows have "
                                    "no second-order load)");
      }
      RowRadPerSecond(v[c], RaoFrequencyUnit::kPeriodSeconds, at, "WAMIT QTF period");
    }
    if (v[4] != std::floor(v[4]) || v[4] < 1.0 || v[4] > 6.0) {
      throw ScenarioError(at, "WAMIT mode I is " + NumberText(v[4]) + "; expected 1 to 6");
    }
    if (v[2] != v[3]) return;  // bidirectional: not read (file comment)
    const size_t mode = static_cast<size_t>(v[4]) - 1;
    Row& row = rows[{v[0], v[1], WrapHeading(v[2])}];
    if (row.lines[mode] != 0) {
      throw ScenarioError(at, "WAMIT QTF row repeats periods " + NumberText(v[0]) + " s and " +
                                  NumberText(v[1]) + " s, heading " + NumberText(v[2]) +
                                  " deg, mode " + std::to_string(mode + 1) + " of line " +
                                  std::to_string(row.lines[mode]));
    }
    row.lines[mode] = line_no;
    row.t[mode] = {v[7], v[8]};
    given[mode] = true;
  });
  if (rows.empty()) {
    throw ScenarioError(where, "QTF file '" + path + "' has no unidirectional rows");
  }
  std::vector<double> periods, headings;
  for (const auto& entry : rows) {
    periods.push_back(std::get<0>(entry.first));
    periods.push_back(std::get<1>(entry.first));
    headings.push_back(std::get<2>(entry.first));
  }
  periods = Distinct(std::move(periods));
  headings = Distinct(std::move(headings));
  if (periods.size() > kMaxWamitPeriods || headings.size() > kMaxWamitHeadings) {
    throw ScenarioError(where, "QTF file '" + path + "' has " + std::to_string(periods.size()) +
                                   " periods and " + std::to_string(headings.size()) +
                                   " headings; at most " + std::to_string(kMaxWamitPeriods) +
                                   " and " + std::to_string(kMaxWamitHeadings));
  }
  // Every pair at every heading, for every given mode, before the grid is allocated: a complete
  // grid has at least n (n + 1) / 2 rows per heading, so its size is bounded by the file's rows.
  const size_t n = periods.size();
  QtfTable table;
  for (size_t h = 0; h < headings.size(); ++h) {
    for (size_t i = 0; i < n; ++i) {
      for (size_t j = i; j < n; ++j) {
        const auto upper = rows.find({periods[i], periods[j], headings[h]});
        const auto lower = rows.find({periods[j], periods[i], headings[h]});
        for (size_t m = 0; m < 6; ++m) {
          const bool has_upper = upper != rows.end() && upper->second.lines[m] != 0;
          const bool has_lower = lower != rows.end() && lower->second.lines[m] != 0;
          if (given[m] && !has_upper && !has_lower) {
            throw ScenarioError(
                where, "QTF file '" + path + "' has no row for periods " + NumberText(periods[i]) +
                           " s and " + NumberText(periods[j]) + " s at heading " +
                           NumberText(headings[h]) + " deg, mode " + std::to_string(m + 1) +
                           "; expected every period pair at every heading");
          }
          if (i == j || !has_upper || !has_lower) continue;
          const std::complex<double> a = upper->second.t[m], b = lower->second.t[m];
          if (std::abs(b - std::conj(a)) > 1e-5 * std::max(std::abs(a), std::abs(b))) {
            const Row& later =
                upper->second.lines[m] > lower->second.lines[m] ? upper->second : lower->second;
            const Row& earlier = &later == &upper->second ? lower->second : upper->second;
            throw ScenarioError(
                {path, later.lines[m]},
                "WAMIT QTF row is not the complex conjugate of line " +
                    std::to_string(earlier.lines[m]) +
                    " (the same periods swapped); the difference-frequency QTF is Hermitian");
          }
        }
      }
    }
  }
  // The grid in increasing frequency: period index n - 1 - f is frequency index f.
  for (size_t f = 0; f < n; ++f) table.omegas.push_back(kRadPerHertz / periods[n - 1 - f]);
  table.headings = headings;
  table.values.assign(headings.size() * n * n, RaoTable::Response{});
  for (size_t h = 0; h < headings.size(); ++h) {
    for (size_t i = 0; i < n; ++i) {
      for (size_t j = 0; j < n; ++j) {
        const auto upper = rows.find({periods[i], periods[j], headings[h]});
        const auto lower = rows.find({periods[j], periods[i], headings[h]});
        RaoTable::Response& t = table.values[(h * n + (n - 1 - i)) * n + (n - 1 - j)];
        for (size_t m = 0; m < 6; ++m) {
          if (upper != rows.end() && upper->second.lines[m] != 0) {
            t[m] = upper->second.t[m];
          } else if (lower != rows.end() && lower->second.lines[m] != 0) {
            t[m] = std::conj(lower->second.t[m]);
          }
        }
      }
    }
  }
  return table;
}

}  // namespace hawser
