// Winch/Winch: a winch paying out line at a commanded speed, limited to the winch's top speed.
//
//   Length' = clamp(PayOutSpeed, -MaxSpeed, MaxSpeed),   Speed = Length'
//
// A positive speed pays line out (Length grows), a negative one hauls it in. Length starts at
// InitialLength unless an <InitialCondition> gives it.
#pragma once

#include "hawser/simobject.h"

namespace winch {

class Winch final : public hawser::SimObject {
 public:
  explicit Winch(hawser::ObjectArgs& args);
  void CalcDerivatives() override;

 private:
  double max_speed_;
  hawser::Input speed_in_;
  hawser::Output speed_out_;
  hawser::State length_;
};

}  // namespace winch
