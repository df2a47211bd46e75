// LogStates="1" with a FileOutput that lists ports: the states used to be silently left out.
// They are logged too, in CSV and in HDF5, as docs/results.md describes.
#include <doctest/doctest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/tools/hawser/cli_support.h"
#include "tests/tools/hawser/csv_text.h"

namespace hawser::testing {
namespace {

const std::string kMassOnSpring = HAWSER_SOURCE_DIR "/configs/mass_on_spring.xml";
const std::string kSettings =
    " --set Engine.LogStates=1 --set Engine.FileOutput=object.Ball.Pos -q";

TEST_CASE("LogStates=1 with FileOutput listing a port logs the states too (CSV)") {
  const std::string out = WriteTempFile("log_states.csv", "");
  const CommandResult r = RunHawser("run '" + kMassOnSpring + "' -o '" + out + "'" + kSettings);
  CAPTURE(r.output);
  REQUIRE(r.exit_code == 0);
  const Csv csv = ParseCsv(ReadFile(out));
  // The port FileOutput names, every state of every object (the spring has none), nothing else.
  const std::vector<std::string> expected = {
      "Time",        "Ball.Pos[0]", "Ball.Pos[1]", "Ball.Pos[2]", "Ball:Pos[0]",
      "Ball:Pos[1]", "Ball:Pos[2]", "Ball:Vel[0]", "Ball:Vel[1]", "Ball:Vel[2]"};
  CHECK(csv.header == expected);
  // The state Pos is what the port Pos reports (Body/3DBody's Pos output is its state).
  CHECK(csv.Column("Ball:Pos[2]") == csv.Column("Ball.Pos[2]"));
  CHECK(csv.Column("Ball:Pos[2]").size() == 201);  // TOutput 0, 0.05, 10.
  std::filesystem::remove(out);
}

TEST_CASE("LogStates=1 with FileOutput listing a port logs the states too (HDF5)") {
  const std::string out = WriteTempFile("log_states.h5", "");
  const CommandResult r = RunHawser("run '" + kMassOnSpring + "' -o '" + out + "'" + kSettings);
  CAPTURE(r.output);
  REQUIRE(r.exit_code == 0);
  // h5py lists the datasets; the state Pos equals the port Pos row by row.
  const CommandResult py =
      RunCommand("/usr/bin/python3 -c \"import h5py, numpy; f = h5py.File('" + out +
                 "', 'r'); names = []; f.visititems(lambda n, o: names.append(n) if "
                 "isinstance(o, h5py.Dataset) else None); print(sorted(names)); "
                 "print(f['Ball/state/Pos'].shape, f['Ball/state/Vel'].shape, "
                 "numpy.array_equal(f['Ball/state/Pos'][:], f['Ball/Pos'][:]))\"");
  CAPTURE(py.output);
  REQUIRE(py.exit_code == 0);
  CHECK(py.output.find("'Ball/Pos'") != std::string::npos);
  CHECK(py.output.find("'Ball/state/Pos'") != std::string::npos);
  CHECK(py.output.find("'Ball/state/Vel'") != std::string::npos);
  CHECK(py.output.find("Spring") == std::string::npos);  // Not selected, and has no states.
  CHECK(py.output.find("(201, 3) (201, 3) True") != std::string::npos);
  std::filesystem::remove(out);
}

}  // namespace
}  // namespace hawser::testing
