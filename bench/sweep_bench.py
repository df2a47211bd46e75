#!/usr/bin/python3
"""Sweep throughput: 16 cases on 1 and 2 threads and on 1 and 2 MPI ranks, for cases of about
0.05 s and about 1 s, as speed-ups against one thread measured in the same run.

  /usr/bin/python3 bench/sweep_bench.py [BUILD_DIR]     (default build/)

The cases are configs/sweep_mooring_pretension.xml (a 10-segment mooring line whose fairlead
surges) over 16 line lengths, with the simulated time scaled so that one case takes about the
target time on this machine (measured first). Each configuration runs `repeats` times; the table
gives the best wall time (the least disturbed by other load) and its ratio to one thread's.
mpirun runs as root with Open MPI's environment variables for root and oversubscription; its own
start-up is part of the measured time, as it is of a user's.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

SOURCE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(SOURCE, "build"))
HAWSER = os.path.join(BUILD, "tools", "hawser")
ENV = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
           OMPI_MCA_rmaps_base_oversubscribe="1")
LENGTHS = "LineLength=112:0.5:119.5"  # 16 cases


def scenario(work, end_time):
    text = open(os.path.join(SOURCE, "configs", "sweep_mooring_pretension.xml")).read()
    text = re.sub(r'TOutput="0, 0.5, [0-9.]+"', f'TOutput="0, 0.5, {end_time:g}"', text)
    path = os.path.join(work, f"case_{end_time:g}.xml")
    with open(path, "w") as fh:
        fh.write(text)
    return path


def sweep(path, how, out):
    args = [HAWSER, "sweep", "-q", path, "--set", LENGTHS, "-o", out]
    if how.startswith("mpi"):
        args = ["mpirun", "-n", how[3:]] + args
    else:
        args += ["-j", how[1:]]
    start = time.perf_counter()
    subprocess.run(args, check=True, env=ENV, capture_output=True)
    return time.perf_counter() - start


def one_case_seconds(path, work):
    out = os.path.join(work, "one.h5")
    start = time.perf_counter()
    subprocess.run([HAWSER, "run", "-q", path, "-o", out], check=True, capture_output=True)
    return time.perf_counter() - start


def main():
    work = tempfile.mkdtemp(prefix="hawser-sweep-bench-")
    try:
        probe = scenario(work, 60)
        per_sim_second = min(one_case_seconds(probe, work) for _ in range(3)) / 60
        print(f"one case: {per_sim_second * 1e3:.2f} ms per simulated second (incl. start-up)")
        print(f"{'case size':>10} {'how':>8} {'wall s':>8} {'speed-up vs 1 thread':>22}")
        for target in (0.05, 1.0):
            end = max(1.0, round(target / per_sim_second))
            path = scenario(work, end)
            times = {}
            for how in ("j1", "j2", "mpi1", "mpi2"):
                repeats = 3 if target < 0.5 else 2
                times[how] = min(sweep(path, how, os.path.join(work, f"{how}.h5"))
                                 for _ in range(repeats))
            for how, seconds in times.items():
                label = {"j1": "1 thread", "j2": "2 threads", "mpi1": "1 rank", "mpi2": "2 ranks"}
                print(f"{target:>9g}s {label[how]:>8} {seconds:8.2f} "
                      f"{times['j1'] / seconds:22.2f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
