// CondensedKluSolver: rows with a single coupling eliminated, KLU on the rest
// (condensed_klu_solver.h).
#include "runtime/solve/linear/condensed_klu_solver.h"

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
#include "runtime/solve/linear/bandwidth_ordering.h"
#include "runtime/solve/linear/streamed_condensation.h"

namespace hawser {
namespace {

static_assert(std::is_same_v<SuiteSparse_long, sunindextype>,
              "SUNDIALS' and KLU's 64-bit indices must be one type (both long on LP64)");

using Index = SuiteSparse_long;

/// KLU's factors of one matrix (symbolic analysis kept across setups, numeric refactored).
struct KluFactors {
  klu_l_symbolic* symbolic = nullptr;
  klu_l_numeric* numeric = nullptr;

  void Free(klu_l_common& c) {
    if (numeric != nullptr) klu_l_free_numeric(&numeric, &c);
    if (symbolic != nullptr) klu_l_free_symbolic(&symbolic, &c);
  }

  /// Factors the CSC matrix (n, p, i, x): the first time in full, later by refactoring with
  /// the same pivots, and in full again when that leaves the factors badly conditioned (the
  /// rule of SUNDIALS' own KLU solver: reciprocal condition estimate below uround^(2/3)).
  bool Factor(Index n, Index* p, Index* i, double* x, klu_l_common& c) {
    if (symbolic == nullptr) {
      symbolic = klu_l_analyze(n, p, i, &c);
      if (symbolic == nullptr) return false;
    }
    if (numeric != nullptr) {
      if (klu_l_refactor(p, i, x, symbolic, numeric, &c) != 0 &&
          klu_l_rcond(symbolic, numeric, &c) != 0 &&
          c.rcond >= std::pow(std::numeric_limits<double>::epsilon(), 2.0 / 3.0)) {
        return true;
      }
      klu_l_free_numeric(&numeric, &c);
    }
    numeric = klu_l_factor(p, i, x, symbolic, &c);
    return numeric != nullptr;
  }

