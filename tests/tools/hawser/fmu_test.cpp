// `hawser fmu`: the FMU it writes, driven by the importer of fmu_importer_support.h, against
// `hawser run` of the same scenario and the closed form; its modelDescription.xml against the
// FMI 2.0 rules that can be checked; bad input with its exit code and message
// (docs/embedding.md, "FMU export").
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <pugixml.hpp>
#include <set>
#include <string>

#include "tests/tools/hawser/cli_support.h"
#include "tests/tools/hawser/csv_text.h"
#include "tests/tools/hawser/fmu_importer_support.h"
#include "tests/tools/hawser/spring_ball.h"

namespace hawser::testing {
namespace {

/// examples/c_api/pushed_ball.xml with its stiffness and push a Variable each: a 2 kg ball on a
/// spring (L0 = 1 m) starting at z0 = -1.3924 m at rest, pushed by Push (N) along z.
const std::string kBall = SpringBallScenario(
    {.variables = {R"(<Variable Name="k" Value="50" />)", R"(<Variable Name="fz" Value="0" />)"},
     .spring = R"(Stiffness="${k}" RelaxedLength="1")",
     .ball = R"(Mass="2" Material="Steel")",
     .more_objects =
         {R"(<Lib LibName="base" SimObject="Signal/External" Name="Push" Value="0,0,${fz}" />)"},
     .force = R"(Spring.ForceB + Push.Out)",
     .initial = R"(Ball.Pos="0,0,-1.3924" Ball.Vel="0,0,0")",
     .engine = R"(IntegratorMethod="2" TOutput="0, 0.1, 2" AbsTol="1e-9" RelTol="1e-9")"});

constexpr double kMass = 2.0, kG = 9.81, kL0 = 1.0, kZ0 = -1.3924;

/// z(t) of the ball from (z1, v1) at t1 under a constant push fz with stiffness k: an undamped
/// oscillator about z_eq = -(L0 + m g / k) + fz / k with omega = sqrt(k / m).
double BallZ(double k, double fz, double z1, double v1, double t) {
  const double omega = std::sqrt(k / kMass), z_eq = -(kL0 + kMass * kG / k) + fz / k;
  return z_eq + (z1 - z_eq) * std::cos(omega * t) + v1 / omega * std::sin(omega * t);
}
double BallV(double k, double fz, double z1, double v1, double t) {
  const double omega = std::sqrt(k / kMass), z_eq = -(kL0 + kMass * kG / k) + fz / k;
  return -(z1 - z_eq) * omega * std::sin(omega * t) + v1 * std::cos(omega * t);
}

/// The variables of modelDescription.xml by name: value reference.
std::map<std::string, unsigned> ValueReferences(const pugi::xml_document& doc) {
  std::map<std::string, unsigned> vrs;
  for (pugi::xml_node v : doc.child("fmiModelDescription").child("ModelVariables").children()) {
    vrs[v.attribute("name").value()] = v.attribute("valueReference").as_uint();
  }
  return vrs;
}

struct ExportedBall {
  ScratchFolder dir{"fmu_test"};
  std::string scenario = WriteTempFile("fmu_ball.xml", kBall);
  std::string fmu = (dir.path / "ball.fmu").string();
  CommandResult result =
      RunHawser("fmu '" + scenario + "' -o '" + fmu +
                "' --output Ball.Pos --output Ball:Vel --tunable Spring.RelaxedLength");
  /// The FMU's path, once the export is known to have succeeded.
  const std::string& Checked() const {
    INFO(result.output);
    REQUIRE(result.exit_code == 0);
    return fmu;
  }
};

/// The ball exported, extracted, and its modelDescription.xml parsed.
struct ExtractedBall {
  ExtractedBall() { REQUIRE(doc.load_file((fmu.dir + "/modelDescription.xml").c_str())); }
  ExportedBall ball;
  ExtractedFmu fmu{ball.Checked()};
  pugi::xml_document doc;
};

TEST_CASE("fmu: an importer's co-simulation equals `hawser run` and the closed form") {
  const ExtractedBall extracted;
  const ExportedBall& ball = extracted.ball;
  const ExtractedFmu& fmu = extracted.fmu;
  const pugi::xml_document& doc = extracted.doc;
  CHECK(ball.result.output.find("wrote '" + ball.fmu + "'") != std::string::npos);
  const std::map<std::string, unsigned> vr = ValueReferences(doc);
  const std::string guid = doc.child("fmiModelDescription").attribute("guid").value();

  // The reference: `hawser run` with k = 200 N/m and the push -5 N from the start.
  const double k = 200.0, push = -5.0;
  const std::string csv = (ball.dir.path / "run.csv").string();
  const CommandResult run =
      RunHawser("run '" + ball.scenario + "' -o '" + csv + "' --var k=200 --var fz=-5 -q");
  REQUIRE(run.exit_code == 0);
  const Csv table = ParseCsv(ReadFile(csv));

  // The FMU: parameter k set before initialization, the push as an input (fz stays 0).
  FmuImporter importer(fmu.dir, "ball", guid);
  REQUIRE(importer.instance() != nullptr);
  REQUIRE(importer.Set(vr.at("k"), k) == fmi2OK);
  REQUIRE(importer.Setup(0.0) == fmi2OK);
  REQUIRE(importer.EnterInitialization() == fmi2OK);
  REQUIRE(importer.Set(vr.at("Push[2]"), push) == fmi2OK);
  REQUIRE(importer.ExitInitialization() == fmi2OK);
  CHECK(importer.Get(vr.at("Ball.Pos[2]")) == doctest::Approx(kZ0).epsilon(1e-15));
  double t = 0.0;
  for (size_t row = 1; row < table.rows.size(); ++row) {
    REQUIRE(importer.DoStep(t, 0.1) == fmi2OK);
    t += 0.1;
    const double z = importer.Get(vr.at("Ball.Pos[2]"));
    CAPTURE(t);
    // The same integrator and tolerances through the same 0.1 s times: equal but for the last
    // bit of those times (this master adds 0.1 up, the run multiplies), seen 2.2e-16 m; 1e-12 m
    // is far below anything a different model or integration would give.
    CHECK(std::abs(z - table.Column("Ball.Pos[2]")[row]) <= 1e-12);
    // The closed form: CVODE's RelTol 1e-9 bounds each step's local error; over the ~1.6
    // periods of this second the global error of the 0.3 m swing grows to ~2e-7 m (seen), 1e-6 m
    // leaves a margin and still fails a wrong stiffness, push or start by orders of magnitude.
    CHECK(std::abs(z - BallZ(k, push, kZ0, 0.0, t)) <= 1e-6);
    if (std::abs(t - 1.0) < 1e-9) break;
  }
  // An input changed between steps: from t = 1 s no push. The closed form continues from the
  // state at 1 s of the first push.
  const double z1 = BallZ(k, push, kZ0, 0.0, 1.0), v1 = BallV(k, push, kZ0, 0.0, 1.0);
  // The velocity swings by 3 m/s; its global error as the position's (seen 6e-7 m/s).
  CHECK(std::abs(importer.Get(vr.at("Ball:Vel[2]")) - v1) <= 1e-5);
  REQUIRE(importer.Set(vr.at("Push[2]"), 0.0) == fmi2OK);
  CHECK(importer.Get(vr.at("Push[2]")) == 0.0);
  for (int step = 1; step <= 10; ++step) {
    REQUIRE(importer.DoStep(t, 0.1) == fmi2OK);
    t += 0.1;
    // As above, from a start (z1, v1) itself within ~2e-7 m and ~6e-7 m/s of the closed form
    // (seen 1.8e-7 m).
    const double z = importer.Get(vr.at("Ball.Pos[2]"));
    CHECK(std::abs(z - BallZ(k, 0.0, z1, v1, 0.1 * step)) <= 2e-6);
  }
  CHECK(importer.Terminate() == fmi2OK);
  CHECK(importer.messages().empty());
}

TEST_CASE("fmu: modelDescription.xml follows the FMI 2.0 rules") {
  const ExtractedBall extracted;
  const ExportedBall& ball = extracted.ball;
  const ExtractedFmu& fmu = extracted.fmu;
  const pugi::xml_document& doc = extracted.doc;
  const pugi::xml_node root = doc.child("fmiModelDescription");
  CHECK(std::string(root.attribute("fmiVersion").value()) == "2.0");
  const std::string guid = root.attribute("guid").value();
  CHECK(guid.size() == 38);  // {8-4-4-4-12}
  const std::string id = root.child("CoSimulation").attribute("modelIdentifier").value();
  CHECK(id == "ball");
  CHECK(std::filesystem::exists(fmu.dir + "/binaries/linux64/" + id + ".so"));
  CHECK(ReadFile(fmu.dir + "/resources/fmu_ball.xml") == kBall);

  std::set<std::string> units;
  for (pugi::xml_node u : root.child("UnitDefinitions").children("Unit"))
    units.insert(u.attribute("name").value());
  std::set<unsigned> vrs;
  std::set<std::string> names, outputs;
  std::map<std::string, std::string> causality_of, variability_of, unit_of;
  int index = 0;
  for (pugi::xml_node v : root.child("ModelVariables").children("ScalarVariable")) {
    ++index;
    const std::string name = v.attribute("name").value();
    const std::string causality = v.attribute("causality").value();
    const std::string variability = v.attribute("variability").value();
    const std::string initial = v.attribute("initial").value();
    const pugi::xml_node real = v.child("Real");
    CAPTURE(name);
    CHECK(vrs.insert(v.attribute("valueReference").as_uint()).second);  // Unique.
    CHECK(names.insert(name).second);
    causality_of[name] = causality;
    variability_of[name] = variability;
    unit_of[name] = real.attribute("unit").value();
    REQUIRE(real);
    // FMI 2.0 2.2.7: an input is continuous (or discrete) with a start value and no `initial`;
    // an output with initial="calculated" has no start; a parameter is fixed or tunable with
    // initial "exact" (or "approx") and a start.
    if (causality == "input") {
      CHECK(variability == "continuous");
      CHECK(initial.empty());
      CHECK(real.attribute("start"));
    } else if (causality == "output") {
      CHECK(variability == "continuous");
      CHECK(initial == "calculated");
      CHECK(!real.attribute("start"));
      outputs.insert(std::to_string(index));
    } else {
      REQUIRE(causality == "parameter");
      CHECK((variability == "fixed" || variability == "tunable"));
      CHECK(initial == "exact");
      CHECK(real.attribute("start"));
    }
    if (real.attribute("unit")) CHECK(units.count(real.attribute("unit").value()) == 1);
  }
  // The inputs, the chosen outputs and the numeric Variables, with hawser's units.
  CHECK(names == std::set<std::string>{"Push[0]", "Push[1]", "Push[2]", "Ball.Pos[0]",
                                       "Ball.Pos[1]", "Ball.Pos[2]", "Ball:Vel[0]", "Ball:Vel[1]",
                                       "Ball:Vel[2]", "fz", "k", "Spring.RelaxedLength"});
  CHECK(causality_of["Push[1]"] == "input");
  CHECK(causality_of["Ball:Vel[1]"] == "output");
  CHECK(causality_of["k"] == "parameter");
  CHECK(variability_of["k"] == "fixed");
  // --tunable: a SimObject parameter, tunable, with its declared unit.
  CHECK(causality_of["Spring.RelaxedLength"] == "parameter");
  CHECK(variability_of["Spring.RelaxedLength"] == "tunable");
  CHECK(unit_of["Spring.RelaxedLength"] == "m");
  CHECK(units.count("m") == 1);
  CHECK(units.count("m/s") == 1);
  // ModelStructure lists exactly the outputs, by their position in ModelVariables.
  std::set<std::string> listed, initial_unknowns;
  for (pugi::xml_node u : root.child("ModelStructure").child("Outputs").children("Unknown"))
    listed.insert(u.attribute("index").value());
  for (pugi::xml_node u : root.child("ModelStructure").child("InitialUnknowns").children("Unknown"))
    initial_unknowns.insert(u.attribute("index").value());
  CHECK(listed == outputs);
  CHECK(initial_unknowns == outputs);
  // The same scenario and outputs give the same GUID (the FMU's bytes are reproducible).
  const std::string renamed = (ball.dir.path / "ball.fmu.copy").string();
  std::filesystem::copy_file(ball.fmu, renamed);
  REQUIRE(RunHawser("fmu '" + ball.scenario + "' -o '" + ball.fmu +
                    "' --output Ball.Pos --output Ball:Vel --tunable Spring.RelaxedLength")
              .exit_code == 0);
  CHECK(ReadFile(ball.fmu) == ReadFile(renamed));
}

TEST_CASE("fmu: the binary refuses what the standard forbids, with a logged message") {
  const ExtractedBall extracted;
  const ExtractedFmu& fmu = extracted.fmu;
  const pugi::xml_document& doc = extracted.doc;
  const std::map<std::string, unsigned> vr = ValueReferences(doc);
  {
    FmuImporter wrong(fmu.dir, "ball", "{00000000-0000-0000-0000-000000000000}");
    CHECK(wrong.instance() == nullptr);
    REQUIRE(wrong.messages().size() == 1);
    CHECK(wrong.messages()[0].find("GUID '{00000000-0000-0000-0000-000000000000}' is not this "
                                   "FMU's") != std::string::npos);
  }
  FmuImporter importer(fmu.dir, "ball", doc.child("fmiModelDescription").attribute("guid").value());
  REQUIRE(importer.instance() != nullptr);
  REQUIRE(importer.EnterInitialization() == fmi2OK);
  REQUIRE(importer.ExitInitialization() == fmi2OK);
  CHECK(importer.Set(vr.at("Ball.Pos[0]"), 1.0) == fmi2Error);
  CHECK(importer.messages().back() == "fmi2SetReal: error: 'Ball.Pos[0]' is an output");
  CHECK(importer.Set(vr.at("k"), 10.0) == fmi2Error);
  CHECK(importer.messages().back().find("parameter 'k' is fixed") != std::string::npos);
  CHECK(importer.DoStep(0.5, 0.1) == fmi2Error);
  CHECK(importer.messages().back().find(
            "fmi2DoStep: error: from t = 0.5 s by 0.1 s: the model is at t = 0 s") !=
        std::string::npos);
  CHECK(std::isnan(importer.Get(99)));
  CHECK(importer.messages().back().find("no variable with value reference 99") !=
        std::string::npos);
}

TEST_CASE("fmu: a later start time, and fmi2Reset back to the scenario's start") {
  const ExtractedBall extracted;
  const std::map<std::string, unsigned> vr = ValueReferences(extracted.doc);
  FmuImporter importer(extracted.fmu.dir, "ball",
                       extracted.doc.child("fmiModelDescription").attribute("guid").value());
  REQUIRE(importer.instance() != nullptr);
  REQUIRE(importer.Setup(0.5) == fmi2OK);
  REQUIRE(importer.EnterInitialization() == fmi2OK);
  REQUIRE(importer.Set(vr.at("Push[2]"), -5.0) == fmi2OK);
  REQUIRE(importer.ExitInitialization() == fmi2OK);
  // The model was advanced from the scenario's start, 0 s, to 0.5 s under the push set at
  // initialization; the tolerance as in the first test (k = 50 N/m: a 0.1 m swing).
  CHECK(std::abs(importer.Get(vr.at("Ball.Pos[2]")) - BallZ(50.0, -5.0, kZ0, 0.0, 0.5)) <= 1e-6);
  CHECK(importer.DoStep(0.0, 0.1) == fmi2Error);  // Not the model's time.
  CHECK(importer.DoStep(0.5, 0.1) == fmi2OK);
  CHECK(std::abs(importer.Get(vr.at("Ball.Pos[2]")) - BallZ(50.0, -5.0, kZ0, 0.0, 0.6)) <= 1e-6);
  // Reset: every value at its start again, the scenario's own start time.
  REQUIRE(importer.Reset() == fmi2OK);
  CHECK(importer.Get(vr.at("Push[2]")) == 0.0);
  REQUIRE(importer.EnterInitialization() == fmi2OK);
  REQUIRE(importer.ExitInitialization() == fmi2OK);
  CHECK(importer.Get(vr.at("Ball.Pos[2]")) == kZ0);
  CHECK(importer.DoStep(0.0, 0.1) == fmi2OK);
  // No push: the ball rests at its equilibrium z0 (to the integrator's tolerance).
  CHECK(std::abs(importer.Get(vr.at("Ball.Pos[2]")) - kZ0) <= 1e-6);
}

TEST_CASE("fmu: bad input is refused with its exit code and message") {
  const ScratchFolder dir("fmu_test");
  const std::string scenario = WriteTempFile("fmu_bad_ball.xml", kBall);
  const std::string fmu = (dir.path / "m.fmu").string();
  SUBCASE("an unknown output name") {
    const CommandResult r = RunHawser("fmu '" + scenario + "' -o '" + fmu + "' --output Ball.Pso");
    CHECK(r.exit_code == 2);
    CHECK(r.output.find("--output 'Ball.Pso': Ball has no output 'Pso'") != std::string::npos);
  }
  SUBCASE("no output") {
    const CommandResult r = RunHawser("fmu '" + scenario + "' -o '" + fmu + "'");
    CHECK(r.exit_code == 2);
    CHECK(r.output.find("error: hawser fmu: no --output NAME given") != std::string::npos);
  }
  SUBCASE("an output given twice") {
    const CommandResult r =
        RunHawser("fmu '" + scenario + "' -o '" + fmu + "' --output Ball.Pos --output Ball.Pos");
    CHECK(r.exit_code == 2);
    CHECK(r.output.find("--output 'Ball.Pos' is given twice") != std::string::npos);
  }
  SUBCASE("a file name that is no .fmu") {
    const CommandResult r = RunHawser("fmu '" + scenario + "' -o m.zip --output Ball.Pos");
    CHECK(r.exit_code == 2);
    CHECK(r.output.find("-o 'm.zip': an FMU's file name ends in .fmu") != std::string::npos);
  }
  SUBCASE("an unwritable output file") {
    const std::string missing = (dir.path / "no_such_folder" / "m.fmu").string();
    const CommandResult r =
        RunHawser("fmu '" + scenario + "' -o '" + missing + "' --output Ball.Pos");
    CHECK(r.exit_code == 4);
    CHECK(r.output.find(missing) != std::string::npos);
    CHECK(r.output.find("No such file or directory") != std::string::npos);
  }
  SUBCASE("a bad scenario") {
    const std::string bad = WriteTempFile("fmu_bad.xml", "<Contents>\n<OBJECTS>\n");
    const CommandResult r = RunHawser("fmu '" + bad + "' -o '" + fmu + "' --output Ball.Pos");
    CHECK(r.exit_code == 2);
    CHECK(r.output.find("fmu_bad.xml:") != std::string::npos);
  }
  CHECK(!std::filesystem::exists(fmu));
}

}  // namespace
}  // namespace hawser::testing
