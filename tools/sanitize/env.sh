# Sourced by tools/test-sanitize and tools/fuzz: the sanitizer runtime options. Nothing is
# preloaded here, so child processes that are not ours (/usr/bin/python3, mpirun) run as usual:
# hawser's programs find the runtime themselves (the fuzz build links it statically, the
# sanitizer build shared with an RPATH), and only the tests that load the Python module into
# /usr/bin/python3 preload it, with the leak check off for Python (python/CMakeLists.txt).
sanitize_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# fast_unwind_on_malloc=0: full allocation stacks through code built without frame pointers
# (OpenMPI), so that lsan.supp can name the library; the fast unwinder stops at its first frame.
# intercept_tls_get_addr=0: clang 14's runtime misreads glibc 2.36's table of dynamically loaded
# TLS blocks (LeakSanitizer logged "DTLS 10 at 0x46bd-0x4000057bf" for an Open MPI component) and
# its leak check then crashed ("Tracer caught signal 11") in most ranks of `mpirun -n 8`, in some
# runs and not others. Without the interception the check still scans every heap block, stack
# and static TLS; only dlopen()ed libraries' thread_local blocks are no longer roots.
export ASAN_OPTIONS="halt_on_error=1:abort_on_error=0:detect_leaks=1:fast_unwind_on_malloc=0:detect_stack_use_after_return=1:strict_string_checks=1:check_initialization_order=1:print_summary=1:intercept_tls_get_addr=0${ASAN_EXTRA_OPTIONS:+:$ASAN_EXTRA_OPTIONS}"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:print_summary=1"
export LSAN_OPTIONS="suppressions=$sanitize_dir/lsan.supp:print_suppressions=0"
symbolizer="$(command -v llvm-symbolizer-14 || command -v llvm-symbolizer || true)"
[ -n "$symbolizer" ] && export ASAN_SYMBOLIZER_PATH="$symbolizer" UBSAN_SYMBOLIZER_PATH="$symbolizer"
unset LD_PRELOAD
