#include "simobjects/body/wamit_hull.h"

#include <cmath>
#include <complex>
#include <numbers>

#include "hawser/log.h"
#include "hawser/text.h"
#include "hawser/text_file.h"

namespace hawser {
namespace {

using Matrix6d = Eigen::Matrix<double, 6, 6>;
constexpr const char* kDof[] = {"surge", "sway", "heave", "roll", "pitch", "yaw"};

bool SameOmega(double a, double b) { return std::abs(a - b) <= 1e-6 * std::max(a, b); }

/// The .1 and .3 files' periods must agree; a .3 that lists the .1's frequencies (or the
/// reverse) is named as a mix of units.
void CheckSamePeriods(const WamitRadiation& radiation, const std::string& path1,
                      const std::vector<double>& omegas3, const std::vector<int>& lines3,
                      const std::string& path3) {
  auto contains = [](const std::vector<double>& list, double w) {
    for (double v : list)
      if (SameOmega(v, w)) return true;
    return false;
  };
  // omega = 2 pi / x read as a period; x read as a frequency would be omega' = x = 2 pi / omega.
  auto swapped = [](double w) { return 2.0 * std::numbers::pi / w; };
  for (size_t k = 0; k < omegas3.size(); ++k) {
    if (contains(radiation.omegas, omegas3[k])) continue;
    const bool mixed = contains(radiation.omegas, swapped(omegas3[k]));
    throw ScenarioError(SourceLocation{path3, lines3[k]},
                        "WAMIT .3 period " + NumberText(2.0 * std::numbers::pi / omegas3[k]) +
                            " s is not in the .1 file '" + path1 + "'" +
                            (mixed ? " (it is one of the .1 file's frequencies: mixed units; "
                                     "both files must give periods in s)"
                                   : "; expected the same periods in both files"));
  }
  for (size_t k = 0; k < radiation.omegas.size(); ++k) {
    if (contains(omegas3, radiation.omegas[k])) continue;
    throw ScenarioError(
        SourceLocation{path1, radiation.lines[k]},
        "WAMIT .1 period " + NumberText(2.0 * std::numbers::pi / radiation.omegas[k]) +
            " s is not in the .3 file '" + path3 + "'; expected the same periods in both files");
  }
}

}  // namespace

void RadiationMemory::Add(int i, int j, RadiationStateSpace model) {
  const int n = static_cast<int>(model.a.rows());
  pairs_.push_back({.i = i, .j = j, .offset = size_, .model = std::move(model)});
  size_ += n;
}

Eigen::Matrix<double, 6, 1> RadiationMemory::Force(const double* x) const {
  Eigen::Matrix<double, 6, 1> mu = Eigen::Matrix<double, 6, 1>::Zero();
  for (const Pair& p : pairs_) {
    const Eigen::Index n = p.model.a.rows();
    mu[p.i] += p.model.c.dot(Eigen::Map<const Eigen::VectorXd>(x + p.offset, n));
  }
  return mu;
}

void RadiationMemory::Derivative(const double* x, const Eigen::Matrix<double, 6, 1>& nu,
                                 double* dx) const {
  for (const Pair& p : pairs_) {
    const Eigen::Index n = p.model.a.rows();
    Eigen::Map<Eigen::VectorXd>(dx + p.offset, n) =
        p.model.a * Eigen::Map<const Eigen::VectorXd>(x + p.offset, n) + p.model.b * nu[p.j];
  }
}

WamitHull ReadWamitHull(const SimObject& object, const ObjectArgs& args, const std::string& base,
                        const WamitScales& scales, double tolerance) {
  const auto given = args.values.find("WamitFile");
  const SourceLocation where = given == args.values.end() ? args.loc : given->second.second;
  const std::string root = object.ResolvePath(base);
  auto read = [&](const char* extension) {
    const std::string path = root + extension;
    return std::make_pair(path, ReadRegularFile(path, std::string("WAMIT ") + extension + " file",
                                                where, " (WamitFile=\"" + base + "\")"));
  };
  const auto [path1, text1] = read(".1");
  const auto [path3, text3] = read(".3");
  const auto [path_hst, text_hst] = read(".hst");
  const WamitRadiation radiation = ParseWamitRadiation(text1, path1, scales, where);
  std::vector<int> lines3;
  RaoTable excitation = ParseWamitExcitation(text3, path3, scales, where, &lines3);
  CheckSamePeriods(radiation, path1, excitation.frequencies(), lines3, path3);
  WamitHull hull{.stiffness = ParseWamitHydrostatics(text_hst, path_hst, scales, where),
                 .added_mass_infinite = Matrix6d::Zero(),
                 .excitation = std::move(excitation),
                 .memory = {}};

  const size_t nw = radiation.omegas.size();
  auto curve = [&](const std::vector<Matrix6d>& m, int i, int j) {
    std::vector<double> v;
    for (const Matrix6d& x : m) v.push_back(x(i, j));
    return v;
  };
  if (radiation.added_mass_infinite) {
    hull.added_mass_infinite = *radiation.added_mass_infinite;
  } else {
    // Ogilvie's relation, K integrated over half the trapezoid's aliasing period 2 pi / dw_max.
    double step = radiation.omegas.front();
    for (size_t k = 1; k < nw; ++k)
      step = std::max(step, radiation.omegas[k] - radiation.omegas[k - 1]);
    for (int i = 0; i < 6; ++i)
      for (int j = 0; j < 6; ++j)
        hull.added_mass_infinite(i, j) =
            OgilvieInfiniteAddedMass(radiation.omegas, curve(radiation.added_mass, i, j),
                                     curve(radiation.damping, i, j), std::numbers::pi / step);
    Note(object.name() + " (" + object.type() + "): '" + path1 +
         "' has no PER = 0 rows; infinite-frequency added mass from Ogilvie's relation");
  }

  // K_ij(i w) = B_ij(w) + i w (A_ij(w) - A_ij,inf), fitted where it matters: a coupling whose
  // largest |K_ij| is under 1e-3 sqrt(max|K_ii| max|K_jj|) (a dimensionally fair scale) is left
  // out, as are all-zero curves.
  std::vector<std::vector<std::complex<double>>> k(36);
  Eigen::Matrix<double, 6, 6> largest = Eigen::Matrix<double, 6, 6>::Zero();
  for (int i = 0; i < 6; ++i) {
    for (int j = 0; j < 6; ++j) {
      auto& kij = k[static_cast<size_t>(6 * i + j)];
      for (size_t w = 0; w < nw; ++w) {
        kij.emplace_back(
            radiation.damping[w](i, j),
            radiation.omegas[w] * (radiation.added_mass[w](i, j) - hull.added_mass_infinite(i, j)));
        largest(i, j) = std::max(largest(i, j), std::abs(kij.back()));
      }
    }
  }
  for (int i = 0; i < 6; ++i) {
    for (int j = 0; j < 6; ++j) {
      if (largest(i, j) == 0.0 || largest(i, j) < 1e-3 * std::sqrt(largest(i, i) * largest(j, j)))
        continue;
      RadiationStateSpace fit =
          FitRadiation(radiation.omegas, k[static_cast<size_t>(6 * i + j)], tolerance);
      const std::string what = object.name() + " (" + object.type() + "): radiation memory K" +
                               std::to_string(i + 1) + std::to_string(j + 1) + " (" + kDof[i] +
                               ", " + kDof[j] + "): order " + std::to_string(fit.a.rows()) +
                               ", fit error " + NumberText(fit.error, 3);
      if (!std::isfinite(fit.error)) {
        throw ScenarioError(where, what + ": no finite fit of '" + path1 +
                                       "' (its A(omega) and B(omega) for this pair)");
      }
      if (fit.error > tolerance) {
        Warn(where, what + " exceeds RadiationFitTolerance " + NumberText(tolerance) +
                        " at order " + std::to_string(kMaxFitOrder) + " or below");
      } else {
        Note(what);
      }
      hull.memory.Add(i, j, std::move(fit));
    }
  }
  return hull;
}

}  // namespace hawser
