// StreamedCondensation: the condensed band and C by streaming (streamed_condensation.h).
#include "runtime/solve/linear/streamed_condensation.h"

#include <cstddef>
#include <utility>

#include "runtime/solve/elementwise_clones.h"

namespace hawser {

namespace {

/// A position of BandedLu's storage (column-major, column j holding rows j - lower - upper ..
/// j + lower, the first `lower` of them fill-in room) as (column, row from the top of the band:
/// 0 for row j - upper).
struct BandSlot {
  int column, row;
};

BandSlot SlotOf(std::int64_t position, int lower, int upper) {
  const int ldab = 2 * lower + upper + 1;
  return {static_cast<int>(position / ldab), static_cast<int>(position % ldab) - lower};
}

/// Each band column: `lower` zeros of fill-in room, then ([k = j] + c J_kj) - (c J_ki) o_j over
/// its `width` rows, the diagonal at row `upper`.
HAWSER_ELEMENTWISE void AssembleBand(double c, const double* o, const double* kept,
                                     const double* updating, int n, int lower, int upper,
                                     double* band) {
  const int width = lower + upper + 1;
  const int ldab = width + lower;
  for (int j = 0; j < n; ++j) {
    double* out = band + static_cast<std::size_t>(j) * ldab;
    const double* v = kept + static_cast<std::size_t>(j) * width;
    const double* u = updating + static_cast<std::size_t>(j) * width;
    const double oj = o[j];
    for (int t = 0; t < lower; ++t) out[t] = 0.0;
    for (int t = 0; t < width; ++t) {
      const double identity = t == upper ? 1.0 : 0.0;
      out[lower + t] = (identity + c * v[t]) - (c * u[t]) * oj;
    }
  }
}

/// C by diagonals: entry (k, k + d) = (c J_ki) r_(k + d).
HAWSER_ELEMENTWISE void AssembleCoefficients(double c, const double* r_padded, const double* source,
                                             int n, int lower, int upper, double* product) {
  for (int d = -lower; d <= upper; ++d) {
    const std::size_t offset = static_cast<std::size_t>(d + lower) * n;
    const double* jd = source + offset;
    const double* rd = r_padded + lower + d;
    double* out = product + offset;
    for (int k = 0; k < n; ++k) out[k] = (c * jd[k]) * rd[k];
  }
}

}  // namespace

bool StreamedCondensation::Plan(const BandedLu& band, const BandProduct& product,
                                const std::vector<Placed>& kept_diagonal,
                                const std::vector<Placed>& kept_off_diagonal,
                                const std::vector<Update>& updates,
                                const std::vector<Update>& coefficients) {
  planned_ = false;
  const int n = band.size(), lower = band.lower(), upper = band.upper();
  const int width = lower + upper + 1;
  if (product.size() != n || product.lower() != lower || product.upper() != upper) return false;
  const auto compact = [&](std::int64_t position) {
    const BandSlot s = SlotOf(position, lower, upper);
    return static_cast<std::int64_t>(s.column) * width + s.row;
  };
  std::vector<Placed> kept, updating, coefficient;
  for (const Placed& p : kept_diagonal) {
    if (SlotOf(p.target, lower, upper).row != upper) return false;
    kept.push_back({compact(p.target), p.source});
  }
  for (const Placed& p : kept_off_diagonal) {
    if (SlotOf(p.target, lower, upper).row == upper) return false;
    kept.push_back({compact(p.target), p.source});
  }
  std::vector<char> updated(static_cast<std::size_t>(n) * width, 0);
  for (const Update& u : updates) {
    const BandSlot s = SlotOf(u.target, lower, upper);
    const std::int64_t at = compact(u.target);
    if (s.column != u.column || updated[at]) return false;  // One update, from its column's row.
    updated[at] = 1;
    updating.push_back({at, u.source});
  }
  for (const Update& u : coefficients) {
    // BandProduct's position (column - row + lower) n + row: the column is row + d.
    const auto d = static_cast<int>(u.target / n) - lower;
    if (static_cast<int>(u.target % n) + d != u.column) return false;
    coefficient.push_back({u.target, u.source});
  }
  n_ = n;
  lower_ = lower;
  upper_ = upper;
  kept_.assign(static_cast<std::size_t>(n) * width, 0.0);
  updating_.assign(kept_.size(), 0.0);
  coefficients_.assign(static_cast<std::size_t>(n) * width, 0.0);
  kept_sources_ = std::move(kept);
  updating_sources_ = std::move(updating);
  coefficient_sources_ = std::move(coefficient);
  planned_ = true;
  return true;
}

void StreamedCondensation::Gather(const double* j) {
  for (const Placed& p : kept_sources_) kept_[p.target] = j[p.source];
  for (const Placed& p : updating_sources_) updating_[p.target] = j[p.source];
  for (const Placed& p : coefficient_sources_) coefficients_[p.target] = j[p.source];
}

void StreamedCondensation::Assemble(double c, const double* o, const double* r_padded,
                                    BandedLu& band, BandProduct& product) const {
  AssembleBand(c, o, kept_.data(), updating_.data(), n_, lower_, upper_, band.data());
  AssembleCoefficients(c, r_padded, coefficients_.data(), n_, lower_, upper_, product.data());
}

}  // namespace hawser
