// The fmi2 functions of a hawser FMU's binary (binaries/linux64/<modelIdentifier>.so): each
// forwards to an Instance (runtime/fmu/fmu_instance.h), catches what it throws and returns the
// FMI status, the message going to the master's logger. No C++ exception crosses into the master.
#include <fmt/format.h>

#include <cstring>
#include <exception>
#include <new>
#include <string>

#include "hawser/errors.h"
#include "hawser/text.h"
#include "runtime/fmu/fmi2_functions.h"
#include "runtime/fmu/fmu_instance.h"

namespace {

/// What fmi2Instantiate returns as the fmi2Component.
struct Component {
  std::string name;
  fmi2CallbackLogger logger = nullptr;
  fmi2ComponentEnvironment environment = nullptr;
  std::unique_ptr<hawser::fmu::Instance> instance;
};

void Log(fmi2CallbackLogger logger, fmi2ComponentEnvironment environment, const char* name,
         fmi2Status status, const std::string& message) {
  // The logger formats as printf does: the message goes in as an argument, never as the format.
  if (logger != nullptr) logger(environment, name, status, "logStatusError", "%s", message.c_str());
}

/// Runs `fn` on the component's instance; an exception becomes fmi2Error (fmi2Fatal for memory)
/// and its message is logged.
template <class Fn>
fmi2Status Call(fmi2Component c, const char* function, Fn&& fn) {
  if (c == nullptr) return fmi2Error;
  auto* component = static_cast<Component*>(c);
  try {
    fn(*component->instance);
    return fmi2OK;
  } catch (const std::bad_alloc&) {
    Log(component->logger, component->environment, component->name.c_str(), fmi2Fatal,
        fmt::format("{}: out of memory", function));
    return fmi2Fatal;
  } catch (const std::exception& e) {
    Log(component->logger, component->environment, component->name.c_str(), fmi2Error,
        fmt::format("{}: {}", function, e.what()));
    return fmi2Error;
  }
}

/// The folder of a "file:///a/b" (or "file:/a/b", "file://localhost/a/b") URI, %XX decoded.
std::string PathOfFileUri(const std::string& uri) {
  std::string rest;
  if (uri.rfind("file://localhost/", 0) == 0) {
    rest = uri.substr(16);
  } else if (uri.rfind("file:///", 0) == 0) {
    rest = uri.substr(7);
  } else if (uri.rfind("file:/", 0) == 0) {
    rest = uri.substr(5);
  } else {
    throw std::runtime_error(fmt::format(
        "fmuResourceLocation '{}' is not a file: URI of a local folder", hawser::Excerpt(uri)));
  }
  std::string path;
  for (size_t k = 0; k < rest.size(); ++k) {
    if (rest[k] == '%' && k + 2 < rest.size()) {
      path += static_cast<char>(std::stoi(rest.substr(k + 1, 2), nullptr, 16));
      k += 2;
    } else {
      path += rest[k];
    }
  }
  while (path.size() > 1 && path.back() == '/') path.pop_back();
  return path;
}

fmi2Status Unsupported(fmi2Component c, const char* function) {
  return Call(c, function, [&](auto&) {
    throw std::runtime_error(
        "not supported by hawser's FMUs (see modelDescription.xml's "
        "capability flags)");
  });
}

}  // namespace

