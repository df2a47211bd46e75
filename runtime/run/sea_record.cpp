#include "runtime/run/sea_record.h"

#include "hawser/ocean.h"

namespace hawser {

void RecordSea(const Model& model, const OutputTimes& output, RunInfo& info) {
  for (const auto& object : model.objects()) {
    const auto* ocean = dynamic_cast<const Ocean*>(object.get());
    if (ocean == nullptr) continue;
    const auto components = ocean->WaveComponents();
    info.wave_components.assign(components.begin(), components.end());
    if (info.wave_components.empty()) return;
    // The ramp rises to 1 and stays there (hawser/ocean.h): its samples end at the first 1.
    for (double t : output.times) {
      const double r = ocean->WaveRamp(t);
      info.wave_ramp.push_back({t, r});
      if (r >= 1.0) break;
    }
    return;
  }
}

}  // namespace hawser
