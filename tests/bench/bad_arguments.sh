#!/bin/sh
# The benchmarks' command lines: each bad argument is refused with exit 2 and a message that
# names it, before any run (bench/bench_args.h). Usage: bad_arguments.sh BENCH_DIR
set -u
dir=$1
failures=0
# refuse PROGRAM EXPECTED_TEXT ARGUMENTS...: exit 2 and EXPECTED_TEXT in the output.
refuse() {
  program=$1 text=$2
  shift 2
  output=$("$dir/$program" "$@" 2>&1)
  status=$?
  case $output in
    *"$text"*) found=1 ;;
    *) found=0 ;;
  esac
  if [ "$status" -ne 2 ] || [ "$found" -ne 1 ]; then
    echo "FAILED: $program $*: exit $status (expected 2), output: $output"
    failures=$((failures + 1))
  fi
}
refuse storm_bench "--baseline is 'abc'" --baseline abc
refuse storm_bench "--seconds is '-1'" --seconds -1
refuse storm_bench "--seconds is 'inf'" --seconds inf
refuse storm_bench "--reference is '0'" --reference 0
refuse storm_bench "--moordyn-window is 'x'" --moordyn-window x
refuse storm_bench "a size in --n is 'x'" --n 20,x
refuse storm_bench "a size in --n is ''" --n 20,,40
refuse storm_bench "a size in --n is '1'" --n 1
refuse storm_bench "--kinematics is 'foo'" --kinematics foo
refuse storm_bench "--moordyn-parts is 'c'" --moordyn-parts c
refuse storm_bench "--sweep is '2'" --sweep 2
refuse storm_bench "--moordyn is '/nonexistent'" --moordyn /nonexistent
refuse storm_bench "an option is '--bogus'" --bogus 1
refuse storm_bench "the last option is '--seconds'" --seconds
refuse cable_bench "--moordyn is '/nonexistent'" --moordyn /nonexistent
refuse cable_bench "N is 'x'" --one x rk4 ''
refuse cable_bench "after --one or --profile is '2'" --one 100 rk4
refuse hawser_bench "an argument is '--bogus'" --bogus
refuse cosim_bench "SEGMENTS is 'x'" x
refuse startup_bench "MAX_OBJECTS is '5'" 5
refuse wiring_bench "NUM_LINKS is '0'" 0
"$dir/storm_bench" --help >/dev/null || { echo "FAILED: storm_bench --help"; failures=$((failures + 1)); }
[ "$failures" -eq 0 ] && echo "all refused as expected"
exit "$failures"
