#include "simobjects/source/clock.h"

namespace hawser {

Clock::Clock(ObjectArgs& args) : SimObject(args) {
  sim_time_ = DeclareOutput(ScalarPort("SimTime", "s", "The simulation time t."));
  DeclareCalc({sim_time_}, {}, [this] { out(sim_time_)[0] = time(); });
}

}  // namespace hawser
