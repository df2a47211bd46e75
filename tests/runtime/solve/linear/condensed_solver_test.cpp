// runtime/solve/linear/condensed_solver.h: the condensed solve against Eigen's dense LU on the
// same matrices (mechanical systems with Pos' = Vel rows, a chain of kinematic rows, a zero pivot,
// a changed pattern), which rows it condenses, and M formed from J and gamma against M formed
// as CVODE forms it.
#include "runtime/solve/linear/condensed_solver.h"

#include <doctest/doctest.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sundials/sundials_matrix.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cstring>
#include <limits>
#include <map>
#include <random>
#include <string>
#include <utility>
#include <vector>

namespace hawser {
namespace {

struct Context {
  SUNContext ctx = nullptr;
  Context() { SUNContext_Create(nullptr, &ctx); }
  ~Context() { SUNContext_Free(&ctx); }
};

/// A sparse matrix given by its entries, as a CSC SUNSparseMatrix and as a dense Eigen matrix.
struct Sparse {
  int n;
  std::map<std::pair<int, int>, double> entries;  ///< (column, row) -> value, column-major.

  void Set(int row, int column, double value) { entries[{column, row}] = value; }

  SUNMatrix ToSundials(SUNContext ctx) const {
    SUNMatrix m = SUNSparseMatrix(n, n, static_cast<sunindextype>(entries.size()), CSC_MAT, ctx);
    sunindextype* p = SUNSparseMatrix_IndexPointers(m);
    sunindextype* rows = SUNSparseMatrix_IndexValues(m);
    double* x = SUNSparseMatrix_Data(m);
    std::fill(p, p + n + 1, 0);
    sunindextype k = 0;
    for (const auto& [at, value] : entries) {
      rows[k] = at.second;
      x[k] = value;
      ++k;
      p[at.first + 1] = k;
    }
    for (int j = 1; j <= n; ++j) p[j] = std::max(p[j], p[j - 1]);
    return m;
  }

  Eigen::MatrixXd ToDense() const {
    Eigen::MatrixXd d = Eigen::MatrixXd::Zero(n, n);
    for (const auto& [at, value] : entries) d(at.second, at.first) = value;
    return d;
  }
};

/// The Newton matrix I - gamma J of a chain of m point masses, state (positions, velocities,
/// energy): Pos_i' = Vel_i, Vel_i' reads the positions and velocities of masses i-1..i+1
/// (random stiffness- and damping-like entries), and a last "dissipated energy" row reads
/// everything, as a cable's does.
Sparse MechanicalChain(int m, double gamma, std::mt19937& rng, bool energy_row = true) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Sparse s{2 * m + 1, {}};
  for (int i = 0; i < 2 * m + 1; ++i) s.Set(i, i, 1.0);
  for (int i = 0; i < m; ++i) {
    s.Set(i, m + i, -gamma);  // Pos_i' = Vel_i.
    for (int j = std::max(0, i - 1); j <= std::min(m - 1, i + 1); ++j) {
      const double stiffness = (i == j ? 2.0e4 : -1.0e4) * (1.0 + 0.2 * u(rng));
      s.Set(m + i, j, gamma * stiffness);                                      // -gamma dF/dx
      s.Set(m + i, m + j, s.entries[{m + j, m + i}] - gamma * 50.0 * u(rng));  // -gamma dF/dv
    }
  }
  if (energy_row) {
    for (int j = 0; j < 2 * m; ++j) s.Set(2 * m, j, gamma * 100.0 * u(rng));
  }
  return s;
}

/// Solves s x = b with the condensed solver (setup, then solve into a vector distinct from b,
/// and again in place) and with Eigen's dense LU; returns the largest difference relative to
/// the largest entry of the dense solution, for both solves.
std::pair<double, double> CompareWithDense(SUNLinearSolver solver, const Sparse& s, SUNContext ctx,
                                           std::mt19937& rng) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  SUNMatrix a = s.ToSundials(ctx);
  REQUIRE(SUNLinSolSetup(solver, a) == SUNLS_SUCCESS);
  N_Vector b = N_VNew_Serial(s.n, ctx), x = N_VNew_Serial(s.n, ctx);
  Eigen::VectorXd rhs(s.n);
  for (int i = 0; i < s.n; ++i) rhs[i] = N_VGetArrayPointer(b)[i] = u(rng);
  const Eigen::VectorXd expected = s.ToDense().partialPivLu().solve(rhs);
  REQUIRE(SUNLinSolSolve(solver, a, x, b, 0.0) == SUNLS_SUCCESS);
  REQUIRE(SUNLinSolSolve(solver, a, b, b, 0.0) == SUNLS_SUCCESS);  // In place: x is b.
  double apart = 0.0, in_place = 0.0;
  for (int i = 0; i < s.n; ++i) {
    apart = std::max(apart, std::abs(N_VGetArrayPointer(x)[i] - expected[i]));
    in_place = std::max(in_place, std::abs(N_VGetArrayPointer(b)[i] - expected[i]));
  }
  N_VDestroy(b);
  N_VDestroy(x);
  SUNMatDestroy(a);
  const double scale = expected.cwiseAbs().maxCoeff();
  return {apart / scale, in_place / scale};
}

