#include "tools/hawser/fmu_description.h"

#include <fmt/format.h>

#include <cctype>
#include <cstdint>
#include <set>

namespace hawser::cli {
namespace {

std::string Escaped(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string UnitAttribute(const fmu::Variable& v) {
  return v.unit.empty() ? "" : fmt::format(" unit=\"{}\"", Escaped(FmiUnit(v.unit)));
}

std::string ScalarVariable(const fmu::Variable& v) {
  const std::string name = Escaped(fmu::FmiName(v));
  switch (v.causality) {
    case fmu::Causality::kInput:
      return fmt::format(
          "    <ScalarVariable name=\"{}\" valueReference=\"{}\" causality=\"input\" "
          "variability=\"continuous\" description=\"Signal/External {}, element {}\">\n"
          "      <Real start=\"{}\"{}/>\n    </ScalarVariable>\n",
          name, v.value_reference, Escaped(v.name), v.index, v.start, UnitAttribute(v));
    case fmu::Causality::kOutput:
      return fmt::format(
          "    <ScalarVariable name=\"{}\" valueReference=\"{}\" causality=\"output\" "
          "variability=\"continuous\" initial=\"calculated\">\n      <Real{}/>\n"
          "    </ScalarVariable>\n",
          name, v.value_reference, UnitAttribute(v));
    case fmu::Causality::kParameter:
      return fmt::format(
          "    <ScalarVariable name=\"{}\" valueReference=\"{}\" causality=\"parameter\" "
          "variability=\"fixed\" initial=\"exact\" description=\"scenario Variable {}\">\n"
          "      <Real start=\"{}\"{}/>\n    </ScalarVariable>\n",
          name, v.value_reference, Escaped(v.name), v.start, UnitAttribute(v));
    case fmu::Causality::kTunable:
      return fmt::format(
          "    <ScalarVariable name=\"{}\" valueReference=\"{}\" causality=\"parameter\" "
          "variability=\"tunable\" initial=\"exact\" description=\"SimObject parameter {}, "
          "settable between steps: it acts from the next fmi2DoStep\">\n"
          "      <Real start=\"{}\"{}/>\n    </ScalarVariable>\n",
          name, v.value_reference, Escaped(v.name), v.start, UnitAttribute(v));
  }
  return "";
}

}  // namespace

std::string FmiUnit(const std::string& hawser_unit) {
  return hawser_unit == "-" ? "1" : hawser_unit;
}

std::string ModelDescription(const fmu::Table& table, const FmuInfo& info) {
  std::string text = fmt::format(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<fmiModelDescription fmiVersion=\"2.0\" modelName=\"{}\" guid=\"{}\"\n"
      "  description=\"hawser scenario {} as a co-simulation FMU\" generationTool=\"hawser {}\"\n"
      "  variableNamingConvention=\"flat\" numberOfEventIndicators=\"0\">\n",
      Escaped(info.model_name), table.guid, Escaped(info.model_name), HAWSER_VERSION);
  // What fmu_binary.cpp implements: steps of any size, synchronous, no FMU state, no
  // derivatives; the master owns memory it passes (no use of its allocator).
  text += fmt::format(
      "  <CoSimulation modelIdentifier=\"{}\" needsExecutionTool=\"false\"\n"
      "    canHandleVariableCommunicationStepSize=\"true\" canInterpolateInputs=\"false\"\n"
      "    maxOutputDerivativeOrder=\"0\" canRunAsynchronuously=\"false\"\n"
      "    canBeInstantiatedOnlyOncePerProcess=\"false\" "
      "canNotUseMemoryManagementFunctions=\"true\"\n"
      "    canGetAndSetFMUstate=\"false\" canSerializeFMUstate=\"false\"\n"
      "    providesDirectionalDerivative=\"false\"/>\n",
      info.model_identifier);
  std::set<std::string> units;
  for (const fmu::Variable& v : table.variables) {
    if (!v.unit.empty()) units.insert(FmiUnit(v.unit));
  }
  if (!units.empty()) {
    text += "  <UnitDefinitions>\n";
    for (const std::string& u : units) text += fmt::format("    <Unit name=\"{}\"/>\n", Escaped(u));
    text += "  </UnitDefinitions>\n";
  }
  text += "  <LogCategories>\n    <Category name=\"logStatusError\"/>\n  </LogCategories>\n";
  text += fmt::format("  <DefaultExperiment startTime=\"{}\" stopTime=\"{}\" tolerance=\"{}\"",
                      info.start_time, info.stop_time, info.tolerance);
  text += info.step_size > 0 ? fmt::format(" stepSize=\"{}\"/>\n", info.step_size) : "/>\n";
  text += "  <ModelVariables>\n";
  for (const fmu::Variable& v : table.variables) text += ScalarVariable(v);
  text += "  </ModelVariables>\n  <ModelStructure>\n";
  // The index of an Unknown is the variable's position in ModelVariables, from 1. Without a
  // `dependencies` attribute an output may depend on every input: true of a hawser output in
  // general (a direct feedthrough is possible).
  std::string outputs;
  for (const fmu::Variable& v : table.variables) {
    if (v.causality == fmu::Causality::kOutput) {
      outputs += fmt::format("      <Unknown index=\"{}\"/>\n", v.value_reference + 1);
    }
  }
  text += "    <Outputs>\n" + outputs + "    </Outputs>\n";
  text += "    <InitialUnknowns>\n" + outputs + "    </InitialUnknowns>\n";
  text += "  </ModelStructure>\n</fmiModelDescription>\n";
  return text;
}

std::string GuidOf(const std::string& text) {
  // FNV-1a 64 with its standard offset basis, and again from a second basis (the first's
  // result): 128 bits that any change of the text changes.
  const auto fnv = [&](std::uint64_t h) {
    for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ULL;
    return h;
  };
  const std::uint64_t a = fnv(0xcbf29ce484222325ULL), b = fnv(a);
  return fmt::format("{{{:08x}-{:04x}-{:04x}-{:04x}-{:012x}}}", a >> 32, (a >> 16) & 0xffff,
                     a & 0xffff, b >> 48, b & 0xffffffffffffULL);
}

std::string ModelIdentifier(const std::string& stem) {
  std::string id = stem.empty() || std::isdigit(static_cast<unsigned char>(stem[0])) ? "_" : "";
  for (char c : stem) id += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return id;
}

}  // namespace hawser::cli
