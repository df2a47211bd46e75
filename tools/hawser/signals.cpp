#include "tools/hawser/signals.h"

#include <csignal>

namespace hawser::cli {

namespace {

std::atomic<bool> g_stop{false};
std::atomic<int> g_signal{0};  // Lock-free on every platform hawser builds on.

extern "C" void OnStopSignal(int signal) {
  int none = 0;
  g_signal.compare_exchange_strong(none, signal);  // The first signal names the cause.
  g_stop.store(true);
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
