// HDF5 results through the real program (docs/design.md, "Output"): the file of a run holds exactly
// what its CSV holds, with names, shapes, units and the time scale; interrupted, failed and killed
// runs leave readable files with every row so far. Files are read with h5py (hdf5_check.py).
#include <csignal>

#include "tests/tools/hawser/oscillator_scenario.h"
#include "tests/tools/hawser/spring_ball.h"
#include "tests/tools/hawser/sweep_test_support.h"

namespace hawser::sweep_test {
namespace {

// A ball on a spring with a clock: width-3 ports, width-1 ports and (LogStates) states.
const std::string kBallOnSpring = testing::SpringBallScenario(
    {.more_objects = {R"(<Lib LibName="base" SimObject="Src/Clock" Name="Clock" />)"},
     .initial = R"(Ball.Pos="0.1,0,-0.9" Ball.Vel="0,0.2,0")",
     .engine = R"(IntegratorMethod="2" TOutput="0, 0.05, 3" AbsTol="1e-8" RelTol="1e-8" )"
               R"(LogStates="1" FileOutput="objects:all")"});

// A stiff oscillator (w = 100 rad/s) at tolerance 1e-10 for 2e5 s: runs for minutes.
const std::string kLong = testing::OscillatorScenario("10000", "1e-10", "200000");

// A free mass coasting through the spring's anchor: with Euler steps of 0.25 s it lands exactly
// on the anchor at t = 1, where the spring's direction (and force) is not finite.
const std::string kFails =
    testing::SpringBallScenario(testing::CoastingBall("-1", R"(LogStates="1" )"));

// A 6-segment line hanging from a surging point beside a spring, with an object named like a
// dimension ("xyz"), whose group takes that name in the file.
const char* kLine = R"(<Contents>
<OBJECTS>
  <Lib LibName="base" SimObject="Cable/Cable" Name="L" NumElements="6" Length="60" Diameter="0.05" MassPerLength="10" EA="1e7" />
  <Lib LibName="base" SimObject="Src/Sine" Name="X" Amplitude="2" PeriodS="5" />
  <Lib LibName="base" SimObject="Signal/Mux" Name="P" NumInput="2" InPortWidth2="2" />
  <Lib LibName="base" SimObject="Cable/LinearSpring" Name="xyz" Stiffness="10" RelaxedLength="1" />
</OBJECTS>
<INTERCONNECTIONS>
  <Connection P.In1="X.Out" P.In2="0,-5" L.PositionA="40,0,-50" L.PositionB="P.Out" />
  <Connection xyz.PosA="0,0,0" xyz.PosB="0,0,2" />
</INTERCONNECTIONS>
<INITIALIZATION>
  <InitialCondition />
</INITIALIZATION>
<INTEGRATION>
  <Engine Integrator="cvode-bdf" TOutput="0, 0.5, 5" LogStates="1" FileOutput="objects:all" />
</INTEGRATION>
</Contents>
)";

TEST_CASE("hdf5: a line's results have node, segment and xyz dimensions (h5py and xarray)") {
  const TempDir dir("h5_line");
  WriteFile(dir + "/line.xml", kLine);
  for (const char* out : {"run.h5", "run.csv"}) {
    const Shell run = RunCommand(Hawser() + " run line.xml -q -o " + out, dir);
    REQUIRE_MESSAGE(run.exit_code == 0, run.output);
  }
  const Shell same = CheckHdf5("against-csv run.h5 run.csv", dir);
  CHECK_MESSAGE(same.exit_code == 0, same.output);
  const Shell line = CheckHdf5("line run.h5 run.csv L 6", dir);
  CHECK_MESSAGE(line.exit_code == 0, line.output);
}

TEST_CASE("hdf5: a run's .h5 holds the same names, shapes, units and values as its .csv") {
  const TempDir dir("h5_vs_csv");
  WriteFile(dir + "/s.xml", kBallOnSpring);
  const Shell h5 = RunCommand(Hawser() + " run s.xml -o run.h5 -q", dir);
  REQUIRE_MESSAGE(h5.exit_code == 0, h5.output);
  const Shell csv = RunCommand(Hawser() + " run s.xml -o run.csv -q", dir);
  REQUIRE_MESSAGE(csv.exit_code == 0, csv.output);
  const Shell check = CheckHdf5("against-csv run.h5 run.csv", dir);
  CHECK_MESSAGE(check.exit_code == 0, check.output);
  // Units come from the declarations: spot-check a port, a state and the width-1 clock.
  const Shell units = RunCommand(
      "/usr/bin/python3 -c \"import h5py; f = h5py.File('run.h5'); "
      "print(f['Spring/ForceA'].attrs['unit'], f['Ball/state/Pos'].attrs['unit'], "
      "f['Clock/SimTime'].shape == f['time'].shape, f['Ball'].attrs['simobject_type'])\"",
      dir);
  CHECK_MESSAGE(units.output == "N m True Body/3DBody\n", units.output);
}

TEST_CASE("hdf5: SIGINT half-way leaves every row so far, status interrupted, exit code 130") {
  const TempDir dir("h5_sigint");
  WriteFile(dir + "/long.xml", kLong);
  // Half-way: once rows reached the file (the signal then cannot land before the handler).
  const ProcessEnd end = RunAndSignal({"run", "long.xml", "-o", "long.h5", "-q"}, dir, SIGINT,
                                      [&] { return Hdf5Rows("long.h5", dir) > 0; });
  // Exited by itself with 130, not killed by the signal (which a shell also reports as 130).
  CHECK(end.exited);
  CHECK(end.code == 130);
  const Shell check = CheckHdf5("partial long.h5 interrupted 'interrupted by the user'", dir);
  CHECK_MESSAGE(check.exit_code == 0, check.output);
}

TEST_CASE("hdf5: SIGKILL leaves a readable file with the rows flushed so far") {
  // Rows are flushed at least once a second; status stays "running" (nothing could update it).
  const TempDir dir("h5_sigkill");
  WriteFile(dir + "/long.xml", kLong);
  const ProcessEnd end = RunAndSignal({"run", "long.xml", "-o", "long.h5", "-q"}, dir, SIGKILL,
                                      [&] { return Hdf5Rows("long.h5", dir) > 0; });
  CHECK(end.shell_code() == 128 + SIGKILL);
  const Shell check = CheckHdf5("partial long.h5 running ''", dir);
  CHECK_MESSAGE(check.exit_code == 0, check.output);
}

TEST_CASE("hdf5: a failing run leaves status failed with the message, exit code 3") {
  const TempDir dir("h5_failed");
  WriteFile(dir + "/fails.xml", kFails);
  const Shell run = RunCommand(Hawser() + " run fails.xml -o fails.h5 -q", dir);
  CHECK_MESSAGE(run.exit_code == 3, run.output);
  const Shell check = CheckHdf5("partial fails.h5 failed 'Spring.ForceA'", dir);
  CHECK_MESSAGE(check.exit_code == 0, check.output);
  // Rows t = 0, 0.25, 0.5, 0.75 were written before the failure at t = 1.
  CHECK_MESSAGE(check.output == "4\n", check.output);
}

}  // namespace
}  // namespace hawser::sweep_test
