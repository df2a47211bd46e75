// Cable/Cable: a lumped-mass cable (mooring line, tether) between end A and end B.
//
// Discretisation (as MoorDyn, Hall & Goupee 2015): N = NumElements straight segments of
// unstretched length l0 = Length / N between N + 1 nodes; node 0 is end A, node N end B (their
// positions and velocities are inputs), nodes 1..N-1 are free. Per segment, with l its length
// and dl/dt its rate of change, the axial force is tension only:
//   T = max(0, (EA / l0) (l - l0) + c dl/dt),   c = DampingRatio sqrt(2 (EA / l0) m)
// (c gives the axial mode of two node masses m = MassPerLength l0 across one segment the damping
// ratio DampingRatio; c = DampingRatio sqrt(2 EA MassPerLength) does not depend on N).
// Per node, with tributary length l0 (l0/2 at the ends) and unit tangent q along the chord of
// its neighbours:
//   weight in water    -(MassPerLength - rho A) g l0 e_z,     A = pi d^2 / 4 (buoyancy)
//   Morison drag       -1/2 rho l0 (Cdn d |u_n| u_n + Cdt pi d |u_t| u_t),
//                      u = node velocity - Current, u_t = (u.q) q, u_n = u - u_t
//                      (tangential drag on the wetted surface pi d, as MoorDyn)
//   seabed (z < SeabedDepth, pen = SeabedDepth - z):
//                      N = max(0, l0 (SeabedStiffness pen - r SeabedDamping vz)) e_z, where
//                      r = min(1, pen / pen_rest) ramps the damping in over the resting depth
//                      pen_rest = w / SeabedStiffness (w: weight in water per length; 1 mm
//                      if the line floats), so that N is continuous at touchdown; with
//                      SeabedFriction mu > 0 the regularised Coulomb friction
//                      -mu N u_h / sqrt(|u_h|^2 + FrictionVelocity^2) on the horizontal velocity
//   mass               m = MassPerLength l0 along q and m + rho Can A l0 normal to q: the added
//                      mass acts normal to the line only (as MoorDyn); no Froude-Krylov term
//                      (the current is taken as steady).
//   bending            with BendingStiffness EI > 0, the forces -dE/dx of the bending energy
//                      E = sum EI kappa^2 l0 / 2, kappa = |e_i - e_{i-1}| / l0 at each internal
//                      node (MoorDyn v2's curvature; pinned ends; cable_bending.h).
// Internal nodes: Pos' = Vel, Vel' = F_t / m + F_n / (m + a) for the total force F (segment
// tensions plus the terms above) split along q.
//
// Outputs (docs/design.md, "Force and energy conventions": ON the object at that end, world frame):
// ForceA is the tension of segment 1 along it plus the weight in water, drag and seabed force of
// the half segment at end A (the end node's inertia is not included: give the attached body that
// mass if it matters); likewise ForceB. TensionA = |ForceA|, TensionB = |ForceB| (what a load cell
// at the end reads; at a fairlead this is the catenary's end tension). Tension: per segment.
// NodePositions: all N + 1 nodes, x,y,z per node, A first. MaxStrain: the largest segment
// strain (l - l0) / l0 (negative when every segment is slack), a diagnostic.
//
// Energy (docs/design.md, "Force and energy conventions"), so that with fixed ends KineticEnergy +
// PotentialEnergy + DissipatedEnergy is constant, and in general its rate is the power the attached
// objects put in through the ends, -ForceA . VelA - ForceB . VelB:
//   KineticEnergy    internal nodes, sum (m |v|^2 + a |v_n|^2) / 2. It includes the normal
//                    added mass a: in still water that energy belongs to the fluid, but it is
//                    the inertia these equations of motion carry, so the balance needs it.
//                    End nodes have no inertia in this model (see ForceA) and no kinetic energy.
//   PotentialEnergy  sum over segments (EA / 2 l0) max(0, l - l0)^2 (taut segments only)
//                    + sum over nodes share w l0 z (weight in water, z datum 0; end nodes with
//                    share 1/2, since their weight acts through ForceA/B)
//                    + sum over nodes share SeabedStiffness l0 pen^2 / 2
//                    + the bending energy E (above).
//   DissipatedPower  power lost by the cable system: axial damping (and the work of the
//                    tension-only clipping), drag -F_drag . v, seabed damping and friction
//                    (cable_physics.h gives each term). It is >= 0 when Current = 0. Drag is
//                    taken on the velocity relative to the current but its work on the ground-
//                    frame velocity v, so with a current DissipatedPower can be negative: the
//                    current then does work on the line (e.g. pushing a line at rest it pays
//                    the drag's work -F_drag . v < 0 while the fluid itself dissipates
//                    -F_drag . (v - Current) >= 0).
//   DissipatedEnergy state, the integral of DissipatedPower.
// Exact only with Can = 0: the added-mass force a (dv/dt)_n (MoorDyn's form, on the current
// tangent q) is not conservative when the line turns: d/dt KineticEnergy gains a term
// -a (v.q)(v.dq/dt) per node that no force accounts for (small unless the line both slides
// along itself and rotates). The energy outputs are CalcRole::kDiagnostic (computed only when
// logged or wired); CalcDerivatives reads only the power computed with the forces.
//
// State `Nodes` (6 (N - 1)): per internal node x, y, z, vx, vy, vz, node 1 first, so that the
// Jacobian is banded (half-bandwidths 11 below and 8 above the diagonal) and sparse: Pos' = Vel
// reads one entry, a node's acceleration its own and its neighbours' 18 (DeclareStateEntries);
// with bending, the nodes two away as well (17 below, 14 above), and ForceA/B read two nodes.
// The ends couple only to the free nodes next to them: end A to node 1, end B to node N-1, and
// ForceA/B read only those nodes (DeclareInputReadBy, DeclareOutputReads), so a body at an end
// adds a few entries to the model's Jacobian instead of filling it.
// State `DissipatedEnergy` (1) follows the nodes. Its derivative reads every node and both
// ends, outside the declared structure, but no derivative reads it: the true Jacobian is block
// lower triangular with a zero column for it, so the node block that the structure holds is
// exact and the Newton iteration for the nodes is unchanged; the energy's own correction lags
// them by one iteration.
//
// In an ocean (an Environment/Ocean object in the scenario; hawser/ocean.h): the line takes the
// ocean's density, gravity and seabed z = -depth (giving a different WaterDensity, Gravity or
// SeabedDepth is an error). At the start no end or given node may lie below the seabed (more
// than 1 cm), and a segment strained beyond 10 % is a warning (cable_start_checks.cpp). Each node
// then sees the water's velocity and acceleration at its own position (waves and the current
// profile, plus the Current input): drag on the velocity relative to the water, and the fluid
// inertia
//   share (rho A l0 a_w + rho Can A l0 (a_w)_n)     (Froude-Krylov + added mass, Morison)
// with the added mass on the node's own acceleration in its normal mass as above. A node above
// the free surface has its dry weight MassPerLength g l0 and no buoyancy, drag or fluid
// inertia. DissipatedPower counts drag on the ground-frame velocity as before; the fluid
// inertia's work, like the current's, is energy the water puts in. Without an ocean nothing
// changes. While the integrator estimates the Jacobian by differences
// (SimObject::estimating_jacobian()), the line keeps the water it sampled at the unperturbed
// state: the Jacobian then leaves out the water's small change with a node's position, which
// only steers Newton's iteration (the model's equations and solution are unchanged), and the
// wave sums, most of a moored floater's run, are evaluated once per Jacobian instead of once
// per column group.
// The line gives its exact Jacobian entries (SimObject::StateJacobian; the equations are in
// cable_jacobian.h) for the declared structure, with the water's velocity, acceleration and
// wetness held as sampled at the point, as the differences hold them: the model uses them for
// the nodes no other object reads (all but the free node next to an end attached to a body,
// say), which then cost no evaluation of the right-hand side.
//
// Line failure (cable_break.cpp): BreakTime, or BreakTension (the first segment whose tension
// exceeds it; the most loaded of several within one step), and BreakSegment (0 = at end A; the
// only one that may break when given). From the break on the segment's tension is 0
// (CableProperties::broken_segments): no force, no elastic energy, no damping power. The nodes
// either side are internal nodes already, so no state changes size; they keep their mass and
// their tangent along the chord of their neighbours (across the gap: it steers only how drag
// and added mass split, for the one node at each free end). The model calls
// UpdateDiscreteState() after each accepted step (the break tension is found to the step) and
// stops at NextEventTime() (BreakTime exactly); the integrator then restarts. The elastic energy
// k max(0, l - l0)^2 / 2 the segment held leaves PotentialEnergy at that moment, and the output
// ReleasedEnergy reports it from then on (with bending, so does the bend at the segment's two
// nodes: each piece ends there as a pinned free end, no moment across the gap, cable_break.cpp):
// KineticEnergy + PotentialEnergy + DissipatedEnergy + ReleasedEnergy keeps the balance above.
// BreakTime at the start time breaks it from the start (Settle then finds the damaged
// equilibrium, ReleasedEnergy 0). StateJacobian declines once a segment broke (the finite
// differences take over).
// BreakEnd="A" (or "B") breaks the connection at that end instead, at BreakTime or when the
// end's TensionA (TensionB) first exceeds BreakTension: its end segment breaks as above and the
// end node loses its lumped mass, weight, drag, seabed and bending terms, so ForceA (ForceB) is
// 0 from then on and the line's free end is node 1 (N - 1), the last node with inertia (an end
// node has none in this model). The line thus loses the half segment that end carried (its
// weight L / 2N of the line's); its potential energy (weight and seabed) joins ReleasedEnergy.
//
// Without an initial condition, the cable starts at rest on the elastic catenary between its
// ends (catenary.h) with the grounded part on the seabed (when the lower end is within 0.1 % of
// Length of SeabedDepth), or on the straight line between the ends when there is no catenary
// (ends farther apart than the line reaches, vertically above each other, or a line that
// floats); one line on stderr says which. Engine Settle="1" then finds the exact static
// equilibrium of the discretised model.
#pragma once

