// runtime/solve/compiled_sundials_ops.h against SUNDIALS itself: every replaced element-wise and
// matrix operation gives bit for bit what SUNDIALS' serial vector and sparse matrix give on the
// same data; the sums (dot product, weighted norms), added in another order, lie within the
// rounding bound of the exact sum.
#include "runtime/solve/compiled_sundials_ops.h"

#include <doctest/doctest.h>
#include <nvector/nvector_serial.h>
#include <sundials/sundials_context.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

namespace hawser {
namespace {

constexpr sunindextype kN = 37;

struct Context {
  SUNContext ctx = nullptr;
  Context() { SUNContext_Create(nullptr, &ctx); }
  ~Context() { SUNContext_Free(&ctx); }
};

/// The same values in a SUNDIALS vector and in one with hawser's operations.
struct Pair {
  N_Vector theirs, ours;
  Pair(SUNContext ctx, const std::vector<double>& values) {
    theirs = N_VNew_Serial(kN, ctx);
    ours = N_VNew_Serial(kN, ctx);
    UseCompiledSerialOperations(ours);
    std::memcpy(N_VGetArrayPointer(theirs), values.data(), kN * sizeof(double));
    std::memcpy(N_VGetArrayPointer(ours), values.data(), kN * sizeof(double));
  }
  ~Pair() {
    N_VDestroy(theirs);
    N_VDestroy(ours);
  }
  bool Same() const {
    return std::memcmp(N_VGetArrayPointer(theirs), N_VGetArrayPointer(ours), kN * sizeof(double)) ==
           0;
  }
};

std::vector<double> Random(std::mt19937_64& rng, bool with_zeros = false) {
  std::uniform_real_distribution<double> u(-3.0, 3.0);
  std::vector<double> v(kN);
  for (sunindextype i = 0; i < kN; ++i) v[i] = with_zeros && i % 5 == 0 ? 0.0 : u(rng);
  return v;
}

bool BitEqual(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

TEST_CASE("compiled N_Vector operations equal SUNDIALS' serial ones bit for bit") {
  Context c;
  std::mt19937_64 rng(7);
  Pair x(c.ctx, Random(rng)), y(c.ctx, Random(rng)), z(c.ctx, Random(rng)), w(c.ctx, Random(rng));
  Pair id(c.ctx, Random(rng, true)), zeros(c.ctx, Random(rng, true));
  // Every special case of N_VLinearSum, including z aliasing x or y.
  for (double a : {1.0, -1.0, 2.5, 0.0, -0.75}) {
    for (double b : {1.0, -1.0, 2.5, -2.5, 0.0, 0.3}) {
      CAPTURE(a);
      CAPTURE(b);
      N_VLinearSum(a, x.theirs, b, y.theirs, z.theirs);
      N_VLinearSum(a, x.ours, b, y.ours, z.ours);
      CHECK(z.Same());
      N_VLinearSum(a, x.theirs, b, y.theirs, y.theirs);
      N_VLinearSum(a, x.ours, b, y.ours, y.ours);
      CHECK(y.Same());
      N_VLinearSum(a, x.theirs, b, y.theirs, x.theirs);
      N_VLinearSum(a, x.ours, b, y.ours, x.ours);
      CHECK(x.Same());
      N_VScale(0.5, x.theirs, x.theirs);  // keep the values bounded
      N_VScale(0.5, x.ours, x.ours);
    }
  }
  N_VProd(x.theirs, y.theirs, z.theirs);
  N_VProd(x.ours, y.ours, z.ours);
  CHECK(z.Same());
  N_VDiv(x.theirs, w.theirs, z.theirs);
  N_VDiv(x.ours, w.ours, z.ours);
  CHECK(z.Same());
  N_VAbs(y.theirs, z.theirs);
  N_VAbs(y.ours, z.ours);
  CHECK(z.Same());
  N_VInv(w.theirs, z.theirs);
  N_VInv(w.ours, z.ours);
  CHECK(z.Same());
  N_VAddConst(x.theirs, 0.3, z.theirs);
  N_VAddConst(x.ours, 0.3, z.ours);
  CHECK(z.Same());
  N_VCompare(1.0, x.theirs, z.theirs);
  N_VCompare(1.0, x.ours, z.ours);
  CHECK(z.Same());
  CHECK(N_VInvTest(zeros.theirs, z.theirs) == N_VInvTest(zeros.ours, z.ours));
  CHECK(z.Same());
  N_VConst(0.125, z.theirs);
  N_VConst(0.125, z.ours);
  CHECK(z.Same());
  CHECK(BitEqual(N_VMaxNorm(x.theirs), N_VMaxNorm(x.ours)));
  CHECK(BitEqual(N_VMin(x.theirs), N_VMin(x.ours)));
  // CVODE's error weights for scalar tolerances (cvEwtSetSS: abs, scale, add, invert on
  // SUNDIALS' own vectors) against ErrorWeights' single pass, with zeros among the values.
  N_VAbs(zeros.theirs, z.theirs);
  N_VScale(1e-4, z.theirs, z.theirs);
  N_VAddConst(z.theirs, 3e-6, z.theirs);
  N_VInv(z.theirs, z.theirs);
  ErrorWeights(1e-4, 3e-6, zeros.ours, z.ours);
  CHECK(z.Same());
  // Clones (CVODE's working vectors) carry the operations.
  N_Vector clone = N_VClone(x.ours);
  CHECK((clone->ops->nvlinearsum == x.ours->ops->nvlinearsum));
  CHECK((clone->ops->nvlinearsum != x.theirs->ops->nvlinearsum));
  N_VDestroy(clone);
}

TEST_CASE("compiled N_Vector sums lie within the summation rounding bound of the exact sum") {
  Context c;
  std::mt19937_64 rng(3);
  Pair x(c.ctx, Random(rng)), y(c.ctx, Random(rng)), w(c.ctx, Random(rng));
  Pair id(c.ctx, Random(rng, true));
  const double* xd = N_VGetArrayPointer(x.ours);
  const double* yd = N_VGetArrayPointer(y.ours);
  const double* wd = N_VGetArrayPointer(w.ours);
  const double* idd = N_VGetArrayPointer(id.ours);
  // The exact sums, up to long double's rounding (2^-64 relative per addition, negligible
  // here), and the sum of the terms' magnitudes.
  long double dot = 0, dot_magnitude = 0, squares = 0, masked_squares = 0;
  for (sunindextype i = 0; i < kN; ++i) {
    const long double t = static_cast<long double>(xd[i]) * yd[i];
    dot += t;
    dot_magnitude += std::abs(t);
    const long double p = static_cast<long double>(xd[i]) * wd[i];
    squares += p * p;
    if (idd[i] > 0.0) masked_squares += p * p;
  }
  // 8 interleaved partial sums of kN / 8 + 1 terms each, then 3 levels of pairwise additions:
  // each result is within (kN / 8 + 4) u sum |t| (Higham, ASNA section 4.2; one u more for
  // rounding each product to double).
  const double u = std::numeric_limits<double>::epsilon() / 2;
  const double sum_bound = (kN / 8 + 4) * u;
  CHECK(std::abs(N_VDotProd(x.ours, y.ours) - static_cast<double>(dot)) <=
        sum_bound * static_cast<double>(dot_magnitude));
  // The norm sqrt(S / n): half S's relative error, plus one rounding each for the division and
  // the square root.
  const double norm_bound = sum_bound / 2 + 2 * u;
  const double norm = std::sqrt(static_cast<double>(squares / kN));
  CHECK(std::abs(N_VWrmsNorm(x.ours, w.ours) - norm) <= norm_bound * norm);
  const double masked = std::sqrt(static_cast<double>(masked_squares / kN));
  CHECK(std::abs(N_VWrmsNormMask(x.ours, w.ours, id.ours) - masked) <= norm_bound * masked);
  // And SUNDIALS' serial sums (within (kN + 1) u of exact) agree with ours within both bounds.
  const double serial_bound = (kN + 1) * u;
  CHECK(std::abs(N_VDotProd(x.ours, y.ours) - N_VDotProd(x.theirs, y.theirs)) <=
        (sum_bound + serial_bound) * static_cast<double>(dot_magnitude));
  CHECK(std::abs(N_VWrmsNorm(x.ours, w.ours) - N_VWrmsNorm(x.theirs, w.theirs)) <=
        (norm_bound + serial_bound / 2 + 2 * u) * norm);
  // A masked-out element is not read into the sum, as SUNDIALS skips it: not even a NaN.
  double* x_ours = N_VGetArrayPointer(x.ours);
  for (sunindextype i = 0; i < kN; ++i)
    if (idd[i] <= 0.0) x_ours[i] = std::numeric_limits<double>::quiet_NaN();
  CHECK(std::abs(N_VWrmsNormMask(x.ours, w.ours, id.ours) - masked) <= norm_bound * masked);
}

TEST_CASE("compiled sparse matrix operations equal SUNDIALS' bit for bit, or defer to them") {
  Context c;
  // A 4x4 CSC matrix with room for 9 entries: all diagonals present, or one missing.
  auto make = [&](bool full_diagonal, bool ours) {
    SUNMatrix m = SUNSparseMatrix(4, 4, 9, CSC_MAT, c.ctx);
    if (ours) UseCompiledSparseOperations(m);
    const std::vector<sunindextype> starts = {0, 2, 4, 5, 7};
    const std::vector<sunindextype> rows =
        full_diagonal ? std::vector<sunindextype>{0, 2, 1, 3, 2, 0, 3}
                      : std::vector<sunindextype>{0, 2, 0, 3, 2, 0, 3};  // no (1, 1)
    const std::vector<double> values = {1.5, -2, 0.25, 4, 3, -1, 0.7};
    std::copy(starts.begin(), starts.end(), SUNSparseMatrix_IndexPointers(m));
    std::copy(rows.begin(), rows.end(), SUNSparseMatrix_IndexValues(m));
    std::copy(values.begin(), values.end(), SUNSparseMatrix_Data(m));
    return m;
  };
  auto same = [](SUNMatrix a, SUNMatrix b) {
    const sunindextype nnz = SUNSparseMatrix_NNZ(a);
    return SUNSparseMatrix_NNZ(b) == nnz &&
           std::memcmp(SUNSparseMatrix_Data(a), SUNSparseMatrix_Data(b), nnz * sizeof(double)) ==
               0 &&
           std::memcmp(SUNSparseMatrix_IndexValues(a), SUNSparseMatrix_IndexValues(b),
                       nnz * sizeof(sunindextype)) == 0 &&
           std::memcmp(SUNSparseMatrix_IndexPointers(a), SUNSparseMatrix_IndexPointers(b),
                       5 * sizeof(sunindextype)) == 0;
  };
  for (bool full : {true, false}) {
    CAPTURE(full);
    SUNMatrix theirs = make(full, false), ours = make(full, true);
    CHECK(SUNMatScaleAddI(-0.37, theirs) == SUNMatScaleAddI(-0.37, ours));
    CHECK(same(theirs, ours));
    SUNMatrix their_clone = SUNMatClone(theirs), our_clone = SUNMatClone(ours);
    CHECK((our_clone->ops->copy == ours->ops->copy));  // A clone keeps the compiled operations.
    CHECK(SUNMatCopy(theirs, their_clone) == SUNMatCopy(ours, our_clone));
    CHECK(same(their_clone, our_clone));
    CHECK(SUNMatZero(theirs) == SUNMatZero(ours));
    CHECK(same(theirs, ours));
    for (SUNMatrix m : {theirs, ours, their_clone, our_clone}) SUNMatDestroy(m);
  }
}

}  // namespace hawser
