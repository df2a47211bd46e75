// An FMI 2.0 co-simulation importer written for the tests of `hawser fmu`: the FMU extracted by
// Python's zipfile (a ZIP reader independent of hawser's writer, which checks every CRC), its
// binary loaded with dlopen and driven through the fmi2 functions the standard names.
#pragma once

#include <string>
#include <vector>

#include "runtime/fmu/fmi2_functions.h"

namespace hawser::testing {

/// An FMU extracted into a fresh folder, removed with it.
struct ExtractedFmu {
  explicit ExtractedFmu(const std::string& fmu);
  ~ExtractedFmu();
  ExtractedFmu(const ExtractedFmu&) = delete;
  ExtractedFmu& operator=(const ExtractedFmu&) = delete;
  std::string dir;
};

/// The binary of an extracted FMU, loaded; one instance of it.
class FmuImporter {
 public:
  /// dlopens dir/binaries/linux64/<identifier>.so and instantiates it as a co-simulation FMU
  /// with `guid` and dir/resources as its resource location. instance() is NULL when
  /// fmi2Instantiate failed (messages() says why).
  FmuImporter(const std::string& dir, const std::string& identifier, const std::string& guid);
  ~FmuImporter();
  FmuImporter(const FmuImporter&) = delete;
  FmuImporter& operator=(const FmuImporter&) = delete;

  fmi2Component instance() const { return instance_; }
  /// What the FMU logged, one entry per call of the logger.
  const std::vector<std::string>& messages() const;

  fmi2Status Setup(double start_time);
  fmi2Status EnterInitialization();
  fmi2Status ExitInitialization();
  fmi2Status DoStep(double t, double h);
  fmi2Status Set(unsigned vr, double value);
  /// The value of `vr`, or NaN when fmi2GetReal did not return fmi2OK.
  double Get(unsigned vr);
  fmi2Status Terminate();
  fmi2Status Reset();

 private:
  template <class F>
  F Symbol(const char* name);

  void* library_ = nullptr;
  fmi2Component instance_ = nullptr;
  decltype(&fmi2FreeInstance) free_instance_ = nullptr;
  decltype(&fmi2SetupExperiment) setup_ = nullptr;
  decltype(&fmi2EnterInitializationMode) enter_ = nullptr;
  decltype(&fmi2ExitInitializationMode) exit_ = nullptr;
  decltype(&fmi2DoStep) do_step_ = nullptr;
  decltype(&fmi2SetReal) set_real_ = nullptr;
  decltype(&fmi2GetReal) get_real_ = nullptr;
  decltype(&fmi2Terminate) terminate_ = nullptr;
  decltype(&fmi2Reset) reset_ = nullptr;
};

}  // namespace hawser::testing
