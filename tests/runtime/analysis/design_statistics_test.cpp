// Rainflow counting against ASTM E1049-85's published example, Miner's damage and the Gumbel
// fits against hand computations, and the fatigue table's bad input.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <numbers>
#include <string>
#include <vector>

#include "hawser/errors.h"
#include "runtime/analysis/extremes.h"
#include "runtime/analysis/fatigue.h"
#include "runtime/analysis/rainflow.h"

namespace hawser {
namespace {

std::string WriteTable(const std::string& name, const std::string& text) {
  const std::string path = (std::filesystem::temp_directory_path() / name).string();
  std::ofstream(path) << text;
  return path;
}

std::string ErrorOf(const std::string& path) {
  try {
    ReadFatigueSpec(path);
  } catch (const ScenarioError& e) {
    return FormatDiagnostic(e.location(), e.message());
  }
  return "";
}

}  // namespace

TEST_CASE("rainflow counts ASTM E1049-85's example history as the standard's Fig. 6 does") {
  // ASTM E1049-85 Fig. 6: A..I = -2, 1, -3, 5, -1, 3, -4, 4, -2. Counted by hand with 5.4.4:
  // range 3 (A-B, holds the start): 1/2; 4 (B-C, start): 1/2; E-F 4: 1; C-D 8 (start): 1/2;
  // then D-G 9, G-H 8 and H-I 6 are left: 1/2 each. Table: 3: 0.5, 4: 1.5, 6: 0.5, 8: 1, 9: 0.5.
  // Samples between the reversals (and a plateau) must not change the count.
  const std::vector<double> x{-2, 0, 1, 1, -3, 5, 2, -1, 3, -4, 0, 4, -2};
  CHECK(Reversals(x) == std::vector<double>{-2, 1, -3, 5, -1, 3, -4, 4, -2});
  std::map<double, double> counts;
  for (const RainflowCycle& c : Rainflow(x)) counts[c.range] += c.count;
  CHECK(counts == std::map<double, double>{{3, 0.5}, {4, 1.5}, {6, 0.5}, {8, 1.0}, {9, 0.5}});
  // Miner with S = range / 2 mm^2, m = 3, a_D = 1e3: sum c (r/2)^3 / 1e3 by hand:
  // (0.5*27 + 1.5*64 + 0.5*216 + 1*512 + 0.5*729) / 8 / 1e3 = 1094 / 8000.
  const TnCurve curve{"test", 1e3, 3.0, 2.0, {}};
  CHECK(MinerDamage(Rainflow(x), curve) == doctest::Approx(1094.0 / 8000.0).epsilon(1e-14));
  CHECK(Rainflow(std::vector<double>{1, 1, 1}).empty());  // No reversal pair: no cycle.
}

TEST_CASE("Gumbel fits: moments by hand, likelihood equations hold, Rayleigh MPM over T") {
  const std::vector<double> x{10.2, 11.5, 9.8, 12.9, 10.7, 11.1};
  double mean = 0, var = 0;
  for (double v : x) mean += v / 6;
  for (double v : x) var += (v - mean) * (v - mean) / 5;  // n - 1, as documented.
  const GumbelFit mm = GumbelMoments(x);
  const double beta = std::sqrt(6 * var) / std::numbers::pi;
  CHECK(mm.beta == doctest::Approx(beta).epsilon(1e-14));  // 1e-14: rounding only.
  CHECK(mm.mu == doctest::Approx(mean - 0.5772156649015329 * beta).epsilon(1e-14));
  CHECK(mm.Quantile(0.9) == doctest::Approx(mm.mu - mm.beta * std::log(-std::log(0.9))));
  // Maximum likelihood: both score equations vanish at the fit (d/dmu: sum e^-z = n; d/dbeta:
  // sum z (1 - e^-z) = n, z = (x - mu)/beta); 1e-9: the bisection's 1e-14 on beta, amplified.
  const GumbelFit ml = GumbelMaximumLikelihood(x);
  double s1 = 0, s2 = 0;
  for (double v : x) {
    const double z = (v - ml.mu) / ml.beta;
    s1 += std::exp(-z);
    s2 += z * (1 - std::exp(-z));
  }
  CHECK(s1 == doctest::Approx(6.0).epsilon(1e-9));
  CHECK(s2 == doctest::Approx(6.0).epsilon(1e-9));
  const std::vector<double> same{5, 5, 5};
  CHECK(GumbelMaximumLikelihood(same).beta == 0);
  CHECK(GumbelMaximumLikelihood(same).mu == 5);
  // 100 up-crossings in 1000 s (Tz = 10 s) scaled to 10800 s: 1080 cycles.
  CHECK(RayleighMpm(1, 2, 100, 1000, 10800) ==
        doctest::Approx(1 + 2 * std::sqrt(2 * std::log(1080.0))).epsilon(1e-14));
  CHECK(std::isnan(RayleighMpm(1, 2, 1, 1000, 10800)));  // Fewer than 2 up-crossings.
}

TEST_CASE("a fatigue table's bad lines are refused at file:line with the reason") {
  const std::string good = "curve chain 6.0e10 3 5027\nline L.Tension chain\n";
  const std::pair<const char*, const char*> cases[] = {
      {"curve chain 6.0e10 0 5027\n", ":1: error: curve chain: m = 0: must be > 0"},
      {"curve chain -1 3 5027\n", ":1: error: curve chain: a_D = -1: must be > 0"},
      {"curve chain 1e10 3\n", ":1: error: 'curve' has 4 fields; expected curve NAME A_D M"},
      {"# c\ncurve chain 6e10 3 5027\nline L.T wire\n", ":3: error: line L.T: no curve 'wire'"},
      {"crve chain 1 1 1\n", ":1: error: unknown keyword 'crve'; did you mean 'curve'?"},
      {"life 20\nlife 25\n", ":2: error: life is already given at line 1"},
  };
  for (const auto& c : cases) {
    const char* const text = c.first;  // Not structured bindings: clang 14 cannot CAPTURE one.
    const char* const message = c.second;
    CAPTURE(text);
    const std::string path = WriteTable("design_stats_bad.txt", text);
    CHECK(ErrorOf(path).find(path + message) != std::string::npos);
    std::filesystem::remove(path);
  }
  const std::string path =
      WriteTable("design_stats_sum.txt", good + "state 0.7 a.h5\nstate 0.4 b.h5 2\nlife 20\n");
  CHECK(ErrorOf(path).find(path + ":4: error: the states' probabilities add up to 1.1") !=
        std::string::npos);
  std::filesystem::remove(path);
  const std::string ok = WriteTable("design_stats_ok.txt", good + "state 0.7 /x/a.h5 3\nlife 20\n");
  const FatigueSpec spec = ReadFatigueSpec(ok);
  CHECK(spec.states.at(0).file == "/x/a.h5");
  CHECK(spec.states.at(0).case_number == 3);
  CHECK(spec.curves.at(0).a_d == 6.0e10);
  std::filesystem::remove(ok);
  const std::string no_life = WriteTable("design_stats_nolife.txt", good + "state 1 a.h5\n");
  CHECK(ErrorOf(no_life).find("no design life (life YEARS)") != std::string::npos);
  std::filesystem::remove(no_life);
}

}  // namespace hawser
