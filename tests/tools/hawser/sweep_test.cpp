// `hawser sweep`: the /cases table against each case run alone, failing cases, --resume, MPI,
// and derived parameters (expressions of variables) following a swept variable.
#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <map>

#include "runtime/analysis/hdf5_reader.h"
#include "runtime/run/simulation.h"
#include "runtime/sweep/sweep_file.h"
#include "runtime/sweep/sweep_runner.h"
#include "simobjects/register_base.h"
#include "tests/tools/hawser/spring_ball.h"
#include "tests/tools/hawser/sweep_test_support.h"

namespace hawser::sweep_test {
namespace {

// A ball hanging from a spring, released at rest from z0 = -1: every swept kind appears (a
// VARIABLE k, a parameter Ball.Mass, an element of an initial condition, an Engine attribute).
const std::string kHanging = testing::SpringBallScenario(
    {.variables = {R"(<Variable Name="k" Value="50" />)"},
     .spring = R"(Stiffness="${k}" RelaxedLength="1")",
     .initial = R"(Ball.Pos="0,0,-1" Ball.Vel="0,0,0")",
     .engine =
         R"(IntegratorMethod="2" TOutput="0, 0.05, 4" AbsTol="1e-9" RelTol="1e-9" FileOutput="objects:all")"});

const char* kSweepArgs =
    "--set k=20,50 --set Ball.Mass=1,2 --set Ball:Pos[2]=-1,-1.2 --set Engine.RelTol=1e-8 "
    "--summary 'Ball.Pos[2]:min' --summary 'Spring.ForceB[2]:max' --summary 'Ball.Pos[2]:final' "
    "--summary 'Ball.Pos[2]:mean' --summary 'Ball.Pos[2]:rms' -q";

std::string ReplaceAll(std::string s, const std::string& from, const std::string& to) {
  for (auto p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size())) {
    s.replace(p, from.size(), to);
  }
  return s;
}

TEST_CASE("sweep: /cases matches running each case alone") {
  const TempDir dir("sweep_alone");
  WriteFile(dir + "/s.xml", kHanging);
  const Shell sweep = RunCommand(Hawser() + " sweep s.xml -j 2 -o sweep.h5 " + kSweepArgs, dir);
  REQUIRE_MESSAGE(sweep.exit_code == 0, sweep.output);
  const CasesTable table = ReadCasesTable(dir + "/sweep.h5");
  REQUIRE(table.rows.size() == 8);  // 2 x 2 x 2 x 1, last name fastest.
  for (size_t r = 0; r < table.rows.size(); ++r) {
    const std::string k = table.at(r, "k"), mass = table.at(r, "Ball.Mass"),
                      z0 = table.at(r, "Ball:Pos[2]");
    CHECK(table.at(r, "case") == std::to_string(r));
    CHECK(k == (r < 4 ? "20" : "50"));
    CHECK(z0 == (r % 2 == 0 ? "-1" : "-1.2"));
    // The same case written by hand (text edits, not the sweep's own overrides), run in memory.
    std::string xml = ReplaceAll(kHanging, "Mass=\"2\"", "Mass=\"" + mass + "\"");
    xml = ReplaceAll(xml, "Ball.Pos=\"0,0,-1\"", "Ball.Pos=\"0,0," + z0 + "\"");
    xml = ReplaceAll(xml, "RelTol=\"1e-9\"", "RelTol=\"1e-8\"");
    MemorySink alone = RunScenarioText(xml, BuiltinRegistry(), {{"k", k}});
    REQUIRE(alone.result().status == RunStatus::kCompleted);
    const std::vector<double> z = alone.Column("Ball.Pos[2]");
    const std::vector<double> f = alone.Column("Spring.ForceB[2]");
    double sum = 0, sum_sq = 0;
    for (double v : z) sum += v, sum_sq += v * v;
    // Same code, same inputs: the numbers agree to the last bit; 1e-12 allows summation order.
    auto same = [&](const std::string& column, double expected) {
      const double got = std::stod(table.at(r, column));
      CHECK_MESSAGE(got == doctest::Approx(expected).epsilon(1e-12), column << " case " << r);
    };
    same("Ball.Pos[2]:min", *std::min_element(z.begin(), z.end()));
    same("Spring.ForceB[2]:max", *std::max_element(f.begin(), f.end()));
    same("Ball.Pos[2]:final", z.back());
    same("Ball.Pos[2]:mean", sum / z.size());
    same("Ball.Pos[2]:rms", std::sqrt(sum_sq / z.size()));
    CHECK(table.at(r, "status") == "completed");
    CHECK(table.at(r, "steps") == std::to_string(alone.result().stats.steps));
    CHECK(table.at(r, "rhs_evals") == std::to_string(alone.result().stats.rhs_evals));
    CHECK(table.at(r, "rows") == std::to_string(z.size()));
  }
  // Each case's group has the single-run layout, with its own settings and status.
  const Shell group = RunCommand(
      "/usr/bin/python3 -c \"import h5py; f = h5py.File('sweep.h5'); g = f['case_00005']; "
      "print(g.attrs['status'], g.attrs['rel_tol'], g['Ball/Pos'].shape, g['time'].shape, "
      "f.attrs['status'])\"",
      dir);
  CHECK_MESSAGE(group.output == "completed 1e-08 (81, 3) (81,) completed\n", group.output);
}

// A mass coasting through the spring's anchor: with Vel = -1 an Euler step lands on it (failure);
// slower ones never do.
const std::string kCoasting = testing::SpringBallScenario(testing::CoastingBall("-1"));

TEST_CASE("sweep: a failing case is recorded and the others go on (exit code 3)") {
  const TempDir dir("sweep_fail");
  WriteFile(dir + "/c.xml", kCoasting);
  const Shell sweep = RunCommand(Hawser() +
                                     " sweep c.xml --set 'Ball:Vel[2]=-0.3,-1,-0.2' "
                                     "--summary 'Ball.Pos[2]:final' -o s.h5 -q",
                                 dir);
  CHECK_MESSAGE(sweep.exit_code == 3, sweep.output);
  const CasesTable t = ReadCasesTable(dir + "/s.h5");
  REQUIRE(t.rows.size() == 3);
  CHECK(t.at(0, "status") == "completed");
  CHECK(t.at(1, "status") == "failed");
  CHECK(t.at(1, "message").find("Spring.ForceA") != std::string::npos);
  CHECK(t.at(1, "rows") == "4");  // t = 0 .. 0.75 before the failure at t = 1.
  CHECK(t.at(2, "status") == "completed");
  CHECK(std::stod(t.at(2, "Ball.Pos[2]:final")) == doctest::Approx(1 - 0.2 * 2).epsilon(1e-12));
}

TEST_CASE("sweep: --resume runs only the cases the file lacks") {
  const TempDir dir("sweep_resume");
  WriteFile(dir + "/s.xml", kHanging);
  // An earlier sweep that stopped after cases 0 and 2, written through the library.
  SweepSetup setup;
  setup.scenario_file = "s.xml";
  setup.scenario_text = kHanging;
  setup.registry = &BuiltinRegistry();
  setup.definition.parameters = {ParseSweepSetting("k=20,50"), ParseSweepSetting("Ball.Mass=1,2")};
  setup.definition.summaries = {ParseSummarySpec("Ball.Pos[2]:min")};
  const std::vector<SweepCase> cases = ExpandCases(setup.definition);
  {
    auto file = SweepFile::Create(dir + "/r.h5", setup, cases);
    RunSweepThreads(setup, cases, {0, 2}, *file, {});
    file->Finish("interrupted", "test");
  }
  const CasesTable before = ReadCasesTable(dir + "/r.h5");
  CHECK(before.at(1, "status") == "pending");
  const Shell resume = RunCommand(Hawser() +
                                      " sweep s.xml --set k=20,50 --set Ball.Mass=1,2 "
                                      "--summary 'Ball.Pos[2]:min' -o r.h5 --resume",
                                  dir);
  CHECK_MESSAGE(resume.exit_code == 0, resume.output);
  CHECK_MESSAGE(resume.output.find("2 of 4 cases already done") != std::string::npos,
                resume.output);
  const CasesTable after = ReadCasesTable(dir + "/r.h5");
  for (size_t r = 0; r < 4; ++r) CHECK(after.at(r, "status") == "completed");
  // Cases 0 and 2 were not run again: their rows are untouched, wall time included.
  CHECK(after.rows[0] == before.rows[0]);
  CHECK(after.rows[2] == before.rows[2]);
  // Nothing left: a second resume runs nothing; another definition is refused (exit 2).
  const Shell again = RunCommand(Hawser() +
                                     " sweep s.xml --set k=20,50 --set Ball.Mass=1,2 "
                                     "--summary 'Ball.Pos[2]:min' -o r.h5 --resume -q",
                                 dir);
  CHECK(again.exit_code == 0);
  CHECK(ReadCasesTable(dir + "/r.h5").rows == after.rows);
  const Shell other = RunCommand(Hawser() + " sweep s.xml --set k=20,60 -o r.h5 --resume -q", dir);
  CHECK_MESSAGE(other.exit_code == 2, other.output);
}

TEST_CASE("sweep: Ctrl-C part-way reports the cases completed, stopped and not started") {
  // Four cases of about 3 s each (the RAO vessel config), one at a time. SIGINT once case 1 has
  // started (its first note carries "case 1: ") stops it part-way; cases 2 and 3 never start.
  const TempDir dir("sweep_interrupt");
  std::filesystem::copy(std::string(HAWSER_SOURCE_DIR) + "/configs", dir + "/configs",
                        std::filesystem::copy_options::recursive);
  const ProcessEnd end = RunAndSignal(
      {"sweep", "configs/vessel_on_raos_moored.xml", "--set", "Sea.WaveHeight=2,3,4,5", "-o",
       "s.h5"},
      dir, SIGINT,
      [&] { return testing::ReadFile(dir + "/run.log").find("case 1: ") != std::string::npos; });
  CHECK(end.shell_code() == 130);
  const std::string log = testing::ReadFile(dir + "/run.log");
  CHECK_MESSAGE(log.find("1 of 4 cases completed, 0 failed, 1 stopped part-way, 2 not started "
                         "(--resume runs them)") != std::string::npos,
                log);
  // The progress counts finished cases only: never "2 / 4".
  CHECK(log.find("2 / 4 cases") == std::string::npos);
}

TEST_CASE("sweep: bad names are input errors (exit 2) with a suggestion") {
  const TempDir dir("sweep_bad");
  WriteFile(dir + "/s.xml", kHanging);
  const Shell bad = RunCommand(Hawser() + " sweep s.xml --set Ball.Mas=1,2 -q", dir);
  CHECK(bad.exit_code == 2);
  CHECK_MESSAGE(bad.output.find("Mass") != std::string::npos, bad.output);
  const Shell obj = RunCommand(Hawser() + " sweep s.xml --set Bal.Mass=1,2 -q", dir);
  CHECK(obj.exit_code == 2);
  CHECK_MESSAGE(obj.output.find("did you mean 'Ball'") != std::string::npos, obj.output);
  const Shell summary =
      RunCommand(Hawser() + " sweep s.xml --set k=1 --summary Ball.Pos[5]:max -q", dir);
  CHECK(summary.exit_code == 2);
}

TEST_CASE("sweep: MPI with 2 ranks gives the same /cases as threads") {
  const TempDir dir("sweep_mpi");
  WriteFile(dir + "/s.xml", kHanging);
  const Shell threads = RunCommand(Hawser() + " sweep s.xml -j 2 -o t.h5 " + kSweepArgs, dir);
  REQUIRE_MESSAGE(threads.exit_code == 0, threads.output);
  const Shell mpi = RunCommand("mpirun --allow-run-as-root --oversubscribe -n 2 " + Hawser() +
                                   " sweep s.xml -o m.h5 " + kSweepArgs,
                               dir);
  if (mpi.output.find("built without MPI") != std::string::npos) {
    MESSAGE("hawser was built without MPI (HAWSER_MPI=OFF): skipped");
    return;
  }
  REQUIRE_MESSAGE(mpi.exit_code == 0, mpi.output);
  const CasesTable t = ReadCasesTable(dir + "/t.h5"), m = ReadCasesTable(dir + "/m.h5");
  REQUIRE(t.columns == m.columns);
  REQUIRE(t.rows.size() == m.rows.size());
  for (size_t r = 0; r < t.rows.size(); ++r) {
    for (const std::string& c : t.columns) {
      if (c != "wall_seconds") CHECK_MESSAGE(t.at(r, c) == m.at(r, c), c << " case " << r);
    }
  }
}

TEST_CASE("sweep: 2 threads write every case's data as 1 thread does, to the bit") {
  // 4501 output times: chunks of 4096 rows (hdf5_run_writer.cpp), so each dataset has a whole
  // chunk, encoded by the thread running its case, and a partial one, encoded by HDF5.
  const TempDir dir("sweep_threads");
  const std::string xml =
      ReplaceAll(kHanging, "TOutput=\"0, 0.05, 4\"", "TOutput=\"0, 0.001, 4.5\"");
  WriteFile(dir + "/s.xml", xml);
  const std::string args = " --set k=20,50 --set Ball.Mass=1,2 -q";
  const Shell one = RunCommand(Hawser() + " sweep s.xml -j 1 -o one.h5" + args, dir);
  REQUIRE_MESSAGE(one.exit_code == 0, one.output);
  const Shell two = RunCommand(Hawser() + " sweep s.xml -j 2 -o two.h5" + args, dir);
  REQUIRE_MESSAGE(two.exit_code == 0, two.output);
  for (long c = 0; c < 4; ++c) {
    CAPTURE(c);
    const RecordedRun a = ReadRecordedRun(dir + "/one.h5", CaseGroupName(c));
    const RecordedRun b = ReadRecordedRun(dir + "/two.h5", CaseGroupName(c));
    REQUIRE(a.time.size() == 4501);
    CHECK(a.time == b.time);  // Same computation, lossless storage: ==, no tolerance.
    REQUIRE(a.signals.size() == b.signals.size());
    for (size_t s = 0; s < a.signals.size(); ++s) {
      CAPTURE(a.signals[s].name);
      CHECK(a.signals[s].name == b.signals[s].name);
      CHECK(a.signals[s].values == b.signals[s].values);
    }
  }
  // And the 1-thread file holds what the case computes in memory, with no file in between.
  const MemorySink alone = RunScenarioText(ReplaceAll(xml, "Mass=\"2\"", "Mass=\"1\""),
                                           BuiltinRegistry(), {{"k", "50"}});
  const RecordedRun case2 = ReadRecordedRun(dir + "/one.h5", CaseGroupName(2));
  CHECK(case2.time == alone.times());
  for (const RecordedSignal& signal : case2.signals) {
    for (int i = 0; i < signal.width; ++i) {
      CAPTURE(signal.Column(i));
      std::vector<double> column;
      for (size_t r = 0; r < case2.time.size(); ++r) {
        column.push_back(signal.values[r * static_cast<size_t>(signal.width) + i]);
      }
      CHECK(column == alone.Column(signal.Column(i)));
    }
  }
}

// Numeric attributes are expressions after ${var} substitution: Stiffness = EA / L follows L.
const char* kDerived = R"(<Contents>
<VARIABLES>
  <Variable Name="EA" Value="1200" />
  <Variable Name="L" Value="2" />
</VARIABLES>
<OBJECTS>
  <Lib LibName="base" SimObject="Cable/LinearSpring" Name="Spring" Stiffness="${EA}/${L}"
       RelaxedLength="sqrt(4) * ${L} / 2" />
</OBJECTS>
<INTERCONNECTIONS>
  <Connection Spring.PosA="0,0,0" Spring.PosB="0,0,5" />
</INTERCONNECTIONS>
<INITIALIZATION>
  <InitialCondition />
</INITIALIZATION>
<INTEGRATION>
  <Engine IntegratorMethod="2" TOutput="0, 1, 2" FileOutput="objects:all" />
</INTEGRATION>
</Contents>
)";