extern "C" {

const char* fmi2GetTypesPlatform(void) { return "default"; }
const char* fmi2GetVersion(void) { return "2.0"; }

fmi2Status fmi2SetDebugLogging(fmi2Component c, fmi2Boolean, size_t, const fmi2String[]) {
  return c == nullptr ? fmi2Error : fmi2OK;  // Only errors are logged, always.
}

fmi2Component fmi2Instantiate(fmi2String instanceName, fmi2Type fmuType, fmi2String fmuGUID,
                              fmi2String fmuResourceLocation,
                              const fmi2CallbackFunctions* functions, fmi2Boolean, fmi2Boolean) {
  const char* name = instanceName != nullptr ? instanceName : "";
  const fmi2CallbackLogger logger = functions != nullptr ? functions->logger : nullptr;
  const fmi2ComponentEnvironment environment =
      functions != nullptr ? functions->componentEnvironment : nullptr;
  try {
    if (fmuType != fmi2CoSimulation) {
      throw std::runtime_error("hawser's FMUs are for co-simulation only (fmi2CoSimulation)");
    }
    if (fmuGUID == nullptr || fmuResourceLocation == nullptr) {
      throw std::runtime_error("fmuGUID or fmuResourceLocation is NULL");
    }
    auto component = std::make_unique<Component>();
    component->name = name;
    component->logger = logger;
    component->environment = environment;
    component->instance =
        std::make_unique<hawser::fmu::Instance>(PathOfFileUri(fmuResourceLocation), fmuGUID);
    return component.release();
  } catch (const std::exception& e) {
    Log(logger, environment, name, fmi2Error, fmt::format("fmi2Instantiate: {}", e.what()));
    return nullptr;
  }
}

void fmi2FreeInstance(fmi2Component c) { delete static_cast<Component*>(c); }

fmi2Status fmi2SetupExperiment(fmi2Component c, fmi2Boolean, fmi2Real, fmi2Real startTime,
                               fmi2Boolean, fmi2Real) {
  // The tolerance is the scenario's (Engine RelTol, AbsTol); a stop time needs no preparation.
  return Call(c, "fmi2SetupExperiment", [&](auto& i) { i.SetupExperiment(startTime); });
}
fmi2Status fmi2EnterInitializationMode(fmi2Component c) {
  return Call(c, "fmi2EnterInitializationMode", [](auto& i) { i.EnterInitializationMode(); });
}
fmi2Status fmi2ExitInitializationMode(fmi2Component c) {
  return Call(c, "fmi2ExitInitializationMode", [](auto& i) { i.ExitInitializationMode(); });
}
fmi2Status fmi2Terminate(fmi2Component c) {
  return Call(c, "fmi2Terminate", [](auto& i) { i.Terminate(); });
}
fmi2Status fmi2Reset(fmi2Component c) {
  return Call(c, "fmi2Reset", [](auto& i) { i.Reset(); });
}

fmi2Status fmi2GetReal(fmi2Component c, const fmi2ValueReference vr[], size_t n,
                       fmi2Real values[]) {
  return Call(c, "fmi2GetReal", [&](auto& i) { i.GetReal(vr, n, values); });
}
fmi2Status fmi2SetReal(fmi2Component c, const fmi2ValueReference vr[], size_t n,
                       const fmi2Real values[]) {
  return Call(c, "fmi2SetReal", [&](auto& i) { i.SetReal(vr, n, values); });
}
// Every variable is a Real: an empty request of another type succeeds, any other fails.
fmi2Status fmi2GetInteger(fmi2Component c, const fmi2ValueReference[], size_t n, fmi2Integer[]) {
  return n == 0 ? fmi2OK : Unsupported(c, "fmi2GetInteger (every variable is a Real)");
}
fmi2Status fmi2GetBoolean(fmi2Component c, const fmi2ValueReference[], size_t n, fmi2Boolean[]) {
  return n == 0 ? fmi2OK : Unsupported(c, "fmi2GetBoolean (every variable is a Real)");
}
fmi2Status fmi2GetString(fmi2Component c, const fmi2ValueReference[], size_t n, fmi2String[]) {
  return n == 0 ? fmi2OK : Unsupported(c, "fmi2GetString (every variable is a Real)");
}
fmi2Status fmi2SetInteger(fmi2Component c, const fmi2ValueReference[], size_t n,
                          const fmi2Integer[]) {
  return n == 0 ? fmi2OK : Unsupported(c, "fmi2SetInteger (every variable is a Real)");
}
fmi2Status fmi2SetBoolean(fmi2Component c, const fmi2ValueReference[], size_t n,
                          const fmi2Boolean[]) {
  return n == 0 ? fmi2OK : Unsupported(c, "fmi2SetBoolean (every variable is a Real)");
}
fmi2Status fmi2SetString(fmi2Component c, const fmi2ValueReference[], size_t n,
                         const fmi2String[]) {
  return n == 0 ? fmi2OK : Unsupported(c, "fmi2SetString (every variable is a Real)");
}

// canGetAndSetFMUstate, canSerializeFMUstate, providesDirectionalDerivative,
// canInterpolateInputs and maxOutputDerivativeOrder are false or 0 in modelDescription.xml.
fmi2Status fmi2GetFMUstate(fmi2Component c, fmi2FMUstate*) {
  return Unsupported(c, "fmi2GetFMUstate");
}
fmi2Status fmi2SetFMUstate(fmi2Component c, fmi2FMUstate) {
  return Unsupported(c, "fmi2SetFMUstate");
}
fmi2Status fmi2FreeFMUstate(fmi2Component c, fmi2FMUstate*) {
  return Unsupported(c, "fmi2FreeFMUstate");
}
fmi2Status fmi2SerializedFMUstateSize(fmi2Component c, fmi2FMUstate, size_t*) {
  return Unsupported(c, "fmi2SerializedFMUstateSize");
}
fmi2Status fmi2SerializeFMUstate(fmi2Component c, fmi2FMUstate, fmi2Byte[], size_t) {
  return Unsupported(c, "fmi2SerializeFMUstate");
}
fmi2Status fmi2DeSerializeFMUstate(fmi2Component c, const fmi2Byte[], size_t, fmi2FMUstate*) {
  return Unsupported(c, "fmi2DeSerializeFMUstate");
}
fmi2Status fmi2GetDirectionalDerivative(fmi2Component c, const fmi2ValueReference[], size_t,
                                        const fmi2ValueReference[], size_t, const fmi2Real[],
                                        fmi2Real[]) {
  return Unsupported(c, "fmi2GetDirectionalDerivative");
}
fmi2Status fmi2SetRealInputDerivatives(fmi2Component c, const fmi2ValueReference[], size_t,
                                       const fmi2Integer[], const fmi2Real[]) {
  return Unsupported(c, "fmi2SetRealInputDerivatives");
}
fmi2Status fmi2GetRealOutputDerivatives(fmi2Component c, const fmi2ValueReference[], size_t,
                                        const fmi2Integer[], fmi2Real[]) {
  return Unsupported(c, "fmi2GetRealOutputDerivatives");
}

fmi2Status fmi2DoStep(fmi2Component c, fmi2Real t, fmi2Real h, fmi2Boolean) {
  return Call(c, "fmi2DoStep", [&](auto& i) { i.DoStep(t, h); });
}
// Steps are synchronous (canRunAsynchronuously="false"): there is never one to cancel or ask for.
fmi2Status fmi2CancelStep(fmi2Component c) { return Unsupported(c, "fmi2CancelStep"); }
fmi2Status fmi2GetStatus(fmi2Component c, const fmi2StatusKind, fmi2Status*) {
  return Unsupported(c, "fmi2GetStatus");
}
fmi2Status fmi2GetRealStatus(fmi2Component c, const fmi2StatusKind, fmi2Real*) {
  return Unsupported(c, "fmi2GetRealStatus");
}
fmi2Status fmi2GetIntegerStatus(fmi2Component c, const fmi2StatusKind, fmi2Integer*) {
  return Unsupported(c, "fmi2GetIntegerStatus");
}
fmi2Status fmi2GetBooleanStatus(fmi2Component c, const fmi2StatusKind, fmi2Boolean*) {
  return Unsupported(c, "fmi2GetBooleanStatus");
}
fmi2Status fmi2GetStringStatus(fmi2Component c, const fmi2StatusKind, fmi2String*) {
  return Unsupported(c, "fmi2GetStringStatus");
}

}  // extern "C"
