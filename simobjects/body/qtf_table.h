// The full difference-frequency quadratic transfer function (QTF) of a floating body from a
// WAMIT-format second-order file (.10d, .11d or .12d; WAMIT v7 manual, chapter on second-order
// output; also written by NEMOH's and Capytaine's exporters and read by OpenFAST HydroDyn):
// whitespace-separated rows
//   PER_i  PER_j  BETA_i  BETA_j  I  |F|  phase(deg)  Re(F)  Im(F)
// with PER the two wave periods [s], BETA the two headings [deg] (the direction the waves travel
// towards from the body's x axis, counter-clockwise: rao_table.h's), I the mode 1..6 and
// F = T' the non-dimensional QTF: T_k = rho g L^k T'_k per unit amplitude product, k = 1 for
// forces (I = 1..3), 2 for moments (I = 4..6), L = WAMIT's ULEN (WamitDriftScale).
//
// Convention (WAMIT's): for the waves eta = Re sum_i A_i e^{i omega_i t}, the difference-frequency
// load is F(t) = Re sum_i sum_j A_i conj(A_j) T(omega_i, omega_j) e^{i (omega_i - omega_j) t}, so
// that T(omega_j, omega_i) = conj T(omega_i, omega_j) (Hermitian) and the diagonal's real part is
// the mean drift coefficient of the .8/.9/.12d mean drift files (drift_table.h).
//
// What is read: unidirectional rows (BETA_i = BETA_j; bidirectional rows are skipped, as the mean
// drift reader does). The periods of both columns form one frequency grid; every pair (i, j) of
// it must be given at every heading, for every mode the file gives (a mode no row gives is zero),
// either as the row (i, j) or as its transpose (j, i), which then is conj T(i, j). Where both are
// given they must be conjugate to 1e-5 relative (WAMIT prints six significant digits). A file
// with only the diagonal (PER_i = PER_j) is a valid QTF equal to its mean drift, so the caller
// chooses the full QTF by Force/WaveDrift's Method="qtf", not by the file's content.
// Bad input throws ScenarioError at path:line (a wrong column count, a mode outside 1..6, a
// repeated row, a period not positive, a transpose that is not the conjugate) or at `where` (no
// rows, a pair missing at a heading, more periods or headings than the WAMIT limits).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "hawser/errors.h"
#include "simobjects/body/rao_table.h"

namespace hawser {

struct QtfTable {
  std::vector<double> omegas;    ///< [rad/s], increasing.
  std::vector<double> headings;  ///< [deg], increasing, in [0, 360).
  /// T'(omega_i, omega_j) per mode at heading h: values[(h * n + i) * n + j], n = omegas.size().
  std::vector<RaoTable::Response> values;

  const RaoTable::Response& At(size_t i, size_t j, size_t h) const {
    return values[(h * omegas.size() + i) * omegas.size() + j];
  }
};

/// Parses the WAMIT full-QTF file `text` (`path` for messages; file comment).
QtfTable ParseWamitQtf(const std::string& text, const std::string& path,
                       const SourceLocation& where);

}  // namespace hawser
