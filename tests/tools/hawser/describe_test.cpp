// `hawser list` and `hawser describe` print exactly what each type declares.
#include <doctest/doctest.h>

#include "simobjects/register_base.h"
#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

TEST_CASE("describe prints every declared parameter, port and state of every type") {
  const Registry& registry = BuiltinRegistry();
  const CommandResult list = RunHawser("list");
  REQUIRE(list.exit_code == 0);
  for (const TypeInfo& type : registry.types()) {
    CAPTURE(type.path);
    CHECK(list.output.find(type.path) != std::string::npos);
    const CommandResult r = RunHawser("describe '" + type.path + "'");
    REQUIRE(r.exit_code == 0);
    const auto object = registry.MakeForDescription(type);
    const ObjectInterface& f = object->interface();
    auto has_line = [&](const std::string& name, const std::string& unit) {
      // Each declaration is printed as "  <name> ... [unit]" on its own line.
      const auto pos = r.output.find("\n  " + name + " ");
      if (pos == std::string::npos) return false;
      const auto end = r.output.find('\n', pos + 1);
      return unit.empty() ||
             r.output.substr(pos, end - pos).find("[" + unit + "]") != std::string::npos;
    };
    for (const auto& p : f.params) CHECK_MESSAGE(has_line(p.name, p.ignored ? "" : p.unit), p.name);
    for (const auto& p : f.inputs) CHECK_MESSAGE(has_line(p.spec.name, p.spec.unit), p.spec.name);
    for (const auto& p : f.outputs) CHECK_MESSAGE(has_line(p.spec.name, p.spec.unit), p.spec.name);
    for (const auto& s : f.states) CHECK_MESSAGE(has_line(s.spec.name, s.spec.unit), s.spec.name);
  }
}

TEST_CASE("describe accepts FhSim aliases and prints the canonical path") {
  const CommandResult r = RunHawser("describe Ball/3DBody");
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.rfind("Body/3DBody:", 0) == 0);
}

TEST_CASE("describe of LinearSpring lists its interface and defaults") {
  const CommandResult r = RunHawser("describe Cable/LinearSpring");
  CHECK(r.output.find("Stiffness") != std::string::npos);
  CHECK(r.output.find("(required)") != std::string::npos);
  CHECK(r.output.find("ForceA") != std::string::npos);
  CHECK(r.output.find("from inputs PosA, PosB") != std::string::npos);
  CHECK(r.output.find("from input PosA") != std::string::npos);  // The echo is a view of PosA.
}

TEST_CASE("describe says how a port's values are laid out in HDF5 files") {
  // Cable/Cable at its default NumElements (2): 3 nodes, 2 segments, 1 free node.
  const CommandResult r = RunHawser("describe Cable/Cable");
  REQUIRE(r.exit_code == 0);
  CHECK(r.output.find("(HDF5: node 3 x xyz x,y,z)") != std::string::npos);
  CHECK(r.output.find("(HDF5: segment 2)") != std::string::npos);
  CHECK(r.output.find("(HDF5: free_node 1 x node_state x,y,z,vx,vy,vz)") != std::string::npos);
}

TEST_CASE("describe marks a parameter without a printable default as optional") {
  // Math/LinearSystem's D defaults to zeros of a shape only the other matrices fix.
  const CommandResult r = RunHawser("describe Math/LinearSystem");
  REQUIRE(r.exit_code == 0);
  const auto pos = r.output.find("\n  D ");
  REQUIRE(pos != std::string::npos);
  const std::string line = r.output.substr(pos + 1, r.output.find('\n', pos + 1) - pos - 1);
  CHECK(line.find("(optional)") != std::string::npos);
  CHECK(line.find("(default )") == std::string::npos);
}

}  // namespace
}  // namespace hawser::testing
