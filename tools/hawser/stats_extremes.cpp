// `hawser stats --extremes COLUMN FILE ... [--percentile P] [--duration T] [--window FROM:TO]`:
// the maximum of COLUMN in each record (a run's file, or each case of a sweep's file: one seed
// each), their Gumbel fits by moments and by maximum likelihood (runtime/analysis/extremes.h),
// each fit's mode (the most probable maximum) and P-th percentile; with --duration, each
// record's Rayleigh MPM over T s too.
#include <fmt/format.h>

#include <limits>
#include <map>
#include <string>
#include <vector>

#include "hawser/errors.h"
#include "runtime/analysis/extremes.h"
#include "tools/hawser/commands.h"
#include "tools/hawser/stats_records.h"

namespace hawser::cli {
namespace {

struct SeedRecord {
  std::string source;  // "'run.h5'" or "'sweep.h5' case_00002"
  std::string unit;
  double max = 0, mpm = 0;
};

SeedRecord ReadSeed(const std::string& file, const std::string& group, const StatsRequest& request,
                    const TimeWindow& window, double duration) {
  const std::vector<std::string> specs{request.extremes};
  const RecordedRun run =
      ReadRecordedRun(file, group, [&](const SignalShape& s) { return Wanted(specs, s); });
  std::vector<ChosenColumn> columns;
  try {
    const std::vector<SignalShape> shapes(run.signals.begin(), run.signals.end());
    columns = ChooseColumns(specs, shapes, file);
  } catch (const std::invalid_argument& e) {
    throw ScenarioError({}, fmt::format("--extremes: {}", e.what()));
  }
  const RecordedSignal& signal = run.signals[columns[0].signal];
  if (columns.size() != 1) {
    throw ScenarioError({}, fmt::format("--extremes {}: {} has {} columns; choose one ({} .. {})",
                                        request.extremes, signal.name, columns.size(),
                                        signal.Column(0), signal.Column(signal.width - 1)));
  }
  SeedRecord seed;
  seed.source =
      group == "/" ? fmt::format("'{}'", file) : fmt::format("'{}' {}", file, group.substr(1));
  const std::vector<size_t> rows = WindowRows(run, window, seed.source);
  const FiniteSamples x = ColumnSamples(run, columns[0], rows, !window.whole());
  if (x.values.empty()) {
    throw ScenarioError({}, fmt::format("--extremes {}: {} has no finite value to take the "
                                        "maximum of",
                                        request.extremes, seed.source));
  }
  const Statistics st = Summarise(x.values);
  seed.unit = signal.unit.empty() ? "-" : signal.unit;
  seed.max = st.max;
  seed.mpm = duration > 0
                 ? RayleighMpm(st.mean, st.std, st.upcrossings, RowsDuration(run, rows), duration)
                 : st.mpm;
  return seed;
}

/// The value of sweep parameter `name` of each record (a sweep's case), as /cases gives it.
std::vector<std::string> GroupKeys(
    const std::string& name, const std::vector<std::pair<std::string, std::string>>& records) {
  std::map<std::string, std::vector<std::string>> columns;  // Per file.
  std::vector<std::string> keys;
  for (const auto& record : records) {
    auto column = columns.find(record.first);
    try {
      if (column == columns.end())
        column = columns.emplace(record.first, CasesColumn(record.first, name)).first;
    } catch (const ScenarioError& e) {
      throw ScenarioError({}, fmt::format("--group-by {}: {}", name, e.message()));
    }
    keys.push_back(column->second.at(std::stoul(record.second.substr(6))));  // "/case_00012"
  }
  return keys;
}

/// The maximum-likelihood Gumbel fit of the maxima of each value of sweep parameter `name`
/// (e.g. the heading: the seeds of one heading), in the order the values first appear.
void PrintGroupFits(const std::string& name,
                    const std::vector<std::pair<std::string, std::string>>& records,
                    const std::vector<double>& maxima, double p) {
  const std::vector<std::string> keys = GroupKeys(name, records);
  std::vector<std::string> order;
  std::map<std::string, std::vector<double>> groups;
  for (size_t i = 0; i < keys.size(); ++i) {
    if (groups.find(keys[i]) == groups.end()) order.push_back(keys[i]);
    groups[keys[i]].push_back(maxima[i]);
  }
  for (const std::string& key : order) {
    const long n = static_cast<long>(groups[key].size());
    if (n < kMinGumbelSamples) {
      throw ScenarioError({},
                          fmt::format("--group-by {}: {} = {} has {} seed{}; a Gumbel fit "
                                      "needs at least {}",
                                      name, name, key, n, n == 1 ? "" : "s", kMinGumbelSamples));
    }
  }
  fmt::print("{:<26} {:>5} {:>17} {:>15} {:>15}\n", fmt::format("maximum likelihood per {}", name),
             "seeds", "mode (MPM)", "beta", fmt::format("p{}", p));
  for (const std::string& key : order) {
    const GumbelFit fit = GumbelMaximumLikelihood(groups[key]);
    fmt::print("{:<26} {:>5} {:>17.9g} {:>15.9g} {:>15.9g}\n", fmt::format("{} = {}", name, key),
               groups[key].size(), fit.mu, fit.beta, fit.Quantile(p / 100.0));
  }
}

}  // namespace

int StatsExtremes(const StatsRequest& request) {
  if (!request.case_number.empty()) {
    throw ScenarioError({},
                        "--case with --extremes: every case of a sweep's file is a seed; "
                        "leave out --case");
  }
  TimeWindow window;
  try {
    if (!request.window.empty()) window = TimeWindow::Parse(request.window);
  } catch (const std::invalid_argument& e) {
    throw ScenarioError({}, fmt::format("--window: {}", e.what()));
  }
  const double inf = std::numeric_limits<double>::infinity();
  const double p = OptionNumber("--percentile", request.percentile, 0, 100,
                                "a percentile between 0 and 100 (exclusive), e.g. 90");
  const double duration = request.duration.empty() ? 0
                                                   : OptionNumber("--duration", request.duration, 0,
                                                                  inf, "a duration in s > 0");
  std::vector<std::string> files{request.file};
  files.insert(files.end(), request.columns.begin(), request.columns.end());
  const auto records = Records(files);
  if (static_cast<long>(records.size()) < kMinGumbelSamples) {
    throw ScenarioError(
        {}, fmt::format("--extremes {}: a Gumbel fit needs at least {} seeds (records); {} "
                        "give{} {}",
                        request.extremes, kMinGumbelSamples,
                        files.size() == 1 ? fmt::format("'{}'", files[0])
                                          : fmt::format("the {} files", files.size()),
                        files.size() == 1 ? "s" : "", records.size()));
  }
  std::vector<SeedRecord> seeds;
  std::vector<double> maxima;
  for (const auto& [file, group] : records) {
    seeds.push_back(ReadSeed(file, group, request, window, duration));
    maxima.push_back(seeds.back().max);
  }
  fmt::print("maxima of {} [{}] over {} seeds{}{}\n", request.extremes, seeds[0].unit, seeds.size(),
             window.whole() ? "" : ", t in ", window.Text());
  const std::string mpm = duration > 0 ? fmt::format("mpm({}s)", duration) : "mpm";
  fmt::print("{:>5} {:<44} {:>15} {:>15}\n", "seed", "record", "max", mpm);
  for (size_t i = 0; i < seeds.size(); ++i)
    fmt::print("{:>5} {:<44} {:>15.9g} {:>15.9g}\n", i, seeds[i].source, seeds[i].max,
               seeds[i].mpm);
  fmt::print("Gumbel fit of the {} maxima {:>17} {:>15} {:>15}\n", seeds.size(), "mode (MPM)",
             "beta", fmt::format("p{}", p));
  const std::pair<const char*, GumbelFit> fits[] = {
      {"method of moments", GumbelMoments(maxima)},
      {"maximum likelihood", GumbelMaximumLikelihood(maxima)}};
  for (const auto& [method, fit] : fits) {
    fmt::print("{:<26} {:>17.9g} {:>15.9g} {:>15.9g}\n", method, fit.mu, fit.beta,
               fit.Quantile(p / 100.0));
  }
  if (!request.group_by.empty()) PrintGroupFits(request.group_by, records, maxima, p);
  return kOk;
}

}  // namespace hawser::cli
