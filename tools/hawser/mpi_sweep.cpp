// MPI sweeps: `mpirun -n K hawser sweep ...`. Rank 0 owns the output file and a queue of case
// indices; it runs cases on a worker thread of its own, while its main thread serves the other
// ranks: each asks for a case, runs it in memory and sends back its rows and result, which rank 0
// writes into the case's group. The file is the same as a threaded sweep's. Only rank 0's main
// thread calls MPI (MPI_THREAD_FUNNELED), and it polls (MPI_Iprobe + 1 ms sleeps) so that it does
// not take a core from the worker.
#include <fmt/format.h>
#include <mpi.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>

#include "runtime/sweep/sweep_runner.h"
#include "tools/hawser/commands.h"
#include "tools/hawser/sweep_command.h"

namespace hawser::cli {

namespace {

constexpr int kTagResult = 1;  ///< Worker -> 0: a result (or an empty first request).
constexpr int kTagCase = 2;    ///< 0 -> worker: a case index, or -1 = no more work.

/// Flat byte encoding of what a worker sends back.
class Buffer {
 public:
  Buffer() = default;
  explicit Buffer(std::vector<char> bytes) : bytes_(std::move(bytes)) {}
  template <class T>
  void Put(const T& v) {
    const char* p = reinterpret_cast<const char*>(&v);
    bytes_.insert(bytes_.end(), p, p + sizeof(T));
  }
  void PutString(const std::string& s) {
    Put<uint64_t>(s.size());
    bytes_.insert(bytes_.end(), s.begin(), s.end());
  }
  void PutDoubles(const std::vector<double>& v) {
    Put<uint64_t>(v.size());
    const char* p = reinterpret_cast<const char*>(v.data());
    bytes_.insert(bytes_.end(), p, p + v.size() * sizeof(double));
  }
  template <class T>
  T Get() {
    T v;
    std::memcpy(&v, &bytes_.at(pos_), sizeof(T));
    pos_ += sizeof(T);
    return v;
  }
  std::string GetString() {
    const auto n = Get<uint64_t>();
    std::string s(bytes_.begin() + pos_, bytes_.begin() + pos_ + n);
    pos_ += n;
    return s;
  }
  std::vector<double> GetDoubles() {
    const auto n = Get<uint64_t>();
    std::vector<double> v(n);
    if (n > 0) std::memcpy(v.data(), &bytes_.at(pos_), n * sizeof(double));
    pos_ += n * sizeof(double);
    return v;
  }
  const std::vector<char>& bytes() const { return bytes_; }

 private:
  std::vector<char> bytes_;
  size_t pos_ = 0;
};

/// Keeps a case's signals and rows for sending.
class CollectSink final : public Sink {
 public:
  void Begin(const std::vector<LoggedSignal>& signals, const RunInfo&) override {
    signals_ = signals;
    meta_ = DescribeSignals(signals);
    begun_ = true;
  }
  void Write(double t) override {
    times_.push_back(t);
    for (const LoggedSignal& s : signals_)
      rows_.insert(rows_.end(), s.values.begin(), s.values.end());
  }
  void Finish(const RunResult&) override {}

