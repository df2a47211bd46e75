/* A co-simulation loop over hawser's C API (hawser/c_api.h): the ball of pushed_ball.xml is
 * pushed down by 5 N from t = 0; every 0.1 s the loop reads its height and compares it with the
 * closed form z(t) = z_eq - (F / k) (1 - cos(omega t)). Then it saves the state at t = 2 s,
 * integrates on, loads the state back and checks that the same step gives the same height, and
 * linearises it there: the mooring stiffness its spring gives and the state's Jacobian.
 * Usage: co_simulation SCENARIO.xml STATE_FILE.h5. Exit 0 when every check holds. */
#include <hawser/c_api.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int Fail(const char* what) {
  fprintf(stderr, "co_simulation: %s: %s\n", what, hawser_last_error());
  return 1;
}

int main(int argc, char** argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: co_simulation SCENARIO.xml STATE_FILE.h5\n");
    return 2;
  }
  hawser_model* model = NULL;
  if (hawser_create_from_file(argv[1], &model) != HAWSER_OK) return Fail("create");
  const double k = 50.0, m = 2.0, g = 9.81, push = 5.0;
  const double z_eq = -(1.0 + m * g / k), omega = sqrt(k / m);
  const double force[3] = {0.0, 0.0, -push};
  if (hawser_set_input(model, "Push", force, 3) != HAWSER_OK) return Fail("set_input");
  int status = 0;
  printf("%6s %12s %12s\n", "t [s]", "z [m]", "closed form");
  for (int i = 1; i <= 20; ++i) {
    const double t = 0.1 * i;
    double pos[3];
    size_t width = 0;
    if (hawser_advance(model, t) != HAWSER_OK) return Fail("advance");
    if (hawser_get(model, "Ball.Pos", pos, 3, &width) != HAWSER_OK || width != 3) {
      return Fail("get");
    }
    const double expected = z_eq - push / k * (1.0 - cos(omega * t));
    printf("%6.2f %12.8f %12.8f\n", t, pos[2], expected);
    /* RelTol = AbsTol = 1e-9 over 2 s keep CVODE's error near 1e-8 m; 1e-6 m leaves room. */
    if (fabs(pos[2] - expected) > 1e-6) status = 1;
  }
  /* Save, go on 0.5 s, load the saved state back and repeat the step: the same height. Setting
   * the state (here its own) restarts the integrator, as loading one does, so that both steps
   * start afresh at (2, x): the same computation, the same doubles. */
  double first[3], again[3], x[16];
  const size_t n = hawser_state_size(model);
  if (n != 6 || hawser_get_state(model, x, n) != HAWSER_OK) return Fail("get_state");
  if (hawser_save_state(model, argv[2]) != HAWSER_OK) return Fail("save_state");
  if (hawser_set_state(model, hawser_time(model), x, n) != HAWSER_OK) return Fail("set_state");
  if (hawser_advance(model, 2.5) != HAWSER_OK) return Fail("advance");
  if (hawser_get(model, "Ball.Pos", first, 3, NULL) != HAWSER_OK) return Fail("get");
  if (hawser_load_state(model, argv[2]) != HAWSER_OK) return Fail("load_state");
  if (hawser_time(model) != 2.0) status = 1;
  if (hawser_advance(model, 2.5) != HAWSER_OK) return Fail("advance");
  if (hawser_get(model, "Ball.Pos", again, 3, NULL) != HAWSER_OK) return Fail("get");
  if (first[2] != again[2]) status = 1;
  printf("after a save and load: z(2.5) = %.10f and %.10f\n", first[2], again[2]);
  /* Linearised at z(2.5): the spring is the ball's only "mooring line". Along it the
   * stiffness is k; across it the pendulum's T / L, with T = k (L - L0) at length L = |z|.
   * Central differences over 1e-4 m: the lateral force's curvature errs by ~(h / L)^2 ~ 1e-8
   * relative, rounding by ~eps |F| / h ~ 1e-11 N/m: 1e-6 relative leaves room. */
  double stiffness[36], jacobian[36];
  size_t rows = 0;
  if (hawser_mooring_stiffness(model, "Ball", 1e-4, 1e-3, stiffness, 36, &rows) != HAWSER_OK ||
      rows != 3) {
    return Fail("mooring_stiffness");
  }
  const double length = fabs(again[2]), lateral = k * (length - 1.0) / length;
  if (fabs(stiffness[0] - lateral) > 1e-6 * k || fabs(stiffness[8] - k) > 1e-6 * k) status = 1;
  printf("mooring stiffness: x %.6f (T / L = %.6f), z %.6f (k = %.1f) N/m\n", stiffness[0],
         lateral, stiffness[8], k);
  /* The state's Jacobian: d(dVel_z/dt)/d(Pos_z) = -k / m, the ball's spring over its mass
   * (states Ball:Pos[0..2], Ball:Vel[0..2]: row 5, column 2). */
  if (hawser_jacobian(model, jacobian, 36) != HAWSER_OK) return Fail("jacobian");
  if (fabs(jacobian[5 * 6 + 2] + k / m) > 1e-6 * k / m) status = 1;
  printf("jacobian: d(dVel_z/dt)/d(Pos_z) = %.6f 1/s^2 (-k / m = %.1f)\n", jacobian[5 * 6 + 2],
         -k / m);
  /* An unknown input is refused with a message naming the inputs there are. */
  if (hawser_set_input(model, "Pull", force, 3) != HAWSER_BAD_INPUT) status = 1;
  printf("unknown input: %s\n", hawser_last_error());
  hawser_destroy(model);
  remove(argv[2]);
  printf(status == 0 ? "co_simulation: every check holds\n" : "co_simulation: FAILED\n");
  return status;
}
