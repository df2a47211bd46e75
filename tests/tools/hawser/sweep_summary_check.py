#!/usr/bin/python3
"""Checks `hawser stats --extremes COLUMN SWEEP.h5 --group-by NAME` against scipy.

  sweep_summary_check.py groups OUTPUT SWEEP NAME DATASET INDEX PERCENTILE
      the printed per-NAME rows ("NAME = VALUE  N  mode  beta  pP") against
      scipy.stats.gumbel_r.fit of the maxima of DATASET[:, INDEX] over the cases of SWEEP whose
      /cases NAME has VALUE, each to the 9 printed digits (1e-8 relative, 1e-9 absolute for
      values that round near 0: the maxima here are ~0.1 m)
Exits 1 with the differences on failure.
"""
import sys

import h5py
import numpy as np
from scipy import stats

from gumbel_check import fit_differences, report


def close(a, b):
    return abs(a - b) <= 1e-8 * max(abs(a), abs(b)) + 1e-9


def main():
    out, sweep, name, dataset, index, p = sys.argv[2:8]
    groups = {}
    with h5py.File(sweep, "r") as f:
        cases = f["cases"][...]
        for c in range(len(cases)):
            value = cases[name][c]
            key = f"{value:g}" if np.issubdtype(type(value), np.floating) else str(value)
            x = f[f"case_{c:05d}/{dataset}"][...][:, int(index)]
            groups.setdefault(key, []).append(x.max())
    rows = [line for line in open(out).read().splitlines() if line.startswith(f"{name} = ")]
    bad = []
    for line in rows:
        key = line.split()[2]
        n, mu, beta, q = line.split()[3:7]
        maxima = np.array(groups.pop(key, []))
        if len(maxima) != int(n):
            bad.append(f"{key}: {n} seeds printed, {len(maxima)} in the file")
            continue
        bad += fit_differences(key, (mu, beta, q), *stats.gumbel_r.fit(maxima), float(p), close)
    if groups:
        bad.append(f"groups not printed: {list(groups)}")
    return report("sweep_summary_check", f"{len(rows)} groups", bad)


if __name__ == "__main__":
    sys.exit(main())
