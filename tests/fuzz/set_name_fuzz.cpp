// libFuzzer harness: text through the `--set` name grammar (runtime/sweep/set_name.h) and the
// `--set NAME=VALUES` setting (runtime/sweep/sweep_values.h). A ScenarioError is the expected
// outcome of bad text; anything else is a finding. The target must keep the header's promises:
// an initial condition names an object and a state and a finite element; a variable's name has no
// '.' or ':'. A broken promise aborts, so libFuzzer reports it with its input.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "hawser/errors.h"
#include "runtime/sweep/set_name.h"
#include "runtime/sweep/sweep_values.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

const hawser::fuzz::Promises Check{"set_name_fuzz"};

void CheckName(const std::string& name, const std::string& text) {
  using Kind = hawser::SetTarget::Kind;
  const hawser::SetTarget t = hawser::ParseSetName(name);
  switch (t.kind) {
    case Kind::kInitialCondition:
      Check(!t.object.empty() && !t.member.empty(), "an initial condition lacks a name", text);
      Check(!t.has_element || std::isfinite(t.element), "an element is not finite", text);
      break;
    case Kind::kVariable:
      Check(name.find_first_of(".:") == std::string::npos, "a variable has '.' or ':'", text);
      break;
    case Kind::kParameter:
    case Kind::kEngine:
      Check(name.find('.') != std::string::npos, "a parameter has no '.'", text);
      break;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    CheckName(text, text);
  } catch (const hawser::ScenarioError&) {
  }
  try {
    const hawser::SweepParameter p = hawser::ParseSweepSetting(text);
    Check(!p.name.empty() && !p.values.empty(), "a setting has no name or no value", text);
    CheckName(p.name, text);
  } catch (const hawser::ScenarioError&) {
  }
  return 0;
}
