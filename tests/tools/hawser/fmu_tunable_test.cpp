// `hawser fmu --tunable Obj.Param`: a SimObject parameter as a tunable FMU parameter. Set
// between steps it acts from the next fmi2DoStep: against `hawser run` restarted at the same
// time with the new value (--set, the state at that time as initial conditions) and the closed
// form; a parameter that would change the state vector is refused at that step; bad --tunable
// names exit 2 with the reason (docs/embedding.md, "FMU export").
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cmath>
#include <filesystem>
#include <map>
#include <pugixml.hpp>
#include <string>

#include "tests/tools/hawser/cli_support.h"
#include "tests/tools/hawser/csv_text.h"
#include "tests/tools/hawser/fmu_importer_support.h"

namespace hawser::testing {
namespace {

/// A 2 kg ball on a spring (k = 50 N/m written as a number, L0 = 1 m) from z0 = -1.3924 m at
/// rest, a push input Push (N); outputs every 0.1 s to 2 s, CVODE at 1e-9.
const std::string kBall = HAWSER_SOURCE_DIR "/examples/c_api/pushed_ball.xml";

bool Contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

/// z(t) from (z1, v1) with stiffness k and no push: omega = sqrt(k / m) about
/// z_eq = -(L0 + m g / k).
double BallZ(double k, double z1, double v1, double t) {
  const double omega = std::sqrt(k / 2.0), z_eq = -(1.0 + 2.0 * 9.81 / k);
  return z_eq + (z1 - z_eq) * std::cos(omega * t) + v1 / omega * std::sin(omega * t);
}

/// The ball exported with Spring.Stiffness tunable, extracted, its description parsed.
struct Exported {
  Exported() {
    const CommandResult r = RunHawser("fmu '" + scenario + "' -o '" + fmu_path +
                                      "' --output Ball.Pos --output Ball:Vel "
                                      "--tunable Spring.Stiffness");
    INFO(r.output);
    REQUIRE(r.exit_code == 0);
    CHECK(Contains(r.output, "1 tunable"));
    fmu = std::make_unique<ExtractedFmu>(fmu_path);
    REQUIRE(doc.load_file((fmu->dir + "/modelDescription.xml").c_str()));
    for (pugi::xml_node v :
         doc.child("fmiModelDescription").child("ModelVariables").children("ScalarVariable")) {
      vr[v.attribute("name").value()] = v.attribute("valueReference").as_uint();
    }
  }
  std::string Guid() const { return doc.child("fmiModelDescription").attribute("guid").value(); }
  ScratchFolder dir{"fmu_tunable_test"};
  std::string scenario = kBall;
  std::string fmu_path = (dir.path / "ball.fmu").string();
  std::unique_ptr<ExtractedFmu> fmu;
  pugi::xml_document doc;
  std::map<std::string, unsigned> vr;
};

}  // namespace

TEST_CASE("fmu --tunable: a stiffness set mid-run acts from the next step, as a restarted run") {
  const Exported e;
  const pugi::xml_node k_var = e.doc.child("fmiModelDescription")
                                   .child("ModelVariables")
                                   .find_child_by_attribute("name", "Spring.Stiffness");
  REQUIRE(k_var);
  CHECK(std::string(k_var.attribute("causality").value()) == "parameter");
  CHECK(std::string(k_var.attribute("variability").value()) == "tunable");
  CHECK(std::string(k_var.child("Real").attribute("unit").value()) == "N/m");
  CHECK(k_var.child("Real").attribute("start").as_double() == 50.0);

  // The reference: `hawser run` to t = 1 s with k = 50, then again from the state at 1 s with
  // k = 80 (--set: the parameter, the state as initial conditions, the output times from 1 s).
  const std::string first = (e.dir.path / "first.csv").string();
  const CommandResult run1 = RunHawser("run '" + e.scenario + "' -o '" + first + "' -q");
  REQUIRE_MESSAGE(run1.exit_code == 0, run1.output);
  const Csv before = ParseCsv(ReadFile(first));
  const size_t at1 = 10;  // t = 1 s.
  REQUIRE(std::abs(before.Column("Time")[at1] - 1.0) < 1e-12);
  const double z1 = before.Column("Ball.Pos[2]")[at1], v1 = before.Column("Ball.Vel[2]")[at1];
  const std::string second = (e.dir.path / "second.csv").string();
  const CommandResult run2 = RunHawser(
      fmt::format("run '{}' -o '{}' -q --set Spring.Stiffness=80 --set 'Ball:Pos=\"0,0,{:.17g}\"' "
                  "--set 'Ball:Vel=\"0,0,{:.17g}\"' --set 'Engine.TOutput=\"1, 0.1, 2\"'",
                  e.scenario, second, z1, v1));
  REQUIRE_MESSAGE(run2.exit_code == 0, run2.output);
  const Csv after = ParseCsv(ReadFile(second));
  REQUIRE(after.rows.size() == 11);

  FmuImporter importer(e.fmu->dir, "ball", e.Guid());
  REQUIRE(importer.instance() != nullptr);
  REQUIRE(importer.Setup(0.0) == fmi2OK);
  REQUIRE(importer.EnterInitialization() == fmi2OK);
  REQUIRE(importer.ExitInitialization() == fmi2OK);
  const unsigned z = e.vr.at("Ball.Pos[2]"), k = e.vr.at("Spring.Stiffness");
  double t = 0.0;
  for (int step = 1; step <= 10; ++step) {
    REQUIRE(importer.DoStep(t, 0.1) == fmi2OK);
    t += 0.1;
  }
  // The same integration as the first run (fmu_test.cpp: equal but for the last bits of the
  // output times, seen 2.2e-16 m).
  CHECK(std::abs(importer.Get(z) - z1) <= 1e-12);
  REQUIRE(importer.Set(k, 80.0) == fmi2OK);
  CHECK(importer.Get(k) == 80.0);
  CHECK(std::abs(importer.Get(z) - z1) <= 1e-12);  // Not before the next step.
  for (size_t row = 1; row < after.rows.size(); ++row) {
    REQUIRE_MESSAGE(importer.DoStep(t, 0.1) == fmi2OK,
                    (importer.messages().empty() ? "" : importer.messages().back()));
    t += 0.1;
    const double got = importer.Get(z);
    CAPTURE(t);
    // Both restart CVODE at t = 1 s from the same state (z1 printed to 17 digits) with k = 80
    // and step through the same times: equal to far below 1e-9 m, while the stiffness left at
    // 50 would differ by ~0.01 m within 0.1 s.
    CHECK(std::abs(got - after.Column("Ball.Pos[2]")[row]) <= 1e-9);
    // The closed form with k = 80 from (z1, v1): CVODE's RelTol 1e-9 over 1 s (fmu_test.cpp's
    // bound for the same ball).
    CHECK(std::abs(got - BallZ(80.0, z1, v1, t - 1.0)) <= 2e-6);
  }
  // A value the parameter refuses (Stiffness >= 0): that step fails, naming the parameter.
  REQUIRE(importer.Set(k, -1.0) == fmi2OK);
  CHECK(importer.DoStep(t, 0.1) == fmi2Error);
  REQUIRE(!importer.messages().empty());
  const std::string refused = importer.messages().back();
  CHECK(Contains(refused, "Stiffness"));
  CHECK(Contains(refused, "-1"));
  REQUIRE(importer.Terminate() == fmi2OK);
}

TEST_CASE("fmu --tunable: a parameter that changes the state vector is refused at the step") {
  const ScratchFolder dir("fmu_tunable_test");
  const std::string fmu_path = (dir.path / "line.fmu").string();
  const CommandResult r =
      RunHawser("fmu '" HAWSER_SOURCE_DIR "/configs/cable_catenary_mooring.xml' -o '" + fmu_path +
                "' --output L1.TensionA --tunable L1.NumElements");
  INFO(r.output);
  REQUIRE(r.exit_code == 0);
  ExtractedFmu fmu(fmu_path);
  pugi::xml_document doc;
  REQUIRE(doc.load_file((fmu.dir + "/modelDescription.xml").c_str()));
  const pugi::xml_node n = doc.child("fmiModelDescription")
                               .child("ModelVariables")
                               .find_child_by_attribute("name", "L1.NumElements");
  REQUIRE(n);
  FmuImporter importer(fmu.dir, "line", doc.child("fmiModelDescription").attribute("guid").value());
  REQUIRE(importer.instance() != nullptr);
  REQUIRE(importer.EnterInitialization() == fmi2OK);
  REQUIRE(importer.ExitInitialization() == fmi2OK);
  REQUIRE(importer.DoStep(0.0, 0.1) == fmi2OK);
  REQUIRE(importer.Set(n.attribute("valueReference").as_uint(), 20.0) == fmi2OK);
  CHECK(importer.DoStep(0.1, 0.1) == fmi2Error);
  REQUIRE(!importer.messages().empty());
  CHECK(Contains(importer.messages().back(),
                 "tunable parameter 'L1.NumElements' = 20: the model's states change with it"));
}

TEST_CASE("fmu --tunable: a name that is no parameter of one number exits 2 with the reason") {
  const ScratchFolder dir("fmu_tunable_test");
  const std::string& scenario = kBall;
  const std::string fmu_path = (dir.path / "bad.fmu").string();
  const auto refused = [&](const std::string& tunable, const std::string& reason) {
    const CommandResult r =
        RunHawser("fmu '" + scenario + "' -o '" + fmu_path + "' --output Ball.Pos " + tunable);
    INFO(tunable);
    INFO(r.output);
    CHECK(r.exit_code == 2);
    CHECK(Contains(r.output, reason));
    CHECK(!std::filesystem::exists(fmu_path));
  };
  refused("--tunable Spring", "--tunable 'Spring': not a SimObject parameter Obj.Param");
  refused("--tunable Rope.Stiffness", "--tunable 'Rope.Stiffness': no object 'Rope'");
  refused("--tunable Spring.Damping",
          "--tunable 'Spring.Damping': Spring (Cable/LinearSpring) has no parameter 'Damping'; "
          "its parameters are: Stiffness, RelaxedLength");
  refused("--tunable Push.Value", "--tunable 'Push.Value': its value '0,0,0' is not one number");
  refused("--tunable Ball.Material",
          "--tunable 'Ball.Material': Body/3DBody ignores Material (accepted for compatibility "
          "only): tuning it would change nothing");
  refused("--tunable Spring.Stiffness --tunable Spring.Stiffness",
          "two FMU variables would be named 'Spring.Stiffness'");
}

}  // namespace hawser::testing
