// The SUNDIALS objects of a CvodeIntegrator and the C callbacks CVODE calls, shared by the
// stepping (cvode_integrator.cpp) and the solver set-up (cvode_setup.cpp). Not part of the API.
#pragma once

#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>

#include "runtime/solve/cvode_integrator.h"

namespace hawser {

/// The SUNDIALS objects of one integrator, freed in the reverse order of their creation.
struct CvodeIntegrator::Sundials {
  SUNContext ctx = nullptr;
  N_Vector y = nullptr;
  void* mem = nullptr;
  SUNMatrix matrix = nullptr;
  /// The Jacobian J, kept by CvodeCallbacks::LinearSystem (the condensed sparse solver only).
  SUNMatrix jacobian = nullptr;
  SUNLinearSolver linear_solver = nullptr;

  Sundials() = default;
  Sundials(const Sundials&) = delete;
  Sundials& operator=(const Sundials&) = delete;
  ~Sundials() {
    // Nothing useful can be done with a failure to free; a destructor must not throw.
    if (mem != nullptr) CVodeFree(&mem);
    if (linear_solver != nullptr) static_cast<void>(SUNLinSolFree(linear_solver));
    if (jacobian != nullptr) SUNMatDestroy(jacobian);
    if (matrix != nullptr) SUNMatDestroy(matrix);
    if (y != nullptr) N_VDestroy(y);
    if (ctx != nullptr) static_cast<void>(SUNContext_Free(&ctx));
  }
};

/// The C callbacks. No C++ exception may cross them: CVODE's C frames would be skipped.
struct CvodeCallbacks {
  static int Rhs(sunrealtype t, N_Vector y, N_Vector ydot, void* user_data);
  /// The sparse Jacobian (LinearSolver="sparse"), defined in cvode_setup.cpp.
  static int Jacobian(sunrealtype t, N_Vector y, N_Vector fy, SUNMatrix jac, void* user_data,
                      N_Vector tmp1, N_Vector tmp2, N_Vector tmp3);
  /// CVODE's linear system (CVodeSetLinSysFn) for the condensed sparse solver: J evaluated by
  /// Jacobian() when CVODE asks for a new one (!jok), kept, and handed with gamma to the solver,
  /// which forms the condensed M = I - gamma J from it (CondensedSetJacobian).
  static int LinearSystem(sunrealtype t, N_Vector y, N_Vector fy, SUNMatrix a, sunbooleantype jok,
                          sunbooleantype* jcur, sunrealtype gamma, void* user_data, N_Vector tmp1,
                          N_Vector tmp2, N_Vector tmp3);
  /// The error weights (CVodeWFtolerances): ErrorWeights with the engine's tolerances.
  static int ErrorWeights(N_Vector y, N_Vector ewt, void* user_data);
  static void Error(int code, const char* /*module*/, const char* function, char* msg,
                    void* user_data);
};

}  // namespace hawser
