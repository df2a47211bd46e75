#include "simobjects/cable/cable.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "hawser/ocean.h"
#include "hawser/text.h"
#include "simobjects/cable/cable_bending.h"
#include "simobjects/cable/cable_jacobian.h"
#include "simobjects/cable/line_type.h"
#include "simobjects/common/ocean_agreement.h"

namespace hawser {

Cable::Cable(ObjectArgs& args) : SimObject(args), given_(args.values) {
  const SegmentParameters segment = DeclareParameters(args);
  DeclarePortsAndStates();
  DeclareBreak(args);
  DeclareCalcs();
  DeriveProperties(args, segment);
  DeclareJacobianStructure();  // Its reach depends on the bending stiffness.
  ocean_ = DeclareServiceUse({.name = Ocean::kServiceName,
                              .provided_by = "an Environment/Ocean object",
                              .doc = "water density, gravity, depth, waves and current"});
  SizeWorkArrays();
}

void Cable::DeclareCalcs() {
  std::vector<Output> line_outputs = {force_a_, force_b_, tension_, tension_a_, tension_b_};
  if (type() == kLineType) line_outputs.push_back(utilisation_);  // Calc() writes it too.
  DeclareCalc(line_outputs, {pos_a_, pos_b_, vel_a_, vel_b_, current_}, [this] { Calc(); });
  // Read by the right-hand side only when an input is connected to it (logged, a view).
  DeclareCalc(
      {node_positions_}, {pos_a_, pos_b_}, [this] { CalcNodePositions(); }, CalcRole::kDiagnostic);
  DeclareCalc(
      {max_strain_}, {pos_a_, pos_b_}, [this] { CalcMaxStrain(); }, CalcRole::kDiagnostic);
  DeclareCalc(
      {kinetic_energy_, potential_energy_, dissipated_power_, released_energy_out_},
      {pos_a_, pos_b_, vel_a_, vel_b_, current_}, [this] { CalcEnergy(); }, CalcRole::kDiagnostic);
}

void Cable::DeclareJacobianStructure() {
  // Node i's acceleration reads nodes i-1..i+1: in the 6-per-node layout, row 6i+5 reaches
  // column 6(i-1) (11 below) and row 6i+3 reaches column 6(i+1)+5 (8 above). With bending it
  // reads nodes i-2..i+2 (cable_bending.h): 17 below, 14 above (the condensed velocity matrix's
  // half-bandwidth grows from 5 to 8, still the two-sided band LU's). The DissipatedEnergy row
  // reads every node, outside this band, harmlessly (cable.h).
  // Exactly: Pos' = Vel reads one entry, and a node's acceleration reads the positions and
  // velocities of itself and its neighbours (within the band above); the entries of the
  // velocities two nodes away, which bending does not read, are declared too and stay 0.
  std::vector<std::pair<int, int>> entries;
  const int free_nodes = props_.elements - 1;
  const int reach = NeighbourReach();
  for (int i = 0; i < free_nodes; ++i) {
    const int o = 6 * i;
    for (int k = 0; k < 3; ++k) entries.push_back({o + k, o + 3 + k});
    for (int j = std::max(0, i - reach); j <= std::min(free_nodes - 1, i + reach); ++j) {
      for (int r = 3; r < 6; ++r) {
        for (int c = 0; c < 6; ++c) entries.push_back({o + r, 6 * j + c});
      }
    }
  }
  DeclareStateEntries(std::move(entries));
  // The ends reach the free nodes next to them only: node 1 (entries 0..5) reads end A, node
  // N-1 (entries 6(N-2)..6(N-2)+5) end B, and ForceA/B read those nodes (the end node's tangent
  // and its segment); with bending, nodes 1 and 2 (N-1 and N-2) through node 1's (N-1's)
  // bend. Like the band, this leaves out the DissipatedEnergy row, which reads
  // everything (see cable.h): a body attached to end A of one line and end B of another then
  // keeps the Jacobian narrowly banded.
  const int free_entries = 6 * (props_.elements - 1);
  const int near = 6 * reach;
  const int near_a = std::min(near, free_entries), near_b = std::max(0, free_entries - near);
  for (Input end_a : {pos_a_, vel_a_}) DeclareInputReadBy(end_a, 0, near_a);
  for (Input end_b : {pos_b_, vel_b_}) DeclareInputReadBy(end_b, near_b, free_entries - near_b);
  for (Output o : {force_a_, tension_a_}) DeclareOutputReads(o, 0, near_a);
  for (Output o : {force_b_, tension_b_}) DeclareOutputReads(o, near_b, free_entries - near_b);
}

void Cable::DeriveProperties(const ObjectArgs& args, const SegmentParameters& segment) {
  given_density_ = args.values.count("WaterDensity") > 0;
  given_gravity_ = args.values.count("Gravity") > 0;
  given_seabed_ = args.values.count("SeabedDepth") > 0;
  for (const char* seabed : {"SeabedStiffness", "SeabedDamping", "SeabedFriction"}) {
    if (const auto given = args.values.find(seabed); given != args.values.end()) {
      seabed_parameters_.emplace_back(seabed, given->second.second);
    }
  }
  segment_ = segment;
  DeriveFluidProperties();
  SetBendingStiffness(props_, node_ei_);  // After the segment lengths: EI / l0 per node.
}

void Cable::SizeWorkArrays() {
  const int nodes = props_.elements + 1;
  const int n_elem = props_.elements;
  pos_.assign(3 * nodes, 0.0);
  vel_.assign(3 * nodes, 0.0);
  force_.assign(3 * nodes, 0.0);
  tangent_.assign(3 * nodes, 0.0);
  seg_tension_.assign(n_elem, 0.0);
  jacobian_.assign(static_cast<size_t>(kNodeJacobianSize) * (n_elem - 1), 0.0);
  if (!props_.bending.empty())
    far_.assign(static_cast<size_t>(kBendingFarSize) * (n_elem - 1), 0.0);
  e_pos_ = pos_;
  e_vel_ = vel_;
  e_force_ = force_;
  e_tangent_ = tangent_;
  e_tension_ = seg_tension_;
}

void Cable::CalcNodePositions() {
  GatherNodes(e_pos_, e_vel_);
  std::copy(e_pos_.begin(), e_pos_.end(), out(node_positions_).begin());
}

void Cable::CalcMaxStrain() {
  GatherNodes(e_pos_, e_vel_);
  double strain = -1.0;
  for (int i = 0; i < props_.elements; ++i) {
    const double l = (Eigen::Map<const Eigen::Vector3d>(&e_pos_[3 * (i + 1)]) -
                      Eigen::Map<const Eigen::Vector3d>(&e_pos_[3 * i]))
                         .norm();
    if (!SegmentBroken(props_, i)) strain = std::max(strain, l / props_.segment_length[i] - 1.0);
  }
  out(max_strain_)[0] = strain;
}

void Cable::DeriveFluidProperties() {
  const LumpSetting setting{.damping_ratio = segment_.damping_ratio,
                            .seabed_stiffness = segment_.seabed_stiffness,
                            .seabed_damping = segment_.seabed_damping,
                            .density = fluid_.density,
                            .gravity = fluid_.gravity};
  if (!sections_.empty()) {
    LumpSections(setting);
  } else {
    // One line type (Diameter serving as both diameters), N equal segments.
    const LineType type{.diameter = fluid_.diameter,
                        .volumetric_diameter = fluid_.diameter,
                        .mass_per_length = fluid_.mass_per_length,
                        .ea = ea_,
                        .cdn = fluid_.cdn,
                        .cdt = fluid_.cdt,
                        .can = fluid_.can};
    const std::vector<SegmentLump> lumps(static_cast<size_t>(props_.elements),
                                         LumpLineType(type, length_ / props_.elements, setting));
    LumpAtNodes(props_, lumps);
    const double area = std::numbers::pi * fluid_.diameter * fluid_.diameter / 4.0;
    weight_per_length_ = (fluid_.mass_per_length - fluid_.density * area) * fluid_.gravity;
  }
  props_.has_seabed = fluid_.seabed_z > kNoSeabed;
  props_.seabed_z = props_.has_seabed ? fluid_.seabed_z : 0.0;
}

void Cable::TakeOceanProperties(const Ocean& ocean) {
  for (const std::string& problem :
       {OceanDisagreement("WaterDensity", given_density_, fluid_.density, ocean.density(),
                          "a line"),
        OceanDisagreement("Gravity", given_gravity_, fluid_.gravity, ocean.gravity(), "a line")}) {
    if (!problem.empty()) throw Error(problem);
  }
  // The seabed is the ocean's: a SeabedDepth of the line's own must be the same, -Depth.
  if (given_seabed_ && fluid_.seabed_z != -ocean.depth()) {
    throw Error("SeabedDepth = " + NumberText(fluid_.seabed_z) + " differs from the ocean's " +
                (std::isfinite(ocean.depth()) ? "seabed z = -Depth = " + NumberText(-ocean.depth())
                                              : std::string("deep water (no Depth, no seabed)")) +
                "; expected no such parameter (a line in an Environment/Ocean takes the ocean's "
                "seabed) or the same value");
  }
  fluid_.density = ocean.density();
  fluid_.gravity = ocean.gravity();
  if (std::isfinite(ocean.depth())) fluid_.seabed_z = -ocean.depth();
  DeriveFluidProperties();
}

void Cable::SampleWater(std::span<const double> pos, bool ends_only) {
  const Eigen::Vector3d current = in3(current_);
  const Ocean* ocean = service<Ocean>(ocean_);
  if (ocean == nullptr) {  // The same still water at every node: nothing per node to fill.
    water_.uniform_velocity = current;
    return;
  }
  // While the integrator estimates the Jacobian, keep the water sampled at the base point (the
  // ordinary evaluation just before, at this time): the wave kinematics (a sum over every wave
  // component at every node) were most of the cost of those evaluations, and their dependence
  // on the nodes' small perturbations only refines the Jacobian, which steers Newton's
  // iteration and not the solution.
  const bool same_time = !water_positions_.empty() && water_time_ == time();
  if (estimating_jacobian() && same_time) return;
  const int nodes = props_.elements + 1;
  water_.velocity.resize(3 * nodes);
  water_.acceleration.resize(3 * nodes);
  water_.wet.resize(nodes);
  const auto fill = [&](std::size_t node, const WaterMotion& w) {
    Eigen::Map<Eigen::Vector3d>(water_.velocity.data() + 3 * node) = w.velocity + current;
    Eigen::Map<Eigen::Vector3d>(water_.acceleration.data() + 3 * node) = w.acceleration;
    water_.wet[node] = w.wet ? 1 : 0;
  };
  // The water is a function of the time and the positions: at the same ones (Calc() and
  // CalcEnergy() of one evaluation), the last batch is still valid.
  const bool same_batch = same_time && std::equal(pos.begin(), pos.end(), water_positions_.begin(),
                                                  water_positions_.end());
  if (!same_batch && ends_only) {
    // The end forces and tensions read the water at the end nodes only (NodeExternalForce).
    // The other nodes' water is left stale, so the next evaluation samples them all again.
    water_positions_.clear();
    const auto last = static_cast<std::size_t>(nodes - 1);
    Eigen::Matrix<double, 3, 2> ends;
    ends << Eigen::Map<const Eigen::Vector3d>(pos.data()),
        Eigen::Map<const Eigen::Vector3d>(pos.data() + 3 * last);
    WaterMotion motion[2];
    ocean->Motion(time(), ends, motion);
    fill(0, motion[0]);
    fill(last, motion[1]);
    return;
  }
  if (!same_batch) {
    water_time_ = time();
    water_positions_.assign(pos.begin(), pos.end());
    // One batched call for all nodes (the ocean shares its per-time work among them).
    water_motion_.resize(static_cast<std::size_t>(nodes));
    ocean->Motion(time(), Eigen::Map<const Eigen::Matrix3Xd>(pos.data(), 3, nodes), water_motion_);
  }
  for (std::size_t i = 0; i < water_motion_.size(); ++i) fill(i, water_motion_[i]);
}

void Cable::GatherNodes(std::vector<double>& pos, std::vector<double>& vel) const {
  const int n = props_.elements;
  std::span<const double> x = state(nodes_);
  for (int k = 0; k < 3; ++k) {
    pos[k] = in(pos_a_)[k];
    vel[k] = in(vel_a_)[k];
    pos[3 * n + k] = in(pos_b_)[k];
    vel[3 * n + k] = in(vel_b_)[k];
  }
  for (int i = 1; i < n; ++i) {
    for (int k = 0; k < 3; ++k) {
      pos[3 * i + k] = x[6 * (i - 1) + k];
      vel[3 * i + k] = x[6 * (i - 1) + 3 + k];
    }
  }
}

CableLanes Cable::GatherNodeLanes() {
  const int n = props_.elements;
  const CableLanes l = LanesOf(work_, n);
  const auto end = [&](int i, Input pos, Input vel) {
    l.pos.x[i] = in(pos)[0];
    l.pos.y[i] = in(pos)[1];
    l.pos.z[i] = in(pos)[2];
    l.vel.x[i] = in(vel)[0];
    l.vel.y[i] = in(vel)[1];
    l.vel.z[i] = in(vel)[2];
  };
  end(0, pos_a_, vel_a_);
  end(n, pos_b_, vel_b_);
  UnpackStates(state(nodes_), n - 1, From(l.pos, 1), From(l.vel, 1));
  return l;
}

void Cable::PackLanes() {
  const size_t nodes = static_cast<size_t>(props_.elements) + 1;
  const CableLanes l = LanesOf(work_, props_.elements);
  PackNodes(l.pos, nodes, pos_);
  PackNodes(l.vel, nodes, vel_);
  PackNodes(l.tangent, nodes, tangent_);
  PackNodes(l.force, nodes, force_);
}

void Cable::Calc() {
  const int n = props_.elements;
  const CableLanes l = GatherNodeLanes();
  // Packed positions only for what reads them: the ocean's batch, bending and in-line buoys.
  const bool ocean = service<Ocean>(ocean_) != nullptr;
  if (ocean || !props_.bending.empty() || !props_.surface_points.empty())
    PackNodes(l.pos, static_cast<size_t>(n) + 1, pos_);
  SampleWater(pos_, logging_only());  // A row of the result file: the ends' water only.
  CableLaneForces(props_, pos_, water_, seg_tension_, work_, &power_);
  out3(force_a_) = Eigen::Vector3d(l.force.x[0], l.force.y[0], l.force.z[0]);
  out3(force_b_) = Eigen::Vector3d(l.force.x[n], l.force.y[n], l.force.z[n]);
  out(tension_a_)[0] = out3(force_a_).norm();
  out(tension_b_)[0] = out3(force_b_).norm();
  std::copy(seg_tension_.begin(), seg_tension_.end(), out(tension_).begin());
  if (!sections_.empty()) CalcUtilisation();
}

void Cable::CalcEnergy() {
  GatherNodes(e_pos_, e_vel_);
  SampleWater(e_pos_, false);  // The dissipated power reads every node's drag.
  double power = 0.0;
  CableNodeForces(props_, e_pos_, e_vel_, water_, e_tangent_, e_tension_, e_force_, e_work_,
                  &power);
  const CableEnergy e = CableEnergies(props_, e_pos_, e_vel_);
  out(kinetic_energy_)[0] = e.kinetic;
  out(potential_energy_)[0] = e.potential;
  out(dissipated_power_)[0] = power;
  out(released_energy_out_)[0] = released_energy_;
}

bool Cable::StateJacobian(std::span<double> values) {
  // A broken segment's zero tension is not in the exact entries: the differences take over.
  if (!props_.broken_segments.empty()) return false;
  // Calc() ran at this point: pos_, water_ and the lanes are its.
  PackLanes();
  CableAccelerationJacobian(props_, pos_, vel_, water_, tangent_, force_, jacobian_);
  if (!props_.bending.empty()) AddBendingJacobian(props_, pos_, tangent_, jacobian_, far_);
  // In the order of the constructor's DeclareStateEntries: per free node, Pos' = Vel, then its
  // acceleration's rows against each free neighbour's (and its own) x,y,z,vx,vy,vz.
  const int free_nodes = props_.elements - 1;
  const int reach = NeighbourReach();
  size_t k = 0;
  for (int i = 0; i < free_nodes; ++i) {
    for (int c = 0; c < 3; ++c) values[k++] = 1.0;
    const double* node = jacobian_.data() + kNodeJacobianSize * i;  // 3 x 18, column major.
    for (int j = std::max(0, i - reach); j <= std::min(free_nodes - 1, i + reach); ++j) {
      for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 6; ++c) {
          if (j == i - 2 || j == i + 2) {  // Bending only: positions from far_, velocities 0.
            const double* two_away = far_.data() + kBendingFarSize * i + (j > i ? 9 : 0);
            values[k++] = c < 3 ? two_away[3 * c + r] : 0.0;
          } else {
            const int first_column = 6 * (j - i + 1);  // The node before, itself, the one after.
            values[k++] = node[3 * (first_column + c) + r];
          }
        }
      }
    }
  }
  return true;
}

void Cable::CalcDerivatives() {
  // Calc() ran at these states and inputs (the model evaluates every output first).
  LaneNodeDerivatives(props_, work_, derivative(nodes_));
  derivative(dissipated_energy_)[0] = power_;
}

void Cable::SolveImplicitPart(double damping_h, double stiffness_h2) {
  const SlackSegment slack =
      SolveAxialImplicitPart(props_, work_, damping_h, stiffness_h2, derivative(nodes_));
  if (slack.segment < 0) return;
  const std::string limit = NumberText(slack.largest_step, 3);
  throw SimulationError(
      name() + " (" + type() + "): segment " + std::to_string(slack.segment) +
      " is slack at t = " + NumberText(time(), 6) + " with a step of " +
      NumberText(2.0 * damping_h, 6) + " s, past the " + limit +
      " s (h w = sqrt(2) on its axial mode) at which a slack segment that snaps taut within a "
      "Newmark step is followed: its tensions would be wrong; use stepsize < " +
      limit + " or Integrator=\"cvode-bdf\"");
}

}  // namespace hawser
