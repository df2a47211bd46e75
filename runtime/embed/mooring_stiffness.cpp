#include "runtime/embed/mooring_stiffness.h"

#include <fmt/format.h>

#include <array>
#include <cmath>
#include <utility>

#include "hawser/errors.h"
#include "runtime/solve/settle.h"

namespace hawser {

namespace {

constexpr std::array<const char*, 6> kAxes{"x", "y", "z", "rx", "ry", "rz"};

/// The model with one body's states held: Settle leaves a held state where it is (as it does an
/// accumulator) and leaves its residual out, so it brings the rest to rest around the body.
class HeldBody final : public OdeSystem {
 public:
  HeldBody(Model& model, const std::vector<bool>& held) : model_(model), held_(held) {}
  int size() const override { return model_.size(); }
  bool Rhs(double t, const double* x, double* xdot) override { return model_.Rhs(t, x, xdot); }
  std::pair<int, int> Bandwidth() const override { return model_.Bandwidth(); }
  const SparsityPattern* Sparsity() const override { return model_.Sparsity(); }
  std::string Diagnose() const override { return model_.Diagnose(); }
  void SetEstimatingJacobian(bool on) override { model_.SetEstimatingJacobian(on); }
  std::vector<bool> Velocities() const override { return model_.Velocities(); }
  std::vector<bool> Accumulators() const override {
    std::vector<bool> out = model_.Accumulators();
    out.resize(held_.size(), false);
    for (size_t i = 0; i < held_.size(); ++i) out[i] = out[i] || held_[i];
    return out;
  }

 private:
  Model& model_;
  const std::vector<bool>& held_;
};

/// Where a body's pose lives and where its loads arrive.
struct BodySlots {
  int pos = -1, quat = -1;      ///< Offsets in x of the states Pos (3) and Quat (w, x, y, z).
  int force = -1, moment = -1;  ///< Indices of the inputs Force and Moment.
  std::vector<bool> held;       ///< Every state of the body.
};

BodySlots FindBody(const Model& model, const SimObject& body) {
  BodySlots out;
  out.held.assign(static_cast<size_t>(model.size()), false);
  for (const StateSlot& slot : model.state_layout()) {
    if (model.objects()[slot.object].get() != &body) continue;
    const std::string& name = body.interface().states[slot.state].spec.name;
    if (name == "Pos" && slot.width == 3) out.pos = slot.offset;
    if (name == "Quat" && slot.width == 4) out.quat = slot.offset;
    for (int i = 0; i < slot.width; ++i) out.held[static_cast<size_t>(slot.offset + i)] = true;
  }
  const auto& inputs = body.interface().inputs;
  for (size_t k = 0; k < inputs.size(); ++k) {
    if (inputs[k].spec.width != 3) continue;
    if (inputs[k].spec.name == "Force") out.force = static_cast<int>(k);
    if (inputs[k].spec.name == "Moment") out.moment = static_cast<int>(k);
  }
  const bool six_dof = out.quat >= 0 && out.moment >= 0;
  if (out.pos < 0 || out.force < 0 || (out.quat >= 0) != six_dof) {
    throw ScenarioError(
        {}, fmt::format("mooring stiffness of '{}': not a body with a position state Pos (3), "
                        "an input Force (3) and, for its rotations, a state Quat (4) and an "
                        "input Moment (3)",
                        body.name()));
  }
  return out;
}

/// q' = r(angle about world axis `axis`) q: the body turned about the world axis through Pos.
void Turn(double* q, int axis, double angle) {
  std::array<double, 4> r{std::cos(angle / 2), 0, 0, 0};
  r[static_cast<size_t>(axis) + 1] = std::sin(angle / 2);
  const std::array<double, 4> p{q[0], q[1], q[2], q[3]};
  // The Hamilton product r p.
  q[0] = r[0] * p[0] - r[1] * p[1] - r[2] * p[2] - r[3] * p[3];
  q[1] = r[0] * p[1] + r[1] * p[0] + r[2] * p[3] - r[3] * p[2];
  q[2] = r[0] * p[2] - r[1] * p[3] + r[2] * p[0] + r[3] * p[1];
  q[3] = r[0] * p[3] + r[1] * p[2] - r[2] * p[1] + r[3] * p[0];
}

}  // namespace

std::vector<double> MooringStiffness(Model& model, const EngineSettings& settings, double t,
                                     const std::vector<double>& x, const std::string& body,
                                     const StiffnessSteps& steps) {
  const SimObject* object = model.FindObject(body);
  if (object == nullptr) {
    throw ScenarioError({}, fmt::format("mooring stiffness: no object '{}'", body));
  }
  for (const auto& [name, step] :
       {std::pair{"dx", steps.translation}, {"dtheta", steps.rotation}}) {
    if (!(step > 0.0 && std::isfinite(step))) {
      throw ScenarioError({}, fmt::format("mooring stiffness of '{}': the step {} = {} is not a "
                                          "positive number",
                                          body, name, step));
    }
  }
  const BodySlots slots = FindBody(model, *object);
  const int dof = slots.quat >= 0 ? 6 : 3;
  HeldBody held(model, slots.held);
  const std::vector<bool> velocities = model.Velocities();
  std::vector<double> xdot(x.size());
  // The loads (F, M) at the body's pose moved by `offset` along `axis`, the rest settled.
  auto loads = [&](int axis, double offset) {
    std::vector<double> probe = x;
    for (size_t i = 0; i < probe.size(); ++i) {
      if (slots.held[i] && i < velocities.size() && velocities[i]) probe[i] = 0.0;  // At rest.
    }
    if (axis < 3) {
      probe[static_cast<size_t>(slots.pos + axis)] += offset;
    } else {
      Turn(&probe[static_cast<size_t>(slots.quat)], axis - 3, offset);
    }
    const SettleResult settled = Settle(held, t, probe,
                                        {.abs_tol = settings.abs_tol,
                                         .rel_tol = settings.rel_tol,
                                         .step_tol = settings.settle_tolerance,
                                         .max_iterations = settings.settle_iterations});
    if (!settled.converged) {
      throw SimulationError(fmt::format(
          "mooring stiffness of '{}': the lines did not settle with the body moved by {} {} "
          "along {}: {}",
          body, offset, axis < 3 ? "m" : "rad", kAxes[static_cast<size_t>(axis)], settled.message));
    }
    if (!model.Rhs(t, probe.data(), xdot.data())) {
      throw SimulationError(fmt::format("mooring stiffness of '{}': {}", body, model.Diagnose()));
    }
    std::array<double, 6> out{};
    const auto force = object->input_view(slots.force);
    for (int i = 0; i < 3; ++i) out[static_cast<size_t>(i)] = force[static_cast<size_t>(i)];
    if (dof == 6) {
      const auto moment = object->input_view(slots.moment);
      for (int i = 0; i < 3; ++i) out[static_cast<size_t>(i + 3)] = moment[static_cast<size_t>(i)];
    }
    return out;
  };
  std::vector<double> k(static_cast<size_t>(dof * dof));
  for (int j = 0; j < dof; ++j) {
    const double h = j < 3 ? steps.translation : steps.rotation;
    const std::array<double, 6> plus = loads(j, h), minus = loads(j, -h);
    for (int i = 0; i < dof; ++i) {
      k[static_cast<size_t>(i * dof + j)] =
          -(plus[static_cast<size_t>(i)] - minus[static_cast<size_t>(i)]) / (2 * h);
    }
  }
  return k;
}

}  // namespace hawser
