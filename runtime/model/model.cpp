// Model evaluation: the right-hand side, outputs for logging, initial state and diagnosis.
#include "runtime/model/model.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "runtime/model/model_steps.h"
#include "runtime/model/non_finite.h"
#include "runtime/model/object_wiring.h"

namespace hawser {

namespace {

#if defined(__x86_64__)
#define HAWSER_MODEL_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define HAWSER_MODEL_CLONES
#endif

/// "S (Cable/LinearSpring, <Lib> at spring.xml:3)": the object as the user wrote it.
std::string Described(const SimObject& o) {
  const SourceLocation& loc = o.location();
  if (loc.file.empty()) return fmt::format("{} ({})", o.name(), o.type());
  if (loc.line <= 0) return fmt::format("{} ({}, in {})", o.name(), o.type(), loc.file);
  return fmt::format("{} ({}, <Lib> at {}:{})", o.name(), o.type(), loc.file, loc.line);
}

/// Rethrows the exception in flight, which object `o` threw in its `what`: an exception other
/// than hawser's own errors (a plugin's std::runtime_error, say) becomes a SimulationError naming
/// the object, so that the run ends as a failed run (exit 3, results so far kept) and never
/// escapes as an internal error.
[[noreturn]] void RethrowNamed(const SimObject& o, const char* what, double t) {
  try {
    throw;
  } catch (const SimulationError&) {
    throw;
  } catch (const ScenarioError&) {
    throw;
  } catch (const ScenarioErrors&) {
    throw;
  } catch (const IoError&) {
    throw;
  } catch (const std::exception& e) {
    throw SimulationError(fmt::format("{} threw an exception in its {} at t = {}: {}", Described(o),
                                      what, t, e.what()));
  } catch (...) {
    throw SimulationError(fmt::format("{} threw a non-standard exception in its {} at t = {}",
                                      Described(o), what, t));
  }
}

/// Runs `fn`, a call into object `o` (its `what`), naming the object if it throws (RethrowNamed).
template <class Fn>
void CallObject(const SimObject& o, const char* what, double t, Fn&& fn) {
  try {
    fn();
  } catch (...) {
    RethrowNamed(o, what, t);
  }
}

/// Copies `from` to `to` and returns whether every value is finite, in one pass without
/// branches. (A sum of the values, tested once, is a serial chain of additions that the compiler
/// may not reorder: several times slower on a large model.) Compiled for AVX-512 and AVX2 too,
/// the loader picking the clone for the CPU (as compiled_sundials_ops.cpp's loops): eight or
/// four values per instruction instead of two, on every right-hand side; integer operations
/// only, so every clone gives the same answer.
HAWSER_MODEL_CLONES bool CopyAllFinite(std::span<const double> from, double* to) {
  uint64_t non_finite = 0;
  for (size_t i = 0; i < from.size(); ++i) {
    to[i] = from[i];
    non_finite |= NonFiniteBit(from[i]);
  }
  return (non_finite & kNonFinite) == 0;
}

/// difference = a - b (vectorised as CopyAllFinite).
HAWSER_MODEL_CLONES void Subtract(const double* __restrict a, const double* __restrict b, size_t n,
                                  double* __restrict difference) {
  for (size_t i = 0; i < n; ++i) difference[i] = a[i] - b[i];
}

/// sum = a + b.
HAWSER_MODEL_CLONES void Sum(const double* __restrict a, const double* __restrict b, size_t n,
                             double* __restrict sum) {
  for (size_t i = 0; i < n; ++i) sum[i] = a[i] + b[i];
}

}  // namespace

void Model::Run(const Program& p) {
  // One try around the whole program, not one per call: `calc` tells which object threw. On
  // the path that does not throw it costs nothing, and nothing per call.
  // The arrays are read through local pointers: an object's call could, for all the compiler
  // knows, change the vectors, which it would otherwise reload after every call.
  const Program::Calc* const calcs = p.calcs.data();
  void* const* const contexts = p.contexts.data();
  const Sum2* const sums2 = p.sums2.data();
  const Combiner* const* const combiners = p.combiners.data();
  const KernelBatch* const kernels = p.kernels.data();
  // The object that threw is calcs[calc + failed]: a batch starts at `calc` and writes into
  // `failed` only when one of its objects throws.
  int calc = 0, failed = 0;
  try {
    for (const Program::Run& run : p.runs) {
      switch (run.kind) {
        case Program::Kind::kCalc:
          for (calc = run.begin; calc < run.end; ++calc) calcs[calc].call(calcs[calc].context);
          break;
        case Program::Kind::kBatch:
          calc = run.begin;
          run.batch(contexts + calc, run.end - calc, &failed);
          break;
        case Program::Kind::kKernel:
          calc = run.begin;
          kernels[run.kernel].Run(&failed);
          break;
        case Program::Kind::kSum2:
          for (int i = run.begin; i < run.end; ++i) sums2[i].Run();
          break;
        case Program::Kind::kCombiner:
          for (int i = run.begin; i < run.end; ++i) combiners[i]->Run();
          break;
      }
    }
  } catch (...) {
    RethrowNamed(*calcs[calc + failed].object, "calculation", t_);
  }
}

void Model::CalcAllDerivatives() {
  SimObject* const* const objects = with_states_.data();  // Not reloaded per call: see Run.
  const DerivativeRun* const runs = derivative_runs_.data();
  const size_t n = derivative_runs_.size();
  const KernelBatch* const kernels = derivative_kernels_.data();
  // The object that threw is objects[i + failed], as in Run.
  int i = 0, failed = 0;
  try {
    for (size_t r = 0; r < n; ++r) {
      const DerivativeRun run = runs[r];
      if (run.kernel >= 0) {
        i = run.begin;
        kernels[run.kernel].Run(&failed);
      } else if (run.batch == nullptr) {
        for (i = run.begin; i < run.end; ++i) objects[i]->CalcDerivatives();
      } else {
        i = run.begin;
        run.batch(objects + i, run.end - i, &failed);
      }
    }
  } catch (...) {
    RethrowNamed(*objects[i + failed], "derivatives", t_);
  }
}

std::vector<bool> Model::Accumulators() const {
  std::vector<bool> held(x_.size(), false);
  for (const StateSlot& slot : state_layout_) {
    if (!objects_[slot.object]->interface().states[slot.state].spec.accumulator) continue;
    for (int k = 0; k < slot.width; ++k) held[static_cast<size_t>(slot.offset + k)] = true;
  }
  return held;
}

std::vector<bool> Model::Velocities() const {
  std::vector<bool> velocity(x_.size(), false);
  for (const StateSlot& slot : state_layout_) {
    for (IndexRange r : objects_[slot.object]->interface().states[slot.state].spec.velocities) {
      for (int k = r.begin; k < r.end; ++k) velocity[static_cast<size_t>(slot.offset + k)] = true;
    }
  }
  return velocity;
}

std::vector<int> Model::PositionRates() const {
  std::vector<int> rate(x_.size(), -1);
  bool any = false;
  for (const StateSlot& slot : state_layout_) {
    const StateSpec& spec = objects_[slot.object]->interface().states[slot.state].spec;
    for (size_t k = 0; k < spec.positions.size(); ++k) {
      const IndexRange p = spec.positions[k];
      const IndexRange v = spec.velocities.at(k);  // Same place (StateSpec::positions).
      if (p.end - p.begin != v.end - v.begin) {
        throw std::logic_error(objects_[slot.object]->name() + ": positions and velocities " +
                               "ranges of different widths");
      }
      for (int i = 0; i < p.end - p.begin; ++i)
        rate[static_cast<size_t>(slot.offset + p.begin + i)] = slot.offset + v.begin + i;
      any = true;
    }
  }
  if (!any) rate.clear();
  return rate;
}

std::vector<std::string> Model::UnpairedVelocities() const {
  std::vector<std::string> unpaired;
  for (const StateSlot& slot : state_layout_) {
    const SimObject& o = *objects_[slot.object];
    const StateSpec& spec = o.interface().states[slot.state].spec;
    if (spec.positions.size() != spec.velocities.size())
      unpaired.push_back(o.name() + "." + spec.name);
  }
  return unpaired;
}

bool Model::Rhs(double t, const double* x, double* xdot) {
  t_ = t;
  // std::copy, not memcpy: a model without states has empty vectors whose data() may be null,
  // and memcpy from or to a null pointer is undefined even for zero bytes.
  std::copy(x, x + x_.size(), x_.begin());
  Run(*rhs_program_);
  CalcAllDerivatives();
  if (CopyAllFinite(xdot_, xdot)) return true;
  Run(*program_);  // So that the diagnosis sees every output at this point.
  diagnosis_ = FindNonFinite();
  return false;
}

void Model::PackKernels() {
  for (Program* p : {program_.get(), rhs_program_.get(), log_program_.get()})
    if (p != nullptr)
      for (KernelBatch& batch : p->kernels) batch.Pack();
  for (KernelBatch& batch : derivative_kernels_) batch.Pack();
}

bool Model::EvaluateOutputs(double t, const double* x) {
  t_ = t;
  std::copy(x, x + x_.size(), x_.begin());  // Not memcpy: see Rhs.
  Run(*program_);
  for (const auto& o : objects_)
    for (size_t i = 0; i < o->interface().outputs.size(); ++i)
      for (double v : o->output_view(i))
        if (!std::isfinite(v)) {
          diagnosis_ = FindNonFinite();
          return false;
        }
  return true;
}

namespace {

/// "; its inputs: PosA = (0,0,0), PosB = (0,0,0)": what the object computed from, so that the
/// cause (coincident ends, an infinite input) shows. Wide inputs (a cable's nodes) are left out.
std::string InputValues(const SimObject& o) {
  std::vector<std::string> parts;
  const auto& inputs = o.interface().inputs;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const auto v = o.input_view(i);
    if (v.size() > 6) continue;
    parts.push_back(fmt::format("{} = ({})", inputs[i].spec.name, fmt::join(v, ",")));
  }
  return parts.empty() ? "" : fmt::format("; its inputs: {}", fmt::join(parts, ", "));
}

}  // namespace

