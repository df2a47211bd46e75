// Signal/Mux: concatenates N input vectors into one.
//
//   Out = [In1; In2; ...; InN]   (width = InPortWidth1 + ... + InPortWidthN)
//
// NumInput = N declares the parameters InPortWidth1..InPortWidthN (each default 1) and the inputs
// In1..InN, which must all be connected. Out reads every input (direct feedthrough).
// `hawser describe` (no NumInput given) shows the pattern with N = 1.
#pragma once

#include <vector>

#include "hawser/simobject.h"

namespace hawser {

class Mux final : public SimObject {
 public:
  explicit Mux(ObjectArgs& args);

 private:
  void CalcOut();

  std::vector<Input> inputs_;
  Output out_;
};

}  // namespace hawser
