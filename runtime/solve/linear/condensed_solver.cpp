// CondensedSolver: rows with a single coupling eliminated, a band LU or KLU on the rest
// (condensed_solver.h), following a CondensationPlan.
#include "runtime/solve/linear/condensed_solver.h"

#include <fmt/format.h>
#include <klu.h>
#include <nvector/nvector_serial.h>
#include <sunmatrix/sunmatrix_sparse.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#include "runtime/solve/linear/band_product.h"
#include "runtime/solve/linear/banded_lu.h"
#include "runtime/solve/linear/condensation_plan.h"
#include "runtime/solve/linear/klu_factors.h"
#include "runtime/solve/linear/streamed_condensation.h"

namespace hawser {
namespace {

static_assert(std::is_same_v<SuiteSparse_long, sunindextype> &&
                  std::is_same_v<CondensationPlan::Index, sunindextype>,
              "SUNDIALS', KLU's and the plan's 64-bit indices must be one type (long on LP64)");

using Index = SuiteSparse_long;

using Eliminated = CondensationPlan::Eliminated;
/// Condensed entry at storage position `target` -= M[ki] M_ij / M_ii of row `eliminated`.
using Update = CondensationPlan::Update;
/// A kept entry of M, at position `source` in M's data, goes to `target` in the condensed
/// matrix's storage.
using Placed = StreamedCondensation::Placed;

/// The entries of M = I - gamma J as the condensation reads them: M as CVODE formed it (a copy
/// of J, then c J + I over every entry), or straight from J and gamma where they are needed
/// (CondensedSetJacobian), with the same operations as SUNDIALS' c A + I (compiled_sundials_
/// ops.h), so that both give the same bits.
/// FormInto(a) leaves M in full in the matrix `a` CVODE passed to the setup (for a zero pivot).
struct FormedMatrix {
  const double* m;  ///< The data of `a` itself.
  double Diagonal(Index k) const { return m[k]; }
  double Off(Index k) const { return m[k]; }
  bool FormInto(SUNMatrix /*a: holds M*/) const { return true; }
};
struct FromJacobian {
  SUNMatrix jacobian;
  const double* j;  ///< Its data.
  double c;         ///< -gamma.
  double Diagonal(Index k) const { return 1.0 + c * j[k]; }
  double Off(Index k) const { return c * j[k]; }
  /// J's pattern holds every diagonal entry (CondensedSetJacobian), so M keeps J's pattern,
  /// the one analysed.
  bool FormInto(SUNMatrix a) const {
    return SUNMatCopy(jacobian, a) == SUNMAT_SUCCESS && SUNMatScaleAddI(c, a) == SUNMAT_SUCCESS;
  }
};

struct Content {
  CondensedFactorization factorization = CondensedFactorization::kAuto;
  CondensationPlan plan;  ///< For the pattern of M the last setups saw.
  // The plan's value sources with their targets in the condensed matrix's storage (`banded`'s,
  // or reduced_x for KLU).
  std::vector<Placed> kept_off_diagonal, kept_diagonal;
  std::vector<Update> updates;
  std::vector<double> inverse_diagonal, off_over_diagonal;  ///< 1 / M_ii, M_ij / M_ii.
  std::vector<double> rhs_coefficient;  ///< M_ki / M_ii per entry of the plan's row sums.
  std::vector<double> reduced_x;        ///< The condensed matrix's values for KLU (CSC).
  std::vector<double> work;             ///< The right-hand side the factors solve.
  BandedLu banded;
  // With the plan's rhs_by_band, b' is formed as work = b_kept - C b_eliminated with C banded in
  // the band's order: an entry (k, i) sits at (slot of k, slot of i's partner), inside the
  // condensed band. C's place per right-hand-side entry.
  BandProduct rhs_product;
  std::vector<int> rhs_product_position;
  // And when, moreover, each condensed entry gets at most one update, the band and C are formed
  // from J by streaming (streamed_condensation.h), with o_j and r_j per band column.
  StreamedCondensation streamed;
  std::vector<double> column_o, column_r_padded;
  klu_l_common common{};
  KluFactors condensed, full;
  std::vector<Index> full_p, full_i;  ///< M's pattern, for KLU (which takes it non-const).
  bool full_this_setup = false;
  long full_factorizations = 0;
  sunindextype last_flag = 0;
  // Set by CondensedSetJacobian for the next setup only: form M from this J and gamma.
  SUNMatrix jacobian = nullptr;
  double gamma = 0.0;
  bool jacobian_evaluated = true;  ///< J may have a new pattern since the last setup.
  bool jacobian_has_diagonal = false;
  /// The matrix whose pattern the last setup checked (a new evaluation of J may change it).
  SUNMatrix checked_source = nullptr;

