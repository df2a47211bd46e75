// Services (hawser/service.h) through model assembly, with test-local SimObjects: a provider's
// service reaches its users; a missing or doubled provider is a load error with the lines.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include "runtime/model/model.h"
#include "runtime/scenario/scenario.h"

namespace hawser {
namespace {

/// The service: a constant level, as a stand-in for the ocean's (t, position) functions.
class Level : public Service {
 public:
  virtual double At(double t) const = 0;
};

/// Provides "level": At(t) = Value + t.
class LevelSource final : public SimObject, public Level {
 public:
  explicit LevelSource(ObjectArgs& args) : SimObject(args) {
    value_ = DeclareParameter<double>({.name = "Value", .unit = "-", .doc = "", .fallback = 0.0});
    ProvideService("level", *this);
  }
  double At(double t) const override { return value_ + t; }

 private:
  double value_;
};

/// Out = level.At(t), or -1 without a provider (optional use unless Required="1").
class LevelReader final : public SimObject {
 public:
  explicit LevelReader(ObjectArgs& args) : SimObject(args) {
    const bool required =
        DeclareParameter<bool>({.name = "Required", .unit = "-", .doc = "", .fallback = false});
    use_ = DeclareServiceUse({.name = "level",
                              .provided_by = "a Test/LevelSource object",
                              .doc = "the level it reads",
                              .required = required});
    out_ = DeclareOutput({.name = "Out", .width = 1, .unit = "-", .doc = "The level."});
    DeclareCalc({out_}, {}, [this] {
      const Level* level = service<Level>(use_);
      out(out_)[0] = level != nullptr ? level->At(time()) : -1.0;
    });
  }

 private:
  ServiceUse use_;
  Output out_;
};

const Registry& ServiceRegistry() {
  static const Registry r = [] {
    Registry reg;
    reg.AddLibraryName("test");
    reg.Add<LevelSource>("Test/LevelSource", "provides the level service");
    reg.Add<LevelReader>("Test/LevelReader", "reads it");
    return reg;
  }();
  return r;
}

/// One <Lib> per line: object k is on line k + 1 of the file.
std::unique_ptr<Model> Build(const std::vector<std::string>& libs) {
  std::string objects;
  for (const std::string& lib : libs) objects += "\n" + lib;
  const std::string xml = fmt::format(
      "<Contents><OBJECTS>{}\n</OBJECTS><INTERCONNECTIONS/><INITIALIZATION/>"
      "<INTEGRATION><Engine TOutput=\"0, 1, 2\"/></INTEGRATION></Contents>",
      objects);
  return Model::Assemble(LoadScenarioFromString(xml, "services.xml"), ServiceRegistry());
}

std::string Lib(const std::string& type, const std::string& name, const std::string& extra = "") {
  return fmt::format("<Lib LibName=\"test\" SimObject=\"Test/{}\" Name=\"{}\" {}/>", type, name,
                     extra);
}

/// The messages of the ScenarioErrors that building throws.
std::vector<std::string> BuildErrors(const std::vector<std::string>& libs) {
  try {
    Build(libs);
  } catch (const ScenarioErrors& es) {
    std::vector<std::string> messages;
    for (const auto& e : es.errors()) messages.push_back(e.what());
    return messages;
  }
  return {};
}

double OutAt(const std::vector<std::string>& libs, double t) {
  auto m = Build(libs);
  std::vector<double> x = m->InitialState(t);
  REQUIRE(m->EvaluateOutputs(t, x.data()));
  return m->FindObject("R")->output_view(0)[0];
}

TEST_CASE("services: a provider's service reaches every user, in any file order") {
  // Value 2.5 at t = 1.5: At = 4 exactly. The reader may come before the provider in the file.
  CHECK(OutAt({Lib("LevelReader", "R"), Lib("LevelSource", "S", "Value=\"2.5\"")}, 1.5) == 4.0);
  CHECK(OutAt({Lib("LevelSource", "S", "Value=\"2.5\""), Lib("LevelReader", "R")}, 1.5) == 4.0);
}

TEST_CASE("services: an optional use without a provider sees none, a required one is an error") {
  CHECK(OutAt({Lib("LevelReader", "R")}, 0.0) == -1.0);
  const auto errors = BuildErrors({Lib("LevelReader", "R", "Required=\"1\"")});
  REQUIRE(errors.size() == 1);
  CHECK(errors[0] ==
        "services.xml:2: error: R (Test/LevelReader) needs service 'level', and no object "
        "provides it; expected a Test/LevelSource object in OBJECTS");
}

TEST_CASE("services: two providers of one service is an error naming both lines") {
  const auto errors =
      BuildErrors({Lib("LevelSource", "A"), Lib("LevelReader", "R"), Lib("LevelSource", "B")});
  REQUIRE(errors.size() == 1);
  CHECK(errors[0] ==
        "services.xml:4: error: B (Test/LevelSource) provides service 'level', which A "
        "(Test/LevelSource) at line 2 already provides; expected one provider per service");
}

}  // namespace
}  // namespace hawser