#include <limits>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "hawser/ocean.h"
#include "hawser/simobject.h"
#include "simobjects/cable/cable_physics.h"
#include "simobjects/cable/line_type_file.h"
#include "simobjects/cable/multi_catenary.h"

namespace hawser {

class Cable final : public SimObject {
 public:
  explicit Cable(ObjectArgs& args);
  void CalcDerivatives() override;
  /// The taut segments' axial damping and stiffness (SolveAxialImplicitPart).
  void SolveImplicitPart(double damping_h, double stiffness_h2) override;
  void Initialize() override;
  /// The exact entries of the declared structure (cable_jacobian.h), water held fixed.
  bool StateJacobian(std::span<double> values) override;
  /// Line failure (cable_break.cpp): BreakTime / BreakTension.
  bool UpdateDiscreteState() override;
  double NextEventTime(double after) const override;
  void CheckEventTimes(double start, double end) const override;
  /// A broken line: {broken segment, break time [s], ReleasedEnergy [J]}; intact: empty.
  std::vector<double> DiscreteState() const override;
  void RestoreDiscreteState(std::span<const double> values) override;

 private:
  /// The type name of a line of sections (cable_line.cpp); Cable/Cable otherwise.
  static constexpr const char* kLineType = "Cable/Line";
  /// 1e5 segments (6e5 states) is far beyond what a cable model needs and keeps every node
  /// count and state index well inside an int.
  static constexpr long kMaxCableElements = 100'000;
  /// SeabedDepth's default: no seabed.
  static constexpr double kNoSeabed = -std::numeric_limits<double>::infinity();
  /// The parameters used only to derive props_ (per segment from per length).
  struct SegmentParameters {
    double damping_ratio = 0.0, seabed_stiffness = 0.0, seabed_damping = 0.0;
  };
  // The constructor's steps, in declaration order.
  SegmentParameters DeclareParameters(const ObjectArgs& args);
  /// Cable/Line's LineTypes (and the scenario's <LINETYPES>) and Sections (cable_line.cpp):
  /// props_.elements, length_, ea_, types_, sections_, segment_labels_.
  void DeclareLineParameters(const ObjectArgs& args);
  /// Cable/Line: node_ei_ from each section's type EI (`fallback` for a type without one).
  void SetSectionBendingStiffness(double fallback);
  /// Where the scenario gave parameter `name` (the object's element if it did not).
  SourceLocation ParameterLocation(const std::string& name) const;
  /// Cable/Line: each segment's lump from its section's line type (cable_line.cpp).
  void LumpSections(const LumpSetting& setting);
  /// Cable/Line: points_ onto their boundary nodes, their weight in water added to `weight`.
  void AddPoints(const LumpSetting& setting, double* weight);
  /// Cable/Line: the largest seg_tension_ / MBL.
  void CalcUtilisation();
  void DeclarePortsAndStates();
  void DeclareCalcs();
  /// The banded, sparse structure of the Jacobian and the ends' reach (see above).
  void DeclareJacobianStructure();
  /// props_ per segment, and which water and seabed parameters the scenario gave.
  void DeriveProperties(const ObjectArgs& args, const SegmentParameters& segment);
  void SizeWorkArrays();
  /// BreakTime, BreakTension, BreakSegment, and the ReleasedEnergy output (cable_break.cpp).
  void DeclareBreak(const ObjectArgs& args);
  /// Breaks segment `segment` at time(), releasing `released` J of potential energy (with
  /// BreakEnd, also detaches that end: DetachEnd in cable_break.cpp).
  void Break(int segment, const std::string& why, double released);
  /// The segment that BreakTime breaks: BreakEnd's end segment, else BreakSegment (default 0).
  int ScheduledSegment() const;

