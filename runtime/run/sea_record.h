// The sea a result file keeps, so that a viewer can draw the surface (hawser view): the wave
// components of the model's ocean and its ramp factor at the output times.
#pragma once

#include "runtime/model/model.h"
#include "runtime/output/sink.h"

namespace hawser {

/// Fills info.wave_components and info.wave_ramp (sink.h) from the first object of `model` that
/// provides the ocean (hawser/ocean.h); leaves them empty when there is none or it has no waves.
void RecordSea(const Model& model, const OutputTimes& output, RunInfo& info);

}  // namespace hawser
