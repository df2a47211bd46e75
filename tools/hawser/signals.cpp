#include "tools/hawser/signals.h"

#include <unistd.h>

#include <csignal>

#include "tools/hawser/commands.h"

namespace hawser::cli {

namespace {

std::atomic<bool> g_stop{false};
std::atomic<int> g_signal{0};  // Lock-free on every platform hawser builds on.
std::atomic<bool> g_deferred{false};

/// Writes `text` to stderr with write(2), which a signal handler may call (stdio may not).
void WriteSafely(const char* text) {
  size_t n = 0;
  while (text[n] != '\0') ++n;
  while (n > 0) {
    const ssize_t w = ::write(STDERR_FILENO, text, n);
    if (w <= 0) return;
    text += w;
    n -= static_cast<size_t>(w);
  }
}

extern "C" void OnStopSignal(int signal) {
  int none = 0;
  g_signal.compare_exchange_strong(none, signal);  // The first signal names the cause.
  g_stop.store(true);
  if (g_deferred.load()) return;
  // No result file is open yet: nothing to finish, and the loading phases (parsing, reading a
  // table, loading libraries) do not look at the flag, so end here, at once.
  WriteSafely(signal == SIGINT    ? "hawser: interrupted by the user (SIGINT) while loading; no "
                                    "results written\n"
              : signal == SIGTERM ? "hawser: interrupted by SIGTERM while loading; no results "
                                    "written\n"
                                  : "hawser: interrupted by SIGHUP (terminal closed) while "
                                    "loading; no results written\n");
  ::_exit(kInterrupted);
}

constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP};

}  // namespace

void InstallStopHandlers() {
  struct sigaction action = {};
  action.sa_handler = OnStopSignal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  sigset_t set;
  sigemptyset(&set);
  for (int s : kStopSignals) {
    sigaction(s, &action, nullptr);
    sigaddset(&set, s);
  }
  std::signal(SIGXFSZ, SIG_IGN);
  sigprocmask(SIG_UNBLOCK, &set, nullptr);
}

void DeferStopsToRun() {
  g_deferred.store(true);
  // A signal that came just before is not lost: the flag it set stops the run at its start.
}

std::atomic<bool>& StopRequested() { return g_stop; }

std::string StopCause() {
  switch (g_signal.load()) {
    case SIGINT:
      return "the user (SIGINT)";
    case SIGTERM:
      return "SIGTERM";
    case SIGHUP:
      return "SIGHUP (terminal closed)";
    default:
      return g_stop.load() ? "a signal" : "";
  }
}

}  // namespace hawser::cli
