// Model assembly, Jacobian structure: each object's own block and the couplings its inputs
// bring, from the declarations and the wiring (jacobian_structure.h).
#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

#include "hawser/check.h"
#include "runtime/model/jacobian_structure.h"
#include "runtime/model/model_builder.h"

namespace hawser {

/// Own blocks and couplings of every object with states: its own band, and for each input the
/// rows that read it (DeclareInputReadBy) times the state entries the input depends on. From
/// them the pattern and the columns that may take exact entries.
void Model::Builder::BuildJacobianStructure() {
  const int n = static_cast<int>(m_.x_.size());
  std::vector<OwnBlock> own;
  std::vector<Coupling> couplings;
  ColumnMemo memo(nodes_.size());
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
  m_.sparsity_ = PatternOf(n, own, couplings);
  m_.exact_ = ExactBlocks(couplings);
}

/// A column that some input reads (a coupling with rows) has entries in other derivatives than
/// its object's own; every other column of an object that declared its entries is exactly
/// those entries (and the pattern's diagonal, zero unless declared).
std::vector<ExactJacobianBlock> Model::Builder::ExactBlocks(
    const std::vector<Coupling>& couplings) const {
  const SparsityPattern& p = m_.sparsity_;
  std::vector<bool> read(p.n, false);
  for (const Coupling& c : couplings) {
    if (c.rows.empty()) continue;
    for (int j = std::max(c.columns.begin, 0); j < std::min(c.columns.end, p.n); ++j)
      read[j] = true;
  }
  // The index of entry (row, column) in the pattern's values.
  const auto value_index = [&p](int row, int column) {
    const auto first = p.rows.begin() + p.column_start[column];
    const auto last = p.rows.begin() + p.column_start[column + 1];
    const auto it = std::lower_bound(first, last, row);
    HAWSER_CHECK(it != last && *it == row, "a declared entry is missing from the pattern");
    return static_cast<long>(it - p.rows.begin());
  };
  std::vector<ExactJacobianBlock> blocks;
  for (size_t obj = 0; obj < m_.objects_.size(); ++obj) {
    const std::vector<std::pair<int, int>>& entries = iface(obj).state_entries;
    const OwnBlock own = OwnStates(obj);
    if (entries.empty() || own.width == 0) continue;
    ExactJacobianBlock b;
    b.object = m_.objects_[obj].get();
    for (int j = own.offset; j < own.offset + own.width; ++j) {
      if (!read[j]) b.columns.push_back(j);
    }
    if (b.columns.empty()) continue;
    std::vector<bool> declared(p.nonzeros(), false);
    for (const auto& [row, column] : entries) {
      const int j = own.offset + column;
      long k = -1;
      if (!read[j]) {
        k = value_index(own.offset + row, j);
        declared[k] = true;
      }
      b.value_of_entry.push_back(k);
    }
    for (int j : b.columns) {
      for (long k = p.column_start[j]; k < p.column_start[j + 1]; ++k) {
        if (!declared[k]) b.zeroed.push_back(k);
      }
    }
    b.entries.assign(entries.size(), 0.0);
    blocks.push_back(std::move(b));
  }
  return blocks;
}

/// The entries of x holding `obj`'s states (contiguous, in declaration order).
OwnBlock Model::Builder::OwnStates(int obj) const {
  OwnBlock b;
  if (!iface(obj).states.empty()) b.offset = StateOffset(obj, 0);
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
std::vector<IndexRange> Model::Builder::InputColumns(int obj, int in, ColumnMemo& memo) const {
  std::vector<IndexRange> columns;
  for (const Term& t : Source(obj, in).terms) {
    if (t.object < 0) continue;
    const std::vector<IndexRange>& from = OutputColumns(t.object, t.output, memo);
    columns.insert(columns.end(), from.begin(), from.end());
  }
  return MergeRanges(std::move(columns));
}

const std::vector<IndexRange>& Model::Builder::OutputColumns(int obj, int out,
                                                             ColumnMemo& memo) const {
  // Sized for every node before the recursion: references into it stay valid.
  std::optional<std::vector<IndexRange>>& memo_entry = memo[NodeId(obj, Kind::kOutput, out)];
  if (memo_entry) return *memo_entry;
  std::vector<IndexRange> columns;
  const OutputInfo& info = iface(obj).outputs[out];
  if (info.source == OutputInfo::Source::kInput) {
    columns = InputColumns(obj, info.alias_of, memo);
  } else if (info.source == OutputInfo::Source::kState) {
    const int offset = StateOffset(obj, info.alias_of);
    columns.push_back({offset, offset + iface(obj).states[info.alias_of].spec.width});
  } else {
    columns = Shifted(info.reads_states, OwnStates(obj));
    for (int in : iface(obj).calcs[info.calc].inputs) {
      const std::vector<IndexRange> from = InputColumns(obj, in, memo);
      columns.insert(columns.end(), from.begin(), from.end());
    }
    columns = MergeRanges(std::move(columns));
  }
  return *(memo_entry = std::move(columns));
}

}  // namespace hawser
