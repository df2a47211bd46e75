// A shared library that is no hawser plugin (LibName "testnoentry"): no entry points.
extern "C" __attribute__((visibility("default"))) int hawser_test_something_else() { return 42; }
