// What Body/FloatingBody's 6x6 matrices must be for a real body in real water
// (docs/ocean-and-bodies.md, "Limits"). Each returns "" when the matrix passes, else what is
// expected (for ParamSpec::check and messages); a matrix that is not 6x6 passes here (its size is
// reported on its own).
//   AddedMass: symmetric (potential flow: A_ij = A_ji by Green's second identity, Newman 1977
//     section 4.13), to within kAddedMassAsymmetry of the pair, the rounding of a panel code's
//     output. Its sign is not checked alone: the frequency-dependent added mass of some hulls is
//     negative near resonances; M + A must be positive definite (checked at the start).
//   LinearDamping: the symmetric part positive semi-definite, so that the power -nu^T B nu it
//     takes out is never negative (a skew part, gyroscopic, does no work and is allowed).
//   QuadraticDamping: no negative diagonal entry (each DOF's own quadratic drag takes power out).
//   HydrostaticStiffness: C33 = rho g Awp >= 0 for any body piercing the surface (an error);
//     C44 or C55 < 0 (a negative metacentric height) or a heave/roll/pitch block that is not
//     positive semi-definite is an unstable hull that moorings may hold (a warning).
#pragma once

#include <Eigen/Core>
#include <string>

namespace hawser {

/// |A_ij - A_ji| <= 1 % of max(|A_ij|, |A_ji|), plus 1e-9 of sqrt(|A_ii A_jj|) for rounding of
/// couplings that should be zero.
inline constexpr double kAddedMassAsymmetry = 0.01;

std::string SymmetricCheck(const Eigen::MatrixXd& m);
std::string DissipativeCheck(const Eigen::MatrixXd& m);
std::string NonNegativeDiagonalCheck(const Eigen::MatrixXd& m);
/// "" or what makes the restoring of a hydrostatic stiffness C (6x6) unstable (for a warning).
std::string UnstableRestoring(const Eigen::MatrixXd& c);

}  // namespace hawser
