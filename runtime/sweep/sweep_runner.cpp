#include "runtime/sweep/sweep_runner.h"

#include <mutex>
#include <thread>

namespace hawser {

CaseSinkFactory SweepFileSinks(const SweepFile& file) {
  std::shared_ptr<Hdf5File> h5 = file.file();
  return [h5](const SweepCase& c) -> std::unique_ptr<Sink> {
    return std::make_unique<Hdf5Sink>(h5, CaseGroupName(c.index));
  };
}

void RunSweepThreads(const SweepSetup& setup, const std::vector<SweepCase>& cases,
                     const std::vector<long>& todo, SweepFile& file,
                     const SweepRunOptions& options) {
  std::atomic<size_t> next{0};
  std::mutex record_mutex;
  std::exception_ptr error;  // An I/O error writing /cases stops the sweep.
  const CaseSinkFactory sinks = SweepFileSinks(file);
  auto work = [&] {
    while (true) {
      if (options.interrupt != nullptr && options.interrupt->load()) return;
      const size_t k = next.fetch_add(1);
      if (k >= todo.size()) return;
      CaseResult result = RunCase(setup, cases[todo[k]], sinks, options.interrupt);
      std::lock_guard lock(record_mutex);
      if (error) return;
      try {
        file.Record(result);
        if (options.on_case_done) options.on_case_done(result);
      } catch (...) {
        error = std::current_exception();
        next = todo.size();
      }
    }
  };
  const int n = std::max(1, std::min<int>(options.threads, static_cast<int>(todo.size())));
  std::vector<std::thread> workers;
  for (int i = 1; i < n; ++i) workers.emplace_back(work);
  work();
  for (std::thread& t : workers) t.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace hawser
