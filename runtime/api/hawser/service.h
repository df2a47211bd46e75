// Services: what many objects share and nobody wires by hand (the ocean environment, later
// bathymetry). One object provides a service under a name; others declare that they use it and,
// after assembly, reach it as a const pointer. Part of the public SimObject API.
//
// A service is a pure function of (time, position) and of its provider's parameters: it has no
// states and reads no inputs, so it adds nothing to the evaluation order or to the Jacobian's
// structure. The model checks at load time that each service has at most one provider and that
// every required use has one, with the lines involved.
#pragma once

#include <string>

namespace hawser {

/// Base class of every service interface (e.g. hawser::Ocean in "hawser/ocean.h").
class Service {
 public:
  virtual ~Service() = default;
};

/// A use of a service, declared in a SimObject's constructor (SimObject::DeclareServiceUse).
struct ServiceSpec {
  std::string name;         ///< The service's name, e.g. "ocean".
  std::string provided_by;  ///< Who provides it, for messages: "an Environment/Ocean object".
  std::string doc;          ///< What this object uses it for (`hawser describe`).
  bool required = false;    ///< false: the object works without it (the pointer is then null).
};

/// Handle returned by SimObject::DeclareServiceUse.
struct ServiceUse {
  int index = -1;
};

}  // namespace hawser
