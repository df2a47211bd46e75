// What the scenario harnesses (scenario_fuzz, model_startup_fuzz) share: the input as a
// scenario's XML, loaded and assembled with the built-in SimObjects.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "runtime/model/model.h"
#include "runtime/scenario/scenario.h"
#include "simobjects/register_base.h"
#include "tests/fuzz/fuzz_support.h"

namespace hawser::fuzz {

/// Loads `data` as a scenario ("fuzz.xml"), assembles it and calls fn(scenario, model); hawser's
/// own errors for bad input are the expected outcomes (IgnoringHawserErrors).
template <class Fn>
void WithAssembledScenario(const uint8_t* data, size_t size, Fn&& fn) {
  const std::string xml(reinterpret_cast<const char*>(data), size);
  IgnoringHawserErrors([&] {
    const Scenario scenario = LoadScenarioFromString(xml, "fuzz.xml");
    const std::unique_ptr<Model> model = Model::Assemble(scenario, BuiltinRegistry());
    fn(scenario, *model);
  });
}

}  // namespace hawser::fuzz
