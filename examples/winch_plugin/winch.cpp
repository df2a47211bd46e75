#include "winch.h"

#include <algorithm>

#include "hawser/plugin.h"

namespace winch {

Winch::Winch(hawser::ObjectArgs& args) : SimObject(args) {
  max_speed_ = DeclareParameter<double>({.name = "MaxSpeed",
                                         .unit = "m/s",
                                         .doc = "Top line speed, either way.",
                                         .check = hawser::Positive()});
  const double initial_length = DeclareParameter<double>(
      {.name = "InitialLength", .unit = "m", .doc = "Line out at the start.", .fallback = 0.0});
  speed_in_ = DeclareInput(
      {.name = "PayOutSpeed", .width = 1, .unit = "m/s", .doc = "Commanded speed (+ = out)."});
  length_ = DeclareState({.name = "Length",
                          .width = 1,
                          .unit = "m",
                          .doc = "Line paid out.",
                          .initial = {initial_length}});
  DeclareOutputFromState({.name = "Length", .width = 1, .unit = "m", .doc = "Line paid out."},
                         length_);
  speed_out_ = DeclareOutput(
      {.name = "Speed", .width = 1, .unit = "m/s", .doc = "Actual line speed (limited)."});
  DeclareCalc({speed_out_}, {speed_in_}, [this] {
    out(speed_out_)[0] = std::clamp(in(speed_in_)[0], -max_speed_, max_speed_);
  });
}

void Winch::CalcDerivatives() {
  derivative(length_)[0] = std::clamp(in(speed_in_)[0], -max_speed_, max_speed_);
}

void Register(hawser::Registry& registry) {
  registry.Add<Winch>("Winch/Winch", "Winch paying out line at a commanded, limited speed.");
}

}  // namespace winch

HAWSER_PLUGIN(winch::Register);
