// How much the runtime's wiring costs: a chain of 200 springs and 200 masses built from XML,
// against the same ODE hand-written as one C++ function. Same state layout, integrator and
// tolerances; prints a table of wall times and their ratio. Never fails on a timing.
//
//   build/bench/wiring_bench [num_links]
#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <string>
#include <vector>

#include "bench/bench_args.h"
#include "runtime/model/model.h"
#include "runtime/scenario/scenario.h"
#include "runtime/solve/integrator.h"
#include "simobjects/register_base.h"

namespace hawser {
namespace {

constexpr double kStiffness = 5000.0, kRelaxed = 1.0, kMass = 0.5, kG = 9.81;

std::string ChainXml(int n, const std::string& integrator, double step) {
  std::string objects, wires, initial;
  for (int i = 1; i <= n; ++i) {
    objects += fmt::format(
        "<Lib LibName=\"base\" SimObject=\"Cable/LinearSpring\" Name=\"S{}\" Stiffness=\"{}\" "
        "RelaxedLength=\"{}\"/>\n",
        i, kStiffness, kRelaxed);
  }
  for (int i = 1; i <= n; ++i) {
    objects += fmt::format(
        "<Lib LibName=\"base\" SimObject=\"Body/3DBody\" Name=\"N{}\" Mass=\"{}\"/>\n", i, kMass);
    wires += fmt::format("<Connection S{}.PosA=\"{}\" S{}.PosB=\"N{}.Pos\"/>\n", i,
                         i == 1 ? "0,0,0" : fmt::format("N{}.Pos", i - 1), i, i);
    wires += i < n
                 ? fmt::format("<Connection N{}.Force=\"S{}.ForceB + S{}.ForceA\"/>\n", i, i, i + 1)
                 : fmt::format("<Connection N{}.Force=\"S{}.ForceB\"/>\n", i, i);
    initial += fmt::format("<InitialCondition N{}.Pos=\"{},0,0\"/>\n", i, i * kRelaxed);
  }
  return fmt::format(
      "<Contents><OBJECTS>{}</OBJECTS><INTERCONNECTIONS>{}</INTERCONNECTIONS><INITIALIZATION>{}"
      "</INITIALIZATION><INTEGRATION><Engine Integrator=\"{}\" AbsTol=\"1e-6\" RelTol=\"1e-6\" "
      "stepsize=\"{}\" TOutput=\"0, 0.1, 1\" "
      "FileOutput=\"objects:none\"/></INTEGRATION></Contents>",
      objects, wires, initial, integrator, step);
}

/// The same chain, hand-written: state = per node [pos(3), vel(3)], nodes in order.
class HandWrittenChain final : public OdeSystem {
 public:
  explicit HandWrittenChain(const Model& model)
      : n_(model.size() / 6),
        bandwidth_(model.Bandwidth()),
        pattern_(*model.Sparsity()),
        force_(3 * (n_ + 1)) {}
  int size() const override { return 6 * n_; }
  /// The same band and pattern as the model's, so both get the same linear solver.
  std::pair<int, int> Bandwidth() const override { return bandwidth_; }
  const SparsityPattern* Sparsity() const override { return &pattern_; }
  bool Rhs(double, const double* x, double* xdot) override {
    // force_[3*i ..] = force of spring i+1 on its end B (node i); its end A gets the opposite.
    for (int i = 0; i < n_; ++i) {
      const double* b = x + 6 * i;
      double a[3] = {0, 0, 0};
      if (i > 0) a[0] = x[6 * (i - 1)], a[1] = x[6 * (i - 1) + 1], a[2] = x[6 * (i - 1) + 2];
      const double l[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
      const double length = std::sqrt(l[0] * l[0] + l[1] * l[1] + l[2] * l[2]);
      const double s = -kStiffness * (length - kRelaxed) / length;
      for (int k = 0; k < 3; ++k) force_[3 * i + k] = s * l[k];
    }
    for (int i = 0; i < n_; ++i) {
      for (int k = 0; k < 3; ++k) {
        double f = force_[3 * i + k];
        if (i + 1 < n_) f -= force_[3 * (i + 1) + k];
        xdot[6 * i + k] = x[6 * i + 3 + k];
        xdot[6 * i + 3 + k] = f / kMass + (k == 2 ? -kG : 0.0);
      }
    }
    return true;
  }

 private:
  int n_;
  std::pair<int, int> bandwidth_;
  SparsityPattern pattern_;
  std::vector<double> force_;
};

double Seconds(std::chrono::steady_clock::time_point since) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

struct Timing {
  double seconds;
  long rhs;
  double final_z;  ///< z of the last node at the end, to show both solved the same problem.
};

Timing Integrate(OdeSystem& system, const EngineSettings& settings, std::vector<double> x) {
  auto integrator = MakeIntegrator(system, settings);
  const auto start = std::chrono::steady_clock::now();
  integrator->Reset(settings.output.start, x);
  for (double t : settings.output.times)
    if (t > settings.output.start) integrator->AdvanceTo(t, x);
  return {Seconds(start), integrator->stats().rhs_evals, x[x.size() - 4]};
}

void Compare(int n, const std::string& integrator, double step) {
  const Scenario scenario = LoadScenarioFromString(ChainXml(n, integrator, step), "chain.xml");
  auto model = Model::Assemble(scenario, BuiltinRegistry());
  const std::vector<double> x0 = model->InitialState(0.0);
  HandWrittenChain hand(*model);
  // Best of three, against noise from other processes.
  Timing best_model{1e30, 0, 0}, best_hand{1e30, 0, 0};
  for (int rep = 0; rep < 3; ++rep) {
    Timing m = Integrate(*model, scenario.engine, x0);
    Timing h = Integrate(hand, scenario.engine, x0);
    if (m.seconds < best_model.seconds) best_model = m;
    if (h.seconds < best_hand.seconds) best_hand = h;
  }
  fmt::print("{:<12} {:>8} {:>10.4f} {:>10.4f} {:>8.3f} {:>10} {:>10} {:>12.3e}\n", integrator, n,
             best_model.seconds, best_hand.seconds, best_model.seconds / best_hand.seconds,
             best_model.rhs, best_hand.rhs, std::abs(best_model.final_z - best_hand.final_z));
}

void CompareRhs(int n) {
  const Scenario scenario = LoadScenarioFromString(ChainXml(n, "rk4", 1e-4), "chain.xml");
  auto model = Model::Assemble(scenario, BuiltinRegistry());
  std::vector<double> x = model->InitialState(0.0), xdot(x.size());
  HandWrittenChain hand(*model);
  const int calls = 20000;
  auto time_calls = [&](OdeSystem& s) {
    double best = 1e30;
    for (int rep = 0; rep < 3; ++rep) {
      const auto start = std::chrono::steady_clock::now();
      for (int i = 0; i < calls; ++i) s.Rhs(0.0, x.data(), xdot.data());
      best = std::min(best, Seconds(start));
    }
    return best / calls;
  };
  const double m = time_calls(*model), h = time_calls(hand);
  fmt::print("{:<12} {:>8} {:>10.3f} {:>10.3f} {:>8.3f}   (microseconds per RHS evaluation)\n",
             "rhs only", n, m * 1e6, h * 1e6, m / h);
}

}  // namespace
}  // namespace hawser

int main(int argc, char** argv) {
  const char* usage = "Usage: wiring_bench [NUM_LINKS (1 to 1000000; default 200)]\n";
  hawser::bench::HelpExit(argc, argv, usage);
  if (argc > 2) {
    hawser::bench::BadArgument("wiring_bench", "a second argument", argv[2], "at most one", usage);
  }
  const int n = argc > 1 ? static_cast<int>(hawser::bench::IntArgument("wiring_bench", "NUM_LINKS",
                                                                       argv[1], 1, 1000000, usage))
                         : 200;
  fmt::print("Spring-mass chain, {} links: XML-built model vs hand-written ODE (best of 3)\n\n", n);
  fmt::print("{:<12} {:>8} {:>10} {:>10} {:>8} {:>10} {:>10} {:>12}\n", "integrator", "links",
             "model [s]", "hand [s]", "ratio", "model RHS", "hand RHS", "|dz| end");
  hawser::CompareRhs(n);
  hawser::Compare(n, "rk4", 1e-4);
  hawser::Compare(n, "cvode-adams", 0);
  hawser::Compare(n, "cvode-bdf", 0);
  return 0;
}