std::string Model::FindNonFinite() const {
  // Every message names the object and its <Lib> line: the first place to look in the file.
  for (const StateSlot& s : state_layout_) {
    const SimObject& o = *objects_[s.object];
    if (!AllFinite(o.state_view(s.state)))
      return fmt::format("state {}:{} of {} is not finite", o.name(),
                         o.interface().states[s.state].spec.name, Described(o));
  }
  for (const Step& s : steps_) {
    const SimObject& o = *s.object;
    if (s.calc == nullptr) {
      // An input sum of finite terms can still overflow.
      const std::span<const double> dst = combiners_[s.combiner].dst;
      if (AllFinite(dst)) continue;
      const auto& inputs = o.interface().inputs;
      for (size_t i = 0; i < inputs.size(); ++i) {
        if (o.input_view(i).data() == dst.data())
          return fmt::format("input {}.{} of {} (a sum: {}) became non-finite first", o.name(),
                             inputs[i].spec.name, Described(o), fmt::join(dst, ","));
      }
      continue;
    }
    for (int out : s.calc->outputs) {
      if (!AllFinite(o.output_view(out))) {
        return fmt::format("output {}.{} of {} became non-finite first{}", o.name(),
                           o.interface().outputs[out].spec.name, Described(o), InputValues(o));
      }
    }
  }
  for (const StateSlot& s : state_layout_) {
    const SimObject& o = *objects_[s.object];
    if (!AllFinite(o.derivative_view(s.state)))
      return fmt::format("derivative of state {}:{} of {} became non-finite first{}", o.name(),
                         o.interface().states[s.state].spec.name, Described(o), InputValues(o));
  }
  return "a value became non-finite";
}