  void Calc();
  /// NodePositions, from the energy diagnostics' work arrays.
  void CalcNodePositions();
  /// MaxStrain, from the energy diagnostics' work arrays.
  void CalcMaxStrain();
  /// Fills pos/vel (all nodes) from the inputs and the state.
  void GatherNodes(std::vector<double>& pos, std::vector<double>& vel) const;
  /// Calc's gather: work_'s position and velocity lanes, all nodes; returns the lanes.
  CableLanes GatherNodeLanes();
  /// pos_, vel_, tangent_ and force_ packed from the lanes of the last Calc(), for the
  /// Jacobian and a break.
  void PackLanes();
  /// Initialize()'s parts (cable_initial_shape.cpp, cable_start_checks.cpp).
  void PlaceInitialShape();
  void CheckAboveSeabed() const;
  void WarnIfOverstrained() const;
  void PlaceOnStraightLine(const Eigen::Vector3d& a, const Eigen::Vector3d& b);
  /// Cable/Line: the multi-section catenary from the lower end (A when `a_lower`), started from
  /// the equivalent uniform line's H and V (cable_line_start.cpp); a table's rope takes its
  /// secant stiffness at its section's tension.
  std::optional<MultiCatenarySolution> SolveLineCatenary(bool a_lower, double span, double height,
                                                         bool on_seabed, double guess_h,
                                                         double guess_v, std::string* why) const;
  /// Places the internal nodes on a profile from the lower end `lo` along horizontal unit `e`:
  /// at(s) gives (x, z) at arc s, stretch(s) = 1 + T / EA there; each chord l0 stretch(s)
  /// times `factor`. Returns the last segment's chord over l0 stretch, minus 1.
  template <class At, class Stretch>
  double PlaceOnProfile(const Eigen::Vector3d& lo, const Eigen::Vector3d& e, bool a_lower,
                        bool slack, const At& at, const Stretch& stretch, double factor);
  /// The energy diagnostics, from their own work arrays (independent of Calc's).
  void CalcEnergy();
  /// props_' terms that depend on the water (density, gravity, seabed) from fluid_.
  void DeriveFluidProperties();
  /// Takes density, gravity and the seabed from the ocean (a different own value: an error).
  void TakeOceanProperties(const Ocean& ocean);
  /// water_ at the nodes `pos` (3 (N + 1)): the Current input, plus the ocean's water motion;
  /// with `ends_only` (an evaluation for logging) at the two end nodes only.
  void SampleWater(std::span<const double> pos, bool ends_only);

