#include "runtime/scenario/engine_parser.h"

#include <fmt/format.h>

#include <climits>
#include <functional>
#include <map>
#include <optional>

#include "hawser/value_parse.h"

namespace hawser {
namespace {

const std::vector<std::pair<std::string, IntegratorKind>> kIntegrators = {
    {"cvode-bdf", IntegratorKind::kCvodeBdf},
    {"cvode-adams", IntegratorKind::kCvodeAdams},
    {"rk4", IntegratorKind::kRk4},
    {"euler", IntegratorKind::kEuler},
    {"semi-explicit-euler", IntegratorKind::kSemiExplicitEuler},
    {"leapfrog", IntegratorKind::kLeapfrog},
    {"newmark", IntegratorKind::kNewmark}};

const std::vector<std::pair<std::string, FactorizationKind>> kFactorizations = {
    {"auto", FactorizationKind::kAuto},
    {"band", FactorizationKind::kBand},
    {"klu", FactorizationKind::kKlu}};
const std::vector<std::pair<std::string, bool>> kJacobians = {{"exact", true},
                                                              {"differences", false}};
const std::vector<std::pair<std::string, bool>> kOperations = {{"hawser", false},
                                                               {"sundials", true}};

const std::vector<std::pair<std::string, LinearSolverKind>> kLinearSolvers = {
    {"auto", LinearSolverKind::kAuto},
    {"dense", LinearSolverKind::kDense},
    {"band", LinearSolverKind::kBand},
    {"sparse", LinearSolverKind::kSparse},
    {"gmres", LinearSolverKind::kGmres}};

// Looks `text` up in a name table; throws listing the valid names.
template <class Kind>
Kind Lookup(const std::vector<std::pair<std::string, Kind>>& table, const Attribute& a) {
  const std::string t = Trim(a.value);
  std::vector<std::string> names;
  for (const auto& [name, kind] : table) {
    if (name == t) return kind;
    names.push_back(name);
  }
  throw ScenarioError(a.loc, fmt::format("Engine {}: '{}' is not known{}", a.name, t,
                                         SuggestionText(t, names, "valid values")));
}

int PositiveInt(const Attribute& a) {
  long v = ParseInteger(a.value, a.loc, "Engine " + a.name);
  if (v < 1 || v > INT_MAX) {
    throw ScenarioError(a.loc, fmt::format("Engine {}: {} is out of range; expected a whole "
                                           "number from 1 to {}",
                                           a.name, v, INT_MAX));
  }
  return static_cast<int>(v);
}

}  // namespace

EngineSettings ParseEngineSettings(const std::vector<Attribute>& attributes,
                                   const SourceLocation& loc) {
  EngineSettings s;
  s.loc = loc;
  ErrorCollector errors;
  std::optional<IntegratorKind> from_method, from_name;
  // Where each attribute was written, for the checks that combine several.
  std::map<std::string, SourceLocation> seen;

  auto number = [](const Attribute& a) { return ParseNumber(a.value, a.loc, "Engine " + a.name); };
  auto boolean = [](const Attribute& a) { return ParseBool(a.value, a.loc, "Engine " + a.name); };
  const std::map<std::string, std::function<void(const Attribute&)>> handlers = {
      {"IntegratorMethod",
       [&](const Attribute& a) {
         // FhSim's numbering: 0 explicit Euler, 1 RK4, 2 CVODE (BDF, as FhSim uses).
         constexpr IntegratorKind kByNumber[] = {IntegratorKind::kEuler, IntegratorKind::kRk4,
                                                 IntegratorKind::kCvodeBdf};
         long m = ParseInteger(a.value, a.loc, "Engine IntegratorMethod");
         if (m < 0 || m > 2) {
           throw ScenarioError(a.loc, fmt::format("Engine IntegratorMethod: {} is not supported; "
                                                  "expected 0 (explicit Euler), 1 (RK4) or 2 "
                                                  "(CVODE)",
                                                  m));
         }
         from_method = kByNumber[m];
       }},
      {"Integrator", [&](const Attribute& a) { from_name = Lookup(kIntegrators, a); }},
      {"LinearSolver", [&](const Attribute& a) { s.linear_solver = Lookup(kLinearSolvers, a); }},
      {"Jacobian", [&](const Attribute& a) { s.exact_jacobian = Lookup(kJacobians, a); }},
      {"Factorization", [&](const Attribute& a) { s.factorization = Lookup(kFactorizations, a); }},
      {"Operations", [&](const Attribute& a) { s.sundials_operations = Lookup(kOperations, a); }},
      {"AbsTol", [&](const Attribute& a) { s.abs_tol = number(a); }},
      {"RelTol", [&](const Attribute& a) { s.rel_tol = number(a); }},
      {"HMax", [&](const Attribute& a) { s.h_max = number(a); }},
      {"HMin", [&](const Attribute& a) { s.h_min = number(a); }},
      {"stepsize", [&](const Attribute& a) { s.step_size = number(a); }},
      {"MaxSteps", [&](const Attribute& a) { s.max_steps = PositiveInt(a); }},
      {"MaxOrder", [&](const Attribute& a) { s.max_order = PositiveInt(a); }},
      {"NewmarkBeta", [&](const Attribute& a) { s.newmark_beta = number(a); }},
      {"LogStates", [&](const Attribute& a) { s.log_states = boolean(a); }},
      {"Settle", [&](const Attribute& a) { s.settle = boolean(a); }},
      {"SettleIterations", [&](const Attribute& a) { s.settle_iterations = PositiveInt(a); }},
      {"SettleTolerance", [&](const Attribute& a) { s.settle_tolerance = number(a); }},
      {"UseRSSNormInsteadOfInfNorm", [&](const Attribute& a) { s.use_rss_norm = boolean(a); }},
      {"NumCores", [&](const Attribute& a) { s.num_cores = PositiveInt(a); }},
      {"TOutput", [&](const Attribute& a) { s.output = ParseOutputTimes(Trim(a.value), a.loc); }},
      {"FileOutput",
       [&](const Attribute& a) {
         std::vector<std::string> selectors;
         const std::string t = Trim(a.value);
         size_t pos = 0;
         while (true) {
           size_t comma = t.find(',', pos);
           std::string item = Trim(t.substr(pos, comma == std::string::npos ? comma : comma - pos));
           if (item.empty()) {
             throw ScenarioError(a.loc, fmt::format("Engine FileOutput: '{}' has an empty entry; "
                                                    "expected comma-separated selectors such as "
                                                    "objects:all, object.M:ports",
                                                    t));
           }
           selectors.push_back(item);
           if (comma == std::string::npos) break;
           pos = comma + 1;
         }
         s.file_output = selectors;
       }},
  };
  std::vector<std::string> names;
  for (const auto& [name, handler] : handlers) names.push_back(name);

  for (const Attribute& a : attributes) {
    auto it = handlers.find(a.name);
    if (it == handlers.end()) {
      errors.Add(a.loc, fmt::format("unknown Engine attribute '{}'{}", a.name,
                                    SuggestionText(a.name, names, "Engine attributes")));
      continue;
    }
    seen[a.name] = a.loc;
    errors.Try([&] { it->second(a); });
  }

  if (from_name)
    s.integrator = *from_name;
  else if (from_method)
    s.integrator = *from_method;

  auto where = [&](const std::string& name) { return seen.count(name) ? seen[name] : loc; };
  if (!seen.count("TOutput")) {
    errors.Add(loc,
               "<Engine> has no TOutput; expected e.g. TOutput=\"0, 0.1, 10\" (start, output "
               "interval, end)");
  }
  // Every check names the attribute and what range is valid; the line is the attribute's own
  // (the <Engine> element's when it was not written). Non-finite values never get here:
  // ParseNumber rejects them.
  auto check = [&](const char* name, double value, bool ok, const char* expected) {
    if (!ok) {
      errors.Add(where(name),
                 fmt::format("Engine {}: {} is out of range; expected {}", name, value, expected));
    }
  };
  // CVODE needs an absolute tolerance > 0: with 0, the error weight of a state that is exactly 0
  // is infinite and CVODE stops at once.
  check("AbsTol", s.abs_tol, s.abs_tol > 0, "a tolerance > 0 such as 1e-6");
  // A relative tolerance of 1 (100 %) or more accepts any step: the result is not an
  // approximation of the solution at all.
  check("RelTol", s.rel_tol, s.rel_tol > 0 && s.rel_tol < 1,
        "a tolerance with 0 < RelTol < 1 such as 1e-6");
  // A tolerance of 1 or more accepts a Newton step as long as the error weights themselves.
  check("SettleTolerance", s.settle_tolerance, s.settle_tolerance > 0 && s.settle_tolerance < 1,
        "a tolerance with 0 < SettleTolerance < 1 such as 1e-3");
  check("HMax", s.h_max, s.h_max >= 0, "a step >= 0 (0 = no limit)");
  check("HMin", s.h_min, s.h_min >= 0, "a step >= 0 (0 = no limit)");
  check("stepsize", s.step_size, s.step_size >= 0,
        "a step >= 0 (0 = CVODE's own initial step; the fixed-step methods need > 0)");
  // HMax = 0 means "no limit", so it cannot conflict with HMin.
  if (s.h_max > 0 && s.h_min > s.h_max) {
    errors.Add(where("HMin"), fmt::format("Engine HMin {} is larger than HMax {}; expected "
                                          "HMin <= HMax",
                                          s.h_min, s.h_max));
  }
  // CVODE's methods exist up to order 5 (BDF) and 12 (Adams-Moulton).
  const int highest_order = s.integrator == IntegratorKind::kCvodeAdams ? 12 : 5;
  if (s.max_order > highest_order) {
    errors.Add(where("MaxOrder"),
               fmt::format("Engine MaxOrder {} is out of range for {}; expected 1 to {}",
                           s.max_order, ToString(s.integrator), highest_order));
  }
  // Below 1/6 (linear acceleration) the implicit part's limit 1 / sqrt(1/4 - beta) falls under
  // 3.5; above 1/4 only the period error grows.
  check("NewmarkBeta", s.newmark_beta, s.newmark_beta >= 1.0 / 6.0 && s.newmark_beta <= 0.25,
        "1/6 <= NewmarkBeta <= 1/4 such as 0.25 (the default) or 0.2");
  if (s.newmark_beta != 0.25 && s.integrator != IntegratorKind::kNewmark) {
    errors.Add(where("NewmarkBeta"),
               fmt::format("Engine NewmarkBeta is for Integrator=\"newmark\", not {}; expected "
                           "no NewmarkBeta with {}",
                           ToString(s.integrator), ToString(s.integrator)));
  }
  if (IsFixedStep(s.integrator) && !(s.step_size > 0)) {
    errors.Add(where("stepsize"),
               fmt::format("Engine: the fixed-step integrator {} needs stepsize > 0 (got {}); "
                           "expected e.g. stepsize=\"0.001\"",
                           ToString(s.integrator), s.step_size));
  }
  errors.ThrowIfAny();
  return s;
}

}  // namespace hawser
