#include <doctest/doctest.h>
#include <fmt/format.h>

#include <filesystem>
#include <vector>

#include "tests/simobjects/scenario_test_util.h"
#include "tests/simobjects/temp_files.h"

namespace hawser::test {
namespace {

std::string WriteCsv(const std::string& name, const std::string& text) {
  return WriteTempFile("table_" + name, text);
}

std::string TableXml(const std::string& file) {
  return ScenarioXml(
      fmt::format(R"(<Lib LibName="base" SimObject="Src/Table" Name="T" File="{}"/>)", file), "",
      "<InitialCondition/>", R"(<Engine Integrator="rk4" stepsize="0.5" TOutput="0, 0.5, 4"/>)");
}

}  // namespace

TEST_CASE("Src/Table interpolates linearly and holds its ends") {
  const std::string file =
      WriteCsv("ok.csv", "time,a,b\n# comment\n1, 10, -1\n2, 20, -2\n\n3, 0, 4\n");
  const MemorySink sink = Run(TableXml(file));
  // By hand from the rows: before t = 1 and after t = 3 the end rows hold.
  const double a[] = {10, 10, 10, 15, 20, 10, 0, 0, 0};
  const double b[] = {-1, -1, -1, -1.5, -2, 1, 4, 4, 4};
  for (size_t i = 0; i < sink.times().size(); ++i) {
    CHECK(sink.Column("T.Out[0]")[i] == doctest::Approx(a[i]).epsilon(1e-15));
    CHECK(sink.Column("T.Out[1]")[i] == doctest::Approx(b[i]).epsilon(1e-15));
  }
}

TEST_CASE("Src/Table errors name the file, or the CSV file and line") {
  CHECK(Contains(AssemblyErrors(TableXml("/nonexistent/motion.csv")),
                 "cannot open table file '/nonexistent/motion.csv'"));
  const std::string bad = WriteCsv("bad.csv", "0, 1\n1, x\n");
  CHECK(Contains(AssemblyErrors(TableXml(bad)), bad + ":2: error:"));
  const std::string back = WriteCsv("back.csv", "0, 1\n2, 1\n1, 1\n");
  const std::string e = AssemblyErrors(TableXml(back));
  CHECK(Contains(e, back + ":3: error:"));
  CHECK(Contains(e, "strictly increasing"));
  const std::string ragged = WriteCsv("ragged.csv", "0, 1, 2\n1, 1\n");
  CHECK(Contains(AssemblyErrors(TableXml(ragged)), ragged + ":2: error:"));
}

TEST_CASE("Src/Table finds a relative File from the scenario file's folder, not the current one") {
  const std::filesystem::path csv = WriteCsv("relative.csv", "0, 7\n1, 8\n");
  const std::string xml = TableXml(csv.filename().string());
  // The scenario "lives" next to the CSV (in the temporary directory); the tests run elsewhere.
  REQUIRE(std::filesystem::current_path() != csv.parent_path());
  const std::string scenario = (csv.parent_path() / "scenario.xml").string();
  CHECK_NOTHROW(Model::Assemble(LoadScenarioFromString(xml, scenario), BuiltinRegistry()));
  // The same text from a scenario in another folder names the path it tried.
  const std::string elsewhere = AssemblyErrors(xml);
  CHECK(Contains(elsewhere, "cannot open table file '" + csv.filename().string() + "' (File=\""));
  CHECK(Contains(elsewhere, "relative to the scenario file's folder"));
}

}  // namespace hawser::test
