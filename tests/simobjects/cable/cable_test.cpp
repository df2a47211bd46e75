#include "simobjects/cable/cable.h"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <numbers>

#include "bench/reference_line.h"
#include "simobjects/cable/catenary.h"
#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {

TEST_CASE("Cable/Cable settled reference line: fairlead tension vs the elastic catenary") {
  const auto sol = SolveCatenary({500.0, kRefWeight, 6.0e8}, 470.0, 90.0, true);
  REQUIRE(sol.has_value());
  // Tolerances from the task: 0.1 % at N = 100 and 1 % at N = 20 (the lumped-mass
  // discretisation error; the seabed's 4.6 mm sink under w / SeabedStiffness adds ~1e-5).
  // Plain variables, not a structured binding: clang 14 cannot capture bindings (CAPTURE).
  for (const auto& n_tol : {std::pair{100, 1e-3}, std::pair{20, 1e-2}}) {
    const int n = n_tol.first;
    const double tol = n_tol.second;
    CAPTURE(n);
    const MemorySink sink = Run(ReferenceLineXml(n, "", "cvode-bdf", /*settle=*/true, 0.1));
    const double fx = sink.Column("L1.ForceB[0]")[0], fz = sink.Column("L1.ForceB[2]")[0];
    // ForceB acts on the fairlead: towards the anchor (-x) and down.
    CHECK(-fx == doctest::Approx(sol->horizontal_tension).epsilon(tol));
    CHECK(-fz == doctest::Approx(sol->vertical_tension).epsilon(tol));
    CHECK(sink.Column("L1.ForceB[1]")[0] == doctest::Approx(0.0).scale(1e-6 * -fx));
    // At rest nothing dissipates: the settle reached velocities ~1e-9 m/s (residual), where the
    // largest term, axial damping c (dl/dt)^2 with c ~ 2e5 N s/m, is ~1e-13 W. (Settle holds the
    // DissipatedEnergy accumulator and keeps its watts out of the residual it steers by.)
    CHECK(std::abs(sink.Column("L1.DissipatedPower")[0]) < 1e-6);
    // Touchdown: nodes up to floor(L_B / l0) touch the seabed (z below it), those from the
    // second node past it are clear of it; the node in between may go either way.
    const double l0 = 500.0 / n;
    const int last_grounded = static_cast<int>(std::floor(sol->grounded_length / l0));
    for (int i = 1; i < n; ++i) {
      const double z = sink.Column(fmt::format("L1.NodePositions[{}]", 3 * i + 2))[0];
      if (i <= last_grounded) CHECK_MESSAGE(z < -100.0, "node ", i, " z ", z);
      if (i >= last_grounded + 2) CHECK_MESSAGE(z > -100.0, "node ", i, " z ", z);
    }
  }
}

}  // namespace hawser::test

namespace hawser::test {
namespace {

// A taut 4-segment line between (0,0,0) and (10,0,0) in air (no water, drag, added mass or
// seabed), as Cable/Cable and as Cable/LinearSpring + Body/3DBody with the same lumped masses.
constexpr int kChainN = 4;
constexpr double kChainL = 9.9, kChainMu = 1.0, kChainEA = 1e4;

std::string ChainXml(bool with_cable) {
  const double l0 = kChainL / kChainN;
  std::string objects, wiring, initial, nodes_ic;
  if (with_cable) {
    objects = fmt::format(
        R"(<Lib LibName="base" SimObject="Cable/Cable" Name="C" NumElements="{}" Length="{}"
 Diameter="0.1" MassPerLength="{}" EA="{}" DampingRatio="0" Cdn="0" Cdt="0" Can="0"
 WaterDensity="0"/>)",
        kChainN, kChainL, kChainMu, kChainEA);
    wiring = R"(<Connection C.PositionA="0,0,0" C.PositionB="10,0,0"/>)";
    for (int i = 1; i < kChainN; ++i)
      nodes_ic += fmt::format("{}{},0,0,0,0,0", i > 1 ? "," : "", 2.5 * i);
    initial = fmt::format(R"(<InitialCondition C.Nodes="{}"/>)", nodes_ic);
  } else {
    for (int i = 1; i <= kChainN; ++i) {
      objects += fmt::format(
          R"(<Lib LibName="base" SimObject="Cable/LinearSpring" Name="S{}" Stiffness="{}" RelaxedLength="{}"/>)",
          i, kChainEA / l0, l0);
    }
    for (int i = 1; i < kChainN; ++i) {
      objects +=
          fmt::format(R"(<Lib LibName="base" SimObject="Body/3DBody" Name="N{}" Mass="{}"/>)", i,
                      kChainMu * l0);
      wiring += fmt::format(
          R"(<Connection S{0}.PosB="N{0}.Pos" S{1}.PosA="N{0}.Pos" N{0}.Force="S{0}.ForceB + S{1}.ForceA"/>)",
          i, i + 1);
      initial += fmt::format(R"(<InitialCondition N{}.Pos="{},0,0"/>)", i, 2.5 * i);
    }
    wiring += fmt::format(R"(<Connection S1.PosA="0,0,0" S{}.PosB="10,0,0"/>)", kChainN);
  }
  return ScenarioXml(objects, wiring, initial,
                     R"(<Engine Integrator="cvode-bdf" AbsTol="1e-10" RelTol="1e-10" )"
                     R"(TOutput="0, 0.05, 2" FileOutput="objects:all"/>)");
}

}  // namespace

