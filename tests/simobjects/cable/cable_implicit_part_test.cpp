// Cable::SolveImplicitPart (the leapfrog's centred damping, Newmark's implicit part) against a
// dense solve built from finite differences: at zero node velocities the accelerations'
// derivative by the velocities is -M^-1 C exactly (the axial damping is linear in the rates,
// the quadratic drag's derivative is zero there), so the filter (M + g C)^-1 M is
// (I - g da/dv)^-1. On a uniform line the axial stiffness is K = (k / c) C (both D^T diag D over
// the taut segments, c = DampingRatio sqrt(2 k m)), so (M + g' C + b K)^-1 M is the same with
// g = g' + b k / c.
#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {
namespace {

TEST_CASE(
    "Cable/Cable: SolveImplicitPart(g', b) is (I - (g' + b k / c) da/dv)^-1 on the free nodes' "
    "accelerations") {
  // A taut line in water (stretched 1 %: tension about 1e4 N against 981 N of weight, so every
  // segment is taut), added mass across the tangent only (M anisotropic), 9 free nodes.
  const std::string xml = ScenarioXml(
      R"(<Lib LibName="base" SimObject="Cable/Cable" Name="C" NumElements="10" Length="20"
 Diameter="0.1" MassPerLength="5" EA="1e6" WaterDensity="1025" Gravity="9.81"/>)",
      R"(<Connection C.PositionA="0,0,0" C.PositionB="20.2,0,-1"/>)");
  auto model = Model::Assemble(LoadScenarioFromString(xml, "t.xml"), BuiltinRegistry());
  std::vector<double> x = model->InitialState(0.0);
  REQUIRE(x.size() == 55);
  const int free_nodes = 9, m = 3 * free_nodes;
  const auto velocity = [](int k) { return static_cast<size_t>(6 * (k / 3) + 3 + k % 3); };
  for (int k = 0; k < m; ++k) x[velocity(k)] = 0.0;

  // da/dv by central differences: exact for the linear damping up to rounding (1e-9 relative
  // at eps = 1e-6 m/s); the drag's |u| u contributes eps Cd rho d l / (2 m), 1e-7 relative.
  const double eps = 1e-6;
  Eigen::MatrixXd dadv(m, m);
  std::vector<double> plus(x.size()), minus(x.size()), xp(x.size()), xm(x.size());
  for (int c = 0; c < m; ++c) {
    std::copy(x.begin(), x.end(), xp.begin());
    std::copy(x.begin(), x.end(), xm.begin());
    xp[velocity(c)] += eps;
    xm[velocity(c)] -= eps;
    REQUIRE(model->Rhs(0.0, xp.data(), plus.data()));
    REQUIRE(model->Rhs(0.0, xm.data(), minus.data()));
    for (int r = 0; r < m; ++r) dadv(r, c) = (plus[velocity(r)] - minus[velocity(r)]) / (2 * eps);
  }
  REQUIRE(dadv.norm() > 10.0);  // The damping is there: c / m = 158 / s per segment.

  const double g = 0.005;  // theta h = 1/2 of a 0.01-s step: g c / m = 0.8, far from I.
  Eigen::VectorXd change(m);
  for (int k = 0; k < m; ++k) change(k) = std::sin(1.0 + 0.7 * k) * 10.0;
  const Eigen::VectorXd expected =
      (Eigen::MatrixXd::Identity(m, m) - g * dadv).partialPivLu().solve(change);

