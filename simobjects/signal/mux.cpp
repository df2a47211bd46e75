#include "simobjects/signal/mux.h"

#include <algorithm>
#include <string>

namespace hawser {

Mux::Mux(ObjectArgs& args) : SimObject(args) {
  const long num_input =
      DeclareParameter<long>({.name = "NumInput",
                              .unit = "-",
                              .doc = "Number N of inputs; declares InPortWidth1..N and In1..InN.",
                              .check = IntegerInRange(1, kMaxPortCount)});
  // Describing: show the pattern for one input.
  const long n = describing() ? 1 : num_input;
  std::vector<long> widths;
  for (long i = 1; i <= n; ++i) {
    widths.push_back(DeclareParameter<long>({.name = "InPortWidth" + std::to_string(i),
                                             .unit = "-",
                                             .doc = "Width of In" + std::to_string(i) + ".",
                                             .fallback = 1,
                                             .check = IntegerInRange(1, kMaxPortWidth)}));
  }
  // Each width is at most kMaxPortWidth, so the sum of at most kMaxPortCount of them fits a long.
  long sum = 0;
  for (long w : widths) sum += w;
  if (sum > kMaxPortWidth) {
    throw Error("InPortWidth1.." + std::to_string(n) + " add up to " + std::to_string(sum) +
                "; expected a total width of Out of at most " + std::to_string(kMaxPortWidth));
  }
  int total = 0;
  for (long i = 1; i <= n; ++i) {
    const int width = static_cast<int>(widths[i - 1]);
    inputs_.push_back(
        DeclareInput({.name = "In" + std::to_string(i),
                      .width = width,
                      .unit = "-",
                      .doc = "Input " + std::to_string(i) + ", copied to Out from element " +
                             std::to_string(total) + " on."}));
    total += width;
  }
  out_ = DeclareOutput(
      {.name = "Out", .width = total, .unit = "-", .doc = "In1..InN concatenated in order."});
  DeclareCalc({out_}, inputs_, [this] { CalcOut(); });
}

void Mux::CalcOut() {
  double* o = out(out_).data();
  for (Input i : inputs_) o = std::copy(in(i).begin(), in(i).end(), o);
}

}  // namespace hawser
