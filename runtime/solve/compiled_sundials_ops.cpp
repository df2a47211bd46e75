#include "runtime/solve/compiled_sundials_ops.h"

#include <nvector/nvector_serial.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string_view>

#include "runtime/solve/elementwise_clones.h"

namespace hawser {
namespace {

// Each operation below is the serial vector's, written from its definition (SUNDIALS
// documentation, "Description of the NVECTOR operations"), with the special cases whose
// rounding differs from the general formula (c (x + y) for a == b) kept as SUNDIALS has them.

// The element-wise loops are HAWSER_ELEMENTWISE (elementwise_clones.h): each element computed
// with the same operations in the same order in both clones, so results stay bit-identical to
// SUNDIALS'. The sums below are cloned too: their order of additions is fixed in the source, so
// both clones give the same bits.

// Sums (dot products, weighted norms) are taken in kSumLanes interleaved partial sums, lane j
// adding terms j, j + kSumLanes, ... in order, and the lanes then added pairwise in a fixed
// tree: independent additions that vectorise, where a serial sum waits on each addition in turn
// (the weighted norm alone was 9 % of the reference line's time). The order is fixed, so every
// clone and every run gives the same bits; it is not SUNDIALS' serial order, so these round
// differently from SUNDIALS' own: both lie within the recursive-summation bound
// (n / kSumLanes + 3) u sum |term_i| of the exact sum (Higham, Accuracy and Stability of
// Numerical Algorithms, section 4.2).
constexpr int kSumLanes = 8;

template <typename Term>
[[gnu::always_inline]] inline double InterleavedSum(sunindextype n, Term term) {
  double lane[kSumLanes] = {};
  sunindextype i = 0;
  for (; i + kSumLanes <= n; i += kSumLanes) {
    for (int j = 0; j < kSumLanes; ++j) lane[j] += term(i + j);
  }
  for (int j = 0; i < n; ++i, ++j) lane[j] += term(i);
  return ((lane[0] + lane[1]) + (lane[2] + lane[3])) + ((lane[4] + lane[5]) + (lane[6] + lane[7]));
}

sunindextype Length(N_Vector v) { return NV_LENGTH_S(v); }
double* Data(N_Vector v) { return NV_DATA_S(v); }

HAWSER_ELEMENTWISE void LinearSum(double a, N_Vector x, double b, N_Vector y, N_Vector z) {
  const sunindextype n = Length(x);
  const double* xd = Data(x);
  const double* yd = Data(y);
  double* zd = Data(z);
  if (a == b && !(a == 1.0 || a == -1.0)) {  // z = a (x + y)
    for (sunindextype i = 0; i < n; ++i) zd[i] = a * (xd[i] + yd[i]);
  } else if (a == -b && !(a == 1.0 || a == -1.0)) {  // z = a (x - y)
    for (sunindextype i = 0; i < n; ++i) zd[i] = a * (xd[i] - yd[i]);
  } else {
    // Every other case (axpy, sums, differences, a x + y, a x - y) is exactly a x + b y: a
    // factor of 1 or -1 changes no bits, and addition is commutative in IEEE arithmetic.
    for (sunindextype i = 0; i < n; ++i) zd[i] = a * xd[i] + b * yd[i];
  }
}

HAWSER_ELEMENTWISE void Const(double c, N_Vector z) {
  const sunindextype n = Length(z);
  double* zd = Data(z);
  for (sunindextype i = 0; i < n; ++i) zd[i] = c;
}

HAWSER_ELEMENTWISE void Prod(N_Vector x, N_Vector y, N_Vector z) {
  const sunindextype n = Length(x);
  const double *xd = Data(x), *yd = Data(y);
  double* zd = Data(z);
  for (sunindextype i = 0; i < n; ++i) zd[i] = xd[i] * yd[i];
}

HAWSER_ELEMENTWISE void Div(N_Vector x, N_Vector y, N_Vector z) {
  const sunindextype n = Length(x);
  const double *xd = Data(x), *yd = Data(y);
  double* zd = Data(z);
  for (sunindextype i = 0; i < n; ++i) zd[i] = xd[i] / yd[i];
}

HAWSER_ELEMENTWISE void Scale(double c, N_Vector x, N_Vector z) {
  const sunindextype n = Length(x);
  const double* xd = Data(x);
  double* zd = Data(z);
  for (sunindextype i = 0; i < n; ++i) zd[i] = c * xd[i];
}

HAWSER_ELEMENTWISE void Abs(N_Vector x, N_Vector z) {
  const sunindextype n = Length(x);
  const double* xd = Data(x);
  double* zd = Data(z);
  for (sunindextype i = 0; i < n; ++i) zd[i] = std::abs(xd[i]);
}

HAWSER_ELEMENTWISE void Inv(N_Vector x, N_Vector z) {
  const sunindextype n = Length(x);
  const double* xd = Data(x);
  double* zd = Data(z);
  for (sunindextype i = 0; i < n; ++i) zd[i] = 1.0 / xd[i];
}

HAWSER_ELEMENTWISE void AddConst(N_Vector x, double b, N_Vector z) {
  const sunindextype n = Length(x);
  const double* xd = Data(x);
  double* zd = Data(z);
  for (sunindextype i = 0; i < n; ++i) zd[i] = xd[i] + b;
}

HAWSER_ELEMENTWISE double DotProd(N_Vector x, N_Vector y) {
  const double *xd = Data(x), *yd = Data(y);
  return InterleavedSum(Length(x), [&](sunindextype i) { return xd[i] * yd[i]; });
}

double MaxNorm(N_Vector x) {
  const sunindextype n = Length(x);
  const double* xd = Data(x);
  double max = 0.0;
  for (sunindextype i = 0; i < n; ++i) max = std::max(max, std::abs(xd[i]));
  return max;
}

HAWSER_ELEMENTWISE double WSqrSum(N_Vector x, N_Vector w) {
  const double *xd = Data(x), *wd = Data(w);
  return InterleavedSum(Length(x), [&](sunindextype i) {
    const double p = xd[i] * wd[i];
    return p * p;
  });
}

HAWSER_ELEMENTWISE double WSqrSumMask(N_Vector x, N_Vector w, N_Vector id) {
  const double *xd = Data(x), *wd = Data(w), *idd = Data(id);
  return InterleavedSum(Length(x), [&](sunindextype i) {
    const double p = xd[i] * wd[i];
    return idd[i] > 0.0 ? p * p : 0.0;
  });
}

double WrmsNorm(N_Vector x, N_Vector w) {
  return std::sqrt(WSqrSum(x, w) / static_cast<double>(Length(x)));
}

double WrmsNormMask(N_Vector x, N_Vector w, N_Vector id) {
  return std::sqrt(WSqrSumMask(x, w, id) / static_cast<double>(Length(x)));
}

double Min(N_Vector x) {
  const sunindextype n = Length(x);
  const double* xd = Data(x);
  double min = xd[0];
  for (sunindextype i = 1; i < n; ++i) min = std::min(min, xd[i]);
  return min;
}

void Compare(double c, N_Vector x, N_Vector z) {
  const sunindextype n = Length(x);
  const double* xd = Data(x);
  double* zd = Data(z);
  for (sunindextype i = 0; i < n; ++i) zd[i] = std::abs(xd[i]) >= c ? 1.0 : 0.0;
}

sunbooleantype InvTest(N_Vector x, N_Vector z) {
  const sunindextype n = Length(x);
  const double* xd = Data(x);
  double* zd = Data(z);
  sunbooleantype no_zero = SUNTRUE;
  for (sunindextype i = 0; i < n; ++i) {
    if (xd[i] == 0.0) {
      no_zero = SUNFALSE;
    } else {
      zd[i] = 1.0 / xd[i];
    }
  }
  return no_zero;
}

// ---- Sparse (CSC) matrix ----

/// SUNDIALS' own operations, for the cases passed on: the same for every sparse matrix, so
/// taken once (thread-safe) from the first matrix made fast, before any of ours can run.
struct SparseOriginals {
  int (*copy)(SUNMatrix, SUNMatrix) = nullptr;
  int (*scaleaddi)(double, SUNMatrix) = nullptr;
  SUNMatrix (*clone)(SUNMatrix) = nullptr;
};
const SparseOriginals& Originals(const SUNMatrix_Ops sundials_ops = nullptr) {
  static const SparseOriginals originals{sundials_ops->copy, sundials_ops->scaleaddi,
                                         sundials_ops->clone};
  return originals;
}

int SparseZero(SUNMatrix a) {
  const sunindextype nnz = SM_NNZ_S(a), np = SM_NP_S(a);
  std::fill_n(SM_DATA_S(a), nnz, 0.0);
  std::fill_n(SM_INDEXVALS_S(a), nnz, sunindextype{0});
  std::fill_n(SM_INDEXPTRS_S(a), np + 1, sunindextype{0});
  return SUNMAT_SUCCESS;
}

int SparseCopy(SUNMatrix a, SUNMatrix b) {
  const sunindextype np = SM_NP_S(a), a_nz = SM_INDEXPTRS_S(a)[np];
  if (SM_ROWS_S(a) != SM_ROWS_S(b) || SM_COLUMNS_S(a) != SM_COLUMNS_S(b) ||
      SM_SPARSETYPE_S(a) != SM_SPARSETYPE_S(b) || SM_NNZ_S(b) < a_nz) {
    return Originals().copy(a, b);  // Checks and reallocates as SUNDIALS does.
  }
  // SUNDIALS zeroes b and then copies a's entries: the same result, without writing twice
  // what the copy overwrites.
  const sunindextype b_nnz = SM_NNZ_S(b);
  std::copy_n(SM_DATA_S(a), a_nz, SM_DATA_S(b));
  std::fill(SM_DATA_S(b) + a_nz, SM_DATA_S(b) + b_nnz, 0.0);
  std::copy_n(SM_INDEXVALS_S(a), a_nz, SM_INDEXVALS_S(b));
  std::fill(SM_INDEXVALS_S(b) + a_nz, SM_INDEXVALS_S(b) + b_nnz, sunindextype{0});
  std::copy_n(SM_INDEXPTRS_S(a), np, SM_INDEXPTRS_S(b));
  SM_INDEXPTRS_S(b)[np] = a_nz;
  return SUNMAT_SUCCESS;
}

int SparseScaleAddI(double c, SUNMatrix a) {
  const bool csc = SM_SPARSETYPE_S(a) == CSC_MAT;
  const sunindextype m = csc ? SM_ROWS_S(a) : SM_COLUMNS_S(a);
  const sunindextype n = csc ? SM_COLUMNS_S(a) : SM_ROWS_S(a);
  const sunindextype* ap = SM_INDEXPTRS_S(a);
  const sunindextype* ai = SM_INDEXVALS_S(a);
  double* ax = SM_DATA_S(a);
  const sunindextype diagonal = std::min(m, n);
  for (sunindextype j = 0; j < diagonal; ++j) {
    if (std::find(ai + ap[j], ai + ap[j + 1], j) == ai + ap[j + 1]) {
      return Originals().scaleaddi(c, a);  // A diagonal entry to insert: SUNDIALS' way.
    }
  }
  for (sunindextype j = 0; j < diagonal; ++j) {
    for (sunindextype i = ap[j]; i < ap[j + 1]; ++i)
      ax[i] = ai[i] == j ? 1.0 + c * ax[i] : c * ax[i];
  }
  // Columns past the diagonal (a matrix wider than tall) are left as SUNDIALS leaves them.
  return SUNMAT_SUCCESS;
}

SUNMatrix SparseClone(SUNMatrix a) {
  SUNMatrix b = Originals().clone(a);
  if (b != nullptr) UseCompiledSparseOperations(b);
  return b;
}

}  // namespace

HAWSER_ELEMENTWISE void ErrorWeights(double rel_tol, double abs_tol, N_Vector y, N_Vector w) {
  const sunindextype n = Length(y);
  const double* yd = Data(y);
  double* wd = Data(w);
  for (sunindextype i = 0; i < n; ++i) wd[i] = 1.0 / (rel_tol * std::abs(yd[i]) + abs_tol);
}

void UseCompiledSparseOperations(SUNMatrix m) {
  SUNMatrix_Ops ops = m->ops;
  if (ops->copy == SparseCopy) return;
  Originals(ops);
  ops->copy = SparseCopy;
  ops->zero = SparseZero;
  ops->scaleaddi = SparseScaleAddI;
  ops->clone = SparseClone;
}

void UseCompiledSerialOperations(N_Vector v) {
  N_Vector_Ops ops = v->ops;
  ops->nvlinearsum = LinearSum;
  ops->nvconst = Const;
  ops->nvprod = Prod;
  ops->nvdiv = Div;
  ops->nvscale = Scale;
  ops->nvabs = Abs;
  ops->nvinv = Inv;
  ops->nvaddconst = AddConst;
  ops->nvdotprod = DotProd;
  ops->nvmaxnorm = MaxNorm;
  ops->nvwrmsnorm = WrmsNorm;
  ops->nvwrmsnormmask = WrmsNormMask;
  ops->nvmin = Min;
  ops->nvcompare = Compare;
  ops->nvinvtest = InvTest;
  ops->nvdotprodlocal = DotProd;
  ops->nvmaxnormlocal = MaxNorm;
  ops->nvminlocal = Min;
  ops->nvinvtestlocal = InvTest;
  ops->nvwsqrsumlocal = WSqrSum;
  ops->nvwsqrsummasklocal = WSqrSumMask;
}

}  // namespace hawser
