// The doctest main of every suite, with one guard: run with a filter (as CTest runs each test,
// --test-case=NAME) that matches no test case, the program fails instead of passing with nothing
// run. A test registered under a wrong name (CMake splits names at ';') can then never pass
// without running.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdio>
#include <cstring>

namespace {

int test_cases_run = 0;

struct CountTestCases : doctest::IReporter {
  explicit CountTestCases(const doctest::ContextOptions&) {}
  void report_query(const doctest::QueryData&) override {}
  void test_run_start() override {}
  void test_run_end(const doctest::TestRunStats&) override {}
  void test_case_start(const doctest::TestCaseData&) override { ++test_cases_run; }
  void test_case_reenter(const doctest::TestCaseData&) override {}
  void test_case_end(const doctest::CurrentTestCaseStats&) override {}
  void test_case_exception(const doctest::TestCaseException&) override {}
  void subcase_start(const doctest::SubcaseSignature&) override {}
  void subcase_end() override {}
  void log_assert(const doctest::AssertData&) override {}
  void log_message(const doctest::MessageData&) override {}
  void test_case_skipped(const doctest::TestCaseData&) override {}
};

REGISTER_LISTENER("count_test_cases", 1, CountTestCases);

}  // namespace

int main(int argc, char** argv) {
  doctest::Context context(argc, argv);
  const int result = context.run();
  if (context.shouldExit()) return result;
  bool filtered = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--test-case=", 12) == 0 || std::strncmp(argv[i], "-tc=", 4) == 0) {
      filtered = true;
    }
  }
  if (filtered && test_cases_run == 0 && result == 0) {
    std::fprintf(stderr,
                 "test_main: the filter matched no test case; expected exactly the name of "
                 "one (a ';' in a name splits it in CTest)\n");
    return 1;
  }
  return result;
}
