/* hawser's C API: a scenario loaded once and driven step by step from another program (a
 * co-simulation master, an FMU, Python, Fortran through ISO_C_BINDING). Link hawser::embed.
 *
 *   hawser_model* m = NULL;
 *   if (hawser_create_from_file("s.xml", &m) != HAWSER_OK) puts(hawser_last_error());
 *   hawser_set_input(m, "Force", f, 3);   // a Signal/External object's value
 *   hawser_advance(m, 0.1);               // integrate to t = 0.1 s
 *   hawser_get(m, "Ball.Pos", pos, 3, NULL);
 *   hawser_destroy(m);
 *
 * Every function returns a status, the exit code `hawser run` would give for the same problem.
 * On failure hawser_last_error() gives the message ("file:line: error: ..." for a scenario
 * error). A model may be used by one thread at a time; different models run on different
 * threads at once. A model whose integration failed refuses further steps
 * (HAWSER_SIMULATION_FAILED) until its state is set or loaded again. */
#ifndef HAWSER_C_API_H
#define HAWSER_C_API_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hawser_status {
  HAWSER_OK = 0,
  HAWSER_INTERNAL_ERROR = 1,
  HAWSER_BAD_INPUT = 2,         /* a bad scenario, an unknown name, a wrong width or time */
  HAWSER_SIMULATION_FAILED = 3, /* the integrator failed (a non-finite value, too many steps) */
  HAWSER_IO_ERROR = 4           /* a file could not be read or written */
} hawser_status;

typedef struct hawser_model hawser_model;

/* The message of the last failed call on this thread ("" after a success); valid until the
 * next call on this thread. */
const char* hawser_last_error(void);

/* Loads, checks and assembles a scenario, and brings it to its start time (the Engine's first
 * TOutput time; Settle first when the Engine asks for it). *out is NULL on failure. */
hawser_status hawser_create_from_file(const char* path, hawser_model** out);
/* The same from XML text; `name` is used as the file's name in messages. */
hawser_status hawser_create_from_string(const char* xml, const char* name, hawser_model** out);
/* Frees the model (NULL is allowed). */
void hawser_destroy(hawser_model* model);

/* Sets the value of the Signal/External object `name`: `n` must be its width. It holds until
 * set again (a zero-order hold); a change restarts the integrator at the current time. */
hawser_status hawser_set_input(hawser_model* model, const char* name, const double* values,
                               size_t n);
/* Integrates to time `t` [s] (>= the current time). */
hawser_status hawser_advance(hawser_model* model, double t);
/* The current time [s]. */
double hawser_time(const hawser_model* model);

/* The value at the current time of an output "Obj.Port" or a state "Obj:State": its width is
 * written to *width (when not NULL); its values to `values` when `capacity` >= the width (a
 * smaller capacity, e.g. 0 with values NULL, asks for the width only). */
hawser_status hawser_get(hawser_model* model, const char* name, double* values, size_t capacity,
                         size_t* width);

/* The number of entries of the state vector. */
size_t hawser_state_size(const hawser_model* model);
/* The name of entry `i` of the state vector ("Obj:State[k]"); NULL when i is out of range.
 * Valid as long as the model. */
const char* hawser_state_name(const hawser_model* model, size_t i);
/* Copies the state vector (n == hawser_state_size) into x. */
hawser_status hawser_get_state(const hawser_model* model, double* x, size_t n);
/* Replaces the time and the state vector (n == hawser_state_size); the integrator restarts. */
hawser_status hawser_set_state(hawser_model* model, double t, const double* x, size_t n);
/* The Jacobian df/dx of the state derivative at the current time and state, row-major n x n
 * with n = hawser_state_size: column j is a central difference over the state's entry j
 * (Python's Model.jacobian). `capacity` must be at least n * n. */
hawser_status hawser_jacobian(hawser_model* model, double* jacobian, size_t capacity);
/* The mooring stiffness K = -d(F, M)/d(x, y, z, rx, ry, rz) of the body `body` at its current
 * pose [N/m, N/rad; N m/m, N m/rad], row-major, from the loads on its Force and Moment inputs
 * with every other state settled at each pose (Python's Model.mooring_stiffness; MoorPy's
 * getCoupledStiffness). `dx` [m] and `dtheta` [rad] are the central differences' steps (Python's
 * defaults: 0.01 and 1e-3). *rows is 6, or 3 for a body without orientation (e.g. Body/Buoy);
 * `capacity` must be at least 36 (the 3 x 3 case fills the first 9). The model's state is left
 * as it was. */
hawser_status hawser_mooring_stiffness(hawser_model* model, const char* body, double dx,
                                       double dtheta, double* stiffness, size_t capacity,
                                       size_t* rows);
/* Saves the time and state to an HDF5 file, as `hawser run --save-state` does. */
hawser_status hawser_save_state(const hawser_model* model, const char* path);
/* Loads a state file saved from the same model (`hawser run --restart`'s check). */
hawser_status hawser_load_state(hawser_model* model, const char* path);

#ifdef __cplusplus
}
#endif

#endif /* HAWSER_C_API_H */
