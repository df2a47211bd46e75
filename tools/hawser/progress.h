// Progress for long runs: a bar with ETA on a terminal, plain lines at each 10 % otherwise.
// Nothing is shown for runs that finish within a second.
#pragma once

#include <chrono>

namespace hawser::cli {

class ProgressReporter {
 public:
  explicit ProgressReporter(bool enabled);
  void Update(double t, double end);
  void Done();

 private:
  bool enabled_;
  bool tty_;
  bool shown_ = false;
  int last_decile_ = -1;
  std::chrono::steady_clock::time_point start_, last_draw_;
  double start_t_ = 0.0;
  bool have_start_t_ = false;
};

}  // namespace hawser::cli
