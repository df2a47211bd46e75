#include "tools/hawser/progress.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cstdio>

namespace hawser::cli {

ProgressReporter::ProgressReporter(bool enabled)
    : enabled_(enabled),
      tty_(isatty(fileno(stderr)) != 0),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

void ProgressReporter::Update(double t, double end) {
  if (!enabled_) return;
  if (!have_start_t_) {
    start_t_ = t;
    have_start_t_ = true;
  }
  const auto now = std::chrono::steady_clock::now();
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  if (elapsed < 1.0) return;
  const double span = end - start_t_;
  const double fraction = span > 0 ? (t - start_t_) / span : 1.0;
  const double eta = fraction > 0 ? elapsed * (1.0 - fraction) / fraction : 0.0;
  if (tty_) {
    if (std::chrono::duration<double>(now - last_draw_).count() < 0.1 && fraction < 1.0) return;
    last_draw_ = now;
    const int filled = static_cast<int>(fraction * 30);
    fmt::print(stderr, "\r[{:<30}] {:3.0f}%  t = {:.4g} / {:.4g}  ETA {:.0f} s ",
               std::string(filled, '#'), 100 * fraction, t, end, eta);
    shown_ = true;
  } else {
    const int decile = static_cast<int>(fraction * 10);
    if (decile == last_decile_) return;
    last_decile_ = decile;
    fmt::print(stderr, "progress: {:3.0f}% t = {:.6g} of {:.6g}, ETA {:.0f} s\n", 100 * fraction, t,
               end, eta);
  }
}

void ProgressReporter::Done() {
  if (shown_) fmt::print(stderr, "\n");
  shown_ = false;
}

}  // namespace hawser::cli
