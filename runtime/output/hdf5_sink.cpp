#include "runtime/output/hdf5_sink.h"

namespace hawser {

Hdf5Sink::Hdf5Sink(const std::string& path, size_t n_times)
    : writer_(Hdf5File::Create(path, ExpectedChunks(n_times)), "/") {}

Hdf5Sink::Hdf5Sink(std::shared_ptr<Hdf5File> file, std::string group)
    : writer_(std::move(file), std::move(group)) {}

void Hdf5Sink::Begin(const std::vector<LoggedSignal>& signals, const RunInfo& info) {
  signals_ = signals;
  writer_.Begin(DescribeSignals(signals), info, info.settings.output.times.size());
}

void Hdf5Sink::Write(double t) {
  row_.clear();
  for (const LoggedSignal& s : signals_) row_.insert(row_.end(), s.values.begin(), s.values.end());
  writer_.AppendRow(t, row_);
}

void Hdf5Sink::Finish(const RunResult& result) { writer_.Finish(result); }

}  // namespace hawser
