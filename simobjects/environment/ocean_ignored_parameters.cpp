#include "simobjects/environment/ocean_ignored_parameters.h"

#include <vector>

#include "hawser/log.h"

namespace hawser {
namespace {

/// A parameter, the mode parameter that decides whether it is read, and the modes that read it.
struct ModeUse {
  const char* parameter;
  const char* mode_parameter;
  std::vector<std::string> modes;
};

const std::vector<ModeUse>& Uses() {
  static const std::vector<std::string> kIrregular = {"jonswap", "pm", "issc"};
  static const std::vector<std::string> kSpectral = {"regular", "jonswap", "pm", "issc"};
  static const std::vector<std::string> kAnySea = {"regular", "jonswap", "pm", "issc", "file"};
  static const std::vector<ModeUse> uses = {
      {"CurrentSpeed", "CurrentProfile", {"uniform", "powerlaw"}},
      {"CurrentDirection", "CurrentProfile", {"uniform", "powerlaw"}},
      {"CurrentExponent", "CurrentProfile", {"powerlaw"}},
      {"CurrentTable", "CurrentProfile", {"table"}},
      {"WaveHeight", "Waves", kSpectral},
      {"WavePeriod", "Waves", kSpectral},
      {"WaveDirection", "Waves", kAnySea},
      {"Stretching", "Waves", kAnySea},
      {"WaveKinematics", "Waves", kAnySea},
      {"WaveRampTime", "Waves", kAnySea},
      {"WavePhase", "Waves", {"regular"}},
      {"WaveComponentsFile", "Waves", {"file"}},
      {"Gamma", "Waves", {"jonswap"}},
      {"NumComponents", "Waves", kIrregular},
      {"Seed", "Waves", kIrregular},
      {"FrequencyMin", "Waves", kIrregular},
      {"FrequencyMax", "Waves", kIrregular},
      {"SpreadingExponent", "Waves", kIrregular},
      {"WaveGridSpacing", "WaveKinematics", {"grid"}},
      {"WaveGridGrowth", "WaveKinematics", {"grid"}},
      {"WaveGridTimeStep", "WaveKinematics", {"grid"}},
      {"WaveGridBounds", "WaveKinematics", {"grid"}},
      {"WaveGridMemory", "WaveKinematics", {"grid"}},
  };
  return uses;
}

std::string Quoted(const std::vector<std::string>& modes) {
  std::string text;
  for (size_t i = 0; i < modes.size(); ++i) {
    text += (i == 0 ? "" : i + 1 == modes.size() ? " or " : ", ") + ("\"" + modes[i] + "\"");
  }
  return text;
}

}  // namespace

void WarnIgnoredOceanParameters(const ObjectArgs& args, const std::string& profile,
                                const std::string& waves) {
  for (const ModeUse& use : Uses()) {
    const auto given = args.values.find(use.parameter);
    if (given == args.values.end()) continue;
    const std::string which = use.mode_parameter;
    // WaveKinematics as given (its default "fast" otherwise); it matters only with waves.
    const auto kinematics = args.values.find("WaveKinematics");
    const std::string mode =
        which == "Waves" ? waves
        : which == "WaveKinematics"
            ? (kinematics == args.values.end() ? std::string("fast") : kinematics->second.first)
            : profile;
    bool read = false;
    for (const std::string& m : use.modes) read = read || m == mode;
    if (read) continue;
    Warn(given->second.second, args.name + " (" + args.type + "): " + use.parameter +
                                   " is ignored with " + use.mode_parameter + "=\"" + mode +
                                   "\" (only " + use.mode_parameter + "=" + Quoted(use.modes) +
                                   " reads it)");
  }
}

}  // namespace hawser
