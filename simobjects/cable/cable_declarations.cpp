// Cable/Cable's parameters, ports and states (cable.h), in the order `hawser describe` lists
// them; the constructor (cable.cpp) calls these first.
#include <utility>
#include <vector>

#include "simobjects/cable/cable.h"
#include "simobjects/common/ocean_agreement.h"

namespace hawser {

Cable::SegmentParameters Cable::DeclareParameters(const ObjectArgs& args) {
  if (type() == kLineType) {
    DeclareLineParameters(args);
  } else {
    const long n = DeclareParameter<long>({.name = "NumElements",
                                           .unit = "-",
                                           .doc = "Number of segments N (N - 1 free nodes).",
                                           .check = IntegerInRange(2, kMaxCableElements)});
    props_.elements = describing() ? 2 : static_cast<int>(n);
    length_ = DeclareParameter<double>(
        {.name = "Length", .unit = "m", .doc = "Unstretched length L.", .check = Positive()});
    fluid_.diameter = DeclareParameter<double>({.name = "Diameter",
                                                .unit = "m",
                                                .doc = "Hydrodynamic and volumetric diameter d.",
                                                .check = AtLeast(0.0)});
    fluid_.mass_per_length =
        DeclareParameter<double>({.name = "MassPerLength",
                                  .unit = "kg/m",
                                  .doc = "Mass per unstretched length, in air.",
                                  .check = Positive()});
    ea_ = DeclareParameter<double>(
        {.name = "EA", .unit = "N", .doc = "Axial stiffness (tension only).", .check = Positive()});
  }
  SegmentParameters segment;
  segment.damping_ratio = DeclareParameter<double>(
      {.name = "DampingRatio",
       .unit = "-",
       .doc = "Damping ratio of the axial mode of two nodes across one segment.",
       .fallback = 0.5,
       .check = AtLeast(0.0)});
  if (type() != kLineType) {  // Cable/Line: from each section's line type.
    fluid_.cdn = DeclareParameter<double>({.name = "Cdn",
                                           .unit = "-",
                                           .doc = "Normal drag coefficient (area d per length).",
                                           .fallback = 1.2,
                                           .check = AtLeast(0.0)});
    fluid_.cdt =
        DeclareParameter<double>({.name = "Cdt",
                                  .unit = "-",
                                  .doc = "Tangential drag coefficient (area pi d per length).",
                                  .fallback = 0.008,
                                  .check = AtLeast(0.0)});
    fluid_.can = DeclareParameter<double>({.name = "Can",
                                           .unit = "-",
                                           .doc = "Added-mass coefficient, normal to the line.",
                                           .fallback = 1.0,
                                           .check = AtLeast(0.0)});
  }
  fluid_.density = DeclareParameter(WaterDensityParameter());
  fluid_.gravity = DeclareParameter(GravityParameter());
  fluid_.seabed_z = DeclareParameter<double>(
      {.name = "SeabedDepth",
       .unit = "m",
       .doc = "z coordinate of the flat seabed (negative below z = 0); -inf = no seabed.",
       .fallback = kNoSeabed});
  segment.seabed_stiffness =
      DeclareParameter<double>({.name = "SeabedStiffness",
                                .unit = "N/m^2",
                                .doc = "Vertical seabed stiffness per unit length of cable.",
                                .fallback = 3e5,
                                .check = AtLeast(0.0)});
  segment.seabed_damping =
      DeclareParameter<double>({.name = "SeabedDamping",
                                .unit = "N s/m^2",
                                .doc = "Vertical seabed damping per unit length of cable.",
                                .fallback = 3e4,
                                .check = AtLeast(0.0)});
  props_.friction = DeclareParameter<double>({.name = "SeabedFriction",
                                              .unit = "-",
                                              .doc = "Coulomb friction coefficient (0 = off).",
                                              .fallback = 0.0,
                                              .check = AtLeast(0.0)});
  props_.friction_velocity = DeclareParameter<double>(
      {.name = "FrictionVelocity",
       .unit = "m/s",
       .doc = "Speed below which friction is regularised (smoothly goes to 0).",
       .fallback = 0.01,
       .check = Positive()});
  const double ei = DeclareParameter<double>(
      {.name = "BendingStiffness",
       .unit = "N m^2",
       .doc = "Bending stiffness EI (0 = none; pinned ends; Cable/Line: of the line types "
              "that give no EI). See docs/cables-and-mooring.md.",
       .fallback = 0.0,
       .check = AtLeast(0.0)});
  node_ei_.assign(static_cast<size_t>(props_.elements) + 1, ei);
  if (type() == kLineType && !describing()) SetSectionBendingStiffness(ei);
  return segment;
}

void Cable::DeclarePortsAndStates() {
  const int nodes = props_.elements + 1;
  pos_a_ = DeclareInput(Vector3Port("PositionA", "m", "Position of end A."));
  pos_b_ = DeclareInput(Vector3Port("PositionB", "m", "Position of end B."));
  vel_a_ = DeclareInput(Vector3Port("VelocityA", "m/s", "Velocity of end A.", kZero3));
  vel_b_ = DeclareInput(Vector3Port("VelocityB", "m/s", "Velocity of end B.", kZero3));
  current_ = DeclareInput(Vector3Port(
      "Current", "m/s", "Uniform water velocity (added to an Environment/Ocean's water motion).",
      kZero3));
  force_a_ = DeclareOutput(Vector3Port("ForceA", "N", "Force on the object at end A."));
  force_b_ = DeclareOutput(Vector3Port("ForceB", "N", "Force on the object at end B."));
  node_positions_ = DeclareOutput({.name = "NodePositions",
                                   .width = 3 * nodes,
                                   .unit = "m",
                                   .doc = "x,y,z of every node, end A first.",
                                   .dims = {{"node", nodes, {}}, XyzDimension()}});
  tension_ = DeclareOutput({.name = "Tension",
                            .width = props_.elements,
                            .unit = "N",
                            .doc = "Axial force of each segment, A first.",
                            .dims = {{"segment", props_.elements, segment_labels_}}});
  tension_a_ = DeclareOutput(ScalarPort("TensionA", "N", "|ForceA|."));
  tension_b_ = DeclareOutput(ScalarPort("TensionB", "N", "|ForceB|."));
  if (type() == kLineType) {
    utilisation_ = DeclareOutput(
        ScalarPort("Utilisation", "-", "Largest segment tension over its line type's MBL."));
  }
  max_strain_ =
      DeclareOutput(ScalarPort("MaxStrain", "-", "Largest segment strain (l - l0) / l0."));
  std::vector<PortDimension> free_node_dims;
  std::vector<IndexRange> node_velocities;  // vx, vy, vz of each node.
  std::vector<IndexRange> node_positions;   // x, y, z of each node: Pos' = Vel.
  if (props_.elements > 1) {
    free_node_dims = {{"free_node", props_.elements - 1, {}},
                      {"node_state", 6, {"x", "y", "z", "vx", "vy", "vz"}}};
    for (int i = 0; i < props_.elements - 1; ++i) {
      node_positions.push_back({6 * i, 6 * i + 3});
      node_velocities.push_back({6 * i + 3, 6 * i + 6});
    }
  }
  nodes_ = DeclareState({.name = "Nodes",
                         .width = 6 * (props_.elements - 1),
                         .unit = "m, m/s",
                         .doc = "Per internal node x,y,z,vx,vy,vz, node 1 (next to A) first.",
                         .velocities = std::move(node_velocities),
                         .positions = std::move(node_positions),
                         .dims = free_node_dims});
  kinetic_energy_ = DeclareOutput(
      ScalarPort("KineticEnergy", "J", "Internal nodes, normal added mass included."));
  potential_energy_ = DeclareOutput(
      ScalarPort("PotentialEnergy", "J", "Elastic + weight in water (z datum 0) + seabed."));
  dissipated_power_ = DeclareOutput(
      ScalarPort("DissipatedPower", "W",
                 "Power lost by the cable (>= 0 without current; see the type's doc)."));
  dissipated_energy_ =
      DeclareState(DissipatedEnergyState("Integral of DissipatedPower since the start."));
}

}  // namespace hawser
