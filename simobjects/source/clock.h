// Src/Clock: the simulation time as a signal.
//
//   SimTime = t   [s]
//
// No inputs, no states, no parameters. FhSim's clock has the same output name.
#pragma once

#include "hawser/simobject.h"

namespace hawser {

class Clock final : public SimObject {
 public:
  explicit Clock(ObjectArgs& args);

 private:
  Output sim_time_;
};

}  // namespace hawser
