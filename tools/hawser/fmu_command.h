// `hawser fmu SCENARIO -o model.fmu --output NAME...`: the scenario as an FMI 2.0 co-simulation
// FMU (docs/embedding.md, "FMU export").
#pragma once

#include <string>
#include <vector>

#include "runtime/scenario/scenario.h"

namespace hawser::cli {

struct FmuRequest {
  std::string scenario;
  std::string output;                 ///< -o: the .fmu file.
  std::vector<std::string> outputs;   ///< --output: outputs "Obj.Port" or states "Obj:State".
  VariableOverrides variables;        ///< --var: the parameters' start values.
  std::vector<std::string> tunables;  ///< --tunable: SimObject parameters "Obj.Param".
};

int Fmu(const FmuRequest& request);

}  // namespace hawser::cli