  /// The parameters that depend on the water, kept to derive props_ again in an ocean.
  struct FluidParameters {
    double diameter = 0.0, mass_per_length = 0.0, cdn = 0.0, cdt = 0.0, can = 0.0;
    double density = 0.0, gravity = 0.0, seabed_z = 0.0;
  };
  FluidParameters fluid_;
  SegmentParameters segment_;
  std::vector<LineType> types_;              ///< Cable/Line's line types,
  std::vector<LineSection> sections_;        ///< and its sections from end A (empty: Cable/Cable).
  std::vector<InLinePoint> points_;          ///< Cable/Line's clump weights and buoys.
  std::vector<double> segment_mbl_;          ///< Cable/Line: each segment's MBL [N].
  std::vector<double> section_weight_;       ///< Cable/Line: weight in water per length [N/m],
  std::vector<double> point_weight_;         ///< and each point's weight in water [N].
  std::vector<std::string> segment_labels_;  ///< Cable/Line: "section k: type" per segment.
  Output utilisation_;
  std::map<std::string, std::pair<std::string, SourceLocation>> given_;  ///< ObjectArgs::values.
  bool given_density_ = false, given_gravity_ = false, given_seabed_ = false;
  /// The seabed's parameters given, with their lines: ignored (a warning) without a seabed.
  std::vector<std::pair<std::string, SourceLocation>> seabed_parameters_;
  ServiceUse ocean_;
  NodeWater water_;
  double water_time_ = 0.0;                ///< When water_motion_ was sampled from the ocean,
  std::vector<double> water_positions_;    ///< at which node positions (empty: none valid).
  std::vector<WaterMotion> water_motion_;  ///< SampleWater's batch from the ocean.
  CableProperties props_;
  double length_ = 0.0, ea_ = 0.0, weight_per_length_ = 0.0;
  /// BendingStiffness EI per node [N m^2] (N + 1; the ends' are not used: pinned).
  std::vector<double> node_ei_;
  Input pos_a_, pos_b_, vel_a_, vel_b_, current_;
  Output force_a_, force_b_, node_positions_, tension_, tension_a_, tension_b_;
  Output kinetic_energy_, potential_energy_, dissipated_power_, max_strain_;
  State nodes_, dissipated_energy_;
  double power_ = 0.0;  ///< DissipatedPower at the state of the last Calc().
  /// The failure the scenario asks for (cable_break.cpp); inf: never.
  struct BreakSpec {
    double time = std::numeric_limits<double>::infinity();     ///< BreakTime [s]
    double tension = std::numeric_limits<double>::infinity();  ///< BreakTension [N]
    int segment = -1;                                          ///< BreakSegment; -1: not given.
    int end = -1;  ///< BreakEnd: 0 = A, 1 = B (the connection breaks); -1: not given.
    SourceLocation time_loc;
  };
  BreakSpec break_;
  double released_energy_ = 0.0;  ///< ReleasedEnergy [J]: broken segments' elastic and bend.
  Output released_energy_out_;
  // Work arrays, sized once (no allocation in the right-hand side).
  std::vector<double> pos_, vel_, force_, tangent_, seg_tension_;
  std::vector<double> e_pos_, e_vel_, e_force_, e_tangent_, e_tension_;  // CalcEnergy's.
  /// Calc's scratch space: its lanes hold the nodes' velocities, tangents and forces, which
  /// vel_, tangent_ and force_ get only when something reads them packed (PackLanes).
  CableWorkspace work_;
  CableWorkspace e_work_;         ///< CalcEnergy's.
  std::vector<double> jacobian_;  ///< CableAccelerationJacobian's, per internal node.
  std::vector<double> far_;       ///< AddBendingJacobian's, per internal node.
  /// How far a node's acceleration reaches: its neighbours +-1, or +-2 with bending.
  int NeighbourReach() const { return props_.bending.empty() ? 1 : 2; }
};

}  // namespace hawser
