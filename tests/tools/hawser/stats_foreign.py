#!/usr/bin/python3
"""Writes HDF5 files that hawser did not write, for `hawser stats` to read or refuse.

  stats_foreign.py plain PATH     an HDF5 file without hawser's attributes: integer /time of 4
                                  rows and an integer /A/B of 10 (what once gave 1.6e-322)
  stats_foreign.py typed PATH     hawser's attributes and layout, every dataset of another numeric
                                  type: /time int16 0..9, A/I int64 32 k - 100, A/U uint8, A/F
                                  float32, A/M big-endian int32 (10 x 3), A/T int8 (10 x 2 x 2),
                                  A/N float64 with a NaN at row 3 and +inf at row 7, A/state/S
                                  all NaN
  stats_foreign.py rows PATH      hawser's attributes; /A/B has 10 rows, /time 4
  stats_foreign.py text PATH      hawser's attributes; /A/B holds strings
  stats_foreign.py empty_run PATH hawser's attributes; neither /time nor /cases
  stats_foreign.py huge PATH      hawser's attributes; /time 0 .. 999, A/C = /time, and A/B of
                                  1000 x 300000 doubles (2.4 GB read, a small file: chunks that
                                  were never written read as their fill value)
  stats_foreign.py wide PATH      hawser's attributes; /time of 2 rows, A/B of 2 x 2^21 (unwritten)
  stats_foreign.py locked PATH HAWSER
                                  holds PATH open for writing (HDF5's file lock) while it runs
                                  `HAWSER stats PATH`, then prints its exit code and output
"""
import subprocess
import sys

import h5py
import numpy as np

ATTRIBUTES = ("hawser_version", "scenario", "status")


def hawser_like(path):
    f = h5py.File(path, "w")
    for name in ATTRIBUTES:
        f.attrs[name] = "completed" if name == "status" else "foreign"
    return f


def main():
    kind, path = sys.argv[1], sys.argv[2]
    if kind == "plain":
        with h5py.File(path, "w") as f:
            f["time"] = np.arange(4, dtype=np.int64)
            f["A/B"] = np.arange(10, dtype=np.int64) * 32
    elif kind == "typed":
        with hawser_like(path) as f:
            f["time"] = np.arange(10, dtype=np.int16)
            f["A/I"] = np.arange(10, dtype=np.int64) * 32 - 100
            f["A/U"] = np.arange(10, dtype=np.uint8) * 25
            f["A/F"] = np.arange(10, dtype=np.float32) / 3
            f["A/M"] = np.arange(30, dtype=">i4").reshape(10, 3) ** 2
            f["A/T"] = np.arange(40, dtype=np.int8).reshape(10, 2, 2) - 20
            n = np.sin(np.arange(10.0))
            n[3], n[7] = np.nan, np.inf
            f["A/N"] = n
            f["A/state/S"] = np.full(10, np.nan)
    elif kind == "rows":
        with hawser_like(path) as f:
            f["time"] = np.arange(4.0)
            f["A/B"] = np.arange(10.0)
    elif kind == "text":
        with hawser_like(path) as f:
            f["time"] = np.arange(4.0)
            f["A/B"] = np.array([b"a", b"b", b"c", b"d"])
    elif kind == "empty_run":
        hawser_like(path).close()
    elif kind == "huge":
        with hawser_like(path) as f:
            f["time"] = np.arange(1000.0)
            f["A/C"] = np.arange(1000.0)
            f.create_dataset("A/B", shape=(1000, 300000), dtype=np.float64, chunks=(10, 30000))
    elif kind == "wide":
        with hawser_like(path) as f:
            f["time"] = np.arange(2.0)
            f.create_dataset("A/B", shape=(2, 2**21), dtype=np.float64, chunks=(2, 2**16))
    elif kind == "locked":
        with h5py.File(path, "w") as f:
            f["x"] = np.arange(3.0)
            f.flush()
            r = subprocess.run([sys.argv[3], "stats", path], capture_output=True, text=True,
                               timeout=60)
            print(f"exit {r.returncode}")
            print(r.stdout + r.stderr, end="")
    else:
        sys.exit(f"stats_foreign.py: unknown kind '{kind}'")


if __name__ == "__main__":
    main()
