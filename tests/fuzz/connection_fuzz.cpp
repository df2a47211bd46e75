// libFuzzer harness: the right-hand side of a <Connection> attribute (ParseConnectionTerms).
// A ScenarioError is the expected outcome of bad text. What it returns must keep the grammar's
// promises (connection_parser.h): references name identifiers, slices are ordered and
// non-negative, literals are non-empty, and every number is finite (an out-of-range literal is an
// error, not an infinity). A broken promise aborts, so libFuzzer reports it with its input.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>

#include "runtime/scenario/connection_parser.h"
#include "tests/fuzz/fuzz_support.h"

namespace {

const hawser::fuzz::Promises Check{"connection_fuzz"};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const auto terms = hawser::ParseConnectionTerms(text, {"fuzz.xml", 1});
    Check(!terms.empty(), "gave no term", text);
    for (const hawser::ConnectionTerm& t : terms) {
      Check(std::isfinite(t.factor), "a factor is not finite", text);
      if (t.is_reference()) {
        Check(hawser::IsIdentifier(t.object) && hawser::IsIdentifier(t.port),
              "a reference is not Obj.Port", text);
        Check(t.slice_begin.has_value() == t.slice_end.has_value(), "a slice has one end", text);
        if (t.slice_begin) {
          Check(*t.slice_begin >= 0 && *t.slice_begin < *t.slice_end,
                "a slice is empty or negative", text);
        }
      } else {
        Check(!t.literal.empty(), "a literal is empty", text);
        for (double v : t.literal) Check(std::isfinite(v), "a literal is not finite", text);
      }
    }
  } catch (const hawser::ScenarioError&) {
  }
  return 0;
}