  bool Solve(Index n, double* b, klu_l_common& c) {
    return klu_l_solve(symbolic, numeric, n, 1, b, &c) != 0;
  }
};

/// A kinematic row i: M_ii dx_i + M_ij dx_j = b_i, with positions of M_ii and M_ij in M's data.
struct Eliminated {
  Index row, partner;
  Index diagonal, off;
};

/// Condensed entry at `target` -= M[ki] M_ij / M_ii of eliminated row `eliminated`.
struct Update {
  Index target, ki, eliminated;
};

/// A kept entry of M, at position `source` in M's data, goes to `target` in the condensed
/// matrix's storage.
using Placed = StreamedCondensation::Placed;

/// The entries of M = I - gamma J as the condensation reads them: M as CVODE formed it (a copy
/// of J, then c J + I over every entry), or straight from J and gamma where they are needed
/// (CondensedKluSetJacobian), with the same operations as SUNDIALS' c A + I (compiled_sundials_
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
  /// J's pattern holds every diagonal entry (CondensedKluSetJacobian), so M keeps J's pattern,
  /// the one analysed.
  bool FormInto(SUNMatrix a) const {
    return SUNMatCopy(jacobian, a) == SUNMAT_SUCCESS && SUNMatScaleAddI(c, a) == SUNMAT_SUCCESS;
  }
};

/// Whether to factor an m x m matrix with `nonzeros` entries as a band of half-bandwidths
/// (lower, upper) rather than with KLU. A band LU stores and works on lower + upper + 1
/// diagonals (plus `lower` of fill-in room); it pays while that is not much more than the
/// nonzeros: measured on the condensed reference mooring line (bench/cable_bench; block
/// tridiagonal, band 11 wide for 9 nonzeros a row) the band's factorisation and solve take
/// about half of KLU's time, the whole run 5-10 % less.
bool UseBand(CondensedFactorization f, Index m, int lower, int upper, Index nonzeros) {
  if (f != CondensedFactorization::kAuto) return f == CondensedFactorization::kBand;
  constexpr double kMaxBandOverNonzeros = 3.0;
  return static_cast<double>(lower + upper + 1) * static_cast<double>(m) <=
         kMaxBandOverNonzeros * static_cast<double>(nonzeros);
}

struct Content {
  // The pattern the analysis was made for (CVODE's M keeps it; a change means a new analysis).
  std::vector<Index> pattern_p, pattern_i;
  Index n = 0;
  // The solve's index arrays are 32-bit (Analyse refuses a larger system): half the bytes of
  // KLU's 64-bit indices on the path every Newton iteration takes.
  std::vector<int> kept;  ///< Original index of each reduced unknown.
  std::vector<Eliminated> eliminated;
  // b'_k = b_k - sum over eliminated i of (M_ki / M_ii) b_i, as a CSR product over the kept rows
  // k (one sum per row in a register, no scattered updates): per entry the row i of b and the
  // position of M_ki; the coefficients are set at each setup.
  std::vector<int> rhs_start, rhs_b_row;
  std::vector<Index> rhs_m_entry;
  std::vector<Index> rhs_eliminated;  ///< That i's index in `eliminated`.
  std::vector<double> rhs_coefficient;
  std::vector<double> inverse_diagonal, off_over_diagonal;  ///< 1 / M_ii, M_ij / M_ii.
  // The condensed matrix, CSC, and where its values come from.
  std::vector<Index> reduced_p, reduced_i;
  std::vector<double> reduced_x;
  // Where the condensed matrix's values go (`banded`'s storage, or reduced_x for KLU) and where
  // they come from: the kept entries of M, off the diagonal and on it (told apart so that M may
  // be formed from J on the fly, FromJacobian), then the eliminated rows' updates.
  std::vector<Placed> kept_off_diagonal, kept_diagonal;
  std::vector<Update> updates;
  std::vector<double> work;

  // The condensed matrix is factored as a band after a reverse Cuthill-McKee ordering when its
  // band is narrow (UseBand), else by KLU.
  CondensedFactorization factorization = CondensedFactorization::kAuto;
  bool band = false;
  BandOrdering ordering;
  BandedLu banded;
  // With the band, and no two eliminated rows sharing a partner (a mechanical system's Pos' =
  // Vel rows), b' is formed as work = b_kept - C b_eliminated with C banded in the band's order:
  // an entry (k, i) sits at (slot of k, slot of i's partner), inside the condensed band. C's
  // place per right-hand-side entry, and per eliminated row its partner's slot.
  bool rhs_by_band = false;
  BandProduct rhs_product;
  std::vector<int> rhs_product_position, partner_slot;
  // And when, moreover, each condensed entry gets at most one update, the band and C are formed
  // from J by streaming (streamed_condensation.h), with o_j and r_j per band column.
  StreamedCondensation streamed;
  std::vector<double> column_o, column_r_padded;
  /// Per reduced unknown: its place in `work`, the right-hand side the factors solve (the band's
  /// order, or the reduced order for KLU).
  std::vector<int> work_slot;
  // The solve's gathers and scatters in the order of `work`: per place, the unknown of the
  // original system; and the eliminated rows by their partner's place.
  struct ByPlace {
    int place, row, eliminated;
  };
  std::vector<int> source_of_place;
  std::vector<ByPlace> eliminated_by_place;
  klu_l_common common{};
  KluFactors condensed, full;
  std::vector<Index> full_p, full_i;  ///< M's pattern as KLU's index type.
  bool full_this_setup = false;
  long full_factorizations = 0;
  sunindextype last_flag = 0;
  // Set by CondensedKluSetJacobian for the next setup only: form M from this J and gamma.
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

