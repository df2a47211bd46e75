#include "tests/tools/hawser/fmu_importer_support.h"

#include <dlfcn.h>
#include <doctest/doctest.h>
#include <unistd.h>

#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <stdexcept>

#include "tests/tools/hawser/cli_support.h"

namespace hawser::testing {
namespace {

std::vector<std::string> logged;  // The tests run one at a time.

void Logger(fmi2ComponentEnvironment, fmi2String, fmi2Status, fmi2String, fmi2String format, ...) {
  char text[4096];
  va_list args;
  va_start(args, format);
  std::vsnprintf(text, sizeof text, format, args);
  va_end(args);
  logged.emplace_back(text);
}

const fmi2CallbackFunctions kCallbacks = {Logger, nullptr, nullptr, nullptr, nullptr};

}  // namespace

ExtractedFmu::ExtractedFmu(const std::string& fmu) {
  static int count = 0;
  dir = (std::filesystem::temp_directory_path() /
         ("hawser_fmu_" + std::to_string(getpid()) + "_" + std::to_string(++count)))
            .string();
  std::filesystem::remove_all(dir);
  // zipfile -e reads every entry, and its reader raises BadZipFile on a wrong CRC.
  const CommandResult unzip =
      RunCommand("/usr/bin/python3 -m zipfile -e '" + fmu + "' '" + dir + "'");
  INFO(unzip.output);
  REQUIRE(unzip.exit_code == 0);
}

ExtractedFmu::~ExtractedFmu() {
  std::error_code ignored;
  std::filesystem::remove_all(dir, ignored);
}

template <class F>
F FmuImporter::Symbol(const char* name) {
  void* symbol = dlsym(library_, name);
  INFO(name);
  REQUIRE(symbol != nullptr);
  return reinterpret_cast<F>(symbol);
}

FmuImporter::FmuImporter(const std::string& dir, const std::string& identifier,
                         const std::string& guid) {
  logged.clear();
  const std::string binary = dir + "/binaries/linux64/" + identifier + ".so";
  // RTLD_LOCAL, as an importer loads each FMU: its symbols stay its own.
  library_ = dlopen(binary.c_str(), RTLD_NOW | RTLD_LOCAL);
  INFO(binary, ": ", (library_ == nullptr ? dlerror() : ""));
  REQUIRE(library_ != nullptr);
  free_instance_ = Symbol<decltype(free_instance_)>("fmi2FreeInstance");
  setup_ = Symbol<decltype(setup_)>("fmi2SetupExperiment");
  enter_ = Symbol<decltype(enter_)>("fmi2EnterInitializationMode");
  exit_ = Symbol<decltype(exit_)>("fmi2ExitInitializationMode");
  do_step_ = Symbol<decltype(do_step_)>("fmi2DoStep");
  set_real_ = Symbol<decltype(set_real_)>("fmi2SetReal");
  get_real_ = Symbol<decltype(get_real_)>("fmi2GetReal");
  terminate_ = Symbol<decltype(terminate_)>("fmi2Terminate");
  reset_ = Symbol<decltype(reset_)>("fmi2Reset");
  const auto instantiate = Symbol<decltype(&fmi2Instantiate)>("fmi2Instantiate");
  const std::string resources = "file://" + dir + "/resources";
  instance_ = instantiate("test", fmi2CoSimulation, guid.c_str(), resources.c_str(), &kCallbacks,
                          fmi2False, fmi2False);
}

FmuImporter::~FmuImporter() {
  if (instance_ != nullptr) free_instance_(instance_);
  if (library_ != nullptr) dlclose(library_);
}

const std::vector<std::string>& FmuImporter::messages() const { return logged; }

fmi2Status FmuImporter::Setup(double start_time) {
  return setup_(instance_, fmi2False, 0.0, start_time, fmi2False, 0.0);
}
fmi2Status FmuImporter::EnterInitialization() { return enter_(instance_); }
fmi2Status FmuImporter::ExitInitialization() { return exit_(instance_); }
fmi2Status FmuImporter::DoStep(double t, double h) { return do_step_(instance_, t, h, fmi2True); }
fmi2Status FmuImporter::Set(unsigned vr, double value) {
  return set_real_(instance_, &vr, 1, &value);
}
double FmuImporter::Get(unsigned vr) {
  double value = 0.0;
  return get_real_(instance_, &vr, 1, &value) == fmi2OK ? value
                                                        : std::numeric_limits<double>::quiet_NaN();
}
fmi2Status FmuImporter::Terminate() { return terminate_(instance_); }
fmi2Status FmuImporter::Reset() { return reset_(instance_); }

}  // namespace hawser::testing
