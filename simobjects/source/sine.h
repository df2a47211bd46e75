// Src/Sine: a sine wave, the same on every element of its output.
//
//   Out_i = Bias + Amplitude sin(2 pi t / T + PhaseRad)   when StartTime <= t and
//                                                         (StopTime < 0 or t <= StopTime)
//   Out_i = Bias                                          otherwise
//
// T is given either as PeriodS [s] or as FHz [Hz] (T = 1/FHz); exactly one of them must be
// written. The phase refers to t = 0, not to StartTime, so switching on later does not shift the
// wave. Outside the active window the output is Bias (the wave's mean), not 0: a sine used as a
// disturbance around an operating point then rests at that point. A StopTime >= 0 before
// StartTime is an error. The switch is a step in Out; a variable-step integrator downstream
// resolves it by cutting its step (no event location).
//
// FhSim compatibility: FhSim's sine takes scalar parameters; so does this one (Amplitude, Bias
// and PhaseRad apply to every element). Amplitude defaults to 1 (an assumption: FhSim's default
// is not documented).
#pragma once

#include "hawser/simobject.h"

namespace hawser {

class Sine final : public SimObject {
 public:
  explicit Sine(ObjectArgs& args);

 private:
  void CalcOut();

  double amplitude_, bias_, omega_, phase_, start_time_, stop_time_;
  Output out_;
};

}  // namespace hawser