// Round-off bound: the matrices have condition numbers of order 1e4-1e6 (stiffness 2e4 gamma^2
// against 1 on the diagonal), so 1e-9 of the solution's size leaves a margin of about 100 over
// eps * cond and fails at once for a wrong entry of the condensed matrix or right-hand side.
constexpr double kRoundOff = 1e-9;

TEST_CASE("condensed KLU: Pos' = Vel rows are condensed and the solution is the dense one") {
  Context c;
  std::mt19937 rng(7);
  // The condensed matrix factored by KLU and as a band (forced, and as kAuto chooses): the
  // energy row, which reads every unknown, makes the band as wide as the matrix, so kAuto takes
  // KLU there and the band without it.
  struct Case {
    CondensedFactorization f;
    bool energy_row;
    const char* factored;
  };
  for (const Case k :
       {Case{CondensedFactorization::kKlu, true, "by KLU"},
        Case{CondensedFactorization::kBand, true, "as a band of half-bandwidths "},
        Case{CondensedFactorization::kAuto, true, "by KLU"},
        Case{CondensedFactorization::kAuto, false, "as a band of half-bandwidths 1 and 1"}}) {
    CAPTURE(static_cast<int>(k.f));
    CAPTURE(k.energy_row);
    SUNLinearSolver solver = CondensedSolver(c.ctx, k.f);
    REQUIRE(solver != nullptr);
    REQUIRE(SUNLinSolInitialize(solver) == SUNLS_SUCCESS);
    CHECK(CondensedSummary(solver).empty());  // Nothing analysed yet.
    for (const double gamma : {1e-4, 1e-2, 0.3}) {
      CAPTURE(gamma);
      const auto [apart, in_place] =
          CompareWithDense(solver, MechanicalChain(40, gamma, rng, k.energy_row), c.ctx, rng);
      CHECK(apart < kRoundOff);
      CHECK(in_place < kRoundOff);
    }
    // 81 unknowns: the 40 position rows go, velocities and the energy row stay.
    const std::string summary = CondensedSummary(solver);
    CHECK(summary.starts_with(
        "81 unknowns condensed to 41 (40 rows with a single coupling eliminated), factored "));
    CHECK(summary.find(k.factored) != std::string::npos);
    CHECK(CondensedFullFactorizations(solver) == 0);
    SUNLinSolFree(solver);
  }
}

TEST_CASE(
    "condensed KLU: in a chain of kinematic rows, a row whose variable another row needs is kept") {
  // x0' = x1, x1' = x2, x2' = f(x0, x1, x2), x3' = x1: rows 0 and 3 both point at x1, which
  // stays; row 1 (x1' = x2) is x1's own row and cannot go once x1 is a partner.
  Context c;
  std::mt19937 rng(11);
  Sparse s{4, {}};
  const double g = 0.05;
  for (int i = 0; i < 4; ++i) s.Set(i, i, 1.0);
  s.Set(0, 1, -g);
  s.Set(1, 2, -g);
  s.Set(2, 0, 3.0 * g);
  s.Set(2, 1, 2.0 * g);
  s.Set(2, 2, 1.0 + 0.5 * g);
  s.Set(3, 1, -g);
  SUNLinearSolver solver = CondensedSolver(c.ctx);
  const auto [apart, in_place] = CompareWithDense(solver, s, c.ctx, rng);
  CHECK(apart < 1e-14);  // A 4 x 4 system with entries near 1: round-off only.
  CHECK(in_place < 1e-14);
  CHECK(CondensedSummary(solver) ==
        "4 unknowns condensed to 2 (2 rows with a single coupling eliminated), factored as a "
        "band of half-bandwidths 1 and 1");
  SUNLinSolFree(solver);
}

