// A config from configs/ assembled and brought to static equilibrium (runtime/solve/settle.h), with
// its outputs evaluated there: for tests that check an equilibrium against closed forms.
#pragma once

#include <doctest/doctest.h>

#include <Eigen/Dense>
#include <memory>
#include <string>
#include <vector>

#include "runtime/model/model.h"
#include "runtime/solve/settle.h"
#include "simobjects/register_base.h"
#include "tests/simobjects/scenario_test_util.h"

namespace hawser::test {

struct SettledConfig {
  std::unique_ptr<Model> model;
  std::vector<double> x;
  SettleResult result;

  /// Value `i` of output `port` of object `name` at the settled state.
  double Output(const std::string& name, const std::string& port, int i = 0) const {
    return OutputOf(*model, name, port)[i];
  }
  Eigen::Vector3d Output3(const std::string& name, const std::string& port) const {
    return {Output(name, port, 0), Output(name, port, 1), Output(name, port, 2)};
  }
};

/// Settles `scenario` with Settle's default weights (1e-6 absolute and relative) and evaluates
/// the outputs; requires convergence.
inline SettledConfig SettleScenario(const Scenario& scenario) {
  SettledConfig s;
  s.model = Model::Assemble(scenario, BuiltinRegistry());
  const double t0 = scenario.engine.output.start;
  s.x = s.model->InitialState(t0);
  s.result = Settle(*s.model, t0, s.x);
  REQUIRE_MESSAGE(s.result.converged, s.result.message);
  REQUIRE(s.model->EvaluateOutputs(t0, s.x.data()));
  return s;
}

inline SettledConfig SettleConfig(const std::string& path) {
  return SettleScenario(LoadScenario(path));
}

}  // namespace hawser::test