TEST_CASE("Cable/Cable equals a chain of Cable/LinearSpring and Body/3DBody") {
  const MemorySink cable = Run(ChainXml(true));
  const MemorySink chain = Run(ChainXml(false));
  REQUIRE(cable.times().size() == chain.times().size());
  const double half_weight = 0.5 * kChainMu * kChainL / kChainN * 9.81;
  double max_sag = 0.0;
  for (size_t r = 0; r < cable.times().size(); ++r) {
    for (int i = 1; i < kChainN; ++i) {
      for (int k = 0; k < 3; ++k) {
        // Identical equations, integrated to 1e-10: positions of ~10 m agree to 1e-6 m.
        CHECK(cable.Column(fmt::format("C.NodePositions[{}]", 3 * i + k))[r] ==
              doctest::Approx(chain.Column(fmt::format("N{}.Pos[{}]", i, k))[r])
                  .scale(1)
                  .epsilon(1e-6));
      }
      max_sag = std::max(max_sag, -cable.Column(fmt::format("C.NodePositions[{}]", 3 * i + 2))[r]);
    }
    // The equivalence holds while every segment is taut (springs also push, the cable not).
    for (int s = 0; s < kChainN; ++s) CHECK(cable.Column(fmt::format("C.Tension[{}]", s))[r] > 0.0);
    // ForceB: the last spring's pull plus the weight of the half segment lumped at B.
    for (int k = 0; k < 3; ++k) {
      const double spring = chain.Column(fmt::format("S{}.ForceB[{}]", kChainN, k))[r];
      CHECK(cable.Column(fmt::format("C.ForceB[{}]", k))[r] ==
            doctest::Approx(spring - (k == 2 ? half_weight : 0.0)).scale(100).epsilon(1e-6));
    }
  }
  CHECK(max_sag > 0.01);  // The line did move.
}

TEST_CASE("Cable/Cable dynamic reference line: CVODE BDF (band) agrees with fixed-step RK4") {
  // N = 20, fairlead x = 5 sin(2 pi t / 10), 20 s from the settled state. RK4 at 2 ms is ~8x
  // below its stability limit (~17 ms) and its error ~(h w)^4 is negligible for the slow
  // modes that carry the tension; the task's criterion is an RMS difference < 0.5 % of the mean.
  const MemorySink bdf = Run(ReferenceLineXml(
      20, R"(AbsTol="1e-6" RelTol="1e-6" LinearSolver="band")", "cvode-bdf", true, 20.0, true));
  const MemorySink rk4 = Run(ReferenceLineXml(20, R"(stepsize="0.002")", "rk4", true, 20.0, true));
  const auto t_bdf = bdf.Column("L1.TensionB"), t_rk4 = rk4.Column("L1.TensionB");
  REQUIRE(t_bdf.size() == t_rk4.size());
  double sum2 = 0.0, mean = 0.0, lo = 1e300, hi = 0.0;
  for (size_t i = 0; i < t_bdf.size(); ++i) {
    sum2 += (t_bdf[i] - t_rk4[i]) * (t_bdf[i] - t_rk4[i]);
    mean += t_rk4[i];
    lo = std::min(lo, t_rk4[i]);
    hi = std::max(hi, t_rk4[i]);
  }
  mean /= t_bdf.size();
  const double rms = std::sqrt(sum2 / t_bdf.size());
  MESSAGE("tension mean " << mean << " N, range " << lo << " .. " << hi << " N, RMS difference "
                          << rms << " N; BDF " << bdf.result().stats.steps << " steps, "
                          << bdf.result().stats.rhs_evals << " RHS, "
                          << bdf.result().stats.jacobian_evals << " Jacobians");
  CHECK(rms < 5e-3 * mean);
  CHECK(hi - lo > 0.1 * mean);  // The motion does change the tension markedly.
}

TEST_CASE("Cable/Cable: the model's Jacobian band comes from the cable's declared coupling") {
  SUBCASE("fixed ends: the cable's own band") {
    auto model = Model::Assemble(
        LoadScenarioFromString(ReferenceLineXml(10, "", "cvode-bdf", false, 0.1), "t.xml"),
        BuiltinRegistry());
    CHECK(model->size() == 55);  // 9 nodes x 6 and DissipatedEnergy.
    CHECK(model->Bandwidth() == std::pair{11, 8});
  }
  SUBCASE("a body at end B: its 6 states follow the cable's 55 and couple to the last node") {
    const std::string xml = ScenarioXml(
        R"(<Lib LibName="base" SimObject="Cable/Cable" Name="C" NumElements="10" Length="20"
 Diameter="0.1" MassPerLength="1" EA="1e5"/>
<Lib LibName="base" SimObject="Body/3DBody" Name="B" Mass="10"/>)",
        R"(<Connection C.PositionA="0,0,0" C.PositionB="B.Pos" C.VelocityB="B.Vel" B.Force="C.ForceB"/>)");
    auto model = Model::Assemble(LoadScenarioFromString(xml, "t.xml"), BuiltinRegistry());
    CHECK(model->size() == 61);
    // End B is read by the last free node's rows 48..53 and the DissipatedEnergy row 54:
    // they reach body columns up to 60 (upper 60 - 48 = 12). ForceB reads that node (columns
    // 48..53) and end B itself, so body rows 55..60 reach back to column 48 (lower 12). Without
    // the cable's DeclareInputReadBy/DeclareOutputReads every cable row would read the body and
    // the band would be full (60, 60).
    CHECK(model->Bandwidth() == std::pair{12, 12});
    const SparsityPattern& p = *model->Sparsity();
    CHECK(p.Contains(60, 48));        // Body velocity row <- last free node's x.
    CHECK_FALSE(p.Contains(60, 47));  // ... and not the node before it.
    CHECK(p.Contains(53, 55));        // Last free node <- body position.
    CHECK_FALSE(p.Contains(47, 55));
  }
}

}  // namespace hawser::test