  // k / c = 5e5 / (0.5 sqrt(2 5e5 10)) = sqrt(1e5) / s: the damping and stiffness factors
  // (damping_h, stiffness_h2) below all make g = 0.005.
  const double k_over_c = std::sqrt(1e5), b = g / k_over_c;
  const auto n = static_cast<Eigen::Index>(x.size());
  for (const std::pair<double, double>& factors :
       std::vector<std::pair<double, double>>{{g, 0.0}, {0.0, b}, {g / 4, 0.75 * b}}) {
    const double damping_h = factors.first, stiffness_h2 = factors.second;
    CAPTURE(damping_h);
    CAPTURE(stiffness_h2);
    Eigen::VectorXd xdot(n);
    Eigen::VectorXd filtered = Eigen::VectorXd::Constant(n, 7.0);
    REQUIRE(model->Rhs(0.0, x.data(), xdot.data()));
    for (int k = 0; k < m; ++k) filtered(static_cast<Eigen::Index>(velocity(k))) = change(k);
    const Eigen::VectorXd zero = Eigen::VectorXd::Zero(n);
    model->SolveImplicitPart(damping_h, stiffness_h2, zero.data(), filtered.data());
    double largest = 0.0;
    for (int k = 0; k < m; ++k) largest = std::max(largest, std::abs(expected(k)));
    for (int k = 0; k < m; ++k) {
      CAPTURE(k);
      CHECK(std::abs(filtered(static_cast<Eigen::Index>(velocity(k))) - expected(k)) <
            1e-6 * largest);
    }
    // Every other entry (positions' rates, DissipatedEnergy) is left as it was.
    for (size_t i = 0; i < x.size(); ++i) {
      if (i < 54 && (i % 6) >= 3) continue;
      CAPTURE(i);
      CHECK(filtered(static_cast<Eigen::Index>(i)) == 7.0);
    }
  }
  // The filter is not the identity here: it damps the change by tens of percent.
  CHECK((expected - change).norm() > 0.1 * change.norm());
}

TEST_CASE("Cable/Line: SolveImplicitPart takes a tension-strain table's slope as the stiffness") {
  // Two 20 m lines of 10 segments between the same points with the same tension at every
  // length: one whose table T_el = 2e6 eps overrides EA = 1e6 (stiffness slope / l0 = 1e6 N/m),
  // one with EA = 2e6 and no table. DampingRatio 0.5 and 0.5 / sqrt(2) give both the damping
  // c = 0.5 sqrt(2 (1e6 / 2) 10) N s/m. So the filter with the stiffness alone must agree to
  // rounding (1e-12 of the largest entry); with the table's EA it would differ by half of K.
  const auto filtered = [](const std::string& type, const std::string& ratio) {
    const std::string xml =
        "<Contents><LINETYPES><LineType Name=\"rope\" Diameter=\"0.1\" MassPerLength=\"5\" "
        "MBL=\"1e7\" " +
        type + "/></LINETYPES>" +
        ScenarioXml(
            R"(<Lib LibName="base" SimObject="Cable/Line" Name="C" Sections="rope 20 10" DampingRatio=")" +
                ratio + R"(" WaterDensity="1025" Gravity="9.81"/>)",
            R"(<Connection C.PositionA="0,0,0" C.PositionB="20.2,0,-1"/>)")
            .substr(std::string("<Contents>").size());
    auto model = Model::Assemble(LoadScenarioFromString(xml, "t.xml"), BuiltinRegistry());
    std::vector<double> x = model->InitialState(0.0);
    Eigen::VectorXd xdot(static_cast<Eigen::Index>(x.size()));
    REQUIRE(model->Rhs(0.0, x.data(), xdot.data()));
    const Eigen::VectorXd previous = Eigen::VectorXd::Zero(xdot.size());
    for (Eigen::Index i = 0; i < xdot.size(); ++i)
      xdot(i) = std::sin(1.0 + 0.7 * static_cast<double>(i));
    model->SolveImplicitPart(0.0, 2e-5, previous.data(), xdot.data());
    return xdot;
  };
  const Eigen::VectorXd table = filtered(R"(EA="1e6" TensionStrain="0.01:2e4 0.02:4e4")", "0.5");
  const Eigen::VectorXd linear = filtered(R"(EA="2e6")", "0.35355339059327373");
  REQUIRE(table.size() == linear.size());
  CHECK((table - linear).lpNorm<Eigen::Infinity>() < 1e-12 * linear.lpNorm<Eigen::Infinity>());
}

}  // namespace
}  // namespace hawser::test