  bool begun_ = false;
  std::vector<LoggedSignal> signals_;
  std::vector<SignalMeta> meta_;
  std::vector<double> times_, rows_;
};

void Encode(const CaseResult& r, const CollectSink* sink, Buffer& b) {
  b.Put<int64_t>(r.index);
  b.Put<int32_t>(static_cast<int32_t>(r.run.status));
  b.PutString(r.run.message);
  b.PutString(r.run.integrator);
  b.Put(r.run.stats);
  b.Put(r.run.wall_seconds);
  b.Put<int64_t>(r.run.rows);
  b.Put(r.run.end_time);
  b.PutDoubles(r.summaries);
  b.Put<uint8_t>(sink != nullptr && sink->begun_);
  if (sink == nullptr || !sink->begun_) return;
  b.Put<uint64_t>(sink->meta_.size());
  for (const SignalMeta& m : sink->meta_) {
    for (const std::string* s : {&m.object, &m.name, &m.unit, &m.description, &m.simobject_type}) {
      b.PutString(*s);
    }
    b.Put<uint8_t>(m.is_state);
    b.Put<int32_t>(m.width);
    b.Put<uint64_t>(m.dims.size());
    for (const PortDimension& d : m.dims) {
      b.PutString(d.name);
      b.Put<int32_t>(d.size);
      b.Put<uint64_t>(d.labels.size());
      for (const std::string& label : d.labels) b.PutString(label);
    }
  }
  b.PutDoubles(sink->times_);
  b.PutDoubles(sink->rows_);
}

/// Decodes a worker's message and writes the case into the file (rank 0).
CaseResult DecodeAndWrite(Buffer& b, const SweepPlan& plan, SweepFile& file) {
  CaseResult r;
  r.index = b.Get<int64_t>();
  r.run.status = static_cast<RunStatus>(b.Get<int32_t>());
  r.run.message = b.GetString();
  r.run.integrator = b.GetString();
  r.run.stats = b.Get<SolverStats>();
  r.run.wall_seconds = b.Get<double>();
  r.run.rows = b.Get<int64_t>();
  r.run.end_time = b.Get<double>();
  r.summaries = b.GetDoubles();
  if (b.Get<uint8_t>() == 0) return r;
  std::vector<SignalMeta> meta(b.Get<uint64_t>());
  for (SignalMeta& m : meta) {
    for (std::string* s : {&m.object, &m.name, &m.unit, &m.description, &m.simobject_type}) {
      *s = b.GetString();
    }
    m.is_state = b.Get<uint8_t>() != 0;
    m.width = b.Get<int32_t>();
    m.dims.resize(b.Get<uint64_t>());
    for (PortDimension& d : m.dims) {
      d.name = b.GetString();
      d.size = b.Get<int32_t>();
      d.labels.resize(b.Get<uint64_t>());
      for (std::string& label : d.labels) label = b.GetString();
    }
  }
  const std::vector<double> times = b.GetDoubles();
  const std::vector<double> rows = b.GetDoubles();
  // The provenance the worker's sink saw: rebuilding the case's scenario is cheap.
  RunInfo info{plan.setup.scenario_file, plan.setup.scenario_text, plan.setup.command_line, {}};
  try {
    Scenario s = ScenarioForCase(plan.setup, plan.cases[r.index]);
    info.settings = s.engine;
  } catch (const std::exception&) {
  }
  Hdf5RunWriter writer(file.file(), CaseGroupName(r.index));
  writer.Begin(meta, info, times.size());
  const size_t width = times.empty() ? 0 : rows.size() / times.size();
  for (size_t i = 0; i < times.size(); ++i) {
    writer.AppendRow(times[i], std::span<const double>(rows.data() + i * width, width));
  }
  writer.Finish(r.run);
  return r;
}

/// Answers each worker's first request with "no case" (-1), so that every rank ends normally.
void ReleaseWorkers(int size) {
  for (int i = 1; i < size; ++i) {
    MPI_Status status;
    MPI_Probe(MPI_ANY_SOURCE, kTagResult, MPI_COMM_WORLD, &status);
    int count = 0;
    MPI_Get_count(&status, MPI_BYTE, &count);
    std::vector<char> bytes(count);
    MPI_Recv(bytes.data(), count, MPI_BYTE, status.MPI_SOURCE, kTagResult, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    const int64_t none = -1;
    MPI_Send(&none, 1, MPI_INT64_T, status.MPI_SOURCE, kTagCase, MPI_COMM_WORLD);
  }
}

int Rank0(const SweepRequest& request, SweepPlan& plan, std::atomic<bool>& interrupt, int size) {
  std::vector<long> todo;
  std::unique_ptr<SweepFile> file;
  try {
    file = OpenSweepFile(request, plan, todo);
  } catch (...) {
    // No file (locked, unwritable, not this sweep's): the workers stop before any case, and the
    // error reaches main with its own message and exit code (MPI_Abort would lose both).
    ReleaseWorkers(size);
    MPI_Finalize();
    throw;
  }
  SweepReport report(todo.size(), plan.cases.size(), request.quiet);
  std::mutex mutex;  // Guards next, the report and /cases records.
  size_t next = 0;
  auto take = [&]() -> long {
    std::lock_guard lock(mutex);
    if (interrupt.load() || next >= todo.size()) return -1;
    return todo[next++];
  };
  auto record = [&](const CaseResult& r) {
    std::lock_guard lock(mutex);
    file->Record(r);
    report.Add(r);
  };
  std::exception_ptr local_error;
  std::thread local([&] {
    try {
      const CaseSinkFactory sinks = SweepFileSinks(*file);
      for (long i = take(); i >= 0; i = take())
        record(RunCase(plan.setup, plan.cases[i], sinks, &interrupt));
    } catch (...) {
      local_error = std::current_exception();
    }
  });
  int active = size - 1;
  std::vector<char> bytes;
  while (active > 0) {
    int flag = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, kTagResult, MPI_COMM_WORLD, &flag, &status);
    if (!flag) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      continue;
    }
    int count = 0;
    MPI_Get_count(&status, MPI_BYTE, &count);
    bytes.resize(count);
    MPI_Recv(bytes.data(), count, MPI_BYTE, status.MPI_SOURCE, kTagResult, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    // The worker's next case first, then its result into the file: it computes while this
    // thread encodes and writes (it used to wait for the write, idle).
    int64_t index = take();
    MPI_Send(&index, 1, MPI_INT64_T, status.MPI_SOURCE, kTagCase, MPI_COMM_WORLD);
    if (index < 0) --active;
    if (count > 0) {
      Buffer b(std::move(bytes));
      CaseResult r = DecodeAndWrite(b, plan, *file);
      record(r);
      bytes.clear();
    }
  }
  local.join();
  if (local_error) std::rethrow_exception(local_error);
  return report.Finish(*file, request.output, interrupt.load());
}

void Worker(SweepPlan& plan, std::atomic<bool>& interrupt) {
  Buffer message;  // Empty: the first request.
  while (true) {
    MPI_Send(message.bytes().data(), static_cast<int>(message.bytes().size()), MPI_BYTE, 0,
             kTagResult, MPI_COMM_WORLD);
    int64_t index = -1;
    MPI_Recv(&index, 1, MPI_INT64_T, 0, kTagCase, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    if (index < 0) return;
    CollectSink* collected = nullptr;
    // RunCase destroys the sink it made when it returns: encode from a sink kept alive here.
    std::unique_ptr<CollectSink> keep;
    CaseSinkFactory keep_alive = [&](const SweepCase& c) -> std::unique_ptr<Sink> {
      keep = std::make_unique<CollectSink>();
      collected = keep.get();
      struct Forward final : Sink {
        explicit Forward(Sink& s) : target(s) {}
        void Begin(const std::vector<LoggedSignal>& sg, const RunInfo& i) override {
          target.Begin(sg, i);
        }
        void Write(double t) override { target.Write(t); }
        void Finish(const RunResult& r) override { target.Finish(r); }
        Sink& target;
      };
      (void)c;
      return std::make_unique<Forward>(*keep);
    };
    CaseResult r = RunCase(plan.setup, plan.cases[index], keep_alive, &interrupt);
    message = Buffer();
    Encode(r, collected, message);
  }
}

}  // namespace

int MpiSweep(const SweepRequest& request, SweepPlan& plan, std::atomic<bool>& interrupt) {
#ifdef OPEN_MPI
  // Open MPI's "cm" messaging layer probes for Omni-Path/PSM hardware at every start, 0.2 s on a
  // machine without it (most of a sweep's start-up; measured with MPI_Init alone). A sweep sends
  // a case index and a case's rows, so the default "ob1" layer (shared memory, TCP, UCX on
  // InfiniBand) loses nothing. The user's own OMPI_MCA_pml, or --mca pml, wins.
  setenv("OMPI_MCA_pml", "^cm", 0);
#endif
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int code = kOk;
  try {
    if (rank == 0) {
      code = Rank0(request, plan, interrupt, size);
    } else {
      Worker(plan, interrupt);
    }
  } catch (...) {
    // Rank 0 failed after the workers started: stop every rank rather than leave them waiting.
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (rank == 0 && !finalized) MPI_Abort(MPI_COMM_WORLD, kIoError);
    throw;
  }
  MPI_Finalize();
  return code;
}

}  // namespace hawser::cli