TEST_CASE("sweep: a derived parameter (expression of variables) follows the swept variable") {
  const TempDir dir("sweep_derived");
  WriteFile(dir + "/d.xml", kDerived);
  const Shell sweep =
      RunCommand(Hawser() +
                     " sweep d.xml --set L=1,2,4 --summary 'Spring.ForceA[2]:final' "
                     "--summary 'Spring.PotentialEnergy:final' -o d.h5 -q",
                 dir);
  REQUIRE_MESSAGE(sweep.exit_code == 0, sweep.output);
  const CasesTable t = ReadCasesTable(dir + "/d.h5");
  for (size_t r = 0; r < 3; ++r) {
    const double L = std::stod(t.at(r, "L"));
    // k = EA / L, L0 = L; the spring is 5 long: ForceA_z = k (5 - L0), E = k (5 - L0)^2 / 2.
    const double k = 1200.0 / L, stretch = 5.0 - L;
    CHECK(std::stod(t.at(r, "Spring.ForceA[2]:final")) ==
          doctest::Approx(k * stretch).epsilon(1e-12));
    CHECK(std::stod(t.at(r, "Spring.PotentialEnergy:final")) ==
          doctest::Approx(k * stretch * stretch / 2).epsilon(1e-12));
  }
  // The same through --var in one run, in memory.
  MemorySink one = RunScenarioText(kDerived, BuiltinRegistry(), {{"L", "4"}});
  CHECK(one.Column("Spring.ForceA[2]").back() == doctest::Approx(300.0).epsilon(1e-12));
}

}  // namespace
}  // namespace hawser::sweep_test