TEST_CASE("condensed KLU: a zero pivot factors the full matrix, a new pattern is analysed again") {
  Context c;
  std::mt19937 rng(3);
  SUNLinearSolver solver = CondensedSolver(c.ctx);
  // Row 0 is kinematic in pattern, but its diagonal value is 0: eliminating it would divide by
  // zero, so this setup factors the whole (non-singular) matrix.
  Sparse s{3, {}};
  s.Set(0, 0, 0.0);
  s.Set(0, 1, 2.0);
  s.Set(1, 0, 1.0);
  s.Set(1, 1, 1.0);
  s.Set(1, 2, 0.5);
  s.Set(2, 1, -1.0);
  s.Set(2, 2, 3.0);
  auto [apart, in_place] = CompareWithDense(solver, s, c.ctx, rng);
  CHECK(apart < 1e-14);  // 3 x 3, entries of order 1: round-off only.
  CHECK(in_place < 1e-14);
  CHECK(CondensedFullFactorizations(solver) == 1);
  // The next setup, with a usable pivot, condenses again.
  s.Set(0, 0, 1.0);
  std::tie(apart, in_place) = CompareWithDense(solver, s, c.ctx, rng);
  CHECK(apart < 1e-14);
  CHECK(CondensedFullFactorizations(solver) == 1);
  // A matrix with another pattern (a larger chain) is analysed afresh.
  std::tie(apart, in_place) = CompareWithDense(solver, MechanicalChain(5, 0.01, rng), c.ctx, rng);
  CHECK(apart < kRoundOff);
  CHECK(CondensedSummary(solver) ==
        "11 unknowns condensed to 6 (5 rows with a single coupling eliminated), factored as a "
        "band of half-bandwidths 3 and 2");  // 6 unknowns: even a full band is narrow.
  SUNLinSolFree(solver);
}

/// J of MechanicalChain's matrix, (I - M) / gamma: Pos' = Vel rows with J_ij = 1 and no
/// diagonal value (but the diagonal in the pattern, as every hawser pattern has it).
Sparse JacobianOf(const Sparse& m, double gamma) {
  Sparse j{m.n, {}};
  for (const auto& [at, value] : m.entries) {
    j.entries[at] = ((at.first == at.second ? 1.0 : 0.0) - value) / gamma;
  }
  return j;
}

/// Solves with `solver` after the setup that `prepare` makes on it (given the solver and the
/// matrix the setup receives); the solution's values.
template <class Prepare>
std::vector<double> SolveAfter(SUNLinearSolver solver, SUNMatrix a, const std::vector<double>& rhs,
                               SUNContext ctx, Prepare prepare) {
  prepare(solver, a);
  REQUIRE(SUNLinSolSetup(solver, a) == SUNLS_SUCCESS);
  const int n = static_cast<int>(rhs.size());
  N_Vector b = N_VNew_Serial(n, ctx), x = N_VNew_Serial(n, ctx);
  std::copy(rhs.begin(), rhs.end(), N_VGetArrayPointer(b));
  REQUIRE(SUNLinSolSolve(solver, a, x, b, 0.0) == SUNLS_SUCCESS);
  std::vector<double> result(N_VGetArrayPointer(x), N_VGetArrayPointer(x) + n);
  N_VDestroy(b);
  N_VDestroy(x);
  return result;
}

/// `m`'s data set to NaN: a matrix the setup must not read.
void Poison(SUNMatrix m) {
  double* x = SUNSparseMatrix_Data(m);
  std::fill(x, x + SUNSparseMatrix_NNZ(m), std::numeric_limits<double>::quiet_NaN());
}

