#include "hawser/simobject.h"

#include <fmt/format.h>

#include <cstddef>
#include <filesystem>
#include <vector>

#include "hawser/check.h"

namespace hawser {

SimObject::SimObject(ObjectArgs& args)
    : name_(args.name), type_(args.type), loc_(args.loc), args_(&args), describe_(args.describe) {}

ScenarioError SimObject::Error(const std::string& message) const {
  return ScenarioError(loc_, fmt::format("{} ({}): {}", name_, type_, message));
}

std::string SimObject::ResolvePath(const std::string& path) const {
  const std::filesystem::path p(path);
  if (p.empty() || p.is_absolute()) return path;
  return (std::filesystem::path(loc_.file).parent_path() / p).lexically_normal().string();
}

const std::pair<std::string, SourceLocation>* SimObject::FindValue(const std::string& name) {
  HAWSER_CHECK(args_ != nullptr, "parameters are declared in the constructor only");
  auto it = args_->values.find(name);
  return it == args_->values.end() ? nullptr : &it->second;
}

void SimObject::AddParamInfo(ParamInfo info) {
  for (const auto& p : interface_.params)
    HAWSER_CHECK(p.name != info.name, "parameter declared twice");
  interface_.params.push_back(std::move(info));
}

void SimObject::DeclareIgnoredParameter(const std::string& name, const std::string& doc) {
  ParamInfo info;
  info.name = name;
  info.doc = doc;
  info.kind = "any";
  info.ignored = true;
  AddParamInfo(std::move(info));
}

/// Declared dimensions multiply to the width, have names (none "time") and one label per index
/// when labelled; a SimObject author's mistake, found when the object is constructed.
static void AssertDimensions(const std::vector<PortDimension>& dims, int width) {
  if (dims.empty()) return;
  int product = 1;
  for (size_t i = 0; i < dims.size(); ++i) {
    const PortDimension& d = dims[i];
    HAWSER_CHECK(!d.name.empty() && d.name != "time" && d.size > 0, "invalid dimension");
    HAWSER_CHECK(d.labels.empty() || static_cast<int>(d.labels.size()) == d.size,
                 "dimension labels and size differ");
    for (size_t j = 0; j < i; ++j) HAWSER_CHECK(dims[j].name != d.name, "dimension named twice");
    product *= d.size;
  }
  HAWSER_CHECK(product == width, "dimensions do not multiply to the width");
}

Input SimObject::DeclareInput(PortSpec spec) {
  AssertDimensions(spec.dims, spec.width);
  for (const auto& p : interface_.inputs)
    HAWSER_CHECK(p.spec.name != spec.name, "input declared twice");
  HAWSER_CHECK(spec.width >= 0, "invalid declaration");
  HAWSER_CHECK(!spec.fallback || static_cast<int>(spec.fallback->size()) == spec.width,
               "invalid declaration");
  interface_.inputs.push_back({std::move(spec)});
  inputs_.emplace_back();
  input_connected_.push_back(false);
  return Input{static_cast<int>(interface_.inputs.size()) - 1};
}

static void AssertNewOutput(const ObjectInterface& iface, const PortSpec& spec) {
  AssertDimensions(spec.dims, spec.width);
  for (const auto& p : iface.outputs)
    HAWSER_CHECK(p.spec.name != spec.name, "output declared twice");
  (void)iface;
  (void)spec;
}

Output SimObject::DeclareOutput(PortSpec spec) {
  AssertNewOutput(interface_, spec);
  interface_.outputs.push_back({std::move(spec), OutputInfo::Source::kCalc, -1, -1});
  outputs_.emplace_back();
  return Output{static_cast<int>(interface_.outputs.size()) - 1};
}

Output SimObject::DeclareOutputFromInput(PortSpec spec, Input input) {
  AssertNewOutput(interface_, spec);
  HAWSER_CHECK(spec.width == interface_.inputs.at(input.index).spec.width, "invalid declaration");
  interface_.outputs.push_back({std::move(spec), OutputInfo::Source::kInput, -1, input.index});
  outputs_.emplace_back();
  return Output{static_cast<int>(interface_.outputs.size()) - 1};
}

Output SimObject::DeclareOutputFromState(PortSpec spec, State state) {
  AssertNewOutput(interface_, spec);
  HAWSER_CHECK(spec.width == interface_.states.at(state.index).spec.width, "invalid declaration");
  interface_.outputs.push_back({std::move(spec), OutputInfo::Source::kState, -1, state.index});
  outputs_.emplace_back();
  return Output{static_cast<int>(interface_.outputs.size()) - 1};
}

State SimObject::DeclareState(StateSpec spec) {
  AssertDimensions(spec.dims, spec.width);
  for (const auto& s : interface_.states)
    HAWSER_CHECK(s.spec.name != spec.name, "state declared twice");
  if (spec.initial.empty()) spec.initial.assign(spec.width, 0.0);
  HAWSER_CHECK(static_cast<int>(spec.initial.size()) == spec.width, "invalid declaration");
  for (IndexRange r : spec.velocities)
    HAWSER_CHECK(0 <= r.begin && r.begin < r.end && r.end <= spec.width, "invalid velocities");
  HAWSER_CHECK(!spec.accumulator || spec.velocities.empty(), "an accumulator is no velocity");
  interface_.states.push_back({std::move(spec)});
  states_.emplace_back();
  derivatives_.emplace_back();
  initial_states_.emplace_back();
  state_given_.push_back(false);
  return State{static_cast<int>(interface_.states.size()) - 1};
}

void SimObject::AddCalc(std::vector<Output> outputs, std::vector<Input> inputs,
                        Calculation calculation, CalcRole role) {
  CalcInfo calc;
  const int index = static_cast<int>(interface_.calcs.size());
  for (Output o : outputs) {
    auto& info = interface_.outputs.at(o.index);
    HAWSER_CHECK(info.source == OutputInfo::Source::kCalc && info.calc < 0, "output bound twice");
    info.calc = index;
    calc.outputs.push_back(o.index);
  }
  for (Input i : inputs) calc.inputs.push_back(i.index);
  calc.role = role;
  calc.run = std::move(calculation);
  interface_.calcs.push_back(std::move(calc));
}

void SimObject::BindInput(int i, std::span<const double> view, bool connected) {
  if (port_data_.empty()) AllocatePortData();
  inputs_[i] = view;
  input_data_[i] = view.data();
  input_connected_[i] = connected;
}

void SimObject::BindOutput(int i, std::span<double> view) {
  if (port_data_.empty()) AllocatePortData();
  outputs_[i] = view;
  output_data_[i] = view.data();
}

void SimObject::BindState(int i, std::span<const double> value, std::span<double> derivative,
                          bool given) {
  if (port_data_.empty()) AllocatePortData();
  states_[i] = value;
  derivatives_[i] = derivative;
  state_data_[i] = value.data();
  derivative_data_[i] = derivative.data();
  state_given_[i] = given;
}

void SimObject::CalcDerivatives() {
  const Kernel& kernel = interface_.derivatives;
  if (!kernel) return;
  // The model runs the kernel over its own items; this single call (for a caller that asks one
  // object) packs a fresh one.
  std::vector<std::max_align_t> item(kernel.item_size / sizeof(std::max_align_t) + 1);
  kernel.pack(item.data());
  int failed = 0;
  kernel.run(item.data(), 1, &failed);
}

void SimObject::AllocatePortData() {
  const size_t n_in = inputs_.size(), n_out = outputs_.size(), n_states = states_.size();
  port_data_.assign(n_in + n_out + 2 * n_states, nullptr);
  double** const block = port_data_.data();
  // const double* and double* have the same representation; the block holds both kinds.
  input_data_ = const_cast<const double**>(block);
  output_data_ = block + n_in;
  state_data_ = const_cast<const double**>(block + n_in + n_out);
  derivative_data_ = block + n_in + n_out + n_states;
}

namespace {

/// Own state entries declared so far (the states concatenated in declaration order).
int OwnStateEntries(const ObjectInterface& iface) {
  int n = 0;
  for (const auto& s : iface.states) n += s.spec.width;
  return n;
}

}  // namespace

void SimObject::DeclareInputReadBy(Input in, int first, int count) {
  HAWSER_CHECK(first >= 0 && count >= 0 && first + count <= OwnStateEntries(interface_),
               "DeclareInputReadBy: range outside the declared states");
  auto& ranges = interface_.inputs.at(in.index).read_by;
  if (!ranges) ranges.emplace();
  ranges->push_back({first, first + count});
}

void SimObject::DeclareOutputReads(Output out, int first, int count) {
  HAWSER_CHECK(first >= 0 && count >= 0 && first + count <= OwnStateEntries(interface_),
               "DeclareOutputReads: range outside the declared states");
  auto& info = interface_.outputs.at(out.index);
  HAWSER_CHECK(info.source == OutputInfo::Source::kCalc, "DeclareOutputReads: not a calculation");
  if (!info.reads_states) info.reads_states.emplace();
  info.reads_states->push_back({first, first + count});
}

std::function<std::string(const double&)> AtLeast(double lo) {
  return [lo](const double& v) { return v >= lo ? "" : fmt::format("a value >= {}", lo); };
}
std::function<std::string(const double&)> Positive() {
  return [](const double& v) { return v > 0 ? "" : std::string("a value > 0"); };
}
std::function<std::string(const long&)> IntegerAtLeast(long lo) {
  return [lo](const long& v) { return v >= lo ? "" : fmt::format("an integer >= {}", lo); };
}
std::function<std::string(const long&)> IntegerInRange(long lo, long hi) {
  return [lo, hi](const long& v) {
    return v >= lo && v <= hi ? "" : fmt::format("an integer from {} to {}", lo, hi);
  };
}
std::function<std::string(const std::string&)> OneOf(std::vector<std::string> choices) {
  return [choices = std::move(choices)](const std::string& value) {
    for (const auto& c : choices)
      if (value == c) return std::string();
    std::string list;
    for (const auto& c : choices) list += (list.empty() ? "" : ", ") + c;
    return "one of " + list;
  };
}
std::function<std::string(std::span<const double>)> StateAtLeast(double lo, std::string why) {
  return [lo, why = std::move(why)](std::span<const double> v) {
    for (double x : v) {
      if (!(x >= lo)) return fmt::format("a value >= {}{}", lo, why.empty() ? "" : "; " + why);
    }
    return std::string();
  };
}
std::function<std::string(std::span<const double>)> DissipatedEnergyCheck() {
  return StateAtLeast(0.0, "dissipated energy cannot start negative");
}

}  // namespace hawser
