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
        w_mu, w_beta = stats.gumbel_r.fit(maxima)
        w_q = stats.gumbel_r.ppf(float(p) / 100, loc=w_mu, scale=w_beta)
        for what, a, b in (("mode", mu, w_mu), ("beta", beta, w_beta), ("quantile", q, w_q)):
            if not close(float(a), b):
                bad.append(f"{key} {what}: hawser {a} != scipy {b}")
    if groups:
        bad.append(f"groups not printed: {list(groups)}")
    print(f"sweep_summary_check: {len(rows)} groups, {len(bad)} differences")
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