  bool SamePattern(const Index* p, const Index* i) const {
    if (static_cast<Index>(pattern_p.size()) != n + 1) return false;
    if (!std::equal(pattern_p.begin(), pattern_p.end(), p)) return false;
    return std::equal(pattern_i.begin(), pattern_i.end(), i);
  }

  void Analyse(Index size, const Index* p, const Index* i);
  /// Sets rhs_by_band and its product's places (Analyse's last part, after the band ordering).
  void PlanRhsByBand(const std::vector<Index>& reduced_of);
  /// Plans `streamed` (Analyse's very last part), when the band product is used.
  void PlanStreamed();
  /// The condensed matrix's values into `banded` (zeroed first) or reduced_x, the eliminated
  /// rows' coefficients and the right-hand side's, from M's entries.
  template <class Entries>
  void Condense(const Entries& m);
};

void Content::Analyse(Index size, const Index* p, const Index* i) {
  condensed.Free(common);
  full.Free(common);
  n = size;
  pattern_p.assign(p, p + n + 1);
  pattern_i.assign(i, i + p[n]);
  full_p = pattern_p;
  full_i = pattern_i;

  // Rows of the pattern: (column, position) per entry.
  std::vector<std::vector<std::pair<Index, Index>>> rows(n);
  for (Index c = 0; c < n; ++c)
    for (Index k = p[c]; k < p[c + 1]; ++k) rows[i[k]].push_back({c, k});

  // Kinematic rows, greedily in row order: the diagonal and one other entry, whose column is
  // not eliminated and which is no eliminated row's partner.
  std::vector<char> is_eliminated(n, 0), is_partner(n, 0);
  eliminated.clear();
  for (Index r = 0; r < n; ++r) {
    if (rows[r].size() != 2 || is_partner[r]) continue;
    const auto [c0, k0] = rows[r][0];
    const auto [c1, k1] = rows[r][1];
    Index diagonal = -1, partner = -1, off = -1;
    if (c0 == r) diagonal = k0, partner = c1, off = k1;
    if (c1 == r) diagonal = k1, partner = c0, off = k0;
    if (diagonal < 0 || is_eliminated[partner]) continue;
    is_eliminated[r] = 1;
    is_partner[partner] = 1;
    eliminated.push_back({r, partner, diagonal, off});
  }
  std::vector<Index> reduced_of(n, -1);
  kept.clear();
  for (Index r = 0; r < n; ++r) {
    if (is_eliminated[r]) continue;
    reduced_of[r] = static_cast<Index>(kept.size());
    kept.push_back(static_cast<int>(r));
  }
  const Index m = static_cast<Index>(kept.size());

  // The condensed pattern: column j' holds the kept rows of column j, and those of every
  // eliminated column whose row points at j.
  std::vector<std::vector<Index>> eliminated_into(n);
  for (size_t e = 0; e < eliminated.size(); ++e)
    eliminated_into[eliminated[e].partner].push_back(e);
  reduced_p.assign(1, 0);
  reduced_i.clear();
  std::vector<Index> column;
  for (Index jr = 0; jr < m; ++jr) {
    const Index j = kept[jr];
    column.clear();
    for (Index k = p[j]; k < p[j + 1]; ++k)
      if (reduced_of[i[k]] >= 0) column.push_back(reduced_of[i[k]]);
    for (Index e : eliminated_into[j]) {
      const Index c = eliminated[e].row;
      for (Index k = p[c]; k < p[c + 1]; ++k)
        if (reduced_of[i[k]] >= 0) column.push_back(reduced_of[i[k]]);
    }
    std::sort(column.begin(), column.end());
    column.erase(std::unique(column.begin(), column.end()), column.end());
    reduced_i.insert(reduced_i.end(), column.begin(), column.end());
    reduced_p.push_back(static_cast<Index>(reduced_i.size()));
  }
  const auto entry_of = [&](Index row_r, Index col_r) {
    const auto begin = reduced_i.begin() + reduced_p[col_r];
    const auto end = reduced_i.begin() + reduced_p[col_r + 1];
    return static_cast<Index>(std::lower_bound(begin, end, row_r) - reduced_i.begin());
  };

  std::vector<Index> base(reduced_i.size(), -1);  // Per reduced entry: the same entry in M.
  for (Index jr = 0; jr < m; ++jr) {
    const Index j = kept[jr];
    for (Index k = p[j]; k < p[j + 1]; ++k)
      if (reduced_of[i[k]] >= 0) base[entry_of(reduced_of[i[k]], jr)] = k;
  }
  updates.clear();
  std::vector<std::vector<std::pair<Index, Index>>> rhs_rows(m);  // (M_ki position, e).
  for (size_t e = 0; e < eliminated.size(); ++e) {
    const Eliminated& el = eliminated[e];
    const Index partner_r = reduced_of[el.partner];
    for (Index k = p[el.row]; k < p[el.row + 1]; ++k) {
      const Index row_r = reduced_of[i[k]];
      if (row_r < 0) continue;  // Only its own diagonal: no other eliminated row reads x_i.
      rhs_rows[row_r].push_back({k, static_cast<Index>(e)});
      // The target is the reduced entry until the storage is known (below).
      updates.push_back({entry_of(row_r, partner_r), k, static_cast<Index>(e)});
    }
  }
  rhs_start.assign(1, 0);
  rhs_b_row.clear();
  rhs_m_entry.clear();
  rhs_eliminated.clear();
  for (const auto& row : rhs_rows) {
    for (const auto& [entry, e] : row) {
      rhs_b_row.push_back(static_cast<int>(eliminated[e].row));
      rhs_m_entry.push_back(entry);
      rhs_eliminated.push_back(e);
    }
    rhs_start.push_back(static_cast<int>(rhs_b_row.size()));
  }
  inverse_diagonal.assign(eliminated.size(), 0.0);
  off_over_diagonal.assign(eliminated.size(), 0.0);
  reduced_x.assign(reduced_i.size(), 0.0);
  work.assign(m, 0.0);

  ordering = ReverseCuthillMcKee(static_cast<int>(m), reduced_p, reduced_i);
  band = UseBand(factorization, m, ordering.lower, ordering.upper,
                 static_cast<Index>(reduced_i.size()));
  work_slot.resize(m);
  for (Index k = 0; k < m; ++k) work_slot[k] = band ? ordering.position[k] : static_cast<int>(k);
  // Each reduced entry's place: in the band, or its index in reduced_x.
  std::vector<Index> target(reduced_i.size());
  if (band) banded.Resize(static_cast<int>(m), ordering.lower, ordering.upper);
  kept_off_diagonal.clear();
  kept_diagonal.clear();
  for (Index jr = 0; jr < m; ++jr) {
    for (Index k = reduced_p[jr]; k < reduced_p[jr + 1]; ++k) {
      target[k] =
          band ? banded.Position(ordering.position[reduced_i[k]], ordering.position[jr]) : k;
      if (base[k] < 0) continue;  // Only fill-in from the eliminated rows: starts at zero.
      (reduced_i[k] == jr ? kept_diagonal : kept_off_diagonal).push_back({target[k], base[k]});
    }
  }
  for (Update& u : updates) u.target = target[u.target];
  source_of_place.resize(m);
  for (Index k = 0; k < m; ++k) source_of_place[work_slot[k]] = kept[k];
  eliminated_by_place.clear();
  for (size_t e = 0; e < eliminated.size(); ++e) {
    eliminated_by_place.push_back({work_slot[reduced_of[eliminated[e].partner]],
                                   static_cast<int>(eliminated[e].row), static_cast<int>(e)});
  }
  std::stable_sort(eliminated_by_place.begin(), eliminated_by_place.end(),
                   [](const ByPlace& a, const ByPlace& b) { return a.place < b.place; });
  PlanRhsByBand(reduced_of);
  PlanStreamed();
}

void Content::PlanRhsByBand(const std::vector<Index>& reduced_of) {
  const Index m = static_cast<Index>(kept.size());
  std::vector<char> taken(m, 0);
  rhs_by_band = band;
  for (const Eliminated& e : eliminated) {
    const Index partner_r = reduced_of[e.partner];
    if (taken[partner_r]) rhs_by_band = false;
    taken[partner_r] = 1;
  }
  rhs_product_position.clear();
  partner_slot.clear();
  // The row sums' coefficients only without the band product (which holds them itself).
  rhs_coefficient.assign(rhs_by_band ? 0 : rhs_b_row.size(), 0.0);
  if (!rhs_by_band) return;
  rhs_product.Resize(static_cast<int>(m), ordering.lower, ordering.upper);
  for (const Eliminated& e : eliminated) partner_slot.push_back(work_slot[reduced_of[e.partner]]);
  for (Index k = 0; k < m; ++k) {
    for (int q = rhs_start[k]; q < rhs_start[k + 1]; ++q) {
      rhs_product_position.push_back(
          rhs_product.Position(work_slot[k], partner_slot[rhs_eliminated[q]]));
    }
  }
}

void Content::PlanStreamed() {
  streamed = StreamedCondensation();
  if (!rhs_by_band) return;
  std::vector<StreamedCondensation::Update> by_row, coefficients;
  for (const Update& u : updates) by_row.push_back({u.target, u.ki, partner_slot[u.eliminated]});
  for (size_t q = 0; q < rhs_product_position.size(); ++q) {
    coefficients.push_back(
        {rhs_product_position[q], rhs_m_entry[q], partner_slot[rhs_eliminated[q]]});
  }
  if (!streamed.Plan(banded, rhs_product, kept_diagonal, kept_off_diagonal, by_row, coefficients)) {
    return;
  }
  const size_t m = kept.size();
  column_o.assign(m, 0.0);
  column_r_padded.assign(ordering.lower + m + ordering.upper, 0.0);
}

template <class Entries>
void Content::Condense(const Entries& m) {
  // One division per eliminated row; the updates and coefficients multiply by its results.
  for (size_t e = 0; e < eliminated.size(); ++e) {
    inverse_diagonal[e] = 1.0 / m.Diagonal(eliminated[e].diagonal);
    off_over_diagonal[e] = m.Off(eliminated[e].off) * inverse_diagonal[e];
  }
  if constexpr (std::is_same_v<Entries, FromJacobian>) {
    if (streamed.planned()) {  // J's entries were gathered at this setup or an earlier one.
      for (size_t e = 0; e < eliminated.size(); ++e) {
        column_o[partner_slot[e]] = off_over_diagonal[e];
        column_r_padded[ordering.lower + partner_slot[e]] = inverse_diagonal[e];
      }
      streamed.Assemble(m.c, column_o.data(), column_r_padded.data(), banded, rhs_product);
      return;
    }
  }
  double* target = band ? banded.data() : reduced_x.data();
  if (band) {
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
  if (rhs_by_band) {
    double* product = rhs_product.data();
    for (size_t q = 0; q < rhs_product_position.size(); ++q) {
      product[rhs_product_position[q]] =
          m.Off(rhs_m_entry[q]) * inverse_diagonal[rhs_eliminated[q]];
    }
    return;
  }
  for (size_t q = 0; q < rhs_coefficient.size(); ++q) {
    rhs_coefficient[q] = m.Off(rhs_m_entry[q]) * inverse_diagonal[rhs_eliminated[q]];
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
  for (const Eliminated& e : c.eliminated) {
    const double d = m.Diagonal(e.diagonal);
    if (d == 0.0 || !std::isfinite(d)) c.full_this_setup = true;
  }
  if (c.full_this_setup) {
    ++c.full_factorizations;
    if (!m.FormInto(a)) return false;
    return c.full.Factor(c.n, c.full_p.data(), c.full_i.data(), SUNSparseMatrix_Data(a), c.common);
  }
  c.Condense(m);
  if (c.band) return c.banded.Factor();
  return c.condensed.Factor(static_cast<Index>(c.kept.size()), c.reduced_p.data(),
                            c.reduced_i.data(), c.reduced_x.data(), c.common);
}

int Setup(SUNLinearSolver s, SUNMatrix a) {
  Content& c = *Of(s);
  // From J when CondensedKluSetJacobian said so for this setup, else from the M CVODE formed.
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
  // The solve's 32-bit indices (Content::kept): a system this large could not be stored anyway.
  if (p[n] > std::numeric_limits<int>::max()) return c.last_flag = SUNLS_ILL_INPUT;
  // A J not evaluated again since the last setup read it keeps its pattern.
  const bool unchanged = from_jacobian && !c.jacobian_evaluated && source == c.checked_source;
  try {
    if (!unchanged && (n != c.n || !c.SamePattern(p, i))) c.Analyse(n, p, i);
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
    if (x != b) std::copy(b, b + c.n, x);
    return c.last_flag = c.full.Solve(c.n, x, c.common) ? SUNLS_SUCCESS : SUNLS_PACKAGE_FAIL_REC;
  }
  // b'_k = b_k - (M_ki / M_ii) b_i; solve; then dx_i = b_i / M_ii - (M_ij / M_ii) dx_j, with
  // the coefficients of this setup's M. Only kept entries of x are written before the last
  // loop reads b_i, so x may be b. Each pass writes or reads `work` in order.
  const Index m_size = static_cast<Index>(c.kept.size());
  const int* const source = c.source_of_place.data();
  double* const work = c.work.data();
  for (Index q = 0; q < m_size; ++q) work[q] = b[source[q]];
  if (c.rhs_by_band) {
    for (const Content::ByPlace& e : c.eliminated_by_place) c.rhs_product.x(e.place) = b[e.row];
    c.rhs_product.SubtractProduct(work);
  } else {
    const int* const start = c.rhs_start.data();
    const int* const b_row = c.rhs_b_row.data();
    const int* const slot = c.work_slot.data();
    const double* const coefficient = c.rhs_coefficient.data();
    for (Index k = 0; k < m_size; ++k) {
      double v = work[slot[k]];
      for (int q = start[k]; q < start[k + 1]; ++q) v -= coefficient[q] * b[b_row[q]];
      work[slot[k]] = v;
    }
  }
  if (c.band) {
    c.banded.Solve(work);
  } else if (!c.condensed.Solve(m_size, work, c.common)) {
    return c.last_flag = SUNLS_PACKAGE_FAIL_REC;
  }
  for (Index q = 0; q < m_size; ++q) x[source[q]] = work[q];
  for (const Content::ByPlace& e : c.eliminated_by_place) {
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

SUNLinearSolver CondensedKluSolver(SUNContext ctx, CondensedFactorization factorization) {
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

bool CondensedKluSetJacobian(SUNLinearSolver solver, SUNMatrix jacobian, double gamma,
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

std::string CondensedKluSummary(SUNLinearSolver solver) {
  const Content& c = *Of(solver);
  if (c.n == 0 || c.eliminated.empty()) return "";
  return fmt::format(
      "{} unknowns condensed to {} ({} rows with a single coupling eliminated), factored {}", c.n,
      c.kept.size(), c.eliminated.size(),
      c.band ? fmt::format("as a band of half-bandwidths {} and {}", c.banded.lower(),
                           c.banded.upper())
             : std::string("by KLU"));
}

long CondensedKluFullFactorizations(SUNLinearSolver solver) {
  return Of(solver)->full_factorizations;
}

}  // namespace hawser
