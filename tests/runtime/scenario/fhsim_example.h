// FhSim's reference example "A linear spring in 3 degrees of freedom", unchanged: read by the
// scenario loader's tests (tests/runtime/scenario) and run by the closed-form ones
// (tests/simobjects/scenarios).
#pragma once

#include <string>

namespace hawser {

inline const std::string kFhSimLinearSpring = R"(<Contents>
<OBJECTS>
<Lib LibName="base" SimObject="Cable/LinearSpring" Name="M" Stiffness="10" RelaxedLength="10" />
</OBJECTS>
<INTERCONNECTIONS>
<Connection M.PosA="0,0,0" M.PosB="0,0,5" />
</INTERCONNECTIONS>
<INITIALIZATION>
<InitialCondition />
</INITIALIZATION>
<INTEGRATION>
<Engine IntegratorMethod="2" NumCores="1" TOutput="0, 1, 30" LogStates="1" stepsize="0"
 HMax="0.002" HMin="0.00000001" AbsTol="1e-3" RelTol="1e-3" UseRSSNormInsteadOfInfNorm="0"
 FileOutput="objects:all" />
</INTEGRATION>
</Contents>
)";

}  // namespace hawser