  ~Content() {
    condensed.Free(common);
    full.Free(common);
  }

  /// A new plan for the pattern (size, p, i), and the storage that follows it.
  void Analyse(Index size, const Index* p, const Index* i);
  /// The plan's targets in the storage, the band product's places and the streamed plan.
  void Place();
  /// The condensed matrix's values into `banded` (zeroed first) or reduced_x, the eliminated
  /// rows' coefficients and the right-hand side's, from M's entries.
  template <class Entries>
  void Condense(const Entries& m);
};

void Content::Analyse(Index size, const Index* p, const Index* i) {
  condensed.Free(common);
  full.Free(common);
  plan = PlanCondensation(size, p, i, factorization);
  full_p = plan.pattern_p;
  full_i = plan.pattern_i;
  Place();
}

void Content::Place() {
  const Index m = static_cast<Index>(plan.kept.size());
  inverse_diagonal.assign(plan.eliminated.size(), 0.0);
  off_over_diagonal.assign(plan.eliminated.size(), 0.0);
  reduced_x.assign(plan.reduced_i.size(), 0.0);
  work.assign(m, 0.0);
  // Each condensed entry's place: in the band, or its index in reduced_x.
  const BandOrdering& ordering = plan.ordering;
  std::vector<Index> target(plan.reduced_i.size());
  if (plan.band) banded.Resize(static_cast<int>(m), ordering.lower, ordering.upper);
  for (Index jr = 0; jr < m; ++jr) {
    for (Index k = plan.reduced_p[jr]; k < plan.reduced_p[jr + 1]; ++k) {
      target[k] = plan.band
                      ? banded.Position(ordering.position[plan.reduced_i[k]], ordering.position[jr])
                      : k;
    }
  }
  kept_off_diagonal.clear();
  kept_diagonal.clear();
  for (const auto& e : plan.kept_off_diagonal)
    kept_off_diagonal.push_back({target[e.target], e.source});
  for (const auto& e : plan.kept_diagonal) kept_diagonal.push_back({target[e.target], e.source});
  updates = plan.updates;
  for (Update& u : updates) u.target = target[u.target];
  rhs_product_position.clear();
  // The row sums' coefficients only without the band product (which holds them itself).
  rhs_coefficient.assign(plan.rhs_by_band ? 0 : plan.rhs_b_row.size(), 0.0);
  streamed = StreamedCondensation();
  if (!plan.rhs_by_band) return;
  rhs_product.Resize(static_cast<int>(m), ordering.lower, ordering.upper);
  for (Index k = 0; k < m; ++k) {
    for (int q = plan.rhs_start[k]; q < plan.rhs_start[k + 1]; ++q) {
      rhs_product_position.push_back(
          rhs_product.Position(plan.work_slot[k], plan.partner_slot[plan.rhs_eliminated[q]]));
    }
  }
  std::vector<StreamedCondensation::Update> by_row, coefficients;
  for (const Update& u : updates) {
    by_row.push_back({u.target, u.ki, plan.partner_slot[u.eliminated]});
  }
  for (size_t q = 0; q < rhs_product_position.size(); ++q) {
    coefficients.push_back(
        {rhs_product_position[q], plan.rhs_m_entry[q], plan.partner_slot[plan.rhs_eliminated[q]]});
  }
  if (!streamed.Plan(banded, rhs_product, kept_diagonal, kept_off_diagonal, by_row, coefficients)) {
    return;
  }
  column_o.assign(m, 0.0);
  column_r_padded.assign(ordering.lower + m + ordering.upper, 0.0);
}

template <class Entries>
void Content::Condense(const Entries& m) {
  const std::vector<Eliminated>& eliminated = plan.eliminated;
  // One division per eliminated row; the updates and coefficients multiply by its results.
  for (size_t e = 0; e < eliminated.size(); ++e) {
    inverse_diagonal[e] = 1.0 / m.Diagonal(eliminated[e].diagonal);
    off_over_diagonal[e] = m.Off(eliminated[e].off) * inverse_diagonal[e];
  }
  if constexpr (std::is_same_v<Entries, FromJacobian>) {
    if (streamed.planned()) {  // J's entries were gathered at this setup or an earlier one.
      for (size_t e = 0; e < eliminated.size(); ++e) {
        column_o[plan.partner_slot[e]] = off_over_diagonal[e];
        column_r_padded[plan.ordering.lower + plan.partner_slot[e]] = inverse_diagonal[e];
      }
      streamed.Assemble(m.c, column_o.data(), column_r_padded.data(), banded, rhs_product);
      return;
    }
  }
  double* target = plan.band ? banded.data() : reduced_x.data();
  if (plan.band) {
    banded.Zero();  // Its fill-in room too: the last factorisation wrote there.
  } else {
    std::fill(reduced_x.begin(), reduced_x.end(), 0.0);
  }
  for (const Placed& p : kept_off_diagonal) target[p.target] = m.Off(p.source);
  for (const Placed& p : kept_diagonal) target[p.target] = m.Diagonal(p.source);
  // M_ki, k kept and i eliminated, is off the diagonal.
  for (const Update& u : updates) {
    target[u.target] -= m.Off(u.ki) * off_over_diagonal[u.eliminated];
  }
  if (plan.rhs_by_band) {
    double* product = rhs_product.data();
    for (size_t q = 0; q < rhs_product_position.size(); ++q) {
      product[rhs_product_position[q]] =
          m.Off(plan.rhs_m_entry[q]) * inverse_diagonal[plan.rhs_eliminated[q]];
    }
    return;
  }
  for (size_t q = 0; q < rhs_coefficient.size(); ++q) {
    rhs_coefficient[q] = m.Off(plan.rhs_m_entry[q]) * inverse_diagonal[plan.rhs_eliminated[q]];
  }
}

Content* Of(SUNLinearSolver s) { return static_cast<Content*>(s->content); }

SUNLinearSolver_Type GetType(SUNLinearSolver) { return SUNLINEARSOLVER_DIRECT; }
SUNLinearSolver_ID GetId(SUNLinearSolver) { return SUNLINEARSOLVER_CUSTOM; }
int Initialize(SUNLinearSolver s) {
  Of(s)->last_flag = SUNLS_SUCCESS;
  return SUNLS_SUCCESS;
}
sunindextype LastFlag(SUNLinearSolver s) { return Of(s)->last_flag; }

bool IsSquareCsc(SUNMatrix a) {
  return SUNMatGetID(a) == SUNMATRIX_SPARSE && SUNSparseMatrix_SparseType(a) == CSC_MAT &&
         SUNSparseMatrix_Rows(a) == SUNSparseMatrix_Columns(a);
}

/// Setup's work once the source of M's entries is known (M itself, or J); `a` is the matrix
/// CVODE passed.
template <class Entries>
bool Factor(Content& c, const Entries& m, SUNMatrix a) {
  c.full_this_setup = false;
  for (const Eliminated& e : c.plan.eliminated) {
    const double d = m.Diagonal(e.diagonal);
    if (d == 0.0 || !std::isfinite(d)) c.full_this_setup = true;
  }
  if (c.full_this_setup) {
    ++c.full_factorizations;
    if (!m.FormInto(a)) return false;
    return c.full.Factor(c.plan.n, c.full_p.data(), c.full_i.data(), SUNSparseMatrix_Data(a),
                         c.common);
  }
  c.Condense(m);
  if (c.plan.band) return c.banded.Factor();
  return c.condensed.Factor(static_cast<Index>(c.plan.kept.size()), c.plan.reduced_p.data(),
                            c.plan.reduced_i.data(), c.reduced_x.data(), c.common);
}

int Setup(SUNLinearSolver s, SUNMatrix a) {
  Content& c = *Of(s);
  // From J when CondensedSetJacobian said so for this setup, else from the M CVODE formed.
  SUNMatrix source = std::exchange(c.jacobian, nullptr);
  const bool from_jacobian = source != nullptr;
  if (!from_jacobian) source = a;
  if (!IsSquareCsc(source) || (from_jacobian && !IsSquareCsc(a))) {
    return c.last_flag = SUNLS_ILL_INPUT;
  }
  const Index n = SUNSparseMatrix_Columns(source);
  const Index* p = SUNSparseMatrix_IndexPointers(source);
  const Index* i = SUNSparseMatrix_IndexValues(source);
  const double* x = SUNSparseMatrix_Data(source);
  // The solve's 32-bit indices (CondensationPlan::kept): a system this large could not be stored
  // anyway.
  if (p[n] > std::numeric_limits<int>::max()) return c.last_flag = SUNLS_ILL_INPUT;
  // A J not evaluated again since the last setup read it keeps its pattern.
  const bool unchanged = from_jacobian && !c.jacobian_evaluated && source == c.checked_source;
  try {
    if (!unchanged && !c.plan.Matches(n, p, i)) c.Analyse(n, p, i);
  } catch (const std::bad_alloc&) {
    return c.last_flag = SUNLS_MEM_FAIL;
  }
  c.checked_source = source;
  // J's values changed (or the plan is new): into the streams.
  if (from_jacobian && !unchanged && c.streamed.planned()) c.streamed.Gather(x);
  const bool ok = from_jacobian ? Factor(c, FromJacobian{source, x, -c.gamma}, a)
                                : Factor(c, FormedMatrix{x}, a);
  // A failed factorisation (a singular matrix) is recoverable: CVODE retries with a new
  // Jacobian or a smaller step, as with SUNDIALS' KLU solver.
  return c.last_flag = ok ? SUNLS_SUCCESS : SUNLS_PACKAGE_FAIL_REC;
}

int Solve(SUNLinearSolver s, SUNMatrix /*a: as at setup*/, N_Vector xv, N_Vector bv, sunrealtype) {
  Content& c = *Of(s);
  const double* b = N_VGetArrayPointer(bv);
  double* x = N_VGetArrayPointer(xv);
  if (c.full_this_setup) {
    if (x != b) std::copy(b, b + c.plan.n, x);
    return c.last_flag =
               c.full.Solve(c.plan.n, x, c.common) ? SUNLS_SUCCESS : SUNLS_PACKAGE_FAIL_REC;
  }
  // b'_k = b_k - (M_ki / M_ii) b_i; solve; then dx_i = b_i / M_ii - (M_ij / M_ii) dx_j, with
  // the coefficients of this setup's M. Only kept entries of x are written before the last
  // loop reads b_i, so x may be b. Each pass writes or reads `work` in order.
  const Index m_size = static_cast<Index>(c.plan.kept.size());
  const int* const source = c.plan.source_of_place.data();
  double* const work = c.work.data();
  for (Index q = 0; q < m_size; ++q) work[q] = b[source[q]];
  if (c.plan.rhs_by_band) {
    for (const CondensationPlan::ByPlace& e : c.plan.eliminated_by_place)
      c.rhs_product.x(e.place) = b[e.row];
    c.rhs_product.SubtractProduct(work);
  } else {
    const int* const start = c.plan.rhs_start.data();
    const int* const b_row = c.plan.rhs_b_row.data();
    const int* const slot = c.plan.work_slot.data();
    const double* const coefficient = c.rhs_coefficient.data();
    for (Index k = 0; k < m_size; ++k) {
      double v = work[slot[k]];
      for (int q = start[k]; q < start[k + 1]; ++q) v -= coefficient[q] * b[b_row[q]];
      work[slot[k]] = v;
    }
  }
  if (c.plan.band) {
    c.banded.Solve(work);
  } else if (!c.condensed.Solve(m_size, work, c.common)) {
    return c.last_flag = SUNLS_PACKAGE_FAIL_REC;
  }
  for (Index q = 0; q < m_size; ++q) x[source[q]] = work[q];
  for (const CondensationPlan::ByPlace& e : c.plan.eliminated_by_place) {
    x[e.row] = b[e.row] * c.inverse_diagonal[e.eliminated] -
               c.off_over_diagonal[e.eliminated] * work[e.place];
  }
  return c.last_flag = SUNLS_SUCCESS;
}

int Free(SUNLinearSolver s) {
  if (s == nullptr) return SUNLS_SUCCESS;
  delete Of(s);
  s->content = nullptr;
  SUNLinSolFreeEmpty(s);
  return SUNLS_SUCCESS;
}

}  // namespace

SUNLinearSolver CondensedSolver(SUNContext ctx, CondensedFactorization factorization) {
  SUNLinearSolver s = SUNLinSolNewEmpty(ctx);
  if (s == nullptr) return nullptr;
  auto* content = new (std::nothrow) Content;
  if (content == nullptr || klu_l_defaults(&content->common) == 0) {
    delete content;
    SUNLinSolFreeEmpty(s);
    return nullptr;
  }
  content->factorization = factorization;
  s->content = content;
  s->ops->gettype = GetType;
  s->ops->getid = GetId;
  s->ops->initialize = Initialize;
  s->ops->setup = Setup;
  s->ops->solve = Solve;
  s->ops->lastflag = LastFlag;
  s->ops->free = Free;
  return s;
}

bool CondensedSetJacobian(SUNLinearSolver solver, SUNMatrix jacobian, double gamma,
                          bool evaluated) {
  Content& c = *Of(solver);
  if (evaluated || jacobian != c.checked_source) {
    // c J + I keeps J's pattern only when it holds every diagonal entry.
    c.jacobian_has_diagonal = IsSquareCsc(jacobian);
    const Index n = c.jacobian_has_diagonal ? SUNSparseMatrix_Columns(jacobian) : 0;
    const Index* p = SUNSparseMatrix_IndexPointers(jacobian);
    const Index* i = SUNSparseMatrix_IndexValues(jacobian);
    for (Index j = 0; j < n && c.jacobian_has_diagonal; ++j) {
      c.jacobian_has_diagonal = std::find(i + p[j], i + p[j + 1], j) != i + p[j + 1];
    }
  }
  if (!c.jacobian_has_diagonal) return false;
  c.jacobian = jacobian;
  c.gamma = gamma;
  c.jacobian_evaluated = evaluated;
  return true;
}

std::string CondensedSummary(SUNLinearSolver solver) {
  const Content& c = *Of(solver);
  if (c.plan.n == 0 || c.plan.eliminated.empty()) return "";
  return fmt::format(
      "{} unknowns condensed to {} ({} rows with a single coupling eliminated), factored {}",
      c.plan.n, c.plan.kept.size(), c.plan.eliminated.size(),
      c.plan.band ? fmt::format("as a band of half-bandwidths {} and {}", c.banded.lower(),
                                c.banded.upper())
                  : std::string("by KLU"));
}

long CondensedFullFactorizations(SUNLinearSolver solver) { return Of(solver)->full_factorizations; }

}  // namespace hawser
