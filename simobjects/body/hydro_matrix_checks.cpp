#include "simobjects/body/hydro_matrix_checks.h"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

#include "hawser/text.h"

namespace hawser {
namespace {

bool SixBySix(const Eigen::MatrixXd& m) { return m.rows() == 6 && m.cols() == 6; }

std::string Entry(int i, int j) {
  std::string text = "(";
  text += std::to_string(i + 1);
  text += ',';
  text += std::to_string(j + 1);
  text += ')';
  return text;
}

/// The smallest eigenvalue of the symmetric part of m and the largest magnitude.
std::pair<double, double> SymmetricEigenRange(const Eigen::MatrixXd& m) {
  const Eigen::MatrixXd s = 0.5 * (m + m.transpose());
  const Eigen::VectorXd eig =
      Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(s, Eigen::EigenvaluesOnly).eigenvalues();
  return {eig.minCoeff(), eig.cwiseAbs().maxCoeff()};
}

}  // namespace

std::string SymmetricCheck(const Eigen::MatrixXd& m) {
  if (!SixBySix(m)) return "";
  for (int i = 0; i < 6; ++i) {
    for (int j = i + 1; j < 6; ++j) {
      const double allowed = kAddedMassAsymmetry * std::max(std::abs(m(i, j)), std::abs(m(j, i))) +
                             1e-9 * std::sqrt(std::abs(m(i, i) * m(j, j)));
      if (std::abs(m(i, j) - m(j, i)) > allowed) {
        return "a symmetric matrix (A_ij = A_ji in potential flow), but entry " + Entry(i, j) +
               " is " + NumberText(m(i, j)) + " and " + Entry(j, i) + " is " + NumberText(m(j, i)) +
               ", more than " + NumberText(100.0 * kAddedMassAsymmetry) + " % apart";
      }
    }
  }
  return "";
}

std::string DissipativeCheck(const Eigen::MatrixXd& m) {
  if (!SixBySix(m)) return "";
  const auto [lowest, largest] = SymmetricEigenRange(m);
  // Rounding in the eigen-solver is ~1e-15 of the largest eigenvalue; allow 1e-12 of it.
  if (lowest >= -1e-12 * largest) return "";
  return "a damping that takes power out: the symmetric part (B + B^T)/2 positive "
         "semi-definite, but its smallest eigenvalue is " +
         NumberText(lowest, 4) + " (it would feed the motion energy)";
}

std::string NonNegativeDiagonalCheck(const Eigen::MatrixXd& m) {
  if (!SixBySix(m)) return "";
  for (int i = 0; i < 6; ++i) {
    if (m(i, i) < 0.0) {
      return "no negative diagonal entry (each motion's quadratic drag takes power out), but "
             "entry " +
             Entry(i, i) + " is " + NumberText(m(i, i));
    }
  }
  return "";
}

std::string UnstableRestoring(const Eigen::MatrixXd& c) {
  if (!SixBySix(c)) return "";
  for (int i : {3, 4}) {
    if (c(i, i) < 0.0) {
      std::string text = i == 3 ? "roll restoring C44 = " : "pitch restoring C55 = ";
      text += NumberText(c(i, i));
      text +=
          " is negative (a negative metacentric height): the hull capsizes unless moorings or "
          "other forces hold it";
      return text;
    }
  }
  const auto [lowest, largest] = SymmetricEigenRange(c.block<3, 3>(2, 2));
  if (lowest >= -1e-12 * largest) return "";
  return "the heave/roll/pitch restoring block (rows and columns 3-5) is not positive "
         "semi-definite (smallest eigenvalue " +
         NumberText(lowest, 4) + "): the hull is unstable unless moorings hold it";
}

}  // namespace hawser