void Model::Pull(int step, std::vector<unsigned>& run_at, unsigned generation) {
  if (run_at[step] == generation) return;
  // Depth first, prerequisites before the step; iterative, as a chain may be long.
  std::vector<std::pair<int, size_t>> stack{{step, 0}};
  run_at[step] = generation;  // Marked on entry: the step graph has no cycles.
  while (!stack.empty()) {
    auto& [s, next] = stack.back();
    if (next < step_reads_[s].size()) {
      const int p = step_reads_[s][next++];
      if (run_at[p] != generation) {
        run_at[p] = generation;
        stack.push_back({p, 0});
      }
      continue;
    }
    const Step& st = steps_[s];
    if (st.calc != nullptr) {
      CallObject(*st.object, "calculation", t_, ObjectWiring::Parts(*st.calc).fn);
    } else {
      combiners_[st.combiner].Run();
    }
    stack.pop_back();
  }
}

std::vector<double> Model::InitialState(double t0) {
  t_ = t0;
  with_events_.clear();
  for (const auto& o : objects_)
    if (o->has_discrete_events()) with_events_.push_back(o.get());
  // Each object's Initialize() sees the inputs computed from the states as earlier objects left
  // them. Re-running every step after each object made start-up quadratic in the number of
  // objects; instead, a step runs again only when a state changed since it last ran
  // (`generation` counts changes), and only if the object about to initialise reads it.
  std::vector<unsigned> run_at(steps_.size(), 0);
  unsigned generation = 1;
  std::vector<double> before;
  for (size_t i = 0; i < objects_.size(); ++i) {
    SimObject& o = *objects_[i];
    for (int s : initialize_reads_[i]) Pull(s, run_at, generation);
    const auto& states = o.interface().states;
    before.clear();
    for (size_t s = 0; s < states.size(); ++s)
      before.insert(before.end(), o.state_view(s).begin(), o.state_view(s).end());
    CallObject(o, "initialisation", t_, [&o] { o.Initialize(); });
    size_t k = 0;
    bool changed = false;
    for (size_t s = 0; s < states.size() && !changed; ++s)
      for (double v : o.state_view(s)) changed = changed || v != before[k++];
    if (changed) ++generation;
  }
  PackKernels();   // What an Initialize() set, a kernel's item holds from now on.
  Run(*program_);  // Every output at the initial state, as the caller may read them.
  return x_;
}

