// The entry points of a SimObject library (a plugin): a shared library that hawser loads for
// <Lib LibName="NAME"> (libNAME.so or NAME.so). A plugin writes its SimObjects exactly as the
// built-in ones (hawser/simobject.h), a registration function of type hawser::RegisterFunction,
// and one line: HAWSER_PLUGIN(RegisterMyObjects);
#pragma once

#include "hawser/registry.h"

/// The plugin API/ABI version, compiled into every plugin (hawser_plugin_api_version()) and into
/// hawser, which loads only plugins that return exactly its own. Bump it whenever a change to
/// these headers (runtime/api/hawser/) means a plugin built against the old ones would break:
/// a class's members, base or virtual functions, an inline function's or template's behaviour a
/// plugin compiles in, a function's signature or meaning. Additions that leave all existing
/// declarations alone (a new free function, a new header) do not need a bump.
/// 2: SimObject::estimating_jacobian(); PortSpec and StateSpec::dims; calculations called
/// through a plain function pointer (CalcInfo, DeclareCalc). 3: the 3-vector shorthands' pointer
/// tables (SimObject's members). 4: SimObject's port tables in one block, at the end of the
/// class; CalcInfo::batch; TypeInfo::calc_derivatives; the virtual SimObject::StateJacobian().
/// 5: kernels (hawser/kernel.h): CalcInfo::kernel, ObjectInterface::derivatives,
/// SimObject::DeclareKernelCalc and DeclareDerivativeKernel; SimObject::CalcDerivatives() runs
/// the derivative kernel by default, and Registry::Add<T> sets TypeInfo::calc_derivatives only
/// for a T that overrides it; CallEach a free function. 6: StateSpec::velocities. 7: the
/// calculation kept as one Calculation (CalcInfo::run, hawser/calculation.h) instead of
/// CalcInfo's fn, call, context, batch and kernel; DeclareKernelCalc<&F> is DeclareCalc<&F>;
/// the Bind* functions private, out of line; hawser/common_declarations.h; the batched
/// Ocean::Motion(t, points, out). 8: ObjectArgs::line_types (the scenario's <LINETYPES>);
/// the virtual SimObject::DiscreteState() and RestoreDiscreteState() (saved with --save-state);
/// RecordEvent at a given time. 9: SimObject::logging_only(). 10: the virtual
/// SimObject::DampImplicitly() (the leapfrog's centred damping). 11: it became
/// SimObject::SolveImplicitPart(damping_h, stiffness_h2) (the Newmark integrator's part too).
#define HAWSER_PLUGIN_API_VERSION 11

namespace hawser {

/// A library's registration function: it adds its types (Registry::Add) and nothing else. The
/// built-in library's (RegisterBaseLibrary) has the same type.
using RegisterFunction = void(Registry&);

}  // namespace hawser

/// The C names hawser looks up in a plugin (dlsym), version first.
#define HAWSER_PLUGIN_VERSION_SYMBOL "hawser_plugin_api_version"
#define HAWSER_PLUGIN_REGISTER_SYMBOL "hawser_register_simobjects"

/// Defines a plugin's two entry points: `int hawser_plugin_api_version()`, checked before
/// anything is registered, and `void hawser_register_simobjects(hawser::Registry&)`, which calls
/// `register_fn`. Write it once, at namespace scope, followed by a semicolon.
#define HAWSER_PLUGIN(register_fn)                                                    \
  extern "C" __attribute__((visibility("default"))) int hawser_plugin_api_version() { \
    return HAWSER_PLUGIN_API_VERSION;                                                 \
  }                                                                                   \
  extern "C" __attribute__((visibility("default"))) void hawser_register_simobjects(  \
      ::hawser::Registry& registry) {                                                 \
    static_cast<::hawser::RegisterFunction*> (&register_fn)(registry);                \
  }                                                                                   \
  static_assert(true, "HAWSER_PLUGIN(...) is followed by a semicolon")
