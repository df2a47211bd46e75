// Cable/Cable's checks of its starting shape (README, "The ocean"): no end or given node below
// the seabed (an error: ocean_agreement.h's kSeabedTolerance), a warning for a segment strained
// more than kMaxStartStrain, with the tension that strain makes, and one for each seabed
// parameter given to a line without a seabed.
#include <cmath>
#include <string>

#include "hawser/log.h"
#include "hawser/text.h"
#include "simobjects/cable/cable.h"
#include "simobjects/common/ocean_agreement.h"

namespace hawser {
namespace {

// 10 %: beyond the breaking strain of chain and steel wire (2-3 %) and of polyester rope (about
// 10-15 %); only nylon and similar ropes stretch further before they break, which is why a
// larger strain is a warning, not an error. A Length or an end position mistyped (a line 100 m
// long between ends 478 m apart) shows up here as hundreds of per cent.
constexpr double kMaxStartStrain = 0.10;

}  // namespace

void Cable::CheckAboveSeabed() const {
  if (!props_.has_seabed) {
    for (const auto& [parameter, where] : seabed_parameters_) {
      Warn(where, name() + " (" + type() + "): " + parameter +
                      " is ignored: the line has no seabed (no SeabedDepth, and no "
                      "Environment/Ocean with a Depth)");
    }
    return;
  }
  const Ocean* ocean = service<Ocean>(ocean_);
  const std::string seabed = ocean != nullptr && !given_seabed_
                                 ? "the ocean's Depth " + NumberText(ocean->depth()) + " m"
                                 : "the line's SeabedDepth";
  auto check = [&](const std::string& what, double z) {
    if (std::string problem = BelowSeabed(what, z, props_.seabed_z, seabed); !problem.empty()) {
      throw Error(problem);
    }
  };
  check("end A (input PositionA)", in3(pos_a_).z());
  check("end B (input PositionB)", in3(pos_b_).z());
  if (!state_given(nodes_)) return;
  const std::span<const double> x = state(nodes_);
  for (int i = 1; i < props_.elements; ++i) {
    check("node " + std::to_string(i) + " (InitialCondition " + name() + ".Nodes)",
          x[6 * (i - 1) + 2]);
  }
}

void Cable::WarnIfOverstrained() const {
  const int n = props_.elements;
  const std::span<const double> x = state(nodes_);
  auto node = [&](int i) -> Eigen::Vector3d {
    if (i == 0) return in3(pos_a_);
    if (i == n) return in3(pos_b_);
    return {x[6 * (i - 1)], x[6 * (i - 1) + 1], x[6 * (i - 1) + 2]};
  };
  double worst = 0.0;
  int worst_segment = 0;
  for (int i = 0; i < n; ++i) {
    const double strain = (node(i + 1) - node(i)).norm() / props_.segment_length - 1.0;
    if (strain > worst) {
      worst = strain;
      worst_segment = i + 1;
    }
  }
  if (!(worst > kMaxStartStrain)) return;
  Warn(location(),
       name() + " (" + type() + "): at the start segment " + std::to_string(worst_segment) +
           " of " + std::to_string(n) + " is strained " + NumberText(100.0 * worst, 4) +
           " %, a tension of " + NumberText(ea_ * worst, 3) +
           " N (EA x strain); a line material breaks "
           "beyond about " +
           NumberText(100.0 * kMaxStartStrain) + " % (chain, wire, polyester): check Length (" +
           NumberText(length_) + " m) against the ends' distance");
}

}  // namespace hawser
