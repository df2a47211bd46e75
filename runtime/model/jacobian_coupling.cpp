// Model assembly, Jacobian structure: each object's own block and the couplings its inputs
// bring, from the declarations and the wiring (jacobian_structure.h).
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "runtime/model/jacobian_structure.h"
#include "runtime/model/model_builder.h"

namespace hawser {

/// Own blocks and couplings of every object with states: its own band, and for each input the
/// rows that read it (DeclareInputReadBy) times the state entries the input depends on.
SparsityPattern Model::Builder::JacobianPattern() const {
  const int n = static_cast<int>(m_.x_.size());
  std::vector<OwnBlock> own;
  std::vector<Coupling> couplings;
  std::map<std::pair<int, int>, std::vector<IndexRange>> memo;  // (object, output) -> columns.
  for (size_t obj = 0; obj < m_.objects_.size(); ++obj) {
    const OwnBlock block = OwnStates(obj);
    if (block.width == 0) continue;
    own.push_back({block.offset, block.width, std::nullopt, iface(obj).state_entries});
    for (size_t in = 0; in < iface(obj).inputs.size(); ++in) {
      const std::vector<IndexRange> columns = InputColumns(obj, in, memo);
      for (const IndexRange& rows : Shifted(iface(obj).inputs[in].read_by, block)) {
        for (const IndexRange& c : columns) couplings.push_back({rows, c});
      }
    }
  }
  return PatternOf(n, own, couplings);
}

/// The entries of x holding `obj`'s states (contiguous, in declaration order).
OwnBlock Model::Builder::OwnStates(int obj) const {
  OwnBlock b;
  if (!state_offsets_[obj].empty()) b.offset = state_offsets_[obj][0];
  for (const StateInfo& s : iface(obj).states) b.width += s.spec.width;
  return b;
}

/// Own-numbered ranges (none = all own states) as ranges of x.
std::vector<IndexRange> Model::Builder::Shifted(
    const std::optional<std::vector<IndexRange>>& ranges, const OwnBlock& block) {
  if (!ranges) return {{block.offset, block.offset + block.width}};
  std::vector<IndexRange> out;
  for (const IndexRange& r : *ranges) out.push_back({block.offset + r.begin, block.offset + r.end});
  return MergeRanges(std::move(out));
}

/// The state entries input `in` of `obj` depends on (the wiring has no algebraic loop here,
/// so the recursion ends).
std::vector<IndexRange> Model::Builder::InputColumns(
    int obj, int in, std::map<std::pair<int, int>, std::vector<IndexRange>>& memo) const {
  std::vector<IndexRange> columns;
  for (const Term& t : sources_[obj][in].terms) {
    if (t.object < 0) continue;
    const std::vector<IndexRange>& from = OutputColumns(t.object, t.output, memo);
    columns.insert(columns.end(), from.begin(), from.end());
  }
  return MergeRanges(std::move(columns));
}

const std::vector<IndexRange>& Model::Builder::OutputColumns(
    int obj, int out, std::map<std::pair<int, int>, std::vector<IndexRange>>& memo) const {
  if (auto it = memo.find({obj, out}); it != memo.end()) return it->second;
  std::vector<IndexRange> columns;
  const OutputInfo& info = iface(obj).outputs[out];
  if (info.source == OutputInfo::Source::kInput) {
    columns = InputColumns(obj, info.alias_of, memo);
  } else if (info.source == OutputInfo::Source::kState) {
    const int offset = state_offsets_[obj][info.alias_of];
    columns.push_back({offset, offset + iface(obj).states[info.alias_of].spec.width});
  } else {
    columns = Shifted(info.reads_states, OwnStates(obj));
    for (int in : iface(obj).calcs[info.calc].inputs) {
      const std::vector<IndexRange> from = InputColumns(obj, in, memo);
      columns.insert(columns.end(), from.begin(), from.end());
    }
    columns = MergeRanges(std::move(columns));
  }
  return memo[{obj, out}] = std::move(columns);
}

}  // namespace hawser
