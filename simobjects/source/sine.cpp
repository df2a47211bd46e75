#include "simobjects/source/sine.h"

#include <cmath>
#include <numbers>

#include "hawser/text.h"

namespace hawser {

Sine::Sine(ObjectArgs& args) : SimObject(args) {
  const long width = DeclareParameter(PortWidthParameter("Number of elements of Out."));
  amplitude_ = DeclareParameter<double>(
      {.name = "Amplitude", .unit = "-", .doc = "Amplitude of the wave.", .fallback = 1.0});
  bias_ = DeclareParameter<double>(
      {.name = "Bias", .unit = "-", .doc = "Offset added to the wave.", .fallback = 0.0});
  // No "optional without default" parameter exists: the default 0 stands for "not given", and
  // a written value must be > 0.
  const double period = DeclareParameter<double>(
      {.name = "PeriodS",
       .unit = "s",
       .doc = "Period T; give exactly one of PeriodS and FHz (0 = not given).",
       .fallback = 0.0,
       .check = Positive()});
  const double frequency = DeclareParameter<double>(
      {.name = "FHz",
       .unit = "Hz",
       .doc = "Frequency 1/T; give exactly one of PeriodS and FHz (0 = not given).",
       .fallback = 0.0,
       .check = Positive()});
  phase_ = DeclareParameter<double>(
      {.name = "PhaseRad", .unit = "rad", .doc = "Phase at t = 0.", .fallback = 0.0});
  start_time_ = DeclareParameter<double>(
      {.name = "StartTime", .unit = "s", .doc = "Time the wave starts.", .fallback = 0.0});
  stop_time_ = DeclareParameter<double>({.name = "StopTime",
                                         .unit = "s",
                                         .doc = "Time the wave stops (< 0: never).",
                                         .fallback = -1.0});
  if (!describing()) {
    if (period > 0.0 && frequency > 0.0) {
      throw Error("both PeriodS (" + NumberText(period) + ") and FHz (" + NumberText(frequency) +
                  ") are given; expected exactly one of them");
    }
    if (period <= 0.0 && frequency <= 0.0) {
      throw Error(
          "neither PeriodS nor FHz is given; expected exactly one of them, e.g. PeriodS=\"2\"");
    }
    if (stop_time_ >= 0.0 && stop_time_ < start_time_) {
      throw Error("StopTime (" + NumberText(stop_time_) + ") is before StartTime (" +
                  NumberText(start_time_) + "); expected StopTime >= StartTime, or < 0 for never");
    }
  }
  omega_ = 2.0 * std::numbers::pi * (period > 0.0 ? 1.0 / period : frequency);
  out_ = DeclareOutput({.name = "Out",
                        .width = static_cast<int>(width),
                        .unit = "-",
                        .doc = "Bias + Amplitude sin(2 pi t / T + PhaseRad) in the active window, "
                               "else Bias."});
  DeclareCalc({out_}, {}, [this] { CalcOut(); });
}

void Sine::CalcOut() {
  const double t = time();
  const bool active = start_time_ <= t && (stop_time_ < 0.0 || t <= stop_time_);
  const double value = active ? bias_ + amplitude_ * std::sin(omega_ * t + phase_) : bias_;
  for (double& o : out(out_)) o = value;
}

}  // namespace hawser