TEST_CASE("condensed KLU: M formed from J and gamma is bit for bit M formed by CVODE") {
  // CVODE's own linear-system function copies J and applies c J + I (SUNMatScaleAddI) before
  // the setup; CondensedSetJacobian lets the setup form only the entries it needs. The same
  // operations on the same numbers: the solutions must agree in every bit, over setups that
  // reuse J with a new gamma, for the band and for KLU.
  Context c;
  std::mt19937 rng(5);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (const auto f : {CondensedFactorization::kBand, CondensedFactorization::kKlu}) {
    CAPTURE(static_cast<int>(f));
    const Sparse j = JacobianOf(MechanicalChain(30, 0.01, rng), 0.01);
    SUNMatrix jacobian = j.ToSundials(c.ctx);
    SUNMatrix formed = j.ToSundials(c.ctx), unused = j.ToSundials(c.ctx);
    SUNLinearSolver from_m = CondensedSolver(c.ctx, f), from_j = CondensedSolver(c.ctx, f);
    std::vector<double> rhs(j.n);
    bool evaluated = true;
    for (const double gamma : {0.01, 0.004, 0.02}) {
      CAPTURE(gamma);
      for (double& v : rhs) v = u(rng);
      const auto by_cvode =
          SolveAfter(from_m, formed, rhs, c.ctx, [&](SUNLinearSolver, SUNMatrix m) {
            REQUIRE(SUNMatCopy(jacobian, m) == SUNMAT_SUCCESS);
            REQUIRE(SUNMatScaleAddI(-gamma, m) == SUNMAT_SUCCESS);
          });
      const auto by_jacobian =
          SolveAfter(from_j, unused, rhs, c.ctx, [&](SUNLinearSolver s, SUNMatrix m) {
            Poison(m);
            REQUIRE(CondensedSetJacobian(s, jacobian, gamma, evaluated));
          });
      evaluated = false;  // The same J for the next gammas, as CVODE reuses it.
      CHECK(std::memcmp(by_cvode.data(), by_jacobian.data(), rhs.size() * sizeof(double)) == 0);
    }
    CHECK(CondensedSummary(from_j) == CondensedSummary(from_m));
    CHECK(CondensedFullFactorizations(from_j) == 0);
    SUNLinSolFree(from_m);
    SUNLinSolFree(from_j);
    SUNMatDestroy(jacobian);
    SUNMatDestroy(formed);
    SUNMatDestroy(unused);
  }
}

TEST_CASE("condensed KLU from J: a zero pivot is factored in full, a missing diagonal declined") {
  Context c;
  std::mt19937 rng(9);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  // Row 0 is kinematic in pattern, J_00 = 2 and gamma = 0.5: M_00 = 1 - 0.5 * 2 = 0 exactly.
  const double gamma = 0.5;
  Sparse j{3, {}};
  j.Set(0, 0, 2.0);
  j.Set(0, 1, 1.0);
  j.Set(1, 0, -1.0);
  j.Set(1, 1, 0.5);
  j.Set(1, 2, 0.25);
  j.Set(2, 1, 1.0);
  j.Set(2, 2, -3.0);
  SUNMatrix jacobian = j.ToSundials(c.ctx), a = j.ToSundials(c.ctx);
  SUNLinearSolver solver = CondensedSolver(c.ctx);
  std::vector<double> rhs(3);
  for (double& v : rhs) v = u(rng);
  const auto x = SolveAfter(solver, a, rhs, c.ctx, [&](SUNLinearSolver s, SUNMatrix m) {
    Poison(m);  // Written with M in full from J, then factored.
    REQUIRE(CondensedSetJacobian(s, jacobian, gamma, true));
  });
  CHECK(CondensedFullFactorizations(solver) == 1);
  const Eigen::MatrixXd m = Eigen::MatrixXd::Identity(3, 3) - gamma * j.ToDense();
  const Eigen::VectorXd expected =
      m.partialPivLu().solve(Eigen::Map<Eigen::VectorXd>(rhs.data(), 3));
  for (int i = 0; i < 3; ++i)
    CHECK(x[i] == doctest::Approx(expected[i]).epsilon(1e-14));  // 3 x 3 of order 1.

  // Without (1, 1) in the pattern, c J + I would insert an entry: declined, nothing set.
  Sparse no_diagonal = j;
  no_diagonal.entries.erase({1, 1});
  SUNMatrix other = no_diagonal.ToSundials(c.ctx);
  CHECK_FALSE(CondensedSetJacobian(solver, other, gamma, true));
  SUNLinSolFree(solver);
  SUNMatDestroy(jacobian);
  SUNMatDestroy(a);
  SUNMatDestroy(other);
}

}  // namespace
}  // namespace hawser
