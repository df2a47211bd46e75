// The signals that stop a run cleanly (docs/command-line.md, "Exit codes and signals"): SIGINT
// (Ctrl-C), SIGTERM (what `timeout`, `kill` and batch schedulers send) and SIGHUP (the terminal
// went away). Until a command is about to open its result file (DeferStopsToRun), a signal ends the
// program at once with exit 130: nothing is written yet, and loading (parsing, reading tables,
// loading libraries) may take long without a place to look at a flag. From then on a signal only
// sets a flag; runs and sweeps stop at the next step, keep every row so far and exit with 130.
#pragma once

#include <atomic>
#include <string>

namespace hawser::cli {

/// Installs the handlers (first thing in main, so that a signal during loading is not fatal),
/// unblocks those signals (a launcher may have blocked them) and ignores SIGXFSZ, so that writing
/// past the file size limit fails with EFBIG and is reported like a full disk.
void InstallStopHandlers();

/// From now on a signal only sets StopRequested (the run finishes its file as interrupted).
/// Called just before a result file is created.
void DeferStopsToRun();

/// Set once one of the signals arrived.
std::atomic<bool>& StopRequested();

/// What stopped the run, for messages: "SIGTERM", "the user (SIGINT)", ...; "" if nothing did.
std::string StopCause();

}  // namespace hawser::cli
