// Physically impossible or meaningless seas, through the real program: a wave
// steeper than the breaking limit, taller than the depth allows, a period or depth where water
// waves are not gravity waves, an irregular sea whose components do not keep the Hs asked, and
// parameters that the chosen mode ignores. The limits are in simobjects/environment/
// wave_limits.h and docs/ocean-and-bodies.md, "Limits".
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <numbers>
#include <string>

#include "tests/tools/hawser/physical_limits_support.h"

namespace hawser::testing {
namespace {

// An ocean whose attributes `sea` sit on a line of their own (line 4), and a probe at the
// surface.
std::string Ocean(const std::string& depth, const std::string& sea) {
  return LimitsScenario(fmt::format(
      "<Lib LibName=\"base\" SimObject=\"Environment/Ocean\" Name=\"Sea\" Depth=\"{}\"\n"
      "     {} />\n"
      "<Lib LibName=\"base\" SimObject=\"Environment/WaveProbe\" Name=\"Probe\" "
      "Position=\"0,0,0\"/>",
      depth, sea));
}

TEST_CASE("a regular wave steeper than Miche's limit is refused at WaveHeight, one below it runs") {
  // Deep water (d = 1000 m, tanh(k d) = 1 to 1e-300): L = g T^2 / (2 pi) = 99.92 m at T = 8 s,
  // so Miche's H/L <= 0.142 allows H <= 14.19 m. 14.0 m passes, 14.4 m does not; H = 20 m at
  // T = 2 s (L = 6.245 m) is a steepness H/L of 3.2, over twenty times the limit.
  const double length = 9.81 * 64.0 / (2.0 * std::numbers::pi);
  REQUIRE(std::abs(0.142 * length - 14.19) < 0.01);
  CheckAccepted("miche_ok", Ocean("1000", R"(Waves="regular" WaveHeight="14.0" WavePeriod="8")"));
  CheckDiagnosed("miche", Ocean("1000", R"(Waves="regular" WaveHeight="14.4" WavePeriod="8")"),
                 "WaveHeight=", "error", 2,
                 {"Sea (Environment/Ocean): WaveHeight H = 14.4 m at WavePeriod 8 s",
                  "steepness H/L = 0.144, beyond the breaking limit 0.142 tanh(k d) = 0.142 "
                  "(Miche 1944); expected WaveHeight <= 14.2 m"});
  CheckDiagnosed("steepness_3_2",
                 Ocean("1000", R"(Waves="regular" WaveHeight="20" WavePeriod="2")"),
                 "WaveHeight=", "error", 2, {"steepness H/L = 3.2"});
}

TEST_CASE("a wave beyond the depth-limited breaking height H/d = 0.78 is refused") {
  // d = 10 m, T = 30 s: Miche allows 8.8 m (k d = 0.21), McCowan 0.78 d = 7.8 m.
  CheckDiagnosed("mccowan", Ocean("10", R"(Waves="regular" WaveHeight="8" WavePeriod="30")"),
                 "WaveHeight=", "error", 2,
                 {"WaveHeight H = 8 m in Depth 10 m is H/d = 0.8",
                  "beyond the depth-limited breaking limit 0.78 (McCowan 1894); expected "
                  "WaveHeight <= 7.8 m"});
  // Taller than the water is deep: Miche's shallow-water limit (0.142 k d L = 0.89 d) is met
  // first.
  CheckDiagnosed("taller_than_depth",
                 Ocean("10", R"(Waves="regular" WaveHeight="12" WavePeriod="30")"),
                 "WaveHeight=", "error", 2, {"WaveHeight H = 12 m", "(Miche 1944)"});
}

TEST_CASE("an irregular sea is held to the same limits with Hs and the wavelength at Tp") {
  CheckDiagnosed("jonswap_steep",
                 Ocean("1000", R"(Waves="jonswap" WaveHeight="15" WavePeriod="5")"),
                 "WaveHeight=", "error", 2,
                 {"WaveHeight Hs = 15 m at peak period Tp 5 s", "steepness Hs/L = 0.384"});
}

TEST_CASE("a wave period of 1e-3 s and a depth of 1e-6 m are refused") {
  CheckDiagnosed("period", Ocean("100", R"(Waves="regular" WaveHeight="1e-6" WavePeriod="1e-3")"),
                 "WaveHeight=", "error", 2,
                 {"WavePeriod 0.001 s is below 0.2 s, where surface tension (not gravity) drives "
                  "the waves; expected a period >= 0.2 s"});
  CheckDiagnosed("depth", Ocean("1e-6", ""), "Depth=", "error", 2,
                 {"Sea: parameter 'Depth' = '1e-6' is invalid; expected a depth >= 0.01 m"});
}

TEST_CASE("an irregular sea whose components do not keep the Hs asked is refused") {
  // FrequencyMax 1e6 rad/s: 200 bins of 5000 rad/s far above the peak (0.63 rad/s) hold almost
  // none of the spectrum (Hs ~1e-7 m); one component gives a random Hs (0.6 to 6 m for 3 m).
  CheckDiagnosed(
      "frequency_max",
      Ocean("100", R"(Waves="jonswap" WaveHeight="3" WavePeriod="10" FrequencyMax="1e6")"),
      "WaveHeight=", "error", 2,
      {"the 200 components (NumComponents) spread over the band FrequencyMin to "
       "FrequencyMax give a sea of Hs ",
       "where WaveHeight asks 3 m; expected within 5 %"});
  CheckDiagnosed(
      "one_component",
      Ocean("100", R"(Waves="jonswap" WaveHeight="3" WavePeriod="10" NumComponents="1")"),
      "WaveHeight=", "error", 2, {"the 1 components (NumComponents)", "where WaveHeight asks 3 m"});
  CheckAccepted("default_components",
                Ocean("100", R"(Waves="jonswap" WaveHeight="3" WavePeriod="10")"));
}

TEST_CASE("ocean parameters that the chosen mode ignores are warnings at their line") {
  CheckDiagnosed("current_table",
                 Ocean("100", R"(CurrentProfile="uniform" CurrentSpeed="1" CurrentTable="0,1,0")"),
                 "CurrentProfile=", "warning", 0,
                 {"Sea (Environment/Ocean): CurrentTable is ignored with "
                  "CurrentProfile=\"uniform\" (only CurrentProfile=\"table\" reads it)"});
  const std::string waves_none = Ocean("100", R"(Waves="none" WaveHeight="3" WavePeriod="9")");
  CheckDiagnosed("waves_none", waves_none, "Waves=", "warning", 0,
                 {"WaveHeight is ignored with Waves=\"none\" (only Waves=\"regular\", "
                  "\"jonswap\", \"pm\" or \"issc\" reads it)",
                  "WavePeriod is ignored with Waves=\"none\""});
  CheckDiagnosed("regular_gamma",
                 Ocean("100", R"(Waves="regular" WaveHeight="1" WavePeriod="8" Gamma="2")"),
                 "Waves=", "warning", 0, {"Gamma is ignored with Waves=\"regular\""});
}

}  // namespace
}  // namespace hawser::testing