std::pair<int, int> Model::Bandwidth() const { return BandwidthOf(sparsity_); }

std::vector<int> Model::ExactJacobianColumns() const {
  if (exact_.empty()) return {};
  std::vector<int> block_of(x_.size(), -1);
  for (size_t b = 0; b < exact_.size(); ++b) {
    for (int j : exact_[b].columns) block_of[static_cast<size_t>(j)] = static_cast<int>(b);
  }
  return block_of;
}

void Model::SolveImplicitPart(double damping_h, double stiffness_h2, const double* previous,
                              double* xdot) {
  // The objects transform the change xdot - previous in their derivative() views, which lie
  // in xdot_ (rewritten by the next Rhs before anything reads it).
  Subtract(xdot, previous, xdot_.size(), xdot_.data());
  for (SimObject* o : with_states_) o->SolveImplicitPart(damping_h, stiffness_h2);
  Sum(previous, xdot_.data(), xdot_.size(), xdot);
}

bool Model::FillExactJacobian(int block, std::span<double> values) {
  ExactJacobianBlock& b = exact_.at(static_cast<size_t>(block));
  bool given = false;
  CallObject(*b.object, "state Jacobian", t_, [&] { given = b.object->StateJacobian(b.entries); });
  // A value that is not finite: the differences will find (and name) what went wrong.
  if (!given || !AllFinite(b.entries)) return false;
  for (long k : b.zeroed) values[static_cast<size_t>(k)] = 0.0;
  for (size_t e = 0; e < b.entries.size(); ++e) {
    if (b.value_of_entry[e] >= 0) values[static_cast<size_t>(b.value_of_entry[e])] = b.entries[e];
  }
  return true;
}

const SimObject* Model::FindObject(const std::string& name) const {
  const auto found = object_index_.find(name);
  return found == object_index_.end() ? nullptr
                                      : objects_[static_cast<size_t>(found->second)].get();
}

std::vector<std::string> Model::DescribeEvaluationOrder() const {
  std::vector<std::string> lines;
  for (const Step& s : steps_) {
    const ObjectInterface& f = s.object->interface();
    if (s.calc == nullptr) continue;
    std::vector<std::string> outs, ins;
    for (int o : s.calc->outputs) outs.push_back(f.outputs[o].spec.name);
    for (int i : s.calc->inputs) ins.push_back(f.inputs[i].spec.name);
    lines.push_back(
        fmt::format("{}.{}{}", s.object->name(), fmt::join(outs, ","),
                    ins.empty() ? " (from states)" : fmt::format(" <- {}", fmt::join(ins, ","))));
  }
  return lines;
}

}  // namespace hawser
